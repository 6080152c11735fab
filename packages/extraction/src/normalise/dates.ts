import type { DateOrder } from '../types.js';
import { foldKeepingOffsets } from './text.js';

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: Array<[number, string[]]> = [
  [1, ['jan', 'janeiro', 'january', 'enero', 'ene']],
  [2, ['fev', 'fevereiro', 'feb', 'february', 'febrero']],
  [3, ['mar', 'marco', 'march', 'marzo']],
  [4, ['abr', 'abril', 'apr', 'april']],
  [5, ['mai', 'maio', 'may', 'mayo']],
  [6, ['jun', 'junho', 'june', 'junio']],
  [7, ['jul', 'julho', 'july', 'julio']],
  [8, ['ago', 'agosto', 'aug', 'august']],
  [9, ['set', 'setembro', 'sep', 'sept', 'september', 'septiembre', 'setiembre']],
  [10, ['out', 'outubro', 'oct', 'october', 'octubre']],
  [11, ['nov', 'novembro', 'november', 'noviembre']],
  [12, ['dez', 'dezembro', 'dec', 'december', 'dic', 'diciembre']],
];
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = month;
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

export interface DateToken {
  year: number | null;
  month: number;
  day: number;
  start: number;
  end: number;
}

const ISO = /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g;
const NUMERIC = /(?<![\d/.,:])(\d{1,2})([/.-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/%]|[.,]\d)/g;
const DAY_MONTH = new RegExp(
  String.raw`(?<![\p{L}\d])(\d{1,2})(?:st|nd|rd|th|o)?\s*(?:de\s+|-|\/|\s)(${MONTH})(?![\p{L}])\.?(?:\s*(?:de\s+|del\s+|-|,\s*|\s)(\d{4}))?(?!\d)`,
  'gu',
);
const MONTH_DAY = new RegExp(
  String.raw`(?<![\p{L}])(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d\p{L}])(?:,?\s*(\d{4}))?`,
  'gu',
);

function valid(day: number, month: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

function fullYear(text: string | undefined): number | null {
  if (text === undefined) return null;
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

/** Dates written in pt/en/es, numeric (D/M/Y or M/D/Y by `order`, unless the numbers decide) or textual. */
export function findDates(text: string, order: DateOrder): DateToken[] {
  const folded = foldKeepingOffsets(text);
  const found: DateToken[] = [];
  const taken: Array<[number, number]> = [];
  const push = (token: DateToken) => {
    if (taken.some(([s, e]) => token.start < e && token.end > s)) return;
    taken.push([token.start, token.end]);
    found.push(token);
  };
  for (const m of folded.matchAll(ISO)) {
    const start = m.index ?? 0;
    const day = Number(m[3]);
    const month = Number(m[2]);
    if (valid(day, month)) push({ year: Number(m[1]), month, day, start, end: start + m[0].length });
  }
  for (const m of folded.matchAll(DAY_MONTH)) {
    const start = m.index ?? 0;
    const day = Number(m[1]);
    const month = MONTHS[m[2] ?? ''] ?? 0;
    if (valid(day, month)) push({ year: fullYear(m[3]), month, day, start, end: start + m[0].length });
  }
  for (const m of folded.matchAll(MONTH_DAY)) {
    const start = m.index ?? 0;
    const day = Number(m[2]);
    const month = MONTHS[m[1] ?? ''] ?? 0;
    if (valid(day, month)) push({ year: fullYear(m[3]), month, day, start, end: start + m[0].length });
  }
  for (const m of folded.matchAll(NUMERIC)) {
    const start = m.index ?? 0;
    const a = Number(m[1]);
    const b = Number(m[3]);
    const hasYear = m[4] !== undefined;
    if (!hasYear && m[2] !== '/') continue;
    const monthFirst = a > 12 ? false : b > 12 ? true : order === 'MDY';
    const day = monthFirst ? b : a;
    const month = monthFirst ? a : b;
    if (valid(day, month)) push({ year: fullYear(m[4]), month, day, start, end: start + m[0].length });
  }
  return found.sort((x, y) => x.start - y.start);
}

/** Which order ambiguous numeric dates follow: decided by any date whose numbers cannot be the other way. */
export function numericDateOrderEvidence(text: string): { dmy: number; mdy: number } {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(/(?<![\d/.])(\d{1,2})\/(\d{1,2})\/(\d{2,4})(?![\d/])/g)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) dmy++;
    if (b > 12 && a <= 12) mdy++;
  }
  return { dmy, mdy };
}

function toIso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** A yearless date takes the reference year; one that would fall far before the reference rolls to next year. */
export function resolveDate(token: DateToken, reference: Date | null): string | null {
  if (token.year !== null) return toIso(token.year, token.month, token.day);
  if (reference === null) return null;
  const year = reference.getUTCFullYear();
  const iso = toIso(year, token.month, token.day);
  if (iso === null) return null;
  const sixtyDays = 60 * 86_400_000;
  if (Date.parse(iso) < reference.getTime() - sixtyDays) return toIso(year + 1, token.month, token.day);
  return iso;
}

const END_OF_NAMED_MONTH = new RegExp(
  String.raw`(?:end of|fim de|final de|fin de|finales de|ate o fim de|hasta fin de)\s+(${MONTH})(?![\p{L}])`,
  'u',
);
const END_OF_THIS_MONTH =
  /(?:end of (?:the |this )?month|fim do mes|final do mes|fin de(?:l)? mes|fim deste mes|final deste mes|month end)/u;
const END_OF_NEXT_MONTH =
  /(?:end of (?:the )?(?:next|following) month|(?:fim|final) do (?:proximo|mes que vem)(?: mes)?|(?:fim|final) do mes que vem|fin(?:al)? del (?:proximo|siguiente) mes|fin(?:al)? del mes (?:proximo|siguiente|que viene))/u;
const FOR_N_DAYS =
  /(?:por|for|durante|during|de|validez de|valid for|valida por|valido por)?\s*(\d{1,3})\s*(dias|days|dias corridos|calendar days|semanas|semana|weeks|week)(?:\s*(?:a partir|from|desde|after|apos|contados))?/u;

/** Weekday names (folded), Sunday = 0, in en/pt/es. */
const WEEKDAYS: Array<[number, string]> = [
  [0, 'sunday|domingo'],
  [1, 'monday|segunda(?:-feira| feira)?|lunes'],
  [2, 'tuesday|terca(?:-feira| feira)?|martes'],
  [3, 'wednesday|quarta(?:-feira| feira)?|miercoles'],
  [4, 'thursday|quinta(?:-feira| feira)?|jueves'],
  [5, 'friday|sexta(?:-feira| feira)?|viernes'],
  [6, 'saturday|sabado|sábado'],
];
/**
 * "this week only (until Friday)", "até sexta-feira desta semana", "hasta el viernes": the next such weekday
 * on or after the message date (generalisation-4 t21).
 */
const UNTIL_WEEKDAY = new RegExp(
  String.raw`(?:until|till|til|by|through|thru|ate|hasta)\s+(?:(?:this|next|a|o|el|la|esta|este)\s+)?(${WEEKDAYS.map(([, n]) => n).join('|')})(?![\p{L}])`,
  'u',
);

/** Validity written relative to the message date: "end of Nov.", "até o fim do mês", "valid for 15 days". */
export function resolveRelativeValidity(text: string, reference: Date | null): string | null {
  if (reference === null) return null;
  const folded = foldKeepingOffsets(text);
  const year = reference.getUTCFullYear();
  const named = END_OF_NAMED_MONTH.exec(folded);
  if (named !== null) {
    const month = MONTHS[named[1] ?? ''] ?? 0;
    // A month more than one month behind the message means next year's.
    const rollsOver = month < reference.getUTCMonth();
    return lastDayOfMonth(rollsOver ? year + 1 : year, month);
  }
  // "end of next month", "até o final do próximo mês": the month after the message's.
  if (END_OF_NEXT_MONTH.test(folded)) {
    const month = reference.getUTCMonth() + 2;
    return month > 12 ? lastDayOfMonth(year + 1, month - 12) : lastDayOfMonth(year, month);
  }
  if (END_OF_THIS_MONTH.test(folded)) return lastDayOfMonth(year, reference.getUTCMonth() + 1);
  const weekday = UNTIL_WEEKDAY.exec(folded);
  if (weekday !== null) {
    const target = WEEKDAYS.find(([, names]) => new RegExp(`^(?:${names})$`).test(weekday[1] ?? ''))?.[0];
    if (target !== undefined) {
      const ahead = (target - reference.getUTCDay() + 7) % 7;
      return new Date(reference.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
    }
  }
  const period = FOR_N_DAYS.exec(folded);
  if (period !== null) {
    const days = Number(period[1]) * (/^(semana|week)/.test(period[2] ?? '') ? 7 : 1);
    return new Date(reference.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}
