import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export type ZipInspection =
  | { ok: true; entries: number; uncompressed: number }
  /** `exceeded`: over a limit (too many entries or bytes, an entry inflating past what it declares). */
  | { ok: false; reason: string; exceeded?: true };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Where a zip's end-of-central-directory record starts (searched back from the end, past a comment of at
 * most 64 kB), or -1 when there is none.
 */
export function endOfCentralDirectory(buffer: Uint8Array, view: DataView): number {
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--)
    if (view.getUint32(i, true) === EOCD) return i;
  return -1;
}

/**
 * Reads the central directory of a zip and refuses it before anything is inflated by a library:
 * too many entries, too many declared bytes, or an entry that inflates past what it declares.
 */
export function inspectZip(buffer: Uint8Array, limits: ZipLimits): ZipInspection {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const eocd = endOfCentralDirectory(buffer, view);
  if (eocd < 0) return { ok: false, reason: 'zip sem diretório central (arquivo truncado ou corrompido)' };
  const entries = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || directoryOffset === 0xffffffff)
    return { ok: false, reason: 'zip64 não suportado' };
  if (entries > limits.maxEntries)
    return { ok: false, reason: `zip com ${entries} entradas (limite ${limits.maxEntries})`, exceeded: true };
  let offset = directoryOffset;
  let declared = 0;
  const located: Array<{ local: number; method: number; compressed: number; size: number }> = [];
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || view.getUint32(offset, true) !== CENTRAL) {
      return { ok: false, reason: 'diretório central do zip inválido' };
    }
    const method = view.getUint16(offset + 10, true);
    const compressed = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    declared += size;
    if (declared > limits.maxUncompressedBytes) {
      return {
        ok: false,
        reason: `zip descompactaria mais de ${limits.maxUncompressedBytes} bytes`,
        exceeded: true,
      };
    }
    located.push({ local, method, compressed, size });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  for (const entry of located) {
    if (entry.method !== 8) continue;
    if (entry.local + 30 > buffer.length || view.getUint32(entry.local, true) !== LOCAL) {
      return { ok: false, reason: 'entrada local do zip inválida' };
    }
    const start =
      entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true);
    const data = buffer.subarray(start, Math.min(buffer.length, start + entry.compressed));
    try {
      const inflated = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
      if (inflated.length > entry.size)
        return { ok: false, reason: 'entrada do zip maior do que declara', exceeded: true };
    } catch (error) {
      // maxOutputLength reached: an entry that inflates past what it declares (a bomb), not a broken one.
      if (error instanceof RangeError)
        return { ok: false, reason: 'entrada do zip maior do que declara', exceeded: true };
      return { ok: false, reason: 'entrada do zip corrompida' };
    }
  }
  return { ok: true, entries, uncompressed: declared };
}
