/**
 * The currencies a fee or freight line is summed in: USD and BRL, and EUR at the euro's PTAX (ADR 0024,
 * addendum of 2026-12-06). Anything else (CNY, GBP…) is shown but not summed.
 */
export type FeeCurrency = 'USD' | 'BRL' | 'EUR';

/** '$', 'US$' and 'USD' are USD; 'R$' and 'BRL' are BRL; '€' and 'EUR' are EUR; anything else is not summed. */
export function feeCurrency(moeda: string | null | undefined): FeeCurrency | null {
  if (moeda === 'USD' || moeda === 'BRL' || moeda === 'EUR') return moeda;
  const code = (moeda ?? '').trim().toUpperCase();
  if (code === '$' || code === 'USD' || code === 'US$' || code === 'U$') return 'USD';
  if (code === 'R$' || code === 'BRL') return 'BRL';
  if (code === '€' || code === 'EUR' || code === 'EURO' || code === 'EUROS') return 'EUR';
  return null;
}

/**
 * The currency of a line when the comparison can sum it: EUR only when the comparison has a euro rate
 * (`somaEuro`); otherwise null, and the line is shown "fora do total".
 */
export function summedCurrency(moeda: string | null | undefined, somaEuro: boolean): FeeCurrency | null {
  const currency = feeCurrency(moeda);
  return currency === 'EUR' && !somaEuro ? null : currency;
}

/** Per-currency sums start here. */
export const noAmounts = <T>(zero: T): Record<FeeCurrency, T> => ({ USD: zero, BRL: zero, EUR: zero });

/** Some row sums freight or charges in EUR: the euro's rate is then said beside the totals. */
export function hasEuroAmounts(rows: Iterable<{ valorEUR?: number }>): boolean {
  for (const row of rows) if ((row.valorEUR ?? 0) !== 0) return true;
  return false;
}
