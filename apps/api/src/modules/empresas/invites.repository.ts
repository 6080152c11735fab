import type { MemberListQuery } from '@cotacoes/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { empresas, pendingInvites } from '../../db/schema/index.js';
import { matchesSearch } from '../../db/sql.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

export type InviteRow = typeof pendingInvites.$inferSelect;

export async function listInvites(
  executor: Executor,
  tenant: Tenant,
  query: MemberListQuery,
): Promise<InviteRow[]> {
  return executor
    .select()
    .from(pendingInvites)
    .where(
      inTenant(
        pendingInvites.empresaId,
        tenant,
        query.role === 'all' ? undefined : eq(pendingInvites.role, query.role),
        matchesSearch([pendingInvites.name, pendingInvites.email], query.search),
      ),
    )
    .orderBy(desc(pendingInvites.createdAt))
    .limit(1000);
}

export async function findInvite(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<InviteRow | undefined> {
  const [row] = await executor
    .select()
    .from(pendingInvites)
    .where(inTenant(pendingInvites.empresaId, tenant, eq(pendingInvites.id, id)))
    .limit(1);
  return row;
}

export async function findOpenInviteForEmail(
  executor: Executor,
  tenant: Tenant,
  email: string,
): Promise<InviteRow | undefined> {
  const [row] = await executor
    .select()
    .from(pendingInvites)
    .where(
      inTenant(
        pendingInvites.empresaId,
        tenant,
        eq(pendingInvites.email, email),
        isNull(pendingInvites.activatedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertInvite(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof pendingInvites.$inferInsert, 'empresaId'>,
): Promise<InviteRow> {
  const [row] = await executor
    .insert(pendingInvites)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning();
  return row!;
}

export async function updateInvite(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: Partial<Pick<InviteRow, 'name' | 'role' | 'tokenHash' | 'createdBy' | 'createdAt'>>,
): Promise<InviteRow> {
  const [row] = await executor
    .update(pendingInvites)
    .set(values)
    .where(inTenant(pendingInvites.empresaId, tenant, eq(pendingInvites.id, id)))
    .returning();
  return row!;
}

export async function markInviteActivated(
  executor: Executor,
  tenant: Tenant,
  id: string,
  userId: string,
): Promise<void> {
  await executor
    .update(pendingInvites)
    .set({ activatedAt: new Date(), activatedUserId: userId })
    .where(inTenant(pendingInvites.empresaId, tenant, eq(pendingInvites.id, id)));
}

export async function deleteInvite(executor: Executor, tenant: Tenant, id: string): Promise<void> {
  await executor
    .delete(pendingInvites)
    .where(inTenant(pendingInvites.empresaId, tenant, eq(pendingInvites.id, id)));
}

// The invited person's own look-ups: they cross tenants by nature (which companies invited this e-mail?).

/** The newest open invite of an e-mail, in any company (registration links it). */
export async function findNewestOpenInviteOfEmail(
  executor: Executor,
  email: string,
): Promise<InviteRow | undefined> {
  const [row] = await executor
    .select()
    .from(pendingInvites)
    .where(and(eq(pendingInvites.email, email), isNull(pendingInvites.activatedAt)))
    .orderBy(desc(pendingInvites.createdAt))
    .limit(1);
  return row;
}

/** The open invite a link's token belongs to, with its company's name. */
export async function findOpenInviteByTokenHash(
  executor: Executor,
  tokenHash: string,
): Promise<(InviteRow & { empresaNome: string }) | undefined> {
  const [row] = await executor
    .select({ invite: pendingInvites, empresaNome: empresas.nome })
    .from(pendingInvites)
    .innerJoin(empresas, eq(empresas.id, pendingInvites.empresaId))
    .where(and(eq(pendingInvites.tokenHash, tokenHash), isNull(pendingInvites.activatedAt)))
    .limit(1);
  return row ? { ...row.invite, empresaNome: row.empresaNome } : undefined;
}

/** A desenvolvedor's administration: the company an invite belongs to. */
export async function findInviteEmpresaId(executor: Executor, id: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ empresaId: pendingInvites.empresaId })
    .from(pendingInvites)
    .where(eq(pendingInvites.id, id))
    .limit(1);
  return row?.empresaId;
}
