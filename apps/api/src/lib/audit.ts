import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

export type AuditContext = {
  userId?: string | null;
  empresaId?: string | null;
  requestId?: string;
  ip?: string;
};

/** Writes the audit row of a state change; call it inside the change's transaction (S13). */
export async function writeAudit(
  executor: Executor,
  context: AuditContext,
  action: string,
  entry: { entity?: string; entityId?: string; details?: Record<string, unknown> } = {},
): Promise<void> {
  await executor.insert(auditLog).values({
    action,
    userId: context.userId ?? null,
    empresaId: context.empresaId ?? null,
    requestId: context.requestId,
    ip: context.ip,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details ?? {},
  });
}
