import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import type { QuoteStatus } from '@cotacoes/shared/schemas/quotes';
import { destinationsOf } from './comparison-rows';

/**
 * Spec 001 §4, the approval screen's own vocabulary (lower case): our statuses map to its words. The
 * three waiting statuses are 'aberta' (the quote can still be decided), a closed quote 'finalizada'.
 */
const APPROVAL_VOCABULARY: Record<QuoteStatus, string> = {
  AGUARDANDO_RESPOSTA: 'aberta',
  AGUARDANDO_APROVACAO: 'aberta',
  AGUARDANDO_REVISAO: 'aberta',
  APROVADA: 'aprovada',
  FECHADA: 'finalizada',
  CANCELADA: 'cancelada',
};

export type ApprovalBadgeColor = 'yellow' | 'green' | 'red';

/** aberta yellow, aprovada green, cancelada red, every other value red (spec 001 §4). */
export function approvalStatus(status: string): { key: string; color: ApprovalBadgeColor } {
  const key = APPROVAL_VOCABULARY[status as QuoteStatus] ?? status.toLowerCase();
  const color = key === 'aberta' ? 'yellow' : key === 'aprovada' ? 'green' : 'red';
  return { key, color };
}

/** Response statuses whose proposal can be approved (an answer that was not decided yet). */
const APPROVABLE_RESPONSE_STATUSES = new Set(['respondido', 'revisao_solicitada']);

export function isApprovableRow(row: Pick<ComparisonRow, 'status'>): boolean {
  return APPROVABLE_RESPONSE_STATUSES.has(row.status);
}

export type ApprovalCheck =
  | { ok: true; responseId: string; destino: string | undefined }
  | { ok: false; reason: 'response' | 'destination' };

/**
 * Spec 001 §4/§5: a response must be chosen, and a destination when its proposal has several ('Destino
 * Não Selecionado'); with one destination it is sent along, with none it is left out.
 */
export function checkApproval(
  rows: readonly ComparisonRow[],
  respostaId: string | null,
  destino: string | null,
): ApprovalCheck {
  if (!respostaId || !rows.some((row) => row.respostaId === respostaId))
    return { ok: false, reason: 'response' };
  const destinations = destinationsOf(rows, respostaId);
  if (destinations.length > 1) {
    if (!destino || !destinations.includes(destino)) return { ok: false, reason: 'destination' };
    return { ok: true, responseId: respostaId, destino };
  }
  return { ok: true, responseId: respostaId, destino: destinations[0] };
}
