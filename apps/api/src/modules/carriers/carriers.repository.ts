import { nameKey, type TransportadorFilter } from '@cotacoes/shared';
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.js';
import { prepared, queryRows } from '../../db/prepared.js';
import { grupos, grupoTransportadores, transportadorEmails, transportadores } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';
import { inTenant, type Tenant } from '../../db/tenant.js';
import { AppError } from '../../lib/errors.js';
import { StampedCache } from '../../lib/stamped-cache.js';

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

/** A search counts its matches up to this many (P1: counts bounded); beyond, the list says 'mais de 100'. */
export const SEARCH_COUNT_CAP = 100;

/** What a carrier list shows of each carrier (the spec's Transportador, before the wire's joined e-mail). */
export type CarrierListRow = {
  id: string;
  nome: string;
  ativo: boolean;
  emails: string[];
  grupos: { id: string; nome: string; cor: string }[];
};

/**
 * A list's row as the driver hands it over: a carrier (addresses from the search column, group ids from
 * `grupo_ids`), with the version of the company's groups (`versao`, bigint as text) and, in a page
 * statement, its count. A page past the end, or a list with no carrier, is one row without a carrier (id
 * null) that still carries them.
 */
type RawRow = {
  total: number | null;
  versao: string;
  /** The company's carrier list version in the statement's snapshot (migration 0033). */
  stamp: string;
  id: string | null;
  nome: string;
  ativo: boolean;
  emailsBusca: string;
  grupoIds: string;
};

/** The columns of a picked carrier `r`: its groups' ids are kept on its row (migration 0015). */
const ROW_COLUMNS = `r.id, r.nome, r.ativo, r.emails_busca as "emailsBusca", r.grupo_ids as "grupoIds"`;

/** The company's ($1) carrier list version (migration 0033), read in the same snapshot as a list. */
const STAMP = `coalesce((select s.versao from carrier_stamps s where s.empresa_id = $1), 0)::text`;

/**
 * The company's ($1) counter row: its live carriers (`total`) and the version of its groups (`versao`),
 * as one row even before the company has any.
 */
const COUNTERS = `(select coalesce(n.total, 0)::int as total, coalesce(n.grupos_versao, 0)::text as versao,
    ${STAMP} as stamp
    from (values (1)) one left join transportador_contagens n on n.empresa_id = $1)`;

/**
 * The rows of the carriers in `pick` (id, nome_busca), in its order: only they get their columns, each
 * by its primary key (a lateral lookup, whatever the generic plan guesses of the page's size).
 */
const rowsOf = (pick: string) => `
  select r.* from ${pick} pick cross join lateral (
    select ${ROW_COLUMNS} from transportadores r where r.id = pick.id limit 1) r
  order by pick.nome_busca, pick.id`;

/**
 * The unfiltered list: the company's total from transportador_contagens (migration 0014) and one page
 * ($2 limit, $3 offset) picked from the (empresa_id, nome_busca, id) index alone. A page in the second
 * half is walked to from the end (the index read backwards, skipping the rows after the page): the last
 * page costs what the first does. The total is the index's live rows, so the branch is chosen exactly
 * (each branch's condition is a one-time filter: only one runs). One plan whatever the company's size,
 * so it is prepared once per connection.
 */
const PAGE_ALL = `
  select c.total, c.versao, c.stamp, p.* from ${COUNTERS} c
  left join lateral (${rowsOf(`(
      (select t.id, t.nome_busca from transportadores t
        where $3::int * 2 <= c.total and t.empresa_id = $1 and t.deleted_at is null
        order by t.nome_busca, t.id limit $2 offset $3)
      union all
      (select t.id, t.nome_busca from transportadores t
        where $3::int * 2 > c.total and $3::int < c.total and t.empresa_id = $1 and t.deleted_at is null
        order by t.nome_busca desc, t.id desc
        limit greatest(least($2::int, c.total - $3::int), 0) offset greatest(c.total - $3::int - $2::int, 0)))`)}) p on true`;

/**
 * `where` of a list: $1 is the company; the search pattern and/or the group ids are added to `values`.
 * The groups are checked to be the company's, so their memberships are read from the primary key alone.
 */
function filterOf(filter: TransportadorFilter, values: unknown[]): string {
  const conditions = ['t.empresa_id = $1', 't.deleted_at is null'];
  if (filter.search) {
    values.push(`%${escapeLike(filter.search.toLowerCase())}%`);
    // `busca` holds the name and addresses without case and accents (trigram-indexed).
    conditions.push(`t.busca like immutable_unaccent($${values.length})`);
  }
  if (filter.grupos.length > 0) {
    values.push(filter.grupos);
    conditions.push(`t.id in (select m.transportador_id from grupo_transportadores m
      where m.grupo_id = any($${values.length}::uuid[]))`);
  }
  return conditions.join(' and ');
}

/**
 * The carriers (id, nome_busca) in any of the filtered groups of the company ($1), matching the search when
 * there is one: read from the memberships alone, which carry their carrier's sort name and search text, and
 * which a deleted carrier has none of (migration 0016). The groups and the pattern are added to `values`.
 */
function membersOf(filter: TransportadorFilter, values: unknown[]): string {
  values.push(filter.grupos);
  const conditions = [`m.grupo_id = any($${values.length}::uuid[])`, 'm.empresa_id = $1'];
  if (filter.search) {
    values.push(`%${escapeLike(filter.search.toLowerCase())}%`);
    // The pattern without accents once per statement (an init plan), not once per membership.
    conditions.push(`m.busca like (select immutable_unaccent($${values.length}))`);
  }
  return `select distinct m.transportador_id as id, m.nome_busca from grupo_transportadores m
    where ${conditions.join(' and ')}`;
}

/**
 * A page ($2 limit, $3 offset after the company) cut from `matches` (id, nome_busca; each carrier once),
 * which are read once into a materialized CTE and are also its count, in one round trip.
 */
const countedPage = (matches: string) => `
  with m as materialized (${matches})
  select c.total, v.versao, v.stamp, p.* from (select count(*)::int as total from m) c cross join ${COUNTERS} v
  left join lateral (${rowsOf('(select m.id, m.nome_busca from m order by m.nome_busca, m.id limit $2 offset $3)')}) p on true`;

/**
 * One group's page ($4; $2 limit, $3 offset), without a search: a group's memberships are unique, so its
 * count and its page are read from the (group, company, name) index in order, with no distinct and no
 * sort (half the database time of `countedPage(membersOf(…))` for a group of 600). Prepared once per
 * connection.
 */
const PAGE_ONE_GROUP = `
  select c.total, v.versao, v.stamp, p.* from (select count(*)::int as total from grupo_transportadores m
      where m.grupo_id = $4::uuid and m.empresa_id = $1) c cross join ${COUNTERS} v
  left join lateral (${rowsOf(`(select m.transportador_id as id, m.nome_busca from grupo_transportadores m
      where m.grupo_id = $4::uuid and m.empresa_id = $1
      order by m.nome_busca, m.transportador_id limit $2 offset $3)`)}) p on true`;

/**
 * A search's page ($2 limit, $3 offset after the company) in one round trip (under ten clients each query
 * held Node's thread 0.15–0.25 ms in writev, much of it yielding the core to PostgreSQL): its first
 * SEARCH_COUNT_CAP + 1 matches by name (by the trigram index and a sort for a rare term, by walking the
 * name index for a common one: its plan depends on the term, so it is planned per call) are both its count
 * and the rows the page is cut from. `walk`: a common term paged past them, walked to its page, uncounted.
 */
const searchPage = (where: string, walk: boolean) => {
  const matches = `select t.id, t.nome_busca from transportadores t where ${where} order by t.nome_busca, t.id`;
  return walk
    ? `select null::int as total, v.versao, v.stamp, p.* from ${COUNTERS} v
      left join lateral (${rowsOf(`(${matches} limit $2 offset $3)`)}) p on true`
    : countedPage(`${matches} limit ${SEARCH_COUNT_CAP + 1}`);
};

/** A company's group as a list shows it, and its place in the order of the company's groups (by name). */
type CompanyGroup = { grupo: CarrierListRow['grupos'][number]; position: number };

/**
 * Each company's groups, kept per database handle while the version read with the page is the one they
 * were read at (migration 0015): a page reads its carriers, not the company's groups every time. Loaded
 * after the version was read, a kept list is never older than its version.
 */
const companyGroups = new WeakMap<object, StampedCache<{ byId: Map<string, CompanyGroup> }>>();

const GROUPS_BY_NAME = `select g.id, g.nome, g.cor from grupos g where g.empresa_id = $1
  order by immutable_unaccent(lower(g.nome)), g.id`;

async function groupsOfCompany(
  db: Database,
  tenant: Tenant,
  versao: string,
): Promise<Map<string, CompanyGroup>> {
  let cache = companyGroups.get(db);
  if (!cache) {
    cache = new StampedCache(1024);
    companyGroups.set(db, cache);
  }
  const kept = await cache.get(tenant.empresaId, versao, async () => {
    const rows = await queryRows<{ id: string; nome: string; cor: string }>(
      db,
      GROUPS_BY_NAME,
      [tenant.empresaId],
      'carriers_company_groups',
    );
    return {
      byId: new Map(
        rows.map((row, position) => [
          row.id,
          { grupo: { id: row.id, nome: row.nome, cor: row.cor }, position },
        ]),
      ),
    };
  });
  return kept.byId;
}

/** 404 unless every group of the filter is one of `groups` (the company's). */
function requireKnown(filter: TransportadorFilter, groups: Map<string, unknown>): void {
  if (filter.grupos.some((id) => !groups.has(id))) throw new AppError('GRUPO_NOT_FOUND');
}

/**
 * Live carriers matching the filter, by name, with their addresses and groups (by name). With `page`,
 * one page and the number of matches (a search's up to SEARCH_COUNT_CAP + 1); without, every match.
 * Throws GRUPO_NOT_FOUND when a filtered group is not the company's.
 */
export async function listTransportadores(
  db: Database,
  tenant: Tenant,
  filter: TransportadorFilter,
  page?: Page,
): Promise<{ rows: CarrierListRow[]; total: number; cap?: number; stamp: string }> {
  let found: RawRow[];
  let total: number | undefined;
  if (!page) {
    const values: unknown[] = [tenant.empresaId];
    const where = filterOf(filter, values);
    found = await queryRows<RawRow>(
      db,
      `select null::int as total, v.versao, v.stamp, p.* from ${COUNTERS} v
        left join lateral (select ${ROW_COLUMNS} from (select t.id, t.nome_busca
          from transportadores t where ${where}) pick join transportadores r on r.id = pick.id
          order by pick.nome_busca, pick.id) p on true`,
      values,
    );
  } else if (!filter.search && new Set(filter.grupos).size === 1) {
    found = await queryRows<RawRow>(
      db,
      PAGE_ONE_GROUP,
      [tenant.empresaId, page.limit, page.offset, filter.grupos[0]],
      'carriers_page_group',
    );
    total = found[0]?.total ?? 0;
  } else if (filter.grupos.length > 0) {
    // The members, with or without a search, from the memberships' (group, company, name) index (`busca`
    // included, migration 0017). The plan depends on neither the groups nor the term: prepared once.
    const values: unknown[] = [tenant.empresaId, page.limit, page.offset];
    found = await queryRows<RawRow>(
      db,
      countedPage(membersOf(filter, values)),
      values,
      filter.search ? 'carriers_page_groups_search' : 'carriers_page_groups',
    );
    total = found[0]?.total ?? 0;
  } else if (filter.search) {
    const values: unknown[] = [tenant.empresaId, page.limit, page.offset];
    const where = filterOf(filter, values);
    found = await queryRows<RawRow>(db, searchPage(where, false), values);
    total = found[0]?.total ?? 0;
    if (total > SEARCH_COUNT_CAP && page.offset + page.limit > SEARCH_COUNT_CAP + 1) {
      // A common term paged past its first matches: the count is known; only the page is left to find.
      // Its rows are never older than the count's stamp, which the answer keeps.
      const stamp = stampOf(found);
      found = (await queryRows<RawRow>(db, searchPage(where, true), values)).map((row) => ({
        ...row,
        stamp,
      }));
    }
  } else {
    found = await queryRows<RawRow>(
      db,
      PAGE_ALL,
      [tenant.empresaId, page.limit, page.offset],
      'carriers_page',
    );
    total = found[0]?.total ?? 0;
  }
  const groups = await groupsOfCompany(db, tenant, found[0]?.versao ?? '0');
  requireKnown(filter, groups);
  const rows: CarrierListRow[] = [];
  for (const row of found) {
    if (row.id === null) continue;
    rows.push({
      id: row.id,
      nome: row.nome,
      ativo: row.ativo,
      emails: row.emailsBusca ? row.emailsBusca.split(' ') : [],
      grupos: groupsOf(row.grupoIds, groups),
    });
  }
  return {
    rows,
    total: total ?? rows.length,
    ...(filter.search && page ? { cap: SEARCH_COUNT_CAP } : {}),
    stamp: stampOf(found),
  };
}

const CARRIER_STAMP = `select ${STAMP} as versao`;

/**
 * The company's carrier list version ('0' before its first carrier or group): bumped by every transaction
 * that changes what a list shows, when it commits (migration 0033). The stamp of the kept list answers.
 */
export async function carrierStamp(db: Database, tenant: Tenant): Promise<string> {
  const [row] = await queryRows<{ versao: string }>(db, CARRIER_STAMP, [tenant.empresaId], 'carrier_stamp');
  return row?.versao ?? '0';
}

/** The stamp a list's rows were read at (every row carries it; a list with no carrier has one row). */
function stampOf(found: RawRow[]): string {
  return found[0]?.stamp ?? '0';
}

/** A carrier's groups ({id, nome, cor}) by name, from its space-separated group ids. */
function groupsOf(ids: string, groups: Map<string, CompanyGroup>): CarrierListRow['grupos'] {
  if (!ids) return [];
  const found = ids
    .split(' ')
    .map((id) => groups.get(id))
    .filter((entry) => entry !== undefined);
  if (found.length > 1) found.sort((a, b) => a.position - b.position);
  return found.map(({ grupo }) => ({ id: grupo.id, nome: grupo.nome, cor: grupo.cor }));
}

/**
 * Every live carrier id matching the filter ('Selecionar Todos' across pages: a set, in no particular
 * order), joined by the database into one value (thousands of ids are one row to read, not thousands),
 * with the check that the filtered groups are the company's, and the stamp they were read at. Throws
 * GRUPO_NOT_FOUND when one is not.
 */
export async function transportadorIds(
  db: Database,
  tenant: Tenant,
  filter: TransportadorFilter,
): Promise<{ ids: string[]; stamp: string }> {
  const values: unknown[] = [tenant.empresaId];
  const grupos = [...new Set(filter.grupos)];
  let statement: string;
  let name: string | undefined;
  if (grupos.length > 0) {
    // From the memberships alone (migration 0016), with the check that the groups are the company's.
    const gruposParam = `$${values.length + 1}`; // membersOf adds the groups first
    const members = membersOf({ ...filter, grupos }, values);
    statement = `select ${STAMP} as stamp, (select count(*)::int from grupos g where g.empresa_id = $1
        and g.id = any(${gruposParam}::uuid[])) as known,
      coalesce(string_agg(d.id::text, ' '), '') as ids from (${members}) d`;
    name = filter.search ? 'carrier_ids_groups_search' : 'carrier_ids_groups';
  } else {
    statement = `select ${STAMP} as stamp, null::int as known, coalesce(string_agg(t.id::text, ' '), '') as ids
      from transportadores t where ${filterOf(filter, values)}`;
    // A search is planned for its term (the trigram index or not); the whole list has one plan.
    name = filter.search ? undefined : 'carrier_ids_all';
  }
  const [row] = await queryRows<{ stamp: string; known: number | null; ids: string }>(
    db,
    statement,
    values,
    name,
  );
  if (grupos.length > 0 && row?.known !== grupos.length) throw new AppError('GRUPO_NOT_FOUND');
  return { ids: row?.ids ? row.ids.split(' ') : [], stamp: row?.stamp ?? '0' };
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
  return withMembers(executor, tenant, await listGrupoRows(executor, tenant, search, page));
}

/**
 * The company's groups by name, without their members (each row has their number,
 * `totalTransportadores`, kept by triggers).
 */
export async function listGrupoRows(
  executor: Executor,
  tenant: Tenant,
  search?: string,
  page?: Page,
): Promise<GrupoRow[]> {
  if (!search && !page) {
    // The group pickers' call: built once, a named statement on PostgreSQL.
    const query = prepared(executor, 'grupos.all', (db) =>
      db
        .select()
        .from(grupos)
        .where(eq(grupos.empresaId, sql.placeholder('empresaId')))
        .orderBy(byName(grupos.nome), asc(grupos.id))
        .prepare('grupos_all'),
    );
    return query.execute({ empresaId: tenant.empresaId });
  }
  const query = executor
    .select()
    .from(grupos)
    .where(groupFilter(tenant, search))
    .orderBy(byName(grupos.nome), asc(grupos.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
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

/**
 * A page of group cards (the 'Grupos' tab) in one prepared statement ($1 company, $2 members, $3 limit,
 * $4 offset, $5 the search pattern when there is one): each group's row, its first $2 members by name
 * (a correlated subquery reads $2 entries of the memberships' (group, company, name) index, whatever the
 * group's size) and the matches' count, taken before the cut. Prepared: its plan is the same for every
 * page and term (planning it on each call cost as much as running it; issue 33).
 */
const GRUPO_SEARCH = ` and (immutable_unaccent(lower(g.nome)) like immutable_unaccent($5)
    or immutable_unaccent(lower(coalesce(g.descricao, ''))) like immutable_unaccent($5))`;
const grupoCards = (searched: boolean) => `
  select ${STAMP} as stamp, g.id, g.empresa_id as "empresaId", g.nome, g.descricao, g.cor, g.ativo, g.created_by as "createdBy",
    g.created_at as "createdAt", g.updated_at as "updatedAt", g.total_transportadores as "totalTransportadores",
    (count(*) over ())::int as total,
    coalesce(
      (select json_agg(json_build_object('id', t.id, 'nome', t.nome) order by f.nome_busca, f.transportador_id)
       from (select m.transportador_id, m.nome_busca from grupo_transportadores m
             where m.grupo_id = g.id and m.empresa_id = $1
             order by m.nome_busca, m.transportador_id limit $2) f
       join transportadores t on t.id = f.transportador_id),
      '[]'::json) as primeiros
  from grupos g
  where g.empresa_id = $1${searched ? GRUPO_SEARCH : ''}
  order by immutable_unaccent(lower(g.nome)), g.id
  limit $3 offset $4`;
const GRUPO_CARDS = grupoCards(false);
const GRUPO_CARDS_SEARCHED = grupoCards(true);
/** A page with no card (past the end, or no group matches): the count and the stamp, in one snapshot. */
const grupoCardsCount = (searched: boolean) => `
  select ${STAMP} as stamp, (select count(*)::int from grupos g
    where g.empresa_id = $1${searched ? GRUPO_SEARCH.replaceAll('$5', '$2') : ''}) as total`;
const GRUPO_CARDS_COUNT = grupoCardsCount(false);
const GRUPO_CARDS_COUNT_SEARCHED = grupoCardsCount(true);

type GrupoCardRow = GrupoRow & {
  stamp: string;
  total: number;
  primeiros: { id: string; nome: string }[] | string;
};

export async function listGrupoCards(
  db: Database,
  tenant: Tenant,
  search: string | undefined,
  page: Page,
  members: number,
): Promise<{
  total: number;
  stamp: string;
  rows: (GrupoRow & { primeiros: { id: string; nome: string }[] })[];
}> {
  const pattern = search ? `%${escapeLike(search.toLowerCase())}%` : undefined;
  const values: unknown[] = [tenant.empresaId, members, page.limit, page.offset];
  if (pattern) values.push(pattern);
  const found = await queryRows<GrupoCardRow>(
    db,
    pattern ? GRUPO_CARDS_SEARCHED : GRUPO_CARDS,
    values,
    pattern ? 'grupo_cards_search' : 'grupo_cards',
  );
  if (found.length === 0) {
    // No row carries the count and the stamp (a page past the end, or nothing matches): read apart.
    const [empty] = await queryRows<{ stamp: string; total: number }>(
      db,
      pattern ? GRUPO_CARDS_COUNT_SEARCHED : GRUPO_CARDS_COUNT,
      pattern ? [tenant.empresaId, pattern] : [tenant.empresaId],
      pattern ? 'grupo_cards_count_search' : 'grupo_cards_count',
    );
    return { total: empty?.total ?? 0, stamp: empty?.stamp ?? '0', rows: [] };
  }
  return {
    total: found[0]!.total,
    stamp: found[0]!.stamp,
    rows: found.map(({ total: _total, stamp: _stamp, primeiros, ...row }) => ({
      ...row,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
      primeiros: parsedJson(primeiros),
    })),
  };
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
/** A live carrier of the company with this name, ignoring case and accents (`nomeBusca`). */
/** The company's live carriers by the folded name the uniqueness rule compares (`nameKey`). */
export async function liveCarrierNames(
  executor: Executor,
  tenant: Tenant,
): Promise<Map<string, { id: string; nome: string }>> {
  const rows = await executor
    .select({ id: transportadores.id, nome: transportadores.nome })
    .from(transportadores)
    .where(inTenant(transportadores.empresaId, tenant, isNull(transportadores.deletedAt)));
  return new Map(rows.map((row) => [nameKey(row.nome), row]));
}

export async function findTransportadorByNome(
  executor: Executor,
  tenant: Tenant,
  nome: string,
  except?: string,
): Promise<{ id: string; nome: string } | undefined> {
  const [row] = await executor
    .select({ id: transportadores.id, nome: transportadores.nome })
    .from(transportadores)
    .where(
      inTenant(
        transportadores.empresaId,
        tenant,
        sql`${transportadores.nomeBusca} = immutable_unaccent(lower(${nome.trim()}))`,
        isNull(transportadores.deletedAt),
        except ? ne(transportadores.id, except) : undefined,
      ),
    )
    .limit(1);
  return row;
}

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
