import { readZipEntry } from './zip-entries.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return ENTITIES[code] ?? whole;
  });
}

/**
 * The text of a Word document (word/document.xml) in the layout the engine reads: one line per
 * paragraph, table rows as lines with a TAB between cells, `w:tab` as TAB, `w:br` as a new line.
 * The archive must have passed `inspectZip` first.
 */
export function docxToText(buffer: Uint8Array, maxBytes: number): string | null {
  const entry = readZipEntry(buffer, 'word/document.xml', maxBytes);
  if (entry === null) return null;
  const xml = new TextDecoder().decode(entry);
  const lines: string[] = [];
  let line = '';
  let cells: string[] | null = null;
  let cellDepth = 0;
  const flushParagraph = () => {
    if (cells !== null && cellDepth > 0) line += ' ';
    else {
      lines.push(line);
      line = '';
    }
  };
  for (const match of xml.matchAll(/<(\/?)w:(tr|tc|p|t|tab|br|cr)\b[^>]*?(\/?)>([^<]*)/g)) {
    const [, closing, tag, selfClosing, after] = match;
    if (tag === 't' && closing === '' && selfClosing === '') line += decodeEntities(after ?? '');
    else if (tag === 'tab' && closing === '') line += '\t';
    else if ((tag === 'br' || tag === 'cr') && closing === '') {
      if (cells !== null && cellDepth > 0) line += ' ';
      else {
        lines.push(line);
        line = '';
      }
    } else if (tag === 'p' && closing === '/') flushParagraph();
    else if (tag === 'tr' && closing === '') cells = [];
    else if (tag === 'tc' && closing === '') {
      cellDepth++;
      line = '';
    } else if (tag === 'tc' && closing === '/') {
      cellDepth = Math.max(0, cellDepth - 1);
      cells?.push(line.trim());
      line = '';
    } else if (tag === 'tr' && closing === '/') {
      if (cells !== null) lines.push(cells.join('\t'));
      cells = null;
      line = '';
    }
  }
  if (line !== '') lines.push(line);
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
