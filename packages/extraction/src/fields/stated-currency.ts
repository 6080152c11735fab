import type { Line } from '../blocks/lines.js';
import { FREIGHT_LABELS } from '../dictionary/labels.js';
import { findDates } from '../normalise/dates.js';
import { matchFee } from '../normalise/fee-names.js';
import { currencyMentioned, findAmounts } from '../normalise/money.js';
import { foldKeepingOffsets, normaliseLabel, phraseRegExp } from '../normalise/text.js';
import { findEquipment } from '../normalise/units.js';
import type { Currency } from '../types.js';

const CURRENCY = String.raw`(?:us\$|usd|r\$|brl|eur|euros?|€|gbp|£|cny|rmb|dolares|dollars|reais)`;

/**
 * A line that states the currency of the whole reply (folded text): "All rates in EUR", "all amounts are in
 * USD", "Currency: EUR", "Moeda: USD", "Todos os valores em EUR", "valores en USD", "Alle Preise in EUR".
 */
const STATEMENT = new RegExp(
  [
    // "Currency: EUR", "Moeda: USD", "Moneda - USD", "Währung: EUR" (the line is only that).
    String.raw`^[\s\-–•*·]*(?:currency|moeda|moneda|divisa|wahrung)\s*[:=\-–]?\s*${CURRENCY}\s*[.;]?$`,
    // "All rates in EUR", "all amounts are quoted in USD", "todos os valores em EUR", "alle Preise in EUR".
    String.raw`(?:^|[\s,;(])(?:(?:all|todos os|todas as|todos los|todas las|os|as|los|las|alle|our|nossos|nossas|the)\s+)?(?:rates|amounts|prices|figures|values|charges|costs|valores|precos|tarifas|montos|importes|precios|preise|betrage|kosten)\s+(?:(?:are|sao|estao|son|estan|sind)\s+)?(?:(?:quoted|expressed|shown|given|stated|cotados|cotadas|expressos|expressas|expresados|expresadas|indicados|indicadas|angegeben)\s+)?(?:in|em|en)\s+${CURRENCY}(?![\p{L}])`,
  ].join('|'),
  'u',
);

/** The currency a line states for all the reply's amounts ("All rates in EUR.", "Moeda: USD"), if it does. */
export function currencyStatedBy(text: string): Currency | null {
  if (findAmounts(text).some((a) => !a.isPercent)) return null;
  const trimmed = text.trim();
  const match = STATEMENT.exec(foldKeepingOffsets(trimmed));
  if (match === null) return null;
  return currencyMentioned(trimmed.slice(match.index)) ?? wordCurrency(match[0]);
}

/** The currency the reply states once for all its amounts ("All rates in EUR."), null when none does. */
export function statedCurrency(lines: readonly Line[]): Currency | null {
  for (const line of lines) {
    const currency = line.blank ? null : currencyStatedBy(line.text);
    if (currency !== null) return currency;
  }
  return null;
}

function wordCurrency(folded: string): Currency | null {
  if (/\b(?:dolares|dollars)\b/.test(folded)) return 'USD';
  if (/\breais\b/.test(folded)) return 'BRL';
  return null;
}

const FREIGHT = phraseRegExp(FREIGHT_LABELS, 'u');

/**
 * A bare amount: "1.850,-", "45,-", "1,850.00", "75" (two digits at least); not a weight, volume, day count
 * or quantity, and not part of a date or of a container type (see below).
 */
const BARE_AMOUNT =
  /(?<![\d.,/\p{L}+<>'])(?<!(?:^|\s)[-–])(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d{2}|\d{2,})(?:[.,]-)?(?![\d.,/%'’]|\s*(?:kg|kgs|cbm|m3|m³|t|ton|tons|dias|days|días|dia|day|tage|x|pcs|volumes?|ft|pes|pés|feet)\b)/giu;

/**
 * A charge line without any currency, in a reply that states one for all its amounts ("40'HC: 1.850,-",
 * "ISPS 25,- per container", "B/L fee 45,-" under "All rates in EUR"): its bare amounts in that currency.
 * Only a line whose words before the first amount name a charge (a fee, a freight word or a container
 * type); anything else is returned as it is.
 */
export function withStatedCurrency(text: string, currency: Currency): string {
  const equipment = findEquipment(text);
  const dates = findDates(text, 'DMY');
  const inside = (offset: number) =>
    equipment.some((e) => offset >= e.start && offset < e.end) ||
    dates.some((d) => offset >= d.start && offset < d.end);
  const bare = [...text.matchAll(BARE_AMOUNT)].filter((m) => !inside(m.index ?? 0));
  const first = bare[0];
  if (first === undefined) return text;
  const lead = text.slice(0, first.index).replace(/[\s:=|–-]+$/, '');
  const namesCharge =
    matchFee(lead) !== null || FREIGHT.test(normaliseLabel(lead)) || findEquipment(lead).length > 0;
  if (!namesCharge) return text;
  let out = '';
  let from = 0;
  for (const match of bare) {
    const at = match.index ?? 0;
    out += `${text.slice(from, at)}${currency} ${match[0]}`;
    from = at + match[0].length;
  }
  return out + text.slice(from);
}
