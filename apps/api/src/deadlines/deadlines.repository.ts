import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cotacoes } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/** A quote still waiting for answers whose deadline passed with at least one answer (ADR 0015). */
const due = (now: Date) =>
  and(
    eq(cotacoes.status, 'AGUARDANDO_RESPOSTA'),
    isNull(cotacoes.deletedAt),
    lte(cotacoes.prazoResposta, now),
    gte(cotacoes.respostasRecebidas, 1),
  );

/** The companies that have such quotes (global: the job runs for every company, one at a time). */
export async function companiesWithDueQuotes(executor: Executor, now: Date): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ empresaId: cotacoes.empresaId })
    .from(cotacoes)
    .where(due(now));
  return rows.map((row) => row.empresaId);
}

/**
 * Moves a company's due quotes to AGUARDANDO_APROVACAO and answers them. A quote another transaction
 * holds (an approval, a reply) is re-checked after it commits and skipped when no longer due.
 */
export async function moveDueQuotes(executor: Executor, tenant: Tenant, now: Date) {
  return executor
    .update(cotacoes)
    .set({ status: 'AGUARDANDO_APROVACAO', updatedAt: now })
    .where(inTenant(cotacoes.empresaId, tenant, due(now)))
    .returning({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      prazoResposta: cotacoes.prazoResposta,
      respostasRecebidas: cotacoes.respostasRecebidas,
      totalDestinatarios: cotacoes.totalDestinatarios,
    });
}
