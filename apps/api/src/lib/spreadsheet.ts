import * as XLSX from '@e965/xlsx';

/** A value of a generated spreadsheet cell. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** The first characters that make Excel, LibreOffice or Sheets read a cell as a formula (S9). */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * Neutralises a cell that comes from user or carrier data: text a spreadsheet would run as a formula
 * gets a leading apostrophe (OWASP CSV injection); numbers, dates and booleans are written as they are.
 */
export function neutralizeCell(value: CellValue): CellValue {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Appends data rows to a sheet (every cell neutralised). The only way generated spreadsheets receive
 * user or carrier data: the carriers export and the comparatives go through it.
 */
export function addRows(sheet: XLSX.WorkSheet, rows: readonly (readonly CellValue[])[]): XLSX.WorkSheet {
  const safe = rows.map((row) => row.map(neutralizeCell));
  XLSX.utils.sheet_add_aoa(sheet, safe, { origin: sheet['!ref'] ? -1 : 'A1' });
  return sheet;
}

/** A sheet with a fixed header row (our own text, written as is) followed by neutralised data rows. */
export function createSheet(
  header: readonly string[],
  rows: readonly (readonly CellValue[])[],
): XLSX.WorkSheet {
  return addRows(XLSX.utils.aoa_to_sheet([[...header]]), rows);
}

/** One CSV field (`;`-separated, Excel pt-BR): neutralised, then quoted when needed. */
export function csvField(value: CellValue): string {
  const cell = neutralizeCell(value);
  const text = cell instanceof Date ? cell.toISOString() : String(cell ?? '');
  return /[";\n\r,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
