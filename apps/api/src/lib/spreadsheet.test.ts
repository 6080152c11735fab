import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { addRows, createSheet, csvField, neutralizeCell } from './spreadsheet.js';

const dangerous = [
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3',
  '@SUM(1)',
  '=HYPERLINK("http://mal.example","clique")',
  '\t=1+1',
  '\r=1+1',
  '\0=1+1',
];

function readBack(sheet: XLSX.WorkSheet): unknown[][] {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Dados');
  const file = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const read = XLSX.read(file, { type: 'buffer', cellFormula: true });
  const readSheet = read.Sheets.Dados!;
  // No cell of the written file carries a formula.
  for (const [address, cell] of Object.entries(readSheet)) {
    if (!address.startsWith('!')) expect((cell as XLSX.CellObject).f, address).toBeUndefined();
  }
  return XLSX.utils.sheet_to_json<unknown[]>(readSheet, { header: 1, raw: true });
}

describe('spreadsheet writer (S9)', () => {
  it('prefixes an apostrophe to text that starts like a formula and keeps everything else', () => {
    for (const value of dangerous) expect(neutralizeCell(value)).toBe(`'${value}`);
    expect(neutralizeCell('Navegação Sul')).toBe('Navegação Sul');
    expect(neutralizeCell('a=b')).toBe('a=b');
    expect(neutralizeCell(-2)).toBe(-2);
    expect(neutralizeCell(null)).toBeNull();
  });

  it('writes data rows neutralised and reads them back as text, the header as is', () => {
    const sheet = createSheet(
      ['Nome', 'Valor'],
      dangerous.map((value, i) => [value, i - 1]),
    );
    addRows(sheet, [['+55 11 3000-0000', 7]]);
    const rows = readBack(sheet);
    expect(rows[0]).toEqual(['Nome', 'Valor']);
    expect(rows.slice(1, -1)).toEqual(dangerous.map((value, i) => [`'${value}`, i - 1]));
    expect(rows.at(-1)).toEqual(["'+55 11 3000-0000", 7]);
  });

  it('quotes CSV fields after neutralising them', () => {
    expect(csvField('=1+2;3')).toBe(`"'=1+2;3"`);
    expect(csvField('-2+3')).toBe(`'-2+3`);
    expect(csvField('Agente "A"')).toBe('"Agente ""A"""');
  });
});
