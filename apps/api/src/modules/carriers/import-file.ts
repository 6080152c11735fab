import { inspectZip } from '@cotacoes/extraction/zip-guard';
import { foldAccents, importRowMessages, MAX_IMPORT_ROWS } from '@cotacoes/shared';
import * as XLSX from '@e965/xlsx';
import { AppError } from '../../lib/errors.js';
import { createSheet, csvField } from '../../lib/spreadsheet.js';

/** One data row of an import file: its line number and the three cells we read. */
export type RawImportRow = { linha: number; nome: string; emails: string; grupos: string };

/** An .xlsx is a zip: refuse bombs before SheetJS inflates anything (S8). */
const ZIP_LIMITS = { maxEntries: 500, maxUncompressedBytes: 60 * 1024 * 1024 };
const MAX_COLUMNS = 50;

type FileKind = 'xlsx' | 'xls' | 'csv';

/** The file's kind from its first bytes, never from its name (S8). */
export function detectImportKind(buffer: Buffer): FileKind {
  if (
    buffer.length >= 4 &&
    buffer[0] === 0x50 &&
    buffer[1] === 0x4b &&
    buffer[2] === 0x03 &&
    buffer[3] === 0x04
  )
    return 'xlsx';
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  )
    return 'xls';
  const head = buffer.subarray(0, 4096);
  if (head.includes(0)) throw new AppError('IMPORT_FILE_TYPE');
  const text = decodeText(head);
  // Text that starts like another document (PDF, HTML, RTF) is not a spreadsheet.
  if (/^\s*(%PDF|<|\{\\rtf)/i.test(text)) throw new AppError('IMPORT_FILE_TYPE');
  return 'csv';
}

/** UTF-8 (with or without BOM), else Windows-1252 — what Excel in pt-BR writes for "CSV". */
export function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** RFC 4180 fields with the delimiter guessed from the first line (';' as Excel pt-BR, ',' or tab). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.sort((a, b) => b[1] - a[1])[0]![0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (rows.length > MAX_IMPORT_ROWS + 1) break;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readWorkbook(buffer: Buffer, kind: 'xlsx' | 'xls'): string[][] {
  if (kind === 'xlsx') {
    const inspection = inspectZip(buffer, ZIP_LIMITS);
    if (!inspection.ok) throw new AppError('IMPORT_FILE_UNSAFE', { reason: inspection.reason });
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      cellFormula: false,
      cellHTML: false,
      cellDates: false,
      sheetRows: MAX_IMPORT_ROWS + 2,
    });
  } catch {
    throw new AppError('IMPORT_FILE_UNSAFE', { reason: importRowMessages.unreadableSpreadsheet });
  }
  // The first sheet that has cells.
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet?.['!ref']) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    range.e.c = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: false,
      defval: '',
      blankrows: true,
      range,
    });
    return rows.map((row) => row.map((cell) => String(cell ?? '')));
  }
  return [];
}

function normaliseHeader(cell: string): string {
  return foldAccents(cell)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

type Columns = { nome: number; emails: number[]; grupos: number[] };

function findColumns(header: string[]): Columns | undefined {
  let nome = -1;
  const emails: number[] = [];
  const grupos: number[] = [];
  header.forEach((cell, index) => {
    const key = normaliseHeader(cell);
    const compact = key.replace(/ /g, '');
    if (/^(emails?\d*|emails?s|correioeletronico|enderecodeemail|enderecosdeemail)$/.test(compact))
      emails.push(index);
    else if (/^(grupos?|groups?|categorias?)$/.test(key)) grupos.push(index);
    else if (
      nome < 0 &&
      /^(nome|name|agente( de carga)?|transportador(a)?|empresa|razao social|nome do agente|agent|forwarder)$/.test(
        key,
      )
    )
      nome = index;
  });
  if (nome < 0 || emails.length === 0) return undefined;
  return { nome, emails, grupos };
}

/** A cell that is one e-mail address and nothing else. */
const LONE_ADDRESS = /^\s*[^@\s;,]+@[^@\s;,]+\.[^@\s;,]+\s*$/;

/**
 * The carrier rows of an uploaded CSV/XLSX/XLS file: the first non-empty row is the header (Nome,
 * Emails — several e-mail columns are joined —, Grupos); blank rows are skipped. Throws the pt-BR
 * message for a file of the wrong type, unsafe, without the columns, empty or too long.
 */
export function readImportFile(buffer: Buffer): RawImportRow[] {
  const kind = detectImportKind(buffer);
  const grid = kind === 'csv' ? parseCsv(decodeText(buffer)) : readWorkbook(buffer, kind);
  const headerIndex = grid.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw new AppError('IMPORT_EMPTY');
  const columns = findColumns(grid[headerIndex]!);
  if (!columns) throw new AppError('IMPORT_NO_HEADER');
  const rows: RawImportRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const row = grid[i]!;
    if (row.every((cell) => cell.trim() === '')) continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: MAX_IMPORT_ROWS });
    // A ';'-separated CSV splits "a@x.com; b@y.com" typed in the last column into extra cells: they
    // belong to that column when it is the e-mails or groups one.
    const width = grid[headerIndex]!.length;
    // Not in the last column ("Beta;beta@x.com; ops@x.com;Aéreo"): the addresses after the e-mail cell are
    // its own, and the group stays the group (QA pass 19 created a group "ops@x.com").
    const emailColumn = columns.emails.length === 1 ? columns.emails[0]! : -1;
    while (emailColumn >= 0 && row.length > width && LONE_ADDRESS.test(row[emailColumn + 1] ?? '')) {
      row[emailColumn] = `${row[emailColumn]};${row[emailColumn + 1]}`;
      row.splice(emailColumn + 1, 1);
    }
    const last = width - 1;
    const overflow = row.length > width ? row.slice(width).join(';') : '';
    if (overflow && (columns.emails.includes(last) || columns.grupos.includes(last)))
      row[last] = `${row[last]};${overflow}`;
    rows.push({
      linha: i + 1,
      nome: (row[columns.nome] ?? '').trim().replace(/^'(?=[=+\-@])/, ''),
      emails: columns.emails.map((c) => row[c] ?? '').join(';'),
      grupos: columns.grupos.map((c) => row[c] ?? '').join(';'),
    });
  }
  if (rows.length === 0) throw new AppError('IMPORT_EMPTY');
  return rows;
}

export const EXPORT_HEADER = ['Nome', 'E-mails', 'Grupos', 'Status'];

/** The export: the same columns the import reads, so the file can be edited and imported back. */
export function writeExport(rows: string[][], format: 'csv' | 'xlsx'): Buffer {
  if (format === 'csv') {
    const lines = [EXPORT_HEADER, ...rows].map((row) => row.map(csvField).join(';'));
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const sheet = createSheet(EXPORT_HEADER, rows);
  sheet['!cols'] = [{ wch: 40 }, { wch: 60 }, { wch: 40 }, { wch: 10 }];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, importRowMessages.exportSheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
