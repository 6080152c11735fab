import { findDates, resolveDate, resolveRelativeValidity } from '../normalise/dates.js';
import { parseLocaleNumber } from '../normalise/numbers.js';
import { foldKeepingOffsets } from '../normalise/text.js';
import type { DateOrder, Modal } from '../types.js';

const DAYS =
  /(\d{1,3})(?:\s*(?:a|-|–|to|~|ate|hasta|y|e|or|ou|\/)\s*(\d{1,3}))?\s*(?:(?:calendar|business|working|corridos|uteis|naturales|habiles)\s+)?(dias|days|day|dia|tage|tag(?![\p{L}])|dd(?![\p{L}])|d(?![\p{L}])|semanas|semana|weeks|week|wochen|woche|wks|horas|hours|hrs|h(?![\p{L}]))/gu;
const BARE_RANGE =
  /^(?:about|aprox\.?|approx\.?|cerca de|aproximadamente|de)?\s*(\d{1,3})(?:\s*(?:a|-|–|to|~)\s*(\d{1,3}))?\s*(?:\(|$)/u;

function toDays(value: number, unit: string): number {
  if (unit.startsWith('seman') || unit.startsWith('week') || unit.startsWith('woch') || unit === 'wks')
    return value * 7;
  if (unit.startsWith('hor') || unit.startsWith('hour') || unit === 'hrs' || unit === 'h')
    return Math.max(1, Math.ceil(value / 24));
  return value;
}

const OTHER_FIELD_CLAUSE =
  /\b(free|livres?|libres?|demurrage|detention|valid\w*|validade|validez|combined|combinad[oa]s?)\b/;

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
export const COMBINED_FREE_TIME =
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

/** Storage words: a free time of storage alone ("7 dias armazenagem no CFS") is the LCL shipment's free time. */
const STORAGE_FREE_TIME = /\b(armazenagem|storage)\b/;

/**
 * Free days at destination: the first figure not tied to detention or origin, else one of storage alone
 * (QA pass 6: "Free time: 7 dias armazenagem no CFS" is an LCL reply's free time). `unsure` when that
 * storage figure does not name a CFS: at a terminal it may not be the demurrage free time.
 */
export function readFreeDaysDetailed(
  value: string,
): { days: number; unsure: boolean; combined: boolean } | null {
  const named = CLAUSE_SPLIT.test(value) ? destinationFreeDays(value) : null;
  if (named !== null) return { days: named, unsure: false, combined: false };
  const folded = foldKeepingOffsets(value);
  let storage: { days: number; unsure: boolean; combined: boolean } | null = null;
  for (const match of folded.matchAll(
    /(\d{1,3})\s*(?:(?:calendar|corridos|naturales)\s+)?(?:dias|days|dia|day|d\b)?([^\d/]{0,25})/gu,
  )) {
    const after = match[2] ?? '';
    const clause = after.split(/[,;/(]/)[0] ?? '';
    const days = Number(match[1]);
    const plausible = days > 0 && days <= 120;
    if (EXCLUDED_FREE_TIME.test(clause) && !COMBINED_FREE_TIME.test(after)) {
      // Storage alone, not at origin nor detention: kept in case no other figure is given.
      const storageAlone = EXCLUDED_FREE_TIME.test(clause.replace(STORAGE_FREE_TIME, ' ')) === false;
      if (storageAlone && plausible && storage === null)
        storage = { days, unsure: !/\bcfs\b/.test(clause), combined: false };
      continue;
    }
    // "14 days combined", "14 dias combinados (demurrage + detention)": demurrage and detention together.
    const upToNextFigure = folded.slice(match.index + (match[1] ?? '').length).split(/\d/)[0] ?? '';
    if (plausible) return { days, unsure: false, combined: COMBINED_FREE_TIME.test(upToNextFigure) };
  }
  return storage;
}

/** Free days at destination (`readFreeDaysDetailed`'s figure). */
export function readFreeDays(value: string): number | null {
  return readFreeDaysDetailed(value)?.days ?? null;
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

/**
 * Words naming the chargeable (taxable) weight of an air or LCL shipment, folded. Never the gross weight
 * ("peso bruto") nor the volumetric one ("peso cubado") alone.
 */
const CHARGEABLE_WEIGHT_LABEL = String.raw`(?:peso\s+(?:taxavel|taxado|tarifado|cobravel|tasable|facturable|cobrable|cargable|tarifable)|(?:chargeable|taxable|billable)(?:\s+(?:weight|wt\.?))?|ch(?:g|rg)?\.?\s*(?:wt|weight)\.?|c\.\s?w\.?(?![\p{L}])|cw(?![\p{L}\d]))`;
const WEIGHT_UNIT = String.raw`kgs?|kilos?|quilos?|kilogram\w*|t|tons?|tonnes?|toneladas?`;
/**
 * "Peso taxável: 200 kg", "chargeable weight 200 kgs", "-> chargeable 200 kg", "Chargeable wt. = 1.250",
 * "sobre o peso taxado (467 kg)" (the figure in parentheses after the label), "C.W. 467 kgs".
 */
const CHARGEABLE_WEIGHT_AFTER = new RegExp(
  String.raw`(?<![\p{L}])${CHARGEABLE_WEIGHT_LABEL}\s*(?:\([^)\d]{0,20}\)\s*)?(?<sep>[:=]|\bis\b|\bde\b|\bof\b)?\s*(?<paren>\(\s*)?(?:(?:aprox|approx|ca)\.?\s*)?(?<![\d.,])(?<num>\d[\d.,]*\d|\d)\s*(?<unit>${WEIGHT_UNIT})?(?![\p{L}\d])`,
  'u',
);
/** "200 kg chargeable", "200 kgs (peso taxável)", "1.280 kg taxados" (QA pass 41a: read as no weight). */
const CHARGEABLE_WEIGHT_BEFORE = new RegExp(
  String.raw`(?<![\d.,/$])(?<num>\d[\d.,]*\d|\d)\s*(?<unit>${WEIGHT_UNIT})\s*\(?\s*(?:${CHARGEABLE_WEIGHT_LABEL}|taxaveis|taxavel|taxad[oa]s?|tarifad[oa]s?)(?![\p{L}])`,
  'u',
);
/** A figure followed by another measure (m³, W/M, lb) or a ratio ("1:6000") is not a weight in kg. */
const NOT_KILOGRAMS_AFTER = /^\s*(?:m3|m³|cbm|w\s*\/\s*m|wm|rt|lbs?|pounds?|[:/]\s*\d)/u;
const CURRENCY_BEFORE = /(?:usd|us\$|brl|r\$|eur|€|\$)\s*$/u;

/** Chargeable weight in kg stated in a line, and whether it was read after its label (else before it). */
export function readChargeableWeight(text: string): { kg: number; labelFirst: boolean } | null {
  const folded = foldKeepingOffsets(text);
  for (const [pattern, labelFirst] of [
    [CHARGEABLE_WEIGHT_AFTER, true],
    [CHARGEABLE_WEIGHT_BEFORE, false],
  ] as const) {
    const match = pattern.exec(folded);
    const groups = match?.groups;
    if (match === null || groups === undefined) continue;
    const unit = groups.unit;
    // A bare figure counts only right after "label:" ("Chargeable weight: 200").
    if (unit === undefined && groups.sep !== ':' && groups.sep !== '=') continue;
    // "C.W." / "CW" (also "calendar week") and a figure in parentheses count only with a weight unit.
    if (unit === undefined && (groups.paren !== undefined || /^c\.?\s?w(?![\p{L}])/u.test(match[0])))
      continue;
    const end = match.index + match[0].length;
    if (unit === undefined && NOT_KILOGRAMS_AFTER.test(folded.slice(end))) continue;
    const numStart = match.index + match[0].indexOf(groups.num ?? '');
    if (CURRENCY_BEFORE.test(folded.slice(Math.max(0, numStart - 5), numStart))) continue;
    const parsed = parseLocaleNumber(groups.num ?? '');
    if (parsed === null) continue;
    const kg = unit !== undefined && /^t/.test(unit) ? parsed.value * 1000 : parsed.value;
    if (kg > 0 && kg < 1_000_000) return { kg: Math.round(kg * 1000) / 1000, labelFirst };
  }
  return null;
}
