import { inspectZip } from '@cotacoes/extraction/zip-guard';
import * as XLSX from '@e965/xlsx';
import { getDocumentProxy } from 'unpdf';

/** The document kinds whose content is opened before a file is accepted (S8, issue 18). */
export type OpenableKind = 'pdf' | 'xlsx' | 'xls';

/** Same bounds as the upload sniffing: refuse zip bombs before anything inflates. */
const ZIP_LIMITS = { maxEntries: 2_000, maxUncompressedBytes: 100 * 1024 * 1024 };
const PDF_TRAILER_WINDOW = 1024;

async function pdfOpens(buffer: Buffer): Promise<boolean> {
  // A complete PDF ends with %%EOF (ISO 32000 §7.5.5); a cut-off upload does not, whatever pdf.js recovers.
  const tail = buffer.subarray(Math.max(0, buffer.length - PDF_TRAILER_WINDOW)).toString('latin1');
  if (!tail.includes('%%EOF')) return false;
  let document: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    document = await getDocumentProxy(new Uint8Array(buffer), { stopAtErrors: true, verbosity: 0 });
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } catch {
    return false;
  } finally {
    await document?.destroy().catch(() => undefined);
  }
}

function workbookOpens(buffer: Buffer, kind: 'xlsx' | 'xls'): boolean {
  try {
    if (kind === 'xlsx') {
      if (!inspectZip(buffer, ZIP_LIMITS).ok) return false;
    } else {
      // An OLE container must hold an Excel stream; SheetJS alone would read random bytes as text.
      const container = XLSX.CFB.read(buffer, { type: 'buffer' });
      if (!XLSX.CFB.find(container, 'Workbook') && !XLSX.CFB.find(container, 'Book')) return false;
    }
    const workbook = XLSX.read(buffer, { type: 'buffer', bookSheets: true, WTF: false });
    return workbook.SheetNames.length > 0;
  } catch {
    return false;
  }
}

/**
 * Whether a file whose first bytes say PDF, XLSX or XLS really opens as one: a PDF loads and has a first
 * page; a workbook parses and has a sheet. Magic bytes alone let a 5-byte `%PDF-` or an OLE header with
 * garbage through.
 */
export async function fileOpensAs(kind: OpenableKind, buffer: Buffer): Promise<boolean> {
  return kind === 'pdf' ? pdfOpens(buffer) : workbookOpens(buffer, kind);
}
