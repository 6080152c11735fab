import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cotacoes } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/**
 * A quote the deadline moves (ADR 0015, `nextQuoteStatus`): still waiting for answers, its deadline passed,
 * at least one answer. The filter only finds them by the deadline index; the lifecycle decides.
 */
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
 * A company's due quotes, row-locked. A quote another transaction holds (an approval, a reply) is
 * re-checked after it commits and skipped when no longer due.
 */
export async function lockDueQuotes(executor: Executor, tenant: Tenant, now: Date) {
  return executor
    .select({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      prazoResposta: cotacoes.prazoResposta,
      respostasRecebidas: cotacoes.respostasRecebidas,
      totalDestinatarios: cotacoes.totalDestinatarios,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, due(now)))
    .for('update');
}
