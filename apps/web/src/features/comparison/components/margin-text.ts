import { exchangeMarginSchema } from '@cotacoes/shared/schemas/comparison';

/* The exchange margin as an analyst types and reads it (pt-BR: '2,5'); no React here. */

/** The typed margin as a number (a comma or a point as the decimal mark), or null while it breaks the rule. */
export function parseMargin(text: string): number | null {
  if (!text.trim()) return null;
  const parsed = exchangeMarginSchema.safeParse(text.trim().replace(',', '.'));
  return parsed.success ? parsed.data : null;
}

/** A margin as an analyst writes it: '2,5', '3'. */
export function marginInputText(value: number): string {
  return String(Math.round(value * 10) / 10).replace('.', ',');
}
