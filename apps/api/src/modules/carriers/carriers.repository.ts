import type { TransportadorFilter } from '@cotacoes/shared';
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { grupos, grupoTransportadores, transportadorEmails, transportadores } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';
import { inTenant, type Tenant } from '../../db/tenant.js';
import { AppError } from '../../lib/errors.js';

export type TransportadorRow = typeof transportadores.$inferSelect;
export type GrupoRow = typeof grupos.$inferSelect;

/** A carrier with its addresses (in the order given) and its groups (by name). */
export type TransportadorFull = TransportadorRow & {
  emails: string[];
  grupos: { id: string; nome: string; cor: string }[];
};
export type GrupoFull = GrupoRow & { membros: { id: string; nome: string }[] };

export type Page = { offset: number; limit: number };

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const live = () => isNull(transportadores.deletedAt);
/** Groups are few: ordered by their name without case and accents, computed on the fly. */
const byName = (column: AnyPgColumn) => sql`immutable_unaccent(lower(${column}))`;

/** `column like %search%` with the term without case and accents (the column already is). */
function contains(column: SQL | AnyPgColumn, search: string): SQL {
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return sql`${column} like immutable_unaccent(${pattern})`;
}
const unaccented = (column: SQL | AnyPgColumn) => sql`immutable_unaccent(lower(${column}))`;

function carrierFilter(tenant: Tenant, filter: TransportadorFilter): SQL {
  const conditions: SQL[] = [live()];
  // `busca` holds the name and addresses without case and accents (trigram-indexed).
  if (filter.search) conditions.push(contains(transportadores.busca, filter.search));
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

/** A carrier's groups as JSON, by name: one correlated sub-query instead of a round trip. */
const gruposJson = sql<TransportadorFull['grupos']>`coalesce((
  select json_agg(json_build_object('id', g.id, 'nome', g.nome, 'cor', g.cor)
    order by immutable_unaccent(lower(g.nome)), g.id)
  from ${grupoTransportadores} gt join ${grupos} g on g.id = gt.grupo_id
  where gt.transportador_id = "transportadores"."id"), '[]'::json)`;

/**
 * Live carriers matching the filter, by name, with their addresses (from the search column, in order)
 * and groups, in one query; `total` counts every match (one page of them when `page` is given).
 */
export async function listTransportadores(
  executor: Executor,
  tenant: Tenant,
  filter: TransportadorFilter,
  page?: Page,
): Promise<{ rows: TransportadorFull[]; total: number }> {
  // The page is picked first (index order, count of every match), then only its rows get their groups:
  // a late page does not build the groups of every row before it.
  const picked = executor.$with('pagina').as(
    (() => {
      const query = executor
        .select({
          pickedId: sql<string>`${transportadores.id}`.as('picked_id'),
          total: sql<number>`count(*) over ()`.as('total'),
          position:
            sql<number>`row_number() over (order by ${transportadores.nomeBusca}, ${transportadores.id})`.as(
              'position',
            ),
        })
        .from(transportadores)
        .where(carrierFilter(tenant, filter))
        .orderBy(transportadores.nomeBusca, asc(transportadores.id));
      return page ? query.limit(page.limit).offset(page.offset) : query;
    })(),
  );
  const found = (
    await executor
      .with(picked)
      .select({ row: transportadores, grupos: gruposJson, total: picked.total })
      .from(picked)
      .innerJoin(transportadores, eq(transportadores.id, picked.pickedId))
      .orderBy(picked.position)
  ).map((item) => ({ ...item, total: Number(item.total) }));
  const total =
    found[0]?.total ?? (page && page.offset > 0 ? await countTransportadores(executor, tenant, filter) : 0);
  const rows = found.map(({ row, grupos: memberOf }) => ({
    ...row,
    emails: row.emailsBusca.split(' ').filter(Boolean),
    grupos: typeof memberOf === 'string' ? JSON.parse(memberOf) : memberOf,
  }));
  return { rows, total };
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
    .orderBy(transportadores.nomeBusca, asc(transportadores.id));
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
  for (const row of emailRows) pushTo(emails, row.transportadorId, row.email);
  const memberOf = new Map<string, TransportadorFull['grupos']>();
  for (const { transportadorId, ...grupo } of grupoRows) pushTo(memberOf, transportadorId, grupo);
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
  await syncEmailsBusca(executor, tenant, [...new Set(values.map((value) => value.transportadorId))]);
}

/** Copies the live addresses of these carriers into their search column. */
async function syncEmailsBusca(executor: Executor, tenant: Tenant, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 2_000) {
    await executor
      .update(transportadores)
      .set({
        emailsBusca: sql`coalesce((select string_agg(e.email, ' ' order by e.posicao) from ${transportadorEmails} e
          where e.transportador_id = ${transportadores.id} and e.deleted_at is null), '')`,
      })
      .where(
        inTenant(transportadores.empresaId, tenant, inArray(transportadores.id, ids.slice(i, i + 2_000))),
      );
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
      ? sql`(${contains(unaccented(grupos.nome), search)} or ${contains(unaccented(sql`coalesce(${grupos.descricao}, '')`), search)})`
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
  // One row per group with its members as a JSON array built by the database: a group of the
  // company's thousands of carriers costs one parsed JSON value, not one mapped row per member.
  const members = await executor
    .select({
      grupoId: grupoTransportadores.grupoId,
      membros: sql<
        GrupoFull['membros']
      >`json_agg(json_build_object('id', ${transportadores.id}, 'nome', ${transportadores.nome}) order by ${transportadores.nomeBusca}, ${transportadores.id})`,
    })
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
    .groupBy(grupoTransportadores.grupoId);
  const byGroup = new Map(members.map(({ grupoId, membros }) => [grupoId, parsedJson(membros)]));
  return rows.map((row) => ({ ...row, membros: byGroup.get(row.id) ?? [] }));
}

/** node-postgres parses `json` values; PGlite may hand them over as text. */
function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
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

/** 404 unless every id is a group of the company. */
export async function requireGrupos(
  executor: Executor,
  tenant: Tenant,
  ids: readonly string[],
): Promise<void> {
  const wanted = [...new Set(ids)];
  const found = await existingGrupoIds(executor, tenant, wanted);
  if (found.size !== wanted.length) throw new AppError('GRUPO_NOT_FOUND');
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
    for (const row of rows) pushTo(all, row.transportadorId, row.email);
  }
  for (const owner of owners.values()) owner.emails = all.get(owner.id) ?? [];
  return owners;
}
