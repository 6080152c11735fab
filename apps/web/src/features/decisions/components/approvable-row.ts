import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';

/** Response statuses whose proposal can be approved (an answer that was not decided yet). */
const APPROVABLE_RESPONSE_STATUSES = new Set(['respondido', 'revisao_solicitada']);

export function isApprovableRow(row: Pick<ComparisonRow, 'status'>): boolean {
  return APPROVABLE_RESPONSE_STATUSES.has(row.status);
}
