import { currencyFromMarker } from '../dictionary/currencies.js';
import type { Currency } from '../types.js';
import { type NumberStyle, parseLocaleNumber } from './numbers.js';

export interface AmountToken {
  value: number;
  currency: Currency | null;
  isPercent: boolean;
  start: number;
  end: number;
  raw: string;
  style: NumberStyle;
}

const CUR = String.raw`US\$|U\$S|U\$|USD|R\$|BRL|EUROS?|EUR|€|GBP|£|CNY|RMB|\$`;
const NUM = String.raw`\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,4})?(?:,-)?|\d+(?:[.,]\d{1,4})?(?:,-)?`;
const WORD_CUR = `reais|d[oó]lares|dollars|euros`;

const AMOUNT = new RegExp(
  [
    String.raw`(?<![\p{L}\d])(?<pc>${CUR})[ \t]{0,24}(?<pn>${NUM})(?<pk>k(?![\p{L}]))?(?![\d])`,
    String.raw`(?<![\d/.,\p{L}-])(?<sn>${NUM})(?<sk>k)?[ \t]?(?<sc>${CUR}|${WORD_CUR})(?![\p{L}])`,
    String.raw`(?<![\d/.,\p{L}])(?<qn>${NUM})[ \t]?%`,
  ].join('|'),
  'giu',
);

/** Money and percentage amounts in a line, left to right, with their offsets. */
export function findAmounts(text: string): AmountToken[] {
  const tokens: AmountToken[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const groups = match.groups ?? {};
    const numberText = groups.pn ?? groups.sn ?? groups.qn;
    const marker = groups.pc ?? groups.sc;
    if (numberText === undefined) continue;
    const parsed = parseLocaleNumber(numberText);
    if (parsed === null || !Number.isFinite(parsed.value)) continue;
    // "USD 2.3k", "1.75k USD": thousands in chat shorthand; the separator then says nothing of the style.
    const thousands = (groups.pk ?? groups.sk) !== undefined;
    const start = match.index ?? 0;
    tokens.push({
      value: thousands ? Math.round(parsed.value * 100_000) / 100 : parsed.value,
      currency: marker === undefined ? null : currencyFromMarker(marker),
      isPercent: groups.qn !== undefined,
      start,
      end: start + match[0].length,
      raw: match[0],
      style: thousands ? 'PLAIN' : parsed.style,
    });
  }
  return tokens;
}

const BARE_NUMBER = new RegExp(String.raw`^\s*(${NUM})\s*$`);

/** A cell that holds only a number (currency given elsewhere, e.g. in a column header). */
export function parseBareAmount(cell: string): { value: number; style: NumberStyle } | null {
  const match = BARE_NUMBER.exec(cell);
  if (match === null) return null;
  return parseLocaleNumber(match[1] ?? '');
}

const CURRENCY_ONLY = new RegExp(String.raw`(?<![\p{L}])(${CUR})(?![\p{L}])`, 'iu');

/** The currency named anywhere in a header or heading, e.g. "20'DC (USD)" or "THC (BRL/cntr)". */
export function currencyMentioned(text: string): Currency | null {
  const match = CURRENCY_ONLY.exec(text);
  return match === null ? null : currencyFromMarker(match[1] ?? '');
}
