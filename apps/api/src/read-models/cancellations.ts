import type { CancellationInfo, ClosingInfo } from '@cotacoes/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog, QUOTE_CANCELLED_ACTION, QUOTE_CLOSED_ACTION, users } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/**
 * Who ended a quote by hand and when: the audit row the PATCH wrote ('cotacao.cancelamento' or
 * 'cotacao.encerramento', their own small index; before they had their names, 'cotacao.update' to that
 * status — the audit log is never rewritten) and the user's display name. Null when there is none.
 */
async function endingOfQuote(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  action: string,
  status: 'CANCELADA' | 'FECHADA',
): Promise<{ em: string; por: string | null } | null> {
  const [row] = await executor
    .select({ em: auditLog.createdAt, por: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        inTenant(auditLog.empresaId, tenant, eq(auditLog.entityId, cotacaoId)),
        or(
          eq(auditLog.action, action),
          and(eq(auditLog.action, 'cotacao.update'), sql`${auditLog.details} ->> 'status' = ${status}`),
        ),
        eq(auditLog.entity, 'cotacao'),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row ? { em: row.em.toISOString(), por: row.por } : null;
}

/** Who cancelled a quote and when, as the quote detail shows it. */
export async function cancellationOfQuote(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
): Promise<CancellationInfo | null> {
  const row = await endingOfQuote(executor, tenant, cotacaoId, QUOTE_CANCELLED_ACTION, 'CANCELADA');
  return row ? { canceladoEm: row.em, canceladoPor: row.por } : null;
}

/** Who closed a quote ('Encerrar') and when, as the quote detail shows it. */
export async function closingOfQuote(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
): Promise<ClosingInfo | null> {
  const row = await endingOfQuote(executor, tenant, cotacaoId, QUOTE_CLOSED_ACTION, 'FECHADA');
  return row ? { encerradoEm: row.em, encerradoPor: row.por } : null;
}
