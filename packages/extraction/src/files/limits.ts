import { constants, inflateRawSync, inflateSync } from 'node:zlib';

/** Which bound a file went past: its whole reading is refused, not just one part (issue 29 item 6). */
export type FileLimitKind = 'decoded-size' | 'text-items' | 'text-size' | 'zip' | 'pages';

/**
 * A file too large or too complex to read safely. Unlike an unreadable file (which leaves a reason and
 * the rest of the message readable), this ends the whole extraction: the caller records a permanent
 * failure and never retries it.
 */
export class FileLimitError extends Error {
  override readonly name = 'FileLimitError';
  constructor(
    readonly limit: FileLimitKind,
    detail: string,
  ) {
    super(detail);
  }
}

export function isFileLimitError(error: unknown): error is FileLimitError {
  return error instanceof FileLimitError;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const OBJ = Buffer.from('obj');
/** How far back from `stream` the object's dictionary is looked for. */
const DICTIONARY_WINDOW = 64 * 1024;
const FLATE_FILTER = /\/(?:FlateDecode|Fl)(?![A-Za-z])/g;

function inflateCapped(data: Uint8Array, cap: number): Uint8Array | null {
  const options = { maxOutputLength: Math.max(1, cap), finishFlush: constants.Z_SYNC_FLUSH };
  for (const inflate of [inflateSync, inflateRawSync]) {
    try {
      return inflate(data, options);
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
        throw new FileLimitError('decoded-size', `PDF stream decodes past ${cap} bytes`);
    }
  }
  return null;
}

/**
 * The bytes a PDF's text reading would decode, bounded before pdf.js sees it: every Flate stream other
 * than an image (text extraction never decodes images) is inflated by zlib with an output cap, each
 * filter of a chain in turn; past `maxDecodedBytes` in total the file is refused. A 700 kB file whose
 * streams expand to gigabytes (issue 29) stops here, in milliseconds, with nothing kept in memory.
 */
export function checkPdfDecodedSize(input: Uint8Array, maxDecodedBytes: number): number {
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let decoded = 0;
  let from = 0;
  for (;;) {
    const keyword = buffer.indexOf(STREAM, from);
    if (keyword < 0) return decoded;
    let start = keyword + STREAM.length;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const isEndKeyword = keyword >= 3 && buffer.toString('latin1', keyword - 3, keyword) === 'end';
    if (isEndKeyword || start === keyword + STREAM.length) {
      from = keyword + STREAM.length;
      continue;
    }
    const endKeyword = buffer.indexOf(END_STREAM, start);
    const end = endKeyword < 0 ? buffer.length : endKeyword;
    const objectStart = buffer.lastIndexOf(OBJ, keyword);
    const dictionary = buffer.toString(
      'latin1',
      Math.max(objectStart, keyword - DICTIONARY_WINDOW, 0),
      keyword,
    );
    const passes = /\/Subtype\s*\/Image/.test(dictionary) ? 0 : (dictionary.match(FLATE_FILTER)?.length ?? 0);
    let data: Uint8Array | null = buffer.subarray(start, end);
    for (let pass = 0; pass < passes && data !== null; pass++)
      data = inflateCapped(data, maxDecodedBytes - decoded);
    if (passes > 0 && data !== null) decoded += data.length;
    if (decoded > maxDecodedBytes)
      throw new FileLimitError('decoded-size', `PDF streams decode past ${maxDecodedBytes} bytes`);
    from = end + END_STREAM.length;
  }
}
