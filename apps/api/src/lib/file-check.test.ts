import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OLE_HEADER, realPdf, realWorkbook } from '../../test/document-fixtures.js';
import { fileOpensAs } from './file-check.js';

describe('file check (issue 18)', () => {
  it('accepts a real PDF and refuses a bare header, a truncated file and a PDF with garbage', async () => {
    const pdf = await realPdf(2);
    expect(await fileOpensAs('pdf', pdf)).toBe(true);
    expect(await fileOpensAs('pdf', Buffer.from('%PDF-'))).toBe(false);
    expect(await fileOpensAs('pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).toBe(false);
    expect(await fileOpensAs('pdf', pdf.subarray(0, Math.floor(pdf.length / 2)))).toBe(false);
    expect(await fileOpensAs('pdf', pdf.subarray(0, pdf.length - 40))).toBe(false);
    expect(
      await fileOpensAs(
        'pdf',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096), Buffer.from('\n%%EOF\n')]),
      ),
    ).toBe(false);
  });

  it('accepts real XLSX and XLS workbooks and refuses truncated ones and an OLE header with garbage', async () => {
    const xlsx = realWorkbook('xlsx');
    const xls = realWorkbook('biff8');
    expect(await fileOpensAs('xlsx', xlsx)).toBe(true);
    expect(await fileOpensAs('xls', xls)).toBe(true);
    expect(await fileOpensAs('xlsx', xlsx.subarray(0, Math.floor(xlsx.length / 2)))).toBe(false);
    expect(await fileOpensAs('xlsx', xlsx.subarray(0, xlsx.length - 30))).toBe(false);
    expect(await fileOpensAs('xls', xls.subarray(0, Math.floor(xls.length / 2)))).toBe(false);
    expect(await fileOpensAs('xls', Buffer.concat([OLE_HEADER, randomBytes(8192)]))).toBe(false);
    const withName = Buffer.concat([
      OLE_HEADER,
      randomBytes(600),
      Buffer.from('Workbook', 'utf16le'),
      randomBytes(4096),
    ]);
    expect(await fileOpensAs('xls', withName)).toBe(false);
  });
});
