import type { MemberListQuery } from '@cotacoes/shared';
import { and, asc, eq, isNull, like, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { empresaJoinRequests, empresas, pendingInvites, users } from '../../db/schema/index.js';
import { escapeLike, matchesSearch } from '../../db/sql.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

import type { EmpresaRow } from '../../read-models/empresas.js';

export { type EmpresaRow, findEmpresaById } from '../../read-models/empresas.js';
export type UserRow = typeof users.$inferSelect;

// ---- companies (the tenants themselves) ----

export async function listEmpresas(executor: Executor): Promise<EmpresaRow[]> {
  return executor.select().from(empresas).orderBy(asc(empresas.nome), asc(empresas.codigo));
}

export async function findEmpresaByCnpj(executor: Executor, cnpj: string): Promise<EmpresaRow | undefined> {
  const [row] = await executor.select().from(empresas).where(eq(empresas.cnpj, cnpj)).limit(1);
  return row;
}

export async function findEmpresaByCodigo(
  executor: Executor,
  codigo: string,
): Promise<EmpresaRow | undefined> {
  const [row] = await executor.select().from(empresas).where(eq(empresas.codigo, codigo)).limit(1);
  return row;
}

/** Codes that start with `prefix` (to pick the next free generated code). */
export async function codigosStartingWith(executor: Executor, prefix: string): Promise<string[]> {
  const rows = await executor
    .select({ codigo: empresas.codigo })
    .from(empresas)
    .where(like(empresas.codigo, `${escapeLike(prefix)}%`));
  return rows.map((row) => row.codigo);
}

export async function insertEmpresa(
  executor: Executor,
  values: typeof empresas.$inferInsert,
): Promise<EmpresaRow> {
  const [row] = await executor.insert(empresas).values(values).returning();
  return row!;
}

export async function updateEmpresa(
  executor: Executor,
  tenant: Tenant,
  values: Partial<typeof empresas.$inferInsert>,
): Promise<EmpresaRow> {
  const [row] = await executor
    .update(empresas)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(empresas.id, tenant.empresaId))
    .returning();
  return row!;
}

export async function deleteEmpresa(executor: Executor, tenant: Tenant): Promise<void> {
  await executor.delete(empresas).where(eq(empresas.id, tenant.empresaId));
}

/** What a company still holds: members, open invites and pending join requests. */
export async function countEmpresaData(
  executor: Executor,
  tenant: Tenant,
): Promise<{ usuarios: number; convitesPendentes: number; solicitacoesPendentes: number }> {
  const count = sql<number>`count(*)::int`;
  const [[usuarios], [convites], [solicitacoes]] = await Promise.all([
    executor
      .select({ count })
      .from(users)
      .where(inTenant(users.empresaId, tenant, isMember())),
    executor
      .select({ count })
      .from(pendingInvites)
      .where(inTenant(pendingInvites.empresaId, tenant, isNull(pendingInvites.activatedAt))),
    executor
      .select({ count })
      .from(empresaJoinRequests)
      .where(inTenant(empresaJoinRequests.empresaId, tenant, eq(empresaJoinRequests.status, 'pendente'))),
  ]);
  return {
    usuarios: usuarios?.count ?? 0,
    convitesPendentes: convites?.count ?? 0,
    solicitacoesPendentes: solicitacoes?.count ?? 0,
  };
}

// ---- members: users of a company (a desenvolvedor is never listed as one) ----

function isMember(): SQL {
  return ne(users.role, 'desenvolvedor');
}

export async function listMembers(
  executor: Executor,
  tenant: Tenant,
  query: MemberListQuery,
): Promise<UserRow[]> {
  return executor
    .select()
    .from(users)
    .where(
      inTenant(
        users.empresaId,
        tenant,
        isMember(),
        query.role === 'all' ? undefined : eq(users.role, query.role),
        matchesSearch([users.name, users.email], query.search),
      ),
    )
    .orderBy(asc(users.name), asc(users.email))
    .limit(1000);
}

export async function findMember(
  executor: Executor,
  tenant: Tenant,
  userId: string,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .select()
    .from(users)
    .where(inTenant(users.empresaId, tenant, isMember(), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function listSupervisorEmails(executor: Executor, tenant: Tenant): Promise<string[]> {
  const rows = await executor
    .select({ email: users.email })
    .from(users)
    .where(inTenant(users.empresaId, tenant, eq(users.role, 'supervisor'), isNull(users.disabledAt)))
    .orderBy(asc(users.createdAt))
    .limit(20);
  return rows.map((row) => row.email);
}

/** Members of a company (to unlink them when it is deleted). */
export async function memberIds(executor: Executor, tenant: Tenant): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(inTenant(users.empresaId, tenant, isMember()));
  return rows.map((row) => row.id);
}

/** Makes `userId` a member of the tenant with `role`. */
export async function linkUser(
  executor: Executor,
  tenant: Tenant,
  userId: string,
  role: UserRow['role'],
): Promise<UserRow> {
  const [row] = await executor
    .update(users)
    .set({ empresaId: tenant.empresaId, role, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Ends the membership: no company and the default role. */
export async function unlinkMember(executor: Executor, tenant: Tenant, userId: string): Promise<void> {
  await executor
    .update(users)
    .set({ empresaId: null, role: 'usuario', updatedAt: new Date() })
    .where(inTenant(users.empresaId, tenant, isMember(), eq(users.id, userId)));
}

/** A desenvolvedor's visão: the company they act in. */
export async function setVisao(
  executor: Executor,
  userId: string,
  tenant: Tenant,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .update(users)
    .set({ empresaId: tenant.empresaId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.role, 'desenvolvedor')))
    .returning();
  return row;
}
