import type { CancellationInfo } from '@cotacoes/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog, QUOTE_CANCELLED_ACTION, users } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/**
 * Who cancelled a quote and when, as the quote detail shows it: the audit row the cancelling PATCH wrote
 * ('cotacao.cancelamento', its own small index; before it had its name, 'cotacao.update' to CANCELADA) and the user's display name. Null when there is none.
 */
export async function cancellationOfQuote(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
): Promise<CancellationInfo | null> {
  const [row] = await executor
    .select({ canceladoEm: auditLog.createdAt, canceladoPor: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        inTenant(auditLog.empresaId, tenant, eq(auditLog.entityId, cotacaoId)),
        or(
          eq(auditLog.action, QUOTE_CANCELLED_ACTION),
          // Cancelled before the action had its own name (the audit log is never rewritten).
          and(eq(auditLog.action, 'cotacao.update'), sql`${auditLog.details} ->> 'status' = 'CANCELADA'`),
        ),
        eq(auditLog.entity, 'cotacao'),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row ? { canceladoEm: row.canceladoEm.toISOString(), canceladoPor: row.canceladoPor } : null;
}
