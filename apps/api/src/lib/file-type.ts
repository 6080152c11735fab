import { inspectZip } from '@cotacoes/extraction/zip-guard';
import type { QuoteUpload } from '@cotacoes/shared';
import { AppError } from './errors.js';
import { fileOpensAs } from './file-check.js';
import type { UploadedFile } from './multipart.js';

/** What a file is, from its bytes (never its name or the sender's claim), its content type and a safe name (S8). */
export type FileKind = 'pdf' | 'xlsx' | 'xls' | 'docx' | 'doc' | 'jpg' | 'png' | 'unknown';

/** A file's type from its first bytes, never from its name (S8). */
export function sniff(buffer: Buffer): FileKind {
  const starts = (...bytes: number[]) => bytes.every((b, i) => buffer[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    // OLE compound file: Excel 97 workbooks name their stream "Workbook" (UTF-16), Word "WordDocument".
    const head = buffer.subarray(0, Math.min(buffer.length, 64 * 1024)).toString('utf16le');
    if (head.includes('Workbook') || head.includes('Book')) return 'xls';
    if (head.includes('WordDocument')) return 'doc';
    return 'unknown';
  }
  if (starts(0x50, 0x4b, 0x03, 0x04)) {
    const inspection = inspectZip(buffer, { maxEntries: 2_000, maxUncompressedBytes: 100 * 1024 * 1024 });
    if (!inspection.ok) return 'unknown';
    const names = buffer.toString('latin1');
    if (names.includes('xl/workbook')) return 'xlsx';
    if (names.includes('word/document')) return 'docx';
  }
  return 'unknown';
}

/** What an upload is, for the quote that will use it. */
export const UPLOAD_KINDS: Record<Exclude<FileKind, 'unknown'>, QuoteUpload['tipo']> = {
  pdf: 'pdf',
  xlsx: 'excel',
  xls: 'excel',
  docx: 'doc',
  doc: 'doc',
  jpg: 'imagem',
  png: 'imagem',
};

export const CONTENT_TYPES: Record<Exclude<FileKind, 'unknown'>, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of a file read from its bytes; unknown kinds are served as opaque bytes. */
export function contentTypeOf(buffer: Buffer): string {
  const kind = sniff(buffer);
  return kind === 'unknown' ? 'application/octet-stream' : CONTENT_TYPES[kind];
}

/** Keeps a file name printable and short (it travels in headers and Content-Disposition). */
export function safeFilename(name: string, kind: FileKind): string {
  const printable = [...name].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const base = printable
    .replace(/[\\/"<>:|?*]+/g, '_')
    .trim()
    .slice(0, 120);
  return base || `arquivo.${kind}`;
}

/** A PDF or workbook must open, not only start with the right bytes (issue 18); other kinds are sniffed. */
export async function assertFileOpens(kind: FileKind, file: UploadedFile): Promise<void> {
  if ((kind === 'pdf' || kind === 'xlsx' || kind === 'xls') && !(await fileOpensAs(kind, file.buffer)))
    throw new AppError('QUOTE_FILE_UNREADABLE', { nome: safeFilename(file.filename, kind) });
}
