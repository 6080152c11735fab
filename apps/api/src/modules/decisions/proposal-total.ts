import type { ComparisonRow } from '@cotacoes/shared';
import { round, subtract, toDecimal, toNumber } from '@cotacoes/shared/comparison/decimal';
import { rowOfDestination } from '@cotacoes/shared/comparison/names';

/*
 * The price feedback of a carrier not chosen (ADR 0018): its total in BRL from the Comparação tab's rows
 * (the same shared rules, PTAX and margin the analyst saw), compared with the chosen proposal's.
 */

/**
 * A response's own total in BRL for the approved destination — freight and fees, without the importer's road
 * estimate, as the carrier's e-mail says its total (ADR 0018 addendum; QA pass 38: "8,0 % acima" held the
 * road cost on both sides, 9,1 % on the carriers' charges): its row for that destination (the comparison's
 * place rule); a response that names no port, its only row; null when it has no row for that port (QA pass
 * 39: a carrier that priced Santos only was told how far its Santos total was above the Itapoá approved) or
 * no total.
 */
export function totalOfRow(
  rows: readonly ComparisonRow[],
  respostaId: string,
  destino: string | null,
): number | null {
  const own = rows.filter((row) => row.respostaId === respostaId);
  const unnamed = own.length === 1 && own[0]?.destino === null ? own[0] : undefined;
  const row = destino === null ? own[0] : (rowOfDestination(own, destino) ?? unnamed);
  if (!row?.precificada) return null;
  const carrierTotal = toNumber(
    round(subtract(toDecimal(row.custoTotalBRL), toDecimal(row.custoRodoviario ?? 0)), 2),
  );
  return carrierTotal > 0 ? carrierTotal : null;
}

/** How many percent `other` is above `chosen` (one decimal), or null when it is not above or unknown. */
export function percentAbove(other: number, chosen: number): number | null {
  if (chosen <= 0 || other <= chosen) return null;
  return Math.round(((other - chosen) * 1000) / chosen) / 10;
}
