import { inflateRawSync } from 'node:zlib';
import { endOfCentralDirectory } from './zip-guard.js';

const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface ZipEntryInfo {
  name: string;
  /** Uncompressed size the central directory declares. */
  size: number;
}

/**
 * Names and declared sizes of a zip's entries, from its central directory, at most `maxEntries`. Call
 * only after `inspectZip` accepted the archive; an unreadable directory gives what was read so far.
 */
export function listZipEntries(buffer: Uint8Array, maxEntries: number): ZipEntryInfo[] {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const eocd = endOfCentralDirectory(buffer, view);
  if (eocd < 0) return [];
  const count = Math.min(view.getUint16(eocd + 10, true), maxEntries);
  let offset = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  const entries: ZipEntryInfo[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buffer.length || view.getUint32(offset, true) !== CENTRAL) break;
    const nameLength = view.getUint16(offset + 28, true);
    entries.push({
      name: decoder.decode(buffer.subarray(offset + 46, offset + 46 + nameLength)),
      size: view.getUint32(offset + 24, true),
    });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/**
 * The bytes of one named entry of a zip (stored or deflated), inflated with a cap at `maxBytes`. Call
 * only after `inspectZip` accepted the archive; returns null when the entry is missing or unreadable.
 */
export function readZipEntry(buffer: Uint8Array, name: string, maxBytes: number): Uint8Array | null {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const eocd = endOfCentralDirectory(buffer, view);
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || view.getUint32(offset, true) !== CENTRAL) return null;
    const method = view.getUint16(offset + 10, true);
    const compressed = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const entryName = decoder.decode(buffer.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (size > maxBytes || local + 30 > buffer.length || view.getUint32(local, true) !== LOCAL) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = buffer.subarray(start, Math.min(buffer.length, start + compressed));
    if (method === 0) return data.subarray(0, size);
    if (method !== 8) return null;
    try {
      return new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, size) }));
    } catch {
      return null;
    }
  }
  return null;
}
