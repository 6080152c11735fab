import * as XLSX from '@e965/xlsx';
import PDFDocument from 'pdfkit';

/** A real PDF of `pages` pages, made with pdfkit. */
export async function realPdf(pages = 1): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.addPage();
    doc.text(`Pedido de cotação — página ${page}`);
  }
  doc.end();
  return done;
}

/** A real one-sheet workbook: `xlsx` (zip) or `biff8` (Excel 97 .xls, an OLE container). */
export function realWorkbook(bookType: 'xlsx' | 'biff8'): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet([
      ['Item', 'Peso'],
      ['Açúcar', 1200],
    ]),
    'Itens',
  );
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

/** The first bytes of every OLE compound file (.xls, .doc). */
export const OLE_HEADER = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
