import { findDates, resolveDate, resolveRelativeValidity } from '../normalise/dates.js';
import { foldKeepingOffsets } from '../normalise/text.js';
import type { DateOrder, Modal } from '../types.js';

const DAYS =
  /(\d{1,3})(?:\s*(?:a|-|–|to|~|ate|hasta|y|e|or|ou|\/)\s*(\d{1,3}))?\s*(?:(?:calendar|business|working|corridos|uteis|naturales|habiles)\s+)?(dias|days|day|dia|dd(?![\p{L}])|d(?![\p{L}])|semanas|semana|weeks|week|wks|horas|hours|hrs|h(?![\p{L}]))/gu;
const BARE_RANGE =
  /^(?:about|aprox\.?|approx\.?|cerca de|aproximadamente|de)?\s*(\d{1,3})(?:\s*(?:a|-|–|to|~)\s*(\d{1,3}))?\s*(?:\(|$)/u;

function toDays(value: number, unit: string): number {
  if (unit.startsWith('seman') || unit.startsWith('week') || unit === 'wks') return value * 7;
  if (unit.startsWith('hor') || unit.startsWith('hour') || unit === 'hrs' || unit === 'h')
    return Math.max(1, Math.ceil(value / 24));
  return value;
}

const OTHER_FIELD_CLAUSE = /\b(free|livres?|libres?|demurrage|detention|valid\w*|validade|validez)\b/;

function dayNumbers(clause: string): number[] {
  const numbers: number[] = [];
  for (const match of clause.matchAll(DAYS)) {
    const unit = match[3] ?? 'dias';
    numbers.push(toDays(Number(match[1]), unit));
    if (match[2] !== undefined) numbers.push(toDays(Number(match[2]), unit));
  }
  return numbers;
}

/**
 * Day counts in a transit-time value ("35 a 40 dias", "Santos 34 dias / Itapoá 37 dias",
 * "30 days to Santos, 34 days to Rio Grande", "3 weeks"); clauses about other fields are left out.
 */
export function readDayRange(value: string): { min: number; max: number } | null {
  const clauses = value.split(/[,;(|]|\.\s+\p{Lu}|\s[–—]\s(?!\d)|\.\s*$/u).map((c) => foldKeepingOffsets(c));
  const first = clauses[0] ?? '';
  const numbers = dayNumbers(first);
  for (const clause of clauses.slice(1)) {
    const more = dayNumbers(clause);
    if (more.length === 0 || OTHER_FIELD_CLAUSE.test(clause)) break;
    numbers.push(...more);
  }
  if (numbers.length === 0) {
    const bare = BARE_RANGE.exec(first.trim());
    if (bare !== null) {
      numbers.push(Number(bare[1]));
      if (bare[2] !== undefined) numbers.push(Number(bare[2]));
    }
  }
  const plausible = numbers.filter((n) => n > 0 && n <= 200);
  if (plausible.length === 0) return null;
  return { min: Math.min(...plausible), max: Math.max(...plausible) };
}

const EXCLUDED_FREE_TIME = /\b(detention|detencao|detencion|origem|origin|origen|pol|armazenagem|storage)\b/;
/** "14 dias de detention e demurrage combinados", "14 days combined detention/demurrage": one free time. */
const COMBINED_FREE_TIME =
  /\b(?:combinad[oa]s?|combined|conjunt[oa]s?|juntos)\b|\bdet\w*\s*(?:\+|e|and|&|\/)\s*dem\w*|\bdem\w*\s*(?:\+|e|and|&|\/)\s*det\w*/;

const DESTINATION_CLAUSE = /\b(destino|destination|destinacion|pod|no destino|en destino|at destination)\b/;
const CLAUSE_SPLIT = /\s*(?:[/;|,]|\s(?:e|and|y)\s)\s*/;

/** Free days of the clause that names the destination ("origem 7 dias / destino 14 dias"), if one does. */
export function destinationFreeDays(value: string): number | null {
  const clauses = foldKeepingOffsets(value).split(CLAUSE_SPLIT);
  const clause = clauses.find(
    (c) =>
      DESTINATION_CLAUSE.test(c) &&
      /\d/.test(c) &&
      !EXCLUDED_FREE_TIME.test(c.replace(DESTINATION_CLAUSE, ' ')),
  );
  return clause === undefined ? null : readFreeDays(clause.replace(DESTINATION_CLAUSE, ' '));
}

/** Free days at destination: the first figure not tied to detention or origin. */
export function readFreeDays(value: string): number | null {
  const named = CLAUSE_SPLIT.test(value) ? destinationFreeDays(value) : null;
  if (named !== null) return named;
  const folded = foldKeepingOffsets(value);
  for (const match of folded.matchAll(
    /(\d{1,3})\s*(?:(?:calendar|corridos|naturales)\s+)?(?:dias|days|dia|day|d\b)?([^\d/]{0,25})/gu,
  )) {
    const after = match[2] ?? '';
    if (EXCLUDED_FREE_TIME.test(after.split(/[,;/(]/)[0] ?? '') && !COMBINED_FREE_TIME.test(after)) continue;
    const days = Number(match[1]);
    if (days > 0 && days <= 120) return days;
  }
  return null;
}

const RANGE_CONNECTOR = /^\s*(?:a|-|–|to|till|until|through|thru|ate|hasta|al|y|e)\s*$/i;

/** Last day of validity from a value: the end of a range, or a relative expression. */
export function readValidity(value: string, order: DateOrder, reference: Date | null): string | null {
  const text = value.split(/\s{3,}|\t/)[0] ?? value;
  const dates = findDates(text, order);
  const first = dates[0];
  if (first !== undefined) {
    const second = dates[1];
    const isRange = second !== undefined && RANGE_CONNECTOR.test(text.slice(first.end, second.start));
    const chosen = isRange ? second : first;
    const yearFromEnd = isRange && first.year === null ? second.year : null;
    const resolved = resolveDate(chosen, reference);
    if (resolved !== null) return resolved;
    if (yearFromEnd !== null) return resolveDate({ ...chosen, year: yearFromEnd }, reference);
    return null;
  }
  return resolveRelativeValidity(text, reference);
}

const INCOTERM = /(?<![\p{L}])(EXW|FCA|FAS|FOB|CFR|CIF|CPT|CIP|DAP|DPU|DAT|DDP|DDU|C&F|CNF)(?![\p{L}])/u;

export function readIncoterm(value: string): string | null {
  const match = INCOTERM.exec(value.toUpperCase());
  if (match === null) return null;
  const code = match[1] ?? '';
  return code === 'C&F' || code === 'CNF' ? 'CFR' : code;
}

const MODAL_WORDS: Array<[RegExp, Modal]> = [
  [/\bfcl\b|full container|conteiner completo|contenedor completo/, 'FCL'],
  [/\blcl\b|consolidad|fraccionad|less than container/, 'LCL'],
  [/\baere[oa]\b|\bair\b|\bairfreight\b|\baereo\b/, 'AEREO'],
  [/rodoviari|terrestre|\broad\b|\btruck\b|caminhao|camion|\bftl\b|\bltl\b/, 'RODOVIARIO'],
];

export function readModalWord(value: string): Modal | null {
  const folded = foldKeepingOffsets(value);
  for (const [pattern, modal] of MODAL_WORDS) if (pattern.test(folded)) return modal;
  return null;
}
