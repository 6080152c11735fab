import type { TransportadorFilter } from '@cotacoes/shared';
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { grupos, grupoTransportadores, transportadorEmails, transportadores } from '../../db/schema/index.js';
import { escapeLike } from '../empresas/empresas.repository.js';
import { inTenant, type Tenant } from '../empresas/tenant.js';

export type TransportadorRow = typeof transportadores.$inferSelect;
export type GrupoRow = typeof grupos.$inferSelect;

/** A carrier with its addresses (in the order given) and its groups (by name). */
export type TransportadorFull = TransportadorRow & {
  emails: string[];
  grupos: { id: string; nome: string; cor: string }[];
};
export type GrupoFull = GrupoRow & { membros: { id: string; nome: string }[] };

export type Page = { offset: number; limit: number };

const live = () => isNull(transportadores.deletedAt);
/** Order by name ignoring case and accents (the index of the carrier list has the same expression). */
const byName = (column: AnyPgColumn) => sql`immutable_unaccent(lower(${column}))`;

/** `lower(unaccent(x)) like %search%`: the search of the lists ignores case and accents. */
function contains(column: SQL | AnyPgColumn, search: string): SQL {
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return sql`immutable_unaccent(lower(${column})) like immutable_unaccent(${pattern})`;
}

function carrierFilter(tenant: Tenant, filter: TransportadorFilter): SQL {
  const conditions: SQL[] = [live()];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    conditions.push(
      sql`(${contains(transportadores.nome, filter.search)} or exists (
        select 1 from ${transportadorEmails} e
        where e.transportador_id = ${transportadores.id} and e.deleted_at is null
          and e.email like immutable_unaccent(${pattern})))`,
    );
  }
  if (filter.grupos.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${grupoTransportadores} gt
        where gt.transportador_id = ${transportadores.id}
          and gt.grupo_id in (${sql.join(
            filter.grupos.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}))`,
    );
  }
  return inTenant(transportadores.empresaId, tenant, ...conditions);
}

export async function countTransportadores(
  executor: Executor,
  tenant: Tenant,
  filter: TransportadorFilter,
): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(transportadores)
    .where(carrierFilter(tenant, filter));
  return row?.total ?? 0;
}

/** Live carriers matching the filter, by name; one page of them when `page` is given. */
export async function listTransportadores(
  executor: Executor,
  tenant: Tenant,
  filter: TransportadorFilter,
  page?: Page,
): Promise<TransportadorFull[]> {
  const query = executor
    .select()
    .from(transportadores)
    .where(carrierFilter(tenant, filter))
    .orderBy(byName(transportadores.nome), asc(transportadores.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return withDetails(executor, tenant, rows);
}

export async function transportadorIds(
  executor: Executor,
  tenant: Tenant,
  filter: TransportadorFilter,
): Promise<string[]> {
  const rows = await executor
    .select({ id: transportadores.id })
    .from(transportadores)
    .where(carrierFilter(tenant, filter))
    .orderBy(byName(transportadores.nome), asc(transportadores.id));
  return rows.map((row) => row.id);
}

/** Adds the addresses and groups of each carrier (two queries, whatever the number of rows). */
async function withDetails(
  executor: Executor,
  tenant: Tenant,
  rows: TransportadorRow[],
): Promise<TransportadorFull[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [emailRows, grupoRows] = await Promise.all([
    executor
      .select({ transportadorId: transportadorEmails.transportadorId, email: transportadorEmails.email })
      .from(transportadorEmails)
      .where(
        inTenant(
          transportadorEmails.empresaId,
          tenant,
          inArray(transportadorEmails.transportadorId, ids),
          isNull(transportadorEmails.deletedAt),
        ),
      )
      .orderBy(asc(transportadorEmails.posicao)),
    executor
      .select({
        transportadorId: grupoTransportadores.transportadorId,
        id: grupos.id,
        nome: grupos.nome,
        cor: grupos.cor,
      })
      .from(grupoTransportadores)
      .innerJoin(grupos, eq(grupos.id, grupoTransportadores.grupoId))
      .where(
        inTenant(grupoTransportadores.empresaId, tenant, inArray(grupoTransportadores.transportadorId, ids)),
      )
      .orderBy(byName(grupos.nome)),
  ]);
  const emails = new Map<string, string[]>();
  for (const row of emailRows)
    emails.set(row.transportadorId, [...(emails.get(row.transportadorId) ?? []), row.email]);
  const memberOf = new Map<string, TransportadorFull['grupos']>();
  for (const { transportadorId, ...grupo } of grupoRows)
    memberOf.set(transportadorId, [...(memberOf.get(transportadorId) ?? []), grupo]);
  return rows.map((row) => ({
    ...row,
    emails: emails.get(row.id) ?? [],
    grupos: memberOf.get(row.id) ?? [],
  }));
}

export async function findTransportador(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<TransportadorFull | undefined> {
  const rows = await executor
    .select()
    .from(transportadores)
    .where(inTenant(transportadores.empresaId, tenant, eq(transportadores.id, id), live()))
    .limit(1);
  const [full] = await withDetails(executor, tenant, rows);
  return full;
}

/** The live carriers among `ids` (the others do not exist, were deleted or belong to another company). */
export async function existingTransportadorIds(
  executor: Executor,
  tenant: Tenant,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await executor
    .select({ id: transportadores.id })
    .from(transportadores)
    .where(inTenant(transportadores.empresaId, tenant, inArray(transportadores.id, [...ids]), live()));
  return new Set(rows.map((row) => row.id));
}

/** Which live carrier (other than `except`) already holds each of these addresses. */
export async function emailOwners(
  executor: Executor,
  tenant: Tenant,
  emails: readonly string[],
  except?: string,
): Promise<Map<string, { id: string; nome: string }>> {
  if (emails.length === 0) return new Map();
  const rows = await executor
    .select({ email: transportadorEmails.email, id: transportadores.id, nome: transportadores.nome })
    .from(transportadorEmails)
    .innerJoin(transportadores, eq(transportadores.id, transportadorEmails.transportadorId))
    .where(
      inTenant(
        transportadorEmails.empresaId,
        tenant,
        inArray(transportadorEmails.email, [...emails]),
        isNull(transportadorEmails.deletedAt),
        except ? ne(transportadorEmails.transportadorId, except) : undefined,
      ),
    );
  return new Map(rows.map(({ email, ...owner }) => [email, owner]));
}

export async function insertTransportadores(
  executor: Executor,
  tenant: Tenant,
  values: { nome: string; ativo: boolean; createdBy: string | null }[],
): Promise<TransportadorRow[]> {
  if (values.length === 0) return [];
  return executor
    .insert(transportadores)
    .values(values.map((value) => ({ ...value, empresaId: tenant.empresaId })))
    .returning();
}

export async function updateTransportador(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: { nome?: string; ativo?: boolean },
): Promise<void> {
  await executor
    .update(transportadores)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(transportadores.empresaId, tenant, eq(transportadores.id, id), live()));
}

/** Appends addresses to carriers (positions continue after the existing ones). */
export async function insertEmails(
  executor: Executor,
  tenant: Tenant,
  values: { transportadorId: string; email: string; posicao: number }[],
): Promise<void> {
  for (let i = 0; i < values.length; i += 2_000) {
    await executor
      .insert(transportadorEmails)
      .values(values.slice(i, i + 2_000).map((value) => ({ ...value, empresaId: tenant.empresaId })));
  }
}

/** Replaces a carrier's addresses. */
export async function replaceEmails(
  executor: Executor,
  tenant: Tenant,
  transportadorId: string,
  emails: readonly string[],
): Promise<void> {
  await executor
    .delete(transportadorEmails)
    .where(
      inTenant(
        transportadorEmails.empresaId,
        tenant,
        eq(transportadorEmails.transportadorId, transportadorId),
        isNull(transportadorEmails.deletedAt),
      ),
    );
  await insertEmails(
    executor,
    tenant,
    emails.map((email, posicao) => ({ transportadorId, email, posicao })),
  );
}

/** Soft delete (ADR 0009): the carrier and its addresses are kept for history, its memberships go. */
export async function softDeleteTransportador(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<boolean> {
  const now = new Date();
  const [row] = await executor
    .update(transportadores)
    .set({ deletedAt: now, updatedAt: now })
    .where(inTenant(transportadores.empresaId, tenant, eq(transportadores.id, id), live()))
    .returning({ id: transportadores.id });
  if (!row) return false;
  await executor
    .update(transportadorEmails)
    .set({ deletedAt: now })
    .where(
      inTenant(
        transportadorEmails.empresaId,
        tenant,
        eq(transportadorEmails.transportadorId, id),
        isNull(transportadorEmails.deletedAt),
      ),
    );
  await executor
    .delete(grupoTransportadores)
    .where(inTenant(grupoTransportadores.empresaId, tenant, eq(grupoTransportadores.transportadorId, id)));
  return true;
}

// ---- groups ----

function groupFilter(tenant: Tenant, search: string | undefined): SQL {
  return inTenant(
    grupos.empresaId,
    tenant,
    search
      ? sql`(${contains(grupos.nome, search)} or ${contains(sql`coalesce(${grupos.descricao}, '')`, search)})`
      : undefined,
  );
}

export async function countGrupos(executor: Executor, tenant: Tenant, search?: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(grupos).where(groupFilter(tenant, search));
  return row?.total ?? 0;
}

export async function listGrupos(
  executor: Executor,
  tenant: Tenant,
  search?: string,
  page?: Page,
): Promise<GrupoFull[]> {
  const query = executor
    .select()
    .from(grupos)
    .where(groupFilter(tenant, search))
    .orderBy(byName(grupos.nome), asc(grupos.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return withMembers(executor, tenant, rows);
}

async function withMembers(executor: Executor, tenant: Tenant, rows: GrupoRow[]): Promise<GrupoFull[]> {
  if (rows.length === 0) return [];
  const members = await executor
    .select({ grupoId: grupoTransportadores.grupoId, id: transportadores.id, nome: transportadores.nome })
    .from(grupoTransportadores)
    .innerJoin(transportadores, eq(transportadores.id, grupoTransportadores.transportadorId))
    .where(
      inTenant(
        grupoTransportadores.empresaId,
        tenant,
        inArray(
          grupoTransportadores.grupoId,
          rows.map((row) => row.id),
        ),
        live(),
      ),
    )
    .orderBy(byName(transportadores.nome), asc(transportadores.id));
  const byGroup = new Map<string, GrupoFull['membros']>();
  for (const { grupoId, ...member } of members)
    byGroup.set(grupoId, [...(byGroup.get(grupoId) ?? []), member]);
  return rows.map((row) => ({ ...row, membros: byGroup.get(row.id) ?? [] }));
}

export async function findGrupo(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<GrupoFull | undefined> {
  const rows = await executor
    .select()
    .from(grupos)
    .where(inTenant(grupos.empresaId, tenant, eq(grupos.id, id)))
    .limit(1);
  const [full] = await withMembers(executor, tenant, rows);
  return full;
}

/** The company's groups among `ids`. */
export async function existingGrupoIds(
  executor: Executor,
  tenant: Tenant,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await executor
    .select({ id: grupos.id })
    .from(grupos)
    .where(inTenant(grupos.empresaId, tenant, inArray(grupos.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** A group of the company whose name equals `nome` ignoring case and accents. */
export async function findGrupoByNome(
  executor: Executor,
  tenant: Tenant,
  nome: string,
  except?: string,
): Promise<GrupoRow | undefined> {
  const [row] = await executor
    .select()
    .from(grupos)
    .where(
      inTenant(
        grupos.empresaId,
        tenant,
        sql`immutable_unaccent(lower(${grupos.nome})) = immutable_unaccent(lower(${nome}))`,
        except ? ne(grupos.id, except) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Every group of the company, for matching names of an import file. */
export async function allGrupos(executor: Executor, tenant: Tenant): Promise<GrupoRow[]> {
  return executor.select().from(grupos).where(inTenant(grupos.empresaId, tenant));
}

export async function insertGrupo(
  executor: Executor,
  tenant: Tenant,
  values: { nome: string; descricao: string | null; cor: string; ativo: boolean; createdBy: string | null },
): Promise<GrupoRow> {
  const [row] = await executor
    .insert(grupos)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning();
  return row!;
}

export async function updateGrupo(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: { nome?: string; descricao?: string | null; cor?: string; ativo?: boolean },
): Promise<void> {
  await executor
    .update(grupos)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(grupos.empresaId, tenant, eq(grupos.id, id)));
}

export async function deleteGrupo(executor: Executor, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await executor
    .delete(grupos)
    .where(inTenant(grupos.empresaId, tenant, eq(grupos.id, id)))
    .returning({ id: grupos.id });
  return rows.length > 0;
}

/** Adds memberships; answers how many were new (existing ones are left as they are). */
export async function addMembers(
  executor: Executor,
  tenant: Tenant,
  pairs: { grupoId: string; transportadorId: string }[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < pairs.length; i += 2_000) {
    const rows = await executor
      .insert(grupoTransportadores)
      .values(pairs.slice(i, i + 2_000).map((pair) => ({ ...pair, empresaId: tenant.empresaId })))
      .onConflictDoNothing()
      .returning({ grupoId: grupoTransportadores.grupoId });
    added += rows.length;
  }
  return added;
}

export async function removeMember(
  executor: Executor,
  tenant: Tenant,
  grupoId: string,
  transportadorId: string,
): Promise<boolean> {
  const rows = await executor
    .delete(grupoTransportadores)
    .where(
      inTenant(
        grupoTransportadores.empresaId,
        tenant,
        and(
          eq(grupoTransportadores.grupoId, grupoId),
          eq(grupoTransportadores.transportadorId, transportadorId),
        ),
      ),
    )
    .returning({ grupoId: grupoTransportadores.grupoId });
  return rows.length > 0;
}

/** Sets a carrier's groups to exactly `grupoIds`. */
export async function replaceMemberships(
  executor: Executor,
  tenant: Tenant,
  transportadorId: string,
  grupoIds: readonly string[],
): Promise<void> {
  await executor
    .delete(grupoTransportadores)
    .where(
      inTenant(
        grupoTransportadores.empresaId,
        tenant,
        eq(grupoTransportadores.transportadorId, transportadorId),
      ),
    );
  await addMembers(
    executor,
    tenant,
    grupoIds.map((grupoId) => ({ grupoId, transportadorId })),
  );
}

/** Live carriers holding any of these addresses: address → carrier (for imports). */
export async function carriersByEmail(
  executor: Executor,
  tenant: Tenant,
  emails: readonly string[],
): Promise<Map<string, { id: string; nome: string; emails: string[] }>> {
  const owners = new Map<string, { id: string; nome: string; emails: string[] }>();
  for (let i = 0; i < emails.length; i += 5_000) {
    const found = await emailOwners(executor, tenant, emails.slice(i, i + 5_000));
    for (const [email, owner] of found) owners.set(email, { ...owner, emails: [] });
  }
  const ids = [...new Set([...owners.values()].map((owner) => owner.id))];
  if (ids.length === 0) return owners;
  const all = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const rows = await executor
      .select({ transportadorId: transportadorEmails.transportadorId, email: transportadorEmails.email })
      .from(transportadorEmails)
      .where(
        inTenant(
          transportadorEmails.empresaId,
          tenant,
          inArray(transportadorEmails.transportadorId, ids.slice(i, i + 5_000)),
          isNull(transportadorEmails.deletedAt),
        ),
      )
      .orderBy(asc(transportadorEmails.posicao));
    for (const row of rows)
      all.set(row.transportadorId, [...(all.get(row.transportadorId) ?? []), row.email]);
  }
  for (const owner of owners.values()) owner.emails = all.get(owner.id) ?? [];
  return owners;
}
