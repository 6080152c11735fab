import type { JoinRequestStatus } from '@cotacoes/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { empresaJoinRequests, empresas, users } from '../../db/schema/index.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

export type JoinRequestRow = typeof empresaJoinRequests.$inferSelect;
export type JoinRequestView = JoinRequestRow & {
  empresa: { id: string; nome: string; codigo: string };
  requester: { id: string; name: string; email: string };
};

const viewColumns = {
  request: empresaJoinRequests,
  empresa: { id: empresas.id, nome: empresas.nome, codigo: empresas.codigo },
  requester: { id: users.id, name: users.name, email: users.email },
};

function toView(row: {
  request: JoinRequestRow;
  empresa: JoinRequestView['empresa'];
  requester: JoinRequestView['requester'];
}): JoinRequestView {
  return { ...row.request, empresa: row.empresa, requester: row.requester };
}

function selectViews(executor: Executor) {
  return executor
    .select(viewColumns)
    .from(empresaJoinRequests)
    .innerJoin(empresas, eq(empresas.id, empresaJoinRequests.empresaId))
    .innerJoin(users, eq(users.id, empresaJoinRequests.userId));
}

export async function listJoinRequests(
  executor: Executor,
  tenant: Tenant,
  status: JoinRequestStatus | 'all',
): Promise<JoinRequestView[]> {
  const rows = await selectViews(executor)
    .where(
      inTenant(
        empresaJoinRequests.empresaId,
        tenant,
        status === 'all' ? undefined : eq(empresaJoinRequests.status, status),
      ),
    )
    .orderBy(desc(empresaJoinRequests.createdAt))
    .limit(500);
  return rows.map(toView);
}

export async function findJoinRequestView(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<JoinRequestView | undefined> {
  const [row] = await selectViews(executor)
    .where(inTenant(empresaJoinRequests.empresaId, tenant, eq(empresaJoinRequests.id, id)))
    .limit(1);
  return row ? toView(row) : undefined;
}

/** Locks the request for a decision, so that two supervisors cannot decide it twice. */
export async function lockJoinRequest(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<JoinRequestRow | undefined> {
  const [row] = await executor
    .select()
    .from(empresaJoinRequests)
    .where(inTenant(empresaJoinRequests.empresaId, tenant, eq(empresaJoinRequests.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertJoinRequest(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof empresaJoinRequests.$inferInsert, 'empresaId'>,
): Promise<JoinRequestRow> {
  const [row] = await executor
    .insert(empresaJoinRequests)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning();
  return row!;
}

export async function decideJoinRequest(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: Pick<JoinRequestRow, 'status' | 'role' | 'motivo' | 'decidedBy'>,
): Promise<void> {
  await executor
    .update(empresaJoinRequests)
    .set({ ...values, decidedAt: new Date(), updatedAt: new Date() })
    .where(inTenant(empresaJoinRequests.empresaId, tenant, eq(empresaJoinRequests.id, id)));
}

// The requester's own requests: their view crosses tenants by nature (they are not a member yet).

export async function findLatestJoinRequestOfUser(
  executor: Executor,
  userId: string,
): Promise<JoinRequestView | undefined> {
  const [row] = await selectViews(executor)
    .where(eq(empresaJoinRequests.userId, userId))
    .orderBy(desc(empresaJoinRequests.createdAt))
    .limit(1);
  return row ? toView(row) : undefined;
}

/** Closes the user's pending requests (they joined or created a company, or asked another one). */
export async function cancelPendingJoinRequestsOfUser(executor: Executor, userId: string): Promise<number> {
  const rows = await executor
    .update(empresaJoinRequests)
    .set({ status: 'cancelada', decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(empresaJoinRequests.userId, userId), eq(empresaJoinRequests.status, 'pendente')))
    .returning({ id: empresaJoinRequests.id });
  return rows.length;
}
