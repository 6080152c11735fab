/** The two currencies a fee or freight line is summed in; anything else is shown but not summed. */
export type FeeCurrency = 'USD' | 'BRL';

/** '$', 'US$' and 'USD' are USD; 'R$' and 'BRL' are BRL; anything else is not summed. */
export function feeCurrency(moeda: string | null | undefined): FeeCurrency | null {
  if (moeda === 'USD' || moeda === 'BRL') return moeda;
  const code = (moeda ?? '').trim().toUpperCase();
  if (code === '$' || code === 'USD' || code === 'US$' || code === 'U$') return 'USD';
  if (code === 'R$' || code === 'BRL') return 'BRL';
  return null;
}
