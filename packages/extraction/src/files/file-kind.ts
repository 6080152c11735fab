import type { FileKind } from '../types.js';
import { imageFormat } from './image-format.js';

const EML_HEADER =
  /^(received|return-path|delivered-to|message-id|mime-version|content-type|from|to|subject|date|x-[\w-]+|dkim-signature|reply-to|cc)\s*:/im;

/** Entry name of a Word document in its zip directory (names are stored as plain bytes). */
const WORD_DOCUMENT = new TextEncoder().encode('word/document.xml');
/** Outlook message property streams are named "__substg1.0_…" in the compound file's UTF-16 directory. */
const MSG_PROPERTY_STREAM = new Uint8Array([...'__substg1.0_'].flatMap((c) => [c.charCodeAt(0), 0]));

function containsBytes(buffer: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  const limit = Math.min(buffer.length - needle.length, 64 * 1024 * 1024);
  for (let i = buffer.indexOf(first ?? 0); i >= 0 && i <= limit; i = buffer.indexOf(first ?? 0, i + 1)) {
    let match = true;
    for (let k = 1; k < needle.length; k++) {
      if (buffer[i + k] !== needle[k]) {
        match = false;
        break;
      }
    }
    if (match) return true;
  }
  return false;
}

/** "[Content_Types].xml" (OOXML), "xl/…" or "word/…" parts, "mimetype" (OpenDocument): an office file. */
function isOfficePart(name: string): boolean {
  return name === '[Content_Types].xml' || name === 'mimetype' || /^(xl|word|ppt)\//.test(name);
}

/**
 * Entry names from a zip's local headers (read front to back, so a truncated archive still shows the
 * names before the cut), at most 1 000 of them, within the first 64 MiB.
 */
function localEntryNames(buffer: Uint8Array): string[] {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const decoder = new TextDecoder();
  const names: string[] = [];
  const limit = Math.min(buffer.length - 30, 64 * 1024 * 1024);
  for (let i = 0; i >= 0 && i <= limit && names.length < 1_000; ) {
    if (view.getUint32(i, true) !== 0x04034b50) {
      i = buffer.indexOf(0x50, i + 1);
      continue;
    }
    const nameLength = view.getUint16(i + 26, true);
    if (i + 30 + nameLength > buffer.length) break;
    names.push(decoder.decode(buffer.subarray(i + 30, i + 30 + nameLength)));
    i = buffer.indexOf(0x50, i + 30 + nameLength);
  }
  return names;
}

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
  if (imageFormat(buffer) !== null) return 'image';
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buffer, [0x50, 0x4b, 0x05, 0x06])) {
    if (containsBytes(buffer, WORD_DOCUMENT)) return 'docx';
    // Both an .xlsx and a plain archive are zips: only an office document has its parts named so.
    const names = localEntryNames(buffer);
    return names.length > 0 && !names.some(isOfficePart) ? 'zip' : 'xlsx';
  }
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return containsBytes(buffer, MSG_PROPERTY_STREAM) || /\.msg$/i.test(filename) ? 'msg' : 'xls';
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
