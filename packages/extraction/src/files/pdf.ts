import { getDocumentProxy } from 'unpdf';
import { checkPdfDecodedSize, FileLimitError } from './limits.js';

interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Rebuilds a page's lines from positioned text, turning horizontal gaps into spaces so columns stay apart. */
export function layoutPage(items: PositionedText[]): string {
  const visible = items.filter((i) => i.text.trim() !== '');
  if (visible.length === 0) return '';
  const charWidth =
    median(visible.filter((i) => i.text.length >= 2).map((i) => i.width / i.text.length)) || 5;
  const left = visible.reduce((min, i) => Math.min(min, i.x), Number.POSITIVE_INFINITY);
  const lineHeight = median(visible.map((i) => i.size)) || 10;
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PositionedText[][] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    const rowY = row?.[0]?.y;
    if (row !== undefined && rowY !== undefined && Math.abs(rowY - item.y) <= Math.max(2, lineHeight * 0.4))
      row.push(item);
    else rows.push([item]);
  }
  const lines: string[] = [];
  let previousY: number | null = null;
  for (const row of rows) {
    const y = row[0]?.y ?? 0;
    if (previousY !== null && previousY - y > lineHeight * 2.2) lines.push('');
    previousY = y;
    let line = '';
    let lineEnd = left;
    for (const item of row.sort((a, b) => a.x - b.x)) {
      const gap = item.x - lineEnd;
      if (line !== '' && gap > charWidth * 1.5) {
        const column = Math.round((item.x - left) / charWidth);
        line = line.padEnd(Math.max(column, line.length + 2), ' ');
      } else if (line !== '' && gap > charWidth * 0.2 && !line.endsWith(' ')) line += ' ';
      else if (line === '') line = ' '.repeat(Math.max(0, Math.round((item.x - left) / charWidth)));
      line += item.text;
      lineEnd = item.x + item.width;
    }
    lines.push(line.replace(/\s+$/, ''));
  }
  return lines.join('\n');
}

export interface PdfLimits {
  maxPages: number;
  /** Bytes the text reading may decode (Flate streams other than images), checked before pdf.js runs. */
  maxDecodedBytes: number;
  /** Text items (pieces of positioned text) over the pages read. */
  maxTextItems: number;
  /** Characters of text over the pages read. */
  maxTextChars: number;
}

/**
 * Text of a PDF with its column layout kept; pages separated by form feeds, as text extraction tools do.
 * Only the first `maxPages` pages are read; a file past the decoded-size, text-item or text-size bounds
 * throws FileLimitError (the text content is read as a stream, so the count stops pdf.js early).
 */
export async function pdfToText(
  buffer: Uint8Array,
  limits: PdfLimits,
): Promise<{ text: string; pages: number }> {
  checkPdfDecodedSize(buffer, limits.maxDecodedBytes);
  const document = await getDocumentProxy(new Uint8Array(buffer), { verbosity: 0, isEvalSupported: false });
  try {
    const pages = Math.min(document.numPages, limits.maxPages);
    const texts: string[] = [];
    let itemCount = 0;
    let charCount = 0;
    for (let n = 1; n <= pages; n++) {
      const page = await document.getPage(n);
      const reader = page.streamTextContent().getReader();
      const items: PositionedText[] = [];
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          for (const item of chunk.value.items) {
            if (!('str' in item)) continue;
            itemCount++;
            charCount += item.str.length;
            if (itemCount > limits.maxTextItems)
              throw new FileLimitError('text-items', `PDF has more than ${limits.maxTextItems} text items`);
            if (charCount > limits.maxTextChars)
              throw new FileLimitError('text-size', `PDF has more than ${limits.maxTextChars} characters`);
            const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
            items.push({
              text: item.str,
              x,
              y,
              width: item.width,
              size: Math.hypot(a, b) || item.height || 10,
            });
          }
        }
      } finally {
        // Not cancel(): pdf.js then writes to the closed stream and throws outside any promise. Destroying
        // the document (below) stops its reading.
        reader.releaseLock();
      }
      texts.push(layoutPage(items));
      page.cleanup();
    }
    return { text: texts.join('\n\f'), pages: document.numPages };
  } finally {
    await document.destroy();
  }
}
