import * as XLSX from '@e965/xlsx';
import { renderCellNumber } from '../normalise/numbers.js';

const MAX_ROWS = 2_000;
const MAX_COLUMNS = 60;

function cellText(cell: XLSX.CellObject | undefined): string {
  if (cell === undefined || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'd' && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  if (cell.t === 'n' && typeof cell.v === 'number') {
    const format = String(cell.z ?? '');
    if (/[dmy]{2,}/i.test(format) && !/0\.0/.test(format)) {
      const date = XLSX.SSF.parse_date_code(cell.v);
      if (date !== null && date !== undefined) {
        return `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;
      }
    }
    return renderCellNumber(cell.v);
  }
  return String(cell.v)
    .replace(/[\t\r\n]+/g, ' ')
    .trim();
}

/** Workbook sheets flattened to one row per line, cells separated by tabs, merged cells filled downwards. */
export function spreadsheetToText(buffer: Uint8Array): string {
  return readSpreadsheet(buffer).text;
}

/** The flattened text and the sheets cut at the row limit (name and how many rows they have). */
export function readSpreadsheet(buffer: Uint8Array): {
  text: string;
  cut: Array<{ sheet: string; rows: number }>;
} {
  const cut: Array<{ sheet: string; rows: number }> = [];
  const workbook = XLSX.read(buffer, {
    type: 'buffer',
    cellDates: true,
    cellHTML: false,
    cellFormula: false,
    sheetRows: MAX_ROWS,
    dense: false,
  });
  const parts: string[] = [];
  for (const name of workbook.SheetNames.slice(0, 10)) {
    const sheet = workbook.Sheets[name];
    if (sheet === undefined || sheet['!ref'] === undefined) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    const full = XLSX.utils.decode_range(String(sheet['!fullref'] ?? sheet['!ref']));
    if (full.e.r - full.s.r + 1 > MAX_ROWS) cut.push({ sheet: name, rows: full.e.r - full.s.r + 1 });
    const lastRow = Math.min(range.e.r, range.s.r + MAX_ROWS - 1);
    const lastColumn = Math.min(range.e.c, range.s.c + MAX_COLUMNS - 1);
    const grid: string[][] = [];
    for (let r = range.s.r; r <= lastRow; r++) {
      const row: string[] = [];
      for (let c = range.s.c; c <= lastColumn; c++)
        row.push(cellText(sheet[XLSX.utils.encode_cell({ r, c })]));
      grid.push(row);
    }
    // A value merged over several rows belongs to each of them (a POD spanning its 20' and 40' rows).
    for (const merge of sheet['!merges'] ?? []) {
      const value = grid[merge.s.r - range.s.r]?.[merge.s.c - range.s.c] ?? '';
      for (let r = merge.s.r + 1; r <= Math.min(merge.e.r, lastRow); r++) {
        const row = grid[r - range.s.r];
        if (row !== undefined && merge.s.c - range.s.c < row.length) row[merge.s.c - range.s.c] = value;
      }
    }
    parts.push(name);
    for (const row of grid) {
      let end = row.length;
      while (end > 0 && row[end - 1] === '') end--;
      parts.push(row.slice(0, end).join('\t'));
    }
    parts.push('');
  }
  return { text: parts.join('\n'), cut };
}

/** The pt-BR reason for sheets read only up to the row limit. */
export function cutSheetsReason(cut: Array<{ sheet: string; rows: number }>): string | null {
  if (cut.length === 0) return null;
  const list = cut.map((c) => `${c.sheet} (${c.rows} linhas)`).join(', ');
  return `planilha truncada: lidas as primeiras ${MAX_ROWS} linhas de ${list}`;
}
