import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';

/** Response statuses whose proposal can be approved (an answer that was not decided yet). */
const APPROVABLE_RESPONSE_STATUSES = new Set(['respondido', 'revisao_solicitada']);

/** A row that can be approved: an undecided answer with a proposal (a carrier that declined sent none). */
export function isApprovableRow(row: Pick<ComparisonRow, 'status' | 'declinou'>): boolean {
  return !row.declinou && APPROVABLE_RESPONSE_STATUSES.has(row.status);
}
