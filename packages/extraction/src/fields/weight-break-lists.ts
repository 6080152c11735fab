import type { SectionContext } from '../blocks/headings.js';
import type { Line } from '../blocks/lines.js';
import { currencyFromMarker } from '../dictionary/currencies.js';
import { currencyMentioned } from '../normalise/money.js';
import { parseLocaleNumber } from '../normalise/numbers.js';
import { type BreakLabel, readBreakLabel } from '../normalise/weight-breaks.js';
import type { Currency } from '../types.js';
import type { ChargeCandidate } from './charge-types.js';
import { type PlaceValue, parsePlaceField, readRoute } from './places.js';

/**
 * Air weight-break lists written in running text, read as the table they stand for: one KG rate per band,
 * the M/minimum cell the minimum of every band (corpus README rule 7), the band labels never amounts.
 *
 * - one line, with or without a label: "Frete aéreo FRA-VCP (USD/kg): M 95,00 / -45 7,10 / +45 5,60 / …",
 *   "MIN 95 / -45kg 7.10 / +45kg 5.60 …" (generalisation-5 t04), with '/', '|' or ';' between the breaks;
 * - the bands on one line and the rates on the next: "Faixas de peso: -45 / +45 / +100" then
 *   "Frete aéreo (USD/kg): 7,10 / 5,60 / 4,35".
 */

const CUR = String.raw`(?:us\$|usd|eur|€|brl|r\$|gbp|cny)`;
const PER_KG = String.raw`(?:\s*(?:\/|por|per|p\/)\s*kgs?\.?)?`;
const NUMBER = String.raw`\d[\d.,]*\d|\d`;
/** One break of a list: a band or minimum label, then its amount ("-45 7,10", "+45kg: USD 5.60/kg", "M 95"). */
const BREAK_ENTRY = new RegExp(
  String.raw`^(.+?)\s*[:=]?\s*(${CUR})?\s*(${NUMBER})\s*(${CUR})?${PER_KG}$`,
  'iu',
);
/** One amount of a rates line ("7,10", "USD 5.60", "3,45 por kg"). */
const RATE_ENTRY = new RegExp(String.raw`^(${CUR})?\s*(${NUMBER})\s*(${CUR})?${PER_KG}$`, 'iu');
/** " / " (spaced, so "USD/kg" stays whole), "|" and ";" between the breaks of a list. */
const SEPARATOR = /\s+\/\s+|\s*[|;]\s*/;
/** A list priced per volume is no weight-break list. */
const PER_VOLUME = /(?<![\p{L}])(?:cbm|m3|m³|w\/m|wm)(?![\p{L}])/iu;
/** A break of a list is short ("+1000 kg: USD 3,60 por kg"); longer parts are prose. */
const MAX_ENTRY = 40;
const BULLET = /^(?:[•*·>]+\s*|[-–]\s+)/u;

interface ListEntry {
  label: string;
  /** The break as printed ("-45 7,10"; "+45: 5,60" for a band and its rate on the line below). */
  printed: string;
  kind: BreakLabel;
  value: number;
  currency: Currency | null;
}

function currencyOf(marker: string | undefined): Currency | null {
  return marker === undefined ? null : currencyFromMarker(marker);
}

function amount(text: string): number | null {
  const parsed = parseLocaleNumber(text);
  return parsed === null || !Number.isFinite(parsed.value) ? null : parsed.value;
}

/** The text after each ':' of a line in turn, the whole line first, with the label before it. */
function splits(text: string): Array<{ label: string; rest: string }> {
  const result = [{ label: '', rest: text }];
  for (let at = text.indexOf(':'); at >= 0 && result.length <= 4; at = text.indexOf(':', at + 1))
    result.push({ label: text.slice(0, at).trim(), rest: text.slice(at + 1).trim() });
  return result;
}

/**
 * ", M 95" after the last rate (QA pass 42c: "… / +500 3,60, M 95" read no band at all): a comma and a
 * space before a minimum and its amount separate it as " / " would (a decimal comma has no space after it).
 */
const MINIMUM_AFTER_COMMA =
  /,\s+(?=(?:m|min|mín|minimo|mínimo|minimum)\.?\s*(?:usd|us\$|eur|€|brl|r\$)?\s*\d)/giu;

function parts(rest: string): string[] {
  return rest
    .replace(MINIMUM_AFTER_COMMA, ' / ')
    .split(SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** "M 95,00 / -45 7,10 / +45 5,60 …": every part a band or minimum with its amount, at least two bands. */
function readEntries(rest: string): ListEntry[] | null {
  const items = parts(rest);
  if (items.length < 3 || items.some((item) => item.length > MAX_ENTRY)) return null;
  const entries: ListEntry[] = [];
  for (const item of items) {
    const match = BREAK_ENTRY.exec(item);
    const kind = match === null ? null : readBreakLabel(match[1] ?? '');
    const value = match === null ? null : amount(match[3] ?? '');
    if (match === null || kind === null || value === null) return null;
    entries.push({
      label: (match[1] ?? '').trim(),
      printed: item,
      kind,
      value,
      currency: currencyOf(match[2]) ?? currencyOf(match[4]),
    });
  }
  return validEntries(entries) ? entries : null;
}

/**
 * At least two bands, in increasing order, and at most one minimum: "até 1.000 kg R$ 500 / até 3.000 kg
 * R$ 900" (a road price per load) is no weight-break tariff.
 */
function validEntries(entries: Array<{ kind: BreakLabel }>): boolean {
  const bounds = entries.flatMap((entry) => (entry.kind.kind === 'band' ? [entry.kind.lowerKg] : []));
  const increasing = bounds.every((bound, i) => i === 0 || bound > (bounds[i - 1] ?? 0));
  return bounds.length >= 2 && entries.length - bounds.length <= 1 && increasing;
}

/** "Faixas de peso: Min / -45 / +45 / +100 / +300": break labels only. */
function readBandLabels(
  text: string,
): { label: string; bands: Array<{ label: string; kind: BreakLabel }> } | null {
  for (const { label, rest } of splits(text)) {
    const items = parts(rest);
    if (items.length < 3 || items.some((item) => item.length > MAX_ENTRY)) continue;
    const bands = items.map((item) => ({ label: item, kind: readBreakLabel(item) }));
    if (bands.some((band) => band.kind === null)) continue;
    const known = bands as Array<{ label: string; kind: BreakLabel }>;
    if (validEntries(known)) return { label, bands: known };
  }
  return null;
}

/** "Frete aéreo (USD/kg): 7,10 / 5,60 / 4,35", "USD 7,10 / 5,60 / 4,35 por kg": amounts only. */
function readRates(
  text: string,
  count: number,
): { label: string; rates: Array<{ value: number; printed: string; currency: Currency | null }> } | null {
  const options = splits(text).reverse();
  // "Tarifa USD 7,10 / USD 5,60 …": a label without ':' before the first amount.
  const lead = /^([^\d:]*?)\s*(?=(?:us\$|usd|eur|€|brl|r\$|gbp|cny)?\s*\d)/iu.exec(text)?.[1] ?? '';
  if (lead !== '' && !/^(?:us\$|usd|eur|€|brl|r\$|gbp|cny)$/iu.test(lead))
    options.push({ label: lead, rest: text.slice(lead.length).trim() });
  for (const { label, rest } of options) {
    // "USD 7,10 / 5,60 / 4,35 por kg": the currency before the first amount and the unit after the last.
    const items = parts(rest);
    if (items.length !== count || items.some((item) => item.length > MAX_ENTRY)) continue;
    const rates = items.map((item) => {
      const match = RATE_ENTRY.exec(item);
      const value = match === null ? null : amount(match[2] ?? '');
      return value === null
        ? null
        : { value, printed: item, currency: currencyOf(match?.[1]) ?? currencyOf(match?.[3]) };
    });
    if (rates.every((rate) => rate !== null)) return { label, rates };
  }
  return null;
}

const NAMED_MINIMUM = new RegExp(
  String.raw`(?<![\p{L}])(?:m[ií]n(?:imo|imum|ima)?\.?|minimum charge)\s*[:=]?\s*(${CUR})?\s*(${NUMBER})(?![\d%])`,
  'iu',
);

/**
 * "Frete aéreo (USD/kg), mínimo USD 95,00:" over the list, or as its label: the minimum of every band when
 * the list has no M cell.
 */
function minimumNamedIn(text: string): number | null {
  const match = NAMED_MINIMUM.exec(text);
  if (
    match === null ||
    /(?<![\p{L}])(?:kgs?|cbm|m3|w\/m)(?![\p{L}])/iu.test(
      text.slice(match.index + match[0].length, match.index + match[0].length + 5),
    )
  )
    return null;
  return amount(match[2] ?? '');
}

/** The line above a list when it introduces it ("Air freight (USD/kg), minimum USD 95.00:"). */
function introduction(lines: Line[], index: number): string {
  const above = lines[index - 1];
  const line = lines[index];
  if (above === undefined || line === undefined || above.no !== line.no - 1 || above.blank) return '';
  return /:\s*$/.test(above.trimmed) ? above.trimmed : '';
}

export interface BreakListRead {
  candidates: ChargeCandidate[];
  /** Indexes of the lines read (the list, or its bands and rates lines). */
  used: number[];
}

/**
 * The airports a list's label names: "FRA-GRU", "Frankfurt - Guarulhos" (a route), "GRU" (a Brazilian
 * airport: the destination; one abroad: the origin). QA pass 41c: the lists of two airports were one list.
 */
function placesOfLabel(label: string): { to: PlaceValue | null; from: PlaceValue | null } {
  const route = readRoute(label);
  if (route !== null) return route;
  const known = parsePlaceField(label.replace(/\([^)]*\)/g, ' ')).places.filter((place) => place.known);
  const only = known.length === 1 ? known[0]! : null;
  if (only === null) return { to: null, from: null };
  return only.country === 'BR' ? { to: only, from: null } : { to: null, from: only };
}

function candidatesOf(
  entries: ListEntry[],
  context: {
    label: string;
    line: Line;
    origin: string;
    currency: Currency | null;
    /** A minimum named in the list's label or the line introducing it. */
    minimum: number | null;
  },
): ChargeCandidate[] {
  const minimum = entries.find((entry) => entry.kind.kind === 'minimum')?.value ?? context.minimum ?? null;
  const bands = entries.filter((entry) => entry.kind.kind === 'band');
  // "M USD 95 / -45 7,10 / …": a currency written once is the list's.
  const written = entries.find((entry) => entry.currency !== null)?.currency ?? null;
  const { to, from } = placesOfLabel(context.label);
  return bands.map((entry) => ({
    kind: 'freight',
    label: `${context.label} ${entry.label}`.trim(),
    feeName: null,
    value: entry.value,
    currency: entry.currency ?? written ?? context.currency,
    isPercent: false,
    unit: 'KG',
    freightUnit: 'KG',
    equipment: null,
    placeText: to?.name ?? '',
    labelPlaces: to === null ? [] : [to],
    ...(from === null ? {} : { routeOrigin: from }),
    minimum,
    ...(entry.kind.kind === 'band' ? { faixaKg: entry.kind.lowerKg } : {}),
    line: context.line,
    cell: entry.printed,
    origin: context.origin,
    confidence: 0.9,
  }));
}

/**
 * The weight-break list starting at `lines[index]`, if one does: its KG rates with their minimum and band,
 * and the lines it took.
 */
export function readBreakList(
  lines: Line[],
  index: number,
  section: SectionContext | null,
  origin: string,
): BreakListRead | null {
  const line = lines[index];
  if (line === undefined || line.blank) return null;
  const text = line.trimmed.replace(BULLET, '');
  if (PER_VOLUME.test(text)) return null;
  for (const { label, rest } of splits(text)) {
    // "… / 300 kg+ USD 3.90 (min USD 95)": the minimum after the list.
    const tail = /\s*\(([^()]*)\)\s*$/.exec(rest);
    const tailMinimum = tail === null ? null : minimumNamedIn(tail[1] ?? '');
    const list = tail === null || tailMinimum === null ? rest : rest.slice(0, tail.index);
    const entries = readEntries(list);
    if (entries === null) continue;
    const currency = currencyMentioned(label) ?? section?.currency ?? null;
    const candidates = candidatesOf(entries, {
      label,
      line,
      origin,
      currency,
      minimum: tailMinimum ?? minimumNamedIn(label) ?? minimumNamedIn(introduction(lines, index)),
    });
    return { candidates, used: [index] };
  }
  const header = readBandLabels(text);
  if (header === null) return null;
  let next = index + 1;
  if (lines[next]?.blank) next++;
  const ratesLine = lines[next];
  if (ratesLine === undefined || ratesLine.blank || ratesLine.no - line.no > 2) return null;
  if (PER_VOLUME.test(ratesLine.trimmed)) return null;
  const read = readRates(ratesLine.trimmed.replace(BULLET, ''), header.bands.length);
  if (read === null) return null;
  const entries: ListEntry[] = header.bands.map((band, i) => ({
    label: band.label,
    printed: `${band.label}: ${read.rates[i]?.printed ?? ''}`,
    kind: band.kind,
    value: read.rates[i]?.value ?? 0,
    currency: read.rates[i]?.currency ?? null,
  }));
  const currency =
    currencyMentioned(read.label) ?? currencyMentioned(header.label) ?? section?.currency ?? null;
  const candidates = candidatesOf(entries, {
    label: read.label,
    line: ratesLine,
    origin,
    currency,
    minimum:
      minimumNamedIn(read.label) ??
      minimumNamedIn(header.label) ??
      minimumNamedIn(introduction(lines, index)),
  });
  return { candidates, used: [index, next] };
}
