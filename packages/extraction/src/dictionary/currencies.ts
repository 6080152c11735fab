import type { Currency } from '../types.js';

/** Currency markers as written next to amounts, mapped to ISO codes. Longest markers are tried first. */
export const CURRENCY_MARKERS: ReadonlyArray<readonly [string, Currency]> = [
  ['US$', 'USD'],
  ['U$S', 'USD'],
  ['U$', 'USD'],
  ['USD', 'USD'],
  ['R$', 'BRL'],
  ['BRL', 'BRL'],
  ['EUR', 'EUR'],
  ['EURO', 'EUR'],
  ['EUROS', 'EUR'],
  ['€', 'EUR'],
  ['GBP', 'GBP'],
  ['£', 'GBP'],
  ['CNY', 'CNY'],
  ['RMB', 'CNY'],
  ['$', 'USD'],
];

/** Words written after an amount that name its currency ("150 reais"). */
export const CURRENCY_WORDS: ReadonlyArray<readonly [string, Currency]> = [
  ['reais', 'BRL'],
  ['real', 'BRL'],
  ['dolares', 'USD'],
  ['dólares', 'USD'],
  ['dollars', 'USD'],
  ['euros', 'EUR'],
];

export function currencyFromMarker(marker: string): Currency | null {
  const upper = marker.toUpperCase();
  for (const [m, code] of CURRENCY_MARKERS) if (m === upper) return code;
  for (const [m, code] of CURRENCY_WORDS) if (m === marker.toLowerCase()) return code;
  return null;
}
