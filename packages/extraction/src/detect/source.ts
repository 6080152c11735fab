import type { Line } from '../blocks/lines.js';
import type { SourceKind } from '../types.js';

const PAGE_MARKER = /\b(p[áa]g(?:ina)?\.?\s*\d+\s*(?:\/|de|of)\s*\d+|page\s+\d+\s+(?:of|\/)\s*\d+)\b/i;
const SHEET_NAME = /^(planilha|sheet|plan|hoja|tabela|aba)\s*\d*$/i;

/** Whether the text is an e-mail, text pulled from a PDF or a flattened spreadsheet. */
export function detectSource(
  lines: Line[],
  isEmail: boolean,
  pageBreaks: number,
  delimiter: 'tab' | 'semicolon' | null,
): { source: SourceKind; confidence: number } {
  if (isEmail) return { source: 'email', confidence: 0.95 };
  const nonBlank = lines.filter((l) => !l.blank);
  const delimitedRows = nonBlank.filter(
    (l) => l.delimited && l.cells.filter((c) => c.text !== '').length >= 2,
  ).length;
  if (SHEET_NAME.test(nonBlank[0]?.trimmed ?? '') || (delimiter !== null && delimitedRows >= 3)) {
    return { source: 'excel', confidence: 0.85 };
  }
  if (pageBreaks > 0 || nonBlank.some((l) => PAGE_MARKER.test(l.trimmed)))
    return { source: 'pdf', confidence: 0.85 };
  const columnRows = nonBlank.filter((l) => !l.delimited && /\S {3,}\S|\.{5,}/.test(l.text)).length;
  if (columnRows >= 3) return { source: 'pdf', confidence: 0.7 };
  // Replies as received start with their e-mail header lines; headerless text is a document's.
  return { source: 'pdf', confidence: 0.5 };
}
