export interface Cell {
  text: string;
  /** Offset of the cell in `Line.text`. */
  start: number;
  end: number;
  /** Column index for delimited rows; order of appearance for space-aligned rows. */
  index: number;
}

export interface Line {
  /** 1-based line number in the analysed text. */
  no: number;
  /** Text with quote markers removed and ';' turned into tabs for delimited sheets. */
  text: string;
  trimmed: string;
  cells: Cell[];
  /** Cells come from a tab/semicolon row (columns by index) rather than from column gaps (by offset). */
  delimited: boolean;
  quoteDepth: number;
  blank: boolean;
  /**
   * The chosen option's figures, written on its own header ("Opção 2: COSCO USD 2.750/40HC, 38 dias") and
   * rewritten without it: a bare day count there is the option's transit time.
   */
  optionContent?: boolean;
}

export interface PreparedText {
  lines: Line[];
  truncated: boolean;
  pageBreaks: number;
  delimiter: 'tab' | 'semicolon' | null;
}

const MAX_TEXT_CHARS = 300_000;
const MAX_LINES = 6_000;
const MAX_LINE_CHARS = 4_000;

function splitDelimited(text: string): Cell[] {
  const cells: Cell[] = [];
  let start = 0;
  text.split('\t').forEach((part, index) => {
    const lead = part.length - part.trimStart().length;
    const value = part.trim();
    cells.push({ text: value, start: start + lead, end: start + lead + value.length, index });
    start += part.length + 1;
  });
  return cells;
}

function splitOnGaps(text: string): Cell[] {
  const cells: Cell[] = [];
  for (const match of text.matchAll(/\S+(?: \S+)*/g)) {
    const start = match.index ?? 0;
    cells.push({ text: match[0], start, end: start + match[0].length, index: cells.length });
  }
  return cells;
}

function detectDelimiter(rawLines: string[]): PreparedText['delimiter'] {
  const nonBlank = rawLines.filter((l) => l.trim() !== '');
  if (nonBlank.length === 0) return null;
  const semicolonRows = nonBlank.filter((l) => (l.match(/;/g)?.length ?? 0) >= 2).length;
  if (semicolonRows >= 3 && semicolonRows >= nonBlank.length * 0.3) return 'semicolon';
  const tabRows = nonBlank.filter((l) => (l.match(/\t/g)?.length ?? 0) >= 1).length;
  return tabRows >= 2 ? 'tab' : null;
}

/**
 * Lines of a table typed with bars between its cells and none at the ends ("Santos | 1.950,00 | 1.400,00"):
 * a line with bars next to a line with as many. One line alone ("Santos | Itajaí") stays text. A single
 * blank line between rows does not part them: OCR puts one between the rows of a table it reads.
 */
function pipeTableRows(rawLines: string[]): Set<number> {
  const bars = rawLines.map((line) => (/^\s*\|.*\|\s*$/.test(line) ? 0 : (line.match(/\|/g)?.length ?? 0)));
  const blank = (i: number) => (rawLines[i] ?? 'x').trim() === '';
  const neighbour = (i: number, step: 1 | -1) => (blank(i + step) ? bars[i + 2 * step] : bars[i + step]);
  const rows = new Set<number>();
  bars.forEach((count, i) => {
    if (count > 0 && (neighbour(i, -1) === count || neighbour(i, 1) === count)) rows.add(i);
  });
  return rows;
}

const CURRENCY_BAR = /(?<![\p{L}])(USD|US\$|BRL|R\$|EUR|€|GBP|CNY)[ \t]*\|[ \t]*(?=\d)/gu;

/** A line built from rewritten text (an inline answer joined to its question), keeping its number. */
export function makeLine(no: number, text: string): Line {
  const body = text.replace(/\s+$/, '');
  const delimited = body.includes('\t');
  const trimmed = body.trim();
  return {
    no,
    text: body,
    trimmed,
    cells: delimited ? splitDelimited(body) : splitOnGaps(body),
    delimited,
    quoteDepth: 0,
    blank: trimmed === '',
  };
}

/** Splits text into analysable lines; bounded in size so any input stays fast. */
export function prepareText(input: string): PreparedText {
  let text = input.length > MAX_TEXT_CHARS ? input.slice(0, MAX_TEXT_CHARS) : input;
  const truncated = text.length < input.length;
  text = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f]/g, ' ');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: binary input is scrubbed on purpose
  text = text.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, (c) => (c === '\f' ? '\f' : ' '));
  const pageBreaks = (text.match(/\f/g) ?? []).length;
  const rawLines = text.replace(/\f/g, '').split('\n').slice(0, MAX_LINES);
  const delimiter = detectDelimiter(rawLines);
  const pipeRows = pipeTableRows(rawLines);
  const lines = rawLines.map((raw, i): Line => {
    let body = raw.length > MAX_LINE_CHARS ? raw.slice(0, MAX_LINE_CHARS) : raw;
    let quoteDepth = 0;
    const quote = /^(\s*>)+ ?/.exec(body);
    if (quote !== null) {
      quoteDepth = (quote[0].match(/>/g) ?? []).length;
      body = body.slice(quote[0].length);
    }
    if (delimiter === 'semicolon') body = body.replace(/;/g, '\t');
    // Markdown/ASCII tables ("| POD | 20GP |") are rows like a sheet's.
    if (/^\s*\|.*\|\s*$/.test(body)) body = body.trim().slice(1, -1).replace(/\|/g, '\t');
    // "Destino | Frete 40HC (USD) | THC (BRL/cntr)" over rows with as many bars: cells by their place.
    else if (pipeRows.has(i)) body = body.replace(/\|/g, '\t');
    // A lone bar between a currency and its amount ("Doc fee | USD | 60.00", a row OCR read alone): a space.
    else if (body.includes('|')) body = body.replace(CURRENCY_BAR, '$1 ');
    body = body.replace(/\s+$/, '');
    const delimited = body.includes('\t');
    const cells = delimited ? splitDelimited(body) : splitOnGaps(body);
    const trimmed = body.trim();
    return { no: i + 1, text: body, trimmed, cells, delimited, quoteDepth, blank: trimmed === '' };
  });
  return { lines, truncated: truncated || rawLines.length === MAX_LINES, pageBreaks, delimiter };
}
