import type { FileKind } from '../types.js';

const EML_HEADER =
  /^(received|return-path|delivered-to|message-id|mime-version|content-type|from|to|subject|date|x-[\w-]+|dkim-signature|reply-to|cc)\s*:/im;

function startsWith(buffer: Uint8Array, bytes: number[], offset = 0): boolean {
  return bytes.every((b, i) => buffer[offset + i] === b);
}

/** Share of bytes in the head that are not text, to tell text from binary. */
function binaryRatio(buffer: Uint8Array): number {
  const head = buffer.subarray(0, 4096);
  if (head.length === 0) return 0;
  let binary = 0;
  for (const byte of head)
    if (byte === 0 || (byte < 32 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13)) binary++;
  return binary / head.length;
}

export function decodeText(buffer: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(buffer);
  }
}

/** File type by content (magic bytes), the name only deciding between text kinds. */
export function detectFileKind(buffer: Uint8Array, filename: string): FileKind {
  if (startsWith(buffer, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buffer, [0x50, 0x4b, 0x05, 0x06]))
    return 'xlsx';
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  if (buffer.length === 0 || binaryRatio(buffer) > 0.02) return 'unknown';
  const name = filename.toLowerCase();
  const head = decodeText(buffer.subarray(0, 8192));
  const headerBlock = head.split(/\r?\n\r?\n/)[0] ?? '';
  const headerLines = headerBlock.split(/\r?\n/).filter((l) => EML_HEADER.test(l)).length;
  if (name.endsWith('.eml') || (headerLines >= 3 && /^(mime-version|content-type)\s*:/im.test(headerBlock)))
    return 'eml';
  if (name.endsWith('.csv')) return 'csv';
  return 'txt';
}
