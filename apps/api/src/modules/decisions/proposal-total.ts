import type { ComparisonRow } from '@cotacoes/shared';
import { rowOfDestination } from '@cotacoes/shared/comparison/names';

/*
 * The price feedback of a carrier not chosen (ADR 0018): its total in BRL from the Comparação tab's rows
 * (the same shared rules, PTAX and margin the analyst saw), compared with the chosen proposal's.
 */

/**
 * A response's total in BRL for the approved destination: its row for that destination (the comparison's
 * place rule), else its only (or first) row; null when it has no row or no total.
 */
export function totalOfRow(
  rows: readonly ComparisonRow[],
  respostaId: string,
  destino: string | null,
): number | null {
  const own = rows.filter((row) => row.respostaId === respostaId);
  const row = rowOfDestination(own, destino) ?? own[0];
  return row?.precificada && row.custoTotalBRL > 0 ? row.custoTotalBRL : null;
}

/** How many percent `other` is above `chosen` (one decimal), or null when it is not above or unknown. */
export function percentAbove(other: number, chosen: number): number | null {
  if (chosen <= 0 || other <= chosen) return null;
  return Math.round(((other - chosen) * 1000) / chosen) / 10;
}
