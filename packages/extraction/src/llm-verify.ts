import type { Currency, ExtractionResult } from './types.js';

/**
 * The AI pass cannot invent figures (issue 32 item 3, ADR 0100 addendum): every value a language model
 * answers is looked for in the reply's own text, and only a value found there is kept, with the line it
 * was found on. Pure functions: no network, no clock.
 */

/** One line of the reply's text, with its 1-based number and where it was read ('body', 'attachment:x'). */
export type SourceLine = { line: number; text: string; origin: string };

/** Lower case, without accents, with runs of blanks made one space. */
export function normaliseText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The lines of the reply the rules read, without the older messages it quotes (a figure of an earlier
 * quote is not this reply's figure): the text the model's answer is checked against.
 */
export function sourceLinesOf(result: ExtractionResult): SourceLine[] {
  const lines: SourceLine[] = [];
  for (const block of result.blocks) {
    if (block.kind === 'quoted_history' || block.kind === 'alternative_discarded') continue;
    // Blank lines are left out of a block: past the first one inside it, the number is a line or so early.
    block.lines.forEach((text, index) => {
      lines.push({ line: Math.min(block.startLine + index, block.endLine), text, origin: block.origin });
    });
  }
  return lines;
}

/** The lines of a plain text, numbered from 1. */
export function linesOfText(text: string, origin = 'body'): SourceLine[] {
  return text.split(/\r?\n/).map((line, index) => ({ line: index + 1, text: line, origin }));
}

/**
 * Every reading of one printed number: '2.500,00' (pt-BR), '2,500.00' (en), '2500', and an ambiguous
 * '2.500' both as 2500 and as 2.5 (the reply's own format decides, which the model cannot be trusted with).
 */
export function readingsOf(token: string): number[] {
  const t = token.replace(/[.,]+$/, '');
  const readings = new Set<number>();
  const dot = t.lastIndexOf('.');
  const comma = t.lastIndexOf(',');
  const thousands = (sep: string) => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(t);
  if (dot >= 0 && comma >= 0) {
    if (comma > dot && /^\d{1,3}(\.\d{3})*,\d+$/.test(t))
      readings.add(Number(t.replace(/\./g, '').replace(',', '.')));
    if (dot > comma && /^\d{1,3}(,\d{3})*\.\d+$/.test(t)) readings.add(Number(t.replace(/,/g, '')));
  } else if (comma >= 0) {
    if (thousands(',')) readings.add(Number(t.replace(/,/g, '')));
    if (/^\d+,\d+$/.test(t)) readings.add(Number(t.replace(',', '.')));
  } else if (dot >= 0) {
    if (thousands('.')) readings.add(Number(t.replace(/\./g, '')));
    if (/^\d+\.\d+$/.test(t)) readings.add(Number(t));
  } else readings.add(Number(t));
  return [...readings].filter(Number.isFinite);
}

/** Whether `value` is printed as a number on this line, in any of the formats above. */
export function hasNumber(text: string, value: number): boolean {
  for (const match of text.matchAll(/\d[\d.,]*/g))
    if (readingsOf(match[0]).some((reading) => Math.abs(reading - value) < 0.005)) return true;
  return false;
}

/**
 * The first line where `value` is printed and `label` matches that line, or the one before it when the
 * line is no other field's (a label on its own line above the figure); null when there is none.
 */
export function findNumber(lines: readonly SourceLine[], value: number, label: RegExp): SourceLine | null {
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (!hasNumber(line.text, value)) continue;
    const own = normaliseText(line.text);
    if (label.test(own)) return line;
    // The label above counts only for a line that is not another figure's own line.
    const labelled = Object.values(FIELD_LABELS).some((other) => other !== label && other.test(own));
    const previous = i > 0 && lines[i - 1]!.origin === line.origin ? lines[i - 1]!.text : '';
    if (!labelled && label.test(normaliseText(previous))) return line;
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The word or phrase as a pattern over normalised text, whole words only. */
export function phrase(text: string): RegExp {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(normaliseText(text))}($|[^\\p{L}\\p{N}])`, 'u');
}

/** The first line holding `value` verbatim (ignoring case, accents and blanks); null when none does. */
export function findString(lines: readonly SourceLine[], value: string): SourceLine | null {
  const wanted = normaliseText(value);
  if (wanted === '') return null;
  const pattern = phrase(value);
  return lines.find((line) => pattern.test(normaliseText(line.text))) ?? null;
}

/** The first line printing the ISO date `iso` (31/12/2026, 31.12.26, 2026-12-31 …) near `label`. */
export function findDate(lines: readonly SourceLine[], iso: string, label: RegExp): SourceLine | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!parts) return null;
  const [, year, month, day] = parts as unknown as [string, string, string, string];
  const d = `0?${Number(day)}`;
  const m = `0?${Number(month)}`;
  const y = `(${year}|${year.slice(2)})`;
  const printed = new RegExp(`(^|\\D)(${d}[/.-]${m}[/.-]${y}|${year}-${month}-${day})(\\D|$)`);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (!printed.test(line.text)) continue;
    const previous = i > 0 ? lines[i - 1]!.text : '';
    if (label.test(normaliseText(line.text)) || label.test(normaliseText(previous))) return line;
  }
  return null;
}

/** Labels of each figure, over normalised text (see `normaliseText`). */
export const FIELD_LABELS = {
  frete: /(frete|freight|flete|ocean|o\/f|\bof\b|all ?in|basic|tarifa|\brate)/,
  minimo: /(\bmin\b|min\.|minimo|minimum)/,
  transit: /(transit|transito|\btt\b|t\/t)/,
  freeTime: /(free ?time|demurrage|detention|livre|isencao)/,
  validade: /(valid|vigencia|vigente|expira)/,
} as const;

const CURRENCY_MARKS: Record<Currency, RegExp> = {
  USD: /(\busd\b|us\$|\bdolar|\bdollar|(^|[^r])\$)/,
  EUR: /(\beur\b|€|\beuro)/,
  BRL: /(\bbrl\b|r\$|\breais\b|\breal\b)/,
  GBP: /(\bgbp\b|£)/,
  CNY: /(\bcny\b|\brmb\b|¥)/,
};

/** Whether the currency is printed on the line or the one before, or stated once for the whole reply. */
export function hasCurrency(lines: readonly SourceLine[], at: SourceLine, currency: Currency): boolean {
  const mark = CURRENCY_MARKS[currency];
  const index = lines.indexOf(at);
  const near = [at.text, index > 0 ? lines[index - 1]!.text : ''].map(normaliseText);
  if (near.some((text) => mark.test(text))) return true;
  // A reply that names one currency only states it once ('Valores em USD').
  const all = normaliseText(lines.map((line) => line.text).join('\n'));
  return (Object.keys(CURRENCY_MARKS) as Currency[]).every(
    (c) => (c === currency) === CURRENCY_MARKS[c].test(all),
  );
}

const UNIT_MARKS: Record<string, RegExp> = {
  '20DC': /20/,
  '40DC': /40/,
  '40HC': /40 ?'? ?(hc|hq|high)/,
  KG: /(kg|kilo|quilo)/,
  M3: /(m3|m³|cbm|metro)/,
  WM: /(w\/m|wm|w\/ ?m)/,
  BL: /\b(bl|b\/l|hbl|mbl)\b/,
};

/** Whether the unit the model gave is printed on the line or the one before (units without a mark pass). */
export function hasUnit(lines: readonly SourceLine[], at: SourceLine, unit: string): boolean {
  const mark = UNIT_MARKS[unit];
  if (!mark) return true;
  const index = lines.indexOf(at);
  return [at.text, index > 0 ? lines[index - 1]!.text : ''].some((text) => mark.test(normaliseText(text)));
}

const MODAL_MARKS: Record<string, RegExp> = {
  FCL: /(\bfcl\b|container|conteiner|\b20 ?'? ?(dc|gp|st)\b|\b40 ?'? ?(dc|gp|hc|hq)\b)/,
  LCL: /(\blcl\b|consolidad|groupage)/,
  AEREO: /(aereo|\bair\b|\bawb\b|air ?freight)/,
  RODOVIARIO: /(rodoviari|\broad\b|\btruck|caminhao|carreta)/,
};

/** The first line naming the mode of transport (FCL, LCL, aéreo, rodoviário) or its usual marks. */
export function findModal(lines: readonly SourceLine[], modal: string): SourceLine | null {
  const mark = MODAL_MARKS[modal];
  if (!mark) return null;
  return lines.find((line) => mark.test(normaliseText(line.text))) ?? null;
}
