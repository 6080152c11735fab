/** Whether `buffer` holds `bytes` at `offset`. */
function startsWith(buffer: Uint8Array, bytes: number[], offset = 0): boolean {
  return bytes.every((b, i) => buffer[offset + i] === b);
}

/** The picture formats tesseract reads (through leptonica), by the file extension each is written with. */
export type ImageFormat = 'png' | 'jpg' | 'tif' | 'gif' | 'bmp' | 'webp';

/** Sizes of the BMP info headers (core, v1, v2, v3, v4, v5): "BM" alone is too weak a mark for a file. */
const BMP_INFO_HEADER_SIZES = new Set([12, 40, 52, 56, 108, 124]);

/** "BM", the file size, two reserved words that are zero, and a known info header size right after. */
function isBmp(buffer: Uint8Array): boolean {
  if (buffer.length < 18 || !startsWith(buffer, [0x42, 0x4d]) || !startsWith(buffer, [0, 0, 0, 0], 6))
    return false;
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return BMP_INFO_HEADER_SIZES.has(view.getUint32(14, true));
}

/**
 * The picture format by magic bytes, null for anything else. Scanners and fax servers send TIFF, older
 * mail clients GIF and BMP, phones WebP (QA pass 18): an uncompressed TIFF has so few control bytes that it
 * was read as text, and a compressed one was dropped as unknown without a word.
 */
export function imageFormat(buffer: Uint8Array): ImageFormat | null {
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buffer, [0x49, 0x49, 0x2a, 0x00]) || startsWith(buffer, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tif';
  if (
    startsWith(buffer, [0x47, 0x49, 0x46, 0x38]) &&
    (buffer[4] === 0x37 || buffer[4] === 0x39) &&
    buffer[5] === 0x61
  )
    return 'gif';
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (isBmp(buffer)) return 'bmp';
  return null;
}
