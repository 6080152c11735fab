import { classifyHeadingLine, classifyHeadingText, type SectionContext } from '../blocks/headings.js';
import type { Line } from '../blocks/lines.js';
import { findDates } from '../normalise/dates.js';
import { matchFee } from '../normalise/fee-names.js';
import { currencyMentioned, findAmounts } from '../normalise/money.js';
import { breakLowerKg, withKnownBands } from '../normalise/weight-breaks.js';
import type { Currency } from '../types.js';
import type { ChargeCandidate } from './charge-types.js';
import {
  cleanLabel,
  labelNeedsContinuation,
  opensCargoEstimate,
  parseChargeLine,
  readMinimumLine,
} from './charges.js';
import { scanLabels } from './label-scan.js';
import type { PlaceValue } from './places.js';
import { currencyStatedBy, withStatedCurrency } from './stated-currency.js';
import { readBreakList } from './weight-break-lists.js';

const DANGLING_CURRENCY = /(?:^|\s)(USD|US\$|BRL|R\$|EUR|€)\s*$/i;
const MINIMUM_LABEL =
  /^(?:m|min|mín|minimo|mínimo|minimum|minima|mínima|minimum charge|min charge)\.?(?:\s*\([^)]*\))?$/iu;

function isOrphanLabel(line: Line | undefined): boolean {
  if (line === undefined || line.blank) return false;
  const text = line.trimmed;
  if (/\d/.test(text) || /[!?.,:;]$/.test(text) || text.split(/\s+/).length > 5) return false;
  if (classifyHeadingLine(text, line.no) !== null) return false;
  // "pol ningbo / pod paranaguá" above "of usd 1.890,00": a line of fields is not half of a label.
  return !scanLabels(text).some((hit) => hit.separated && hit.value !== '');
}

/**
 * A bare number read in the declared currency; "+45" / "<45" / ">45" and a "-45" standing alone are
 * weight-break labels (t17).
 */
const BARE_VALUE =
  /(?<![\d.,/\p{L}+<>])(?<!(?:^|\s)[-–])(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d{2}|\d{2,})(?![\d.,/%]|\s*(?:kg|kgs|cbm|m3|m³|t|ton|dias|days|días|x|pcs|volumes?)\b)/giu;

/**
 * Bare numbers on a charge line whose label or section declares the currency
 * ("Destination THC (BRL per container): Santos 1,600 / Itaguai 1,450") are read in that currency.
 */
function withDeclaredCurrency(text: string, section: SectionContext | null): string {
  const colon = text.indexOf(':');
  const label = colon < 0 ? '' : text.slice(0, colon);
  const currency = currencyMentioned(label) ?? section?.currency ?? null;
  if (currency === null || (colon < 0 && section?.currency == null)) return text;
  // "THC (BRL): 1.600,00", "Frete (USD): 2.300", "Destination charges (BRL): Deconsolidation 390.00 ...".
  const heading = colon < 0 ? null : classifyHeadingText(label, 0);
  const namesCharges = heading !== null && heading.kind !== 'conditions';
  if (
    matchFee(label) === null &&
    !/frete|freight|flete|rate|tarifa/i.test(label) &&
    !namesCharges &&
    colon >= 0
  )
    return text;
  const start = colon < 0 ? 0 : colon + 1;
  const rest = text.slice(start);
  // "Valid until Dec 31st", "31 de dezembro" under "Destination charges (BRL):": a day, not an amount.
  const dates = findDates(rest, 'DMY');
  const inDate = (offset: number) => dates.some((date) => offset >= date.start && offset < date.end);
  return (
    text.slice(0, start) +
    rest.replace(BARE_VALUE, (number, _value: string, offset: number) =>
      inDate(offset) ? number : `${currency} ${number}`,
    )
  );
}

const BAND_BULLET = /^(?:[•*·>]+\s*|[-–]\s+)/u;

function isPerKg(candidate: ChargeCandidate): boolean {
  const unitless = candidate.freightUnit === null && candidate.unit === null;
  return (
    (candidate.freightUnit === 'KG' || unitless || candidate.unit === 'KG') &&
    (candidate.equipment === null || candidate.equipment.length === 0)
  );
}

function nextNonBlank(lines: Line[], from: number): number {
  for (let i = from; i < lines.length; i++) if (!lines[i]?.blank) return i;
  return -1;
}

/**
 * Charges on free-text lines, repairing what PDF text extraction breaks: a label split over two lines
 * ("Taxa de" / "Liberação", "Capatazia" / "(armazém de desova) ..."), a value pushed to the next line,
 * and a minimum written on the line under the freight.
 */
export function readChargeLines(
  lines: Line[],
  sectionOf: (line: Line) => SectionContext | null,
  origin: string,
  /** The currency the reply states once for all its amounts ("All rates in EUR"), if it does. */
  stated: Currency | null = null,
  /** The ports the quote asks, when known: a price line may name them. */
  quotePorts: readonly PlaceValue[] = [],
): ChargeCandidate[] {
  const candidates: ChargeCandidate[] = [];
  const used = new Set<number>();
  const minimums: Array<{ index: number; value: number; section: SectionContext | null }> = [];
  /** The freight of the last line read (every rate of a weight-break list): a minimum line under it is theirs. */
  let lastFreight: { candidates: ChargeCandidate[]; index: number } | null = null;
  /** Rates read one band per line ("+45 kg: EUR 3,40" / "+100 kg: EUR 2,95"), the run of lines so far. */
  let bandRun: { candidates: ChargeCandidate[]; index: number } | null = null;
  const bandRuns: ChargeCandidate[][] = [];
  let inEstimate = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line?.blank) inEstimate = false;
    if (line === undefined || line.blank || used.has(i)) continue;
    // "Estimativa para sua carga (3,2 m³ x 1,85 t -> 3,2 W/M):" then "Frete EUR 134,40 + ETS EUR 11,20 …":
    // the paragraph under it adds up the quoted rates for the client's cargo (generalisation-5).
    if (opensCargoEstimate(line.text)) {
      inEstimate = true;
      continue;
    }
    if (inEstimate) continue;
    const breakList = readBreakList(lines, i, sectionOf(line), origin);
    if (breakList !== null) {
      candidates.push(...breakList.candidates);
      for (const index of breakList.used) used.add(index);
      const last = Math.max(...breakList.used);
      lastFreight = { candidates: breakList.candidates, index: last };
      continue;
    }
    if (classifyHeadingLine(line.text, line.no) !== null) continue;
    let text = line.text;
    let amounts = findAmounts(text);
    // "Currency: EUR" states the reply's currency; it is no label whose amount is on the next line.
    if (amounts.length === 0 && DANGLING_CURRENCY.test(text) && currencyStatedBy(text) === null) {
      const next = nextNonBlank(lines, i + 1);
      const nextText = next < 0 ? '' : (lines[next]?.trimmed ?? '');
      if (/^\d/.test(nextText)) {
        text = `${text} ${nextText}`;
        used.add(next);
        amounts = findAmounts(text);
      }
    }
    if (lastFreight !== null && i - lastFreight.index <= 2) {
      const minimum = readMinimumLine(text, lastFreight.candidates[0]?.value ?? 0);
      if (minimum !== null) {
        for (const candidate of lastFreight.candidates) candidate.minimum = minimum;
        continue;
      }
    }
    if (amounts.length === 0) {
      text = withDeclaredCurrency(text, sectionOf(line));
      amounts = findAmounts(text);
    }
    // "40'HC: 1.850,-" under "All rates in EUR": the reply's stated currency (a line's own one wins).
    if (amounts.length === 0 && stated !== null) {
      text = withStatedCurrency(text, stated);
      amounts = findAmounts(text);
    }
    const first = amounts[0];
    if (first === undefined) continue;
    if (MINIMUM_LABEL.test(cleanLabel(text.slice(0, first.start))) && !first.isPercent) {
      minimums.push({ index: i, value: first.value, section: sectionOf(line) });
      continue;
    }
    // "+45 kg: EUR 3,40": a rate per kg whose label is a weight band.
    const band = breakLowerKg(text.slice(0, first.start).trim().replace(BAND_BULLET, ''));
    const lead = text
      .slice(0, first.start)
      .trim()
      .replace(/^[\s\-–•*·]+/, '');
    const previous = lines[i - 1];
    if ((lead === '' || /^[(\p{Ll}]/u.test(lead)) && isOrphanLabel(previous) && !used.has(i - 1)) {
      text = `${previous?.trimmed ?? ''} ${text.trimStart()}`;
    } else if (labelNeedsContinuation(text)) {
      const next = lines[i + 1];
      if (isOrphanLabel(next)) {
        text = `${text.slice(0, first.start).trimEnd()} ${next?.trimmed ?? ''}   ${text.slice(first.start)}`;
        used.add(i + 1);
      }
    }
    const parsed = parseChargeLine({ text, line, section: sectionOf(line), origin, quotePorts });
    candidates.push(...parsed);
    const freight = [...parsed].reverse().find((c) => c.kind === 'freight');
    if (freight !== undefined) lastFreight = { candidates: [freight], index: i };
    const rates = parsed.filter((c) => c.kind === 'freight');
    const rate = rates[0];
    if (band !== null && rates.length === 1 && rate !== undefined && isPerKg(rate)) {
      rate.faixaKg = band;
      if (bandRun !== null && i - bandRun.index <= 2) bandRun.candidates.push(rate);
      else {
        bandRun = { candidates: [rate], index: i };
        bandRuns.push(bandRun.candidates);
      }
      bandRun.index = i;
    }
  }
  // Bands read line by line stay only when those of one run are all different.
  for (const run of bandRuns) {
    const kept = withKnownBands(run);
    run.forEach((rate, k) => {
      if (kept[k] !== rate) delete rate.faixaKg;
    });
  }
  // A "Mínimo" line in a weight-break list is the minimum charge of every rate of that list.
  for (const minimum of minimums) {
    const noOf = lines[minimum.index]?.no ?? 0;
    for (const candidate of candidates) {
      const sameList =
        minimum.section !== null
          ? sectionOf(candidate.line) === minimum.section
          : Math.abs(candidate.line.no - noOf) <= 8;
      if (candidate.kind === 'freight' && candidate.minimum === null && sameList)
        candidate.minimum = minimum.value;
    }
  }
  return candidates;
}
