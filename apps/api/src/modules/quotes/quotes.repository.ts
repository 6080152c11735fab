import { FINAL_STATUSES, type ListQuotesQuery, QUOTE_STATUSES, WAITING_STATUSES } from '@cotacoes/shared';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { prepared, queryRows } from '../../db/prepared.js';
import {
  cotacaoAnexos,
  cotacaoDestinatarios,
  cotacaoSequencias,
  cotacaoUploads,
  cotacoes,
  grupos,
  grupoTransportadores,
  mailOutbox,
  transportadores,
} from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

export type QuoteRow = typeof cotacoes.$inferSelect;
export type NewQuote = Omit<typeof cotacoes.$inferInsert, 'empresaId' | 'id' | 'busca'>;

/**
 * A list total is reported up to this many quotes (P1: counts bounded, and so is the deepest page's
 * offset walk); beyond it the list says "more than". A tab or status total itself is read from
 * cotacao_contagens, so it costs the same whatever the company's size.
 */
export const COUNT_CAP = 1_000;
/**
 * A search counts its matches up to this many: the count reads every match (a common word may match a
 * quarter of the company's quotes), and ten pages of results is as far as a search is worth paging.
 */
export const SEARCH_COUNT_CAP = 100;

/** The next number of the company's quotes this year (row-locked: concurrent creations never share one). */
export async function nextQuoteNumber(executor: Executor, tenant: Tenant, ano: number): Promise<number> {
  const [row] = await executor
    .insert(cotacaoSequencias)
    .values({ empresaId: tenant.empresaId, ano, ultimo: 1 })
    .onConflictDoUpdate({
      target: [cotacaoSequencias.empresaId, cotacaoSequencias.ano],
      set: { ultimo: sql`${cotacaoSequencias.ultimo} + 1` },
    })
    .returning({ ultimo: cotacaoSequencias.ultimo });
  return row!.ultimo;
}

export async function insertQuote(executor: Executor, tenant: Tenant, values: NewQuote): Promise<QuoteRow> {
  const [row] = await executor
    .insert(cotacoes)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning();
  return row!;
}

/** Not the status nor the answer counters: those are src/quote-lifecycle's to write. */
export async function updateQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: Partial<Omit<NewQuote, 'status' | 'respostasRecebidas' | 'totalDestinatarios'>>,
): Promise<void> {
  await executor
    .update(cotacoes)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id)));
}

/** A live (not deleted) quote of the company. */
export async function findQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<QuoteRow | undefined> {
  const query = prepared(executor, 'quotes.find', (db) =>
    db
      .select()
      .from(cotacoes)
      .where(
        and(
          eq(cotacoes.empresaId, sql.placeholder('empresaId')),
          eq(cotacoes.id, sql.placeholder('id')),
          isNull(cotacoes.deletedAt),
        ),
      )
      .limit(1)
      .prepare('quotes_find'),
  );
  const [row] = await query.execute({ empresaId: tenant.empresaId, id });
  return row;
}

/** The columns of a listed quote (QuoteSummary), aliased to the row's field names. */
const SUMMARY_COLUMNS = `c.id, c.codigo, c.nome_solicitante as "nomeSolicitante",
  c.referencia_processo as "referenciaProcesso", c.fti, c.tipo_frete as "tipoFrete", c.status,
  c.prazo_resposta as "prazoResposta", c.created_at as "createdAt",
  c.respostas_recebidas as "respostasRecebidas", c.total_destinatarios as "totalDestinatarios"`;
export type QuoteSummaryRow = Pick<
  QuoteRow,
  | 'id'
  | 'codigo'
  | 'nomeSolicitante'
  | 'referenciaProcesso'
  | 'fti'
  | 'tipoFrete'
  | 'status'
  | 'prazoResposta'
  | 'createdAt'
  | 'respostasRecebidas'
  | 'totalDestinatarios'
>;
/**
 * A page row carries the capped count and the company's quote list version in the statement's snapshot
 * (`stamp`, migration 0033); a page past the end is one row with only these (id null).
 */
type PageRow = { total: number; stamp: string } & (QuoteSummaryRow | { id: null });

/** The company's ($1) quote list version (migration 0033), read in the same snapshot as a page. */
const STAMP = `coalesce((select s.versao from quote_stamps s where s.empresa_id = $1), 0)::text`;

/** $1 company, $2 statuses ($3 limit, $4 offset): what a search request matches. */
const MATCHES = `c.empresa_id = $1 and c.deleted_at is null and c.status = any($2::text[])`;
/** `vencidas`: the answer deadline has passed. */
const OVERDUE = 'and c.prazo_resposta < now()';

/** $5: the pattern the trigram index looks up; $6: the whole term, checked on its candidates (searchPatterns). */
const SEARCHED = `${MATCHES} and c.busca like immutable_unaccent($5) and strpos(c.busca, immutable_unaccent($6)) > 0`;

/** COT-2026-0042, 2026-0042, cot 2026 42…: a code with its serial number. */
const CODE_TERM = /^(?:cot)?[\s-]*\d{4}[\s-]+(\d{2,})$/;
/** A number this long (a serial, an order or FTI number) is rare enough to look up alone. */
const LONG_NUMBER = /\d{5,}/g;
/** A short number closing a term of several words, with the end of the word before it ('nas 12'). */
const WORD_END_AND_SHORT_NUMBER = /\S{1,3}\s+\d{1,4}$/;

/**
 * The trigram lookup and the exact check of a search term. A row that contains the whole term contains
 * any part of it, so the index may be asked for a part and the whole checked on its few candidates. That
 * pays when the whole term is made of trigrams found in most rows: every code starts with "cot-<year>-",
 * and words like a requester's name or "São Paulo" repeat, and the index would read its largest posting
 * lists for nothing. The part is a code's serial number, the longest long number in the term, or a short
 * number that ends a term of several words with the last three letters of the word before it (a
 * reference's number is typed after its words, which alone are common: 'importação máquinas 12' is looked
 * up as 'nas 12'). Every trigram of a common word is in as many rows as the word, so each one only adds a
 * long posting list to intersect; the word's end keeps the adjacency the number needs, and the whole term
 * is checked on the candidates anyway (issue #18, P1: a third of the index work of 'máquinas 12').
 */
export function searchPatterns(search: string): { lookup: string; whole: string } {
  const term = search.trim().toLowerCase();
  const numbers = term.match(LONG_NUMBER) ?? [];
  const part =
    CODE_TERM.exec(term)?.[1] ??
    numbers.reduce<string | undefined>(
      (longest, n) => (n.length >= (longest?.length ?? 0) ? n : longest),
      undefined,
    ) ??
    WORD_END_AND_SHORT_NUMBER.exec(term)?.[0];
  return part && part !== term
    ? { lookup: `%${escapeLike(part)}%`, whole: term }
    : { lookup: `%${escapeLike(term)}%`, whole: '' };
}

/** One status's newest live quotes ($1 company, the status in $<param>; $2 + $3 rows at most). */
const statusRange = (param: number) => `(
    select ${SUMMARY_COLUMNS} from cotacoes c
    where c.empresa_id = $1 and c.deleted_at is null and c.status = $${param}
    order by c.created_at desc, c.id desc limit $2::int + $3::int)`;

/**
 * A tab's or status's total, read from cotacao_contagens (ADR 0012), and its page ($2 limit, $3 offset)
 * merged from one newest-first index range per status ($4…), in one round trip. Its plan is the same
 * whatever the statuses' sizes, so it is prepared once (PAGE_BY_STATUS[n - 1] for n statuses).
 */
const pageByStatus = (count: number) => {
  const params = Array.from({ length: count }, (_, i) => 4 + i);
  return `
  select t.total, t.stamp, p.* from
    (select coalesce(sum(n.total), 0)::int as total, ${STAMP} as stamp from cotacao_contagens n
      where n.empresa_id = $1 and n.status in (${params.map((param) => `$${param}`).join(', ')})) t
  left join lateral (
    select * from (${params.map(statusRange).join(' union all ')}) u
    order by u."createdAt" desc, u.id desc limit $2::int offset $3::int) p on true`;
};
const PAGE_BY_STATUS = QUOTE_STATUSES.map((_, i) => pageByStatus(i + 1));

/**
 * A page (limit in $<limitParam>, offset in the next) cut from `matches` (id, created_at, newest first),
 * which are read once into a materialized CTE and are also its count, in one round trip; each row is read
 * by its primary key (whatever a prepared statement's generic plan guesses of the page's size).
 */
const countedPage = (matches: string, limitParam: number) => `
  with m as materialized (${matches})
  select t.total, t.stamp, p.* from (select count(*)::int as total, ${STAMP} as stamp from m) t
  left join lateral (
    select r.* from (select m.id, m.created_at from m
      order by m.created_at desc, m.id desc limit $${limitParam} offset $${limitParam + 1}) pick
    cross join lateral (select ${SUMMARY_COLUMNS} from cotacoes c where c.id = pick.id limit 1) r
    order by pick.created_at desc, pick.id desc) p on true`;

/** The page alone, for a search already known to match more than SEARCH_COUNT_CAP rows. */
const pageOnlyByWalk = (overdue: boolean) => `
  select ${SUMMARY_COLUMNS} from cotacoes c where ${SEARCHED} ${overdue ? OVERDUE : ''}
  order by c.created_at desc, c.id desc limit $3 offset $4`;

/**
 * A search's newest SEARCH_COUNT_CAP + 1 matches, read once (by the trigram index and a sort of the matches
 * for a rare term, or by walking the newest-first index for a common one; the planner chooses): they are
 * both the count and the rows the page ($5 limit, $6 offset) is cut from, each by its primary key, in one
 * round trip (under ten clients each query held Node's thread 0.15–0.25 ms in writev). Its plan
 * depends on the term, so it is planned per call. Only a page beyond them (a common term paged past its
 * first hundred matches) needs pageOnlyByWalk. `(deleted_at is null) is true` keeps the partial indexes by
 * status out of its plan: the planner would AND the term's trigram candidates with every live quote of the
 * tab's statuses (50,000 of 100,000), which costs more than checking the candidates themselves. It did so
 * in some runs of `bench:quotes` only (by their statistics): 'importação máquinas 12' then cost 2.5 ms of
 * PostgreSQL instead of 1.7 (issue #18, ADR 0014 addendum 4). A common term still walks the newest-first
 * index, which is not partial.
 */
const searchPage = (overdue: boolean) =>
  countedPage(
    `select c.id, c.created_at from cotacoes c
    where c.empresa_id = $1 and (c.deleted_at is null) is true and c.status = any($2::text[])
      and c.busca like immutable_unaccent($3) and strpos(c.busca, immutable_unaccent($4)) > 0
      ${overdue ? OVERDUE : ''}
    order by c.created_at desc, c.id desc limit ${SEARCH_COUNT_CAP + 1}`,
    5,
  );

/**
 * The overdue quotes of the statuses ($2): their newest COUNT_CAP + 1 (by the (empresa_id, status,
 * prazo_resposta) index: the past deadlines of each status), counted, and the page ($3 limit, $4 offset)
 * cut from them, in one round trip. Prepared once.
 */
const PAGE_OVERDUE = countedPage(
  `select c.id, c.created_at from cotacoes c
    where c.empresa_id = $1 and c.deleted_at is null and c.status = any($2::text[]) ${OVERDUE}
    order by c.created_at desc, c.id desc limit ${COUNT_CAP + 1}`,
  3,
);

function statusesOf(query: ListQuotesQuery): readonly string[] {
  if (query.status) return [query.status];
  if (query.tab === 'enviadas') return WAITING_STATUSES;
  if (query.tab === 'finalizadas') return FINAL_STATUSES;
  return QUOTE_STATUSES;
}

/**
 * One page, newest first, the number of matches and the cap it is reported up to (COUNT_CAP for a tab
 * or status, SEARCH_COUNT_CAP for a search; P1).
 */
export async function listQuotes(
  db: Database,
  tenant: Tenant,
  query: ListQuotesQuery,
): Promise<{ rows: QuoteSummaryRow[]; total: number; cap: number; stamp: string }> {
  const statuses = statusesOf(query);
  const offset = (query.page - 1) * query.limit;
  let result: PageRow[];
  let total: number;
  if (query.search) {
    const { lookup, whole } = searchPatterns(query.search);
    const values = [tenant.empresaId, statuses, lookup, whole];
    result = await queryRows<PageRow>(db, searchPage(query.vencidas), [...values, query.limit, offset]);
    total = result[0]?.total ?? 0;
    if (total > SEARCH_COUNT_CAP && offset + query.limit > SEARCH_COUNT_CAP + 1) {
      // A common term paged past its first matches: the count is known; only the page is left to find.
      const rows = await queryRows<QuoteSummaryRow>(db, pageOnlyByWalk(query.vencidas), [
        tenant.empresaId,
        statuses,
        query.limit,
        offset,
        lookup,
        whole,
      ]);
      // Never older than the count's stamp, which the answer keeps.
      const stamp = result[0]?.stamp ?? '0';
      result = rows.map((row) => ({ ...row, total, stamp }));
    }
  } else if (query.vencidas) {
    result = await queryRows<PageRow>(
      db,
      PAGE_OVERDUE,
      [tenant.empresaId, statuses, query.limit, offset],
      'quotes_page_overdue',
    );
    total = result[0]?.total ?? 0;
  } else {
    result = await queryRows<PageRow>(
      db,
      PAGE_BY_STATUS[statuses.length - 1]!,
      [tenant.empresaId, query.limit, offset, ...statuses],
      `quotes_page_${statuses.length}`,
    );
    total = result[0]?.total ?? 0;
  }
  const rows = result.filter((row): row is PageRow & QuoteSummaryRow => row.id !== null);
  return {
    total,
    cap: query.search ? SEARCH_COUNT_CAP : COUNT_CAP,
    stamp: result[0]?.stamp ?? '0',
    rows: rows.map(({ total: _total, stamp: _stamp, ...row }) => ({
      ...row,
      prazoResposta: new Date(row.prazoResposta),
      createdAt: new Date(row.createdAt),
    })),
  };
}

const QUOTE_STAMP = `select ${STAMP} as versao`;

/**
 * The company's quote list version ('0' before its first quote): bumped by every transaction that inserts,
 * updates or deletes one of its quotes, when it commits (migration 0033). The stamp of kept list pages.
 */
export async function quoteStamp(db: Database, tenant: Tenant): Promise<string> {
  const [row] = await queryRows<{ versao: string }>(db, QUOTE_STAMP, [tenant.empresaId], 'quote_stamp');
  return row?.versao ?? '0';
}

// ---- recipients ----

export type RecipientCandidate = { id: string; nome: string; emails: string[] };

/** Live carriers of the company among `ids`, with their addresses. */
export async function carriersByIds(
  executor: Executor,
  tenant: Tenant,
  ids: readonly string[],
): Promise<(RecipientCandidate & { ativo: boolean })[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      id: transportadores.id,
      nome: transportadores.nome,
      emails: transportadores.emailsBusca,
      ativo: transportadores.ativo,
    })
    .from(transportadores)
    .where(
      inTenant(
        transportadores.empresaId,
        tenant,
        inArray(transportadores.id, [...ids]),
        isNull(transportadores.deletedAt),
      ),
    );
  return rows.map((row) => ({ ...row, emails: row.emails.split(' ').filter(Boolean) }));
}

/** The company's groups among `ids` with their live, active members. */
export async function groupsWithMembers(
  executor: Executor,
  tenant: Tenant,
  ids: readonly string[],
): Promise<{ id: string; nome: string; membros: RecipientCandidate[] }[]> {
  if (ids.length === 0) return [];
  const found = await executor
    .select({ id: grupos.id, nome: grupos.nome })
    .from(grupos)
    .where(inTenant(grupos.empresaId, tenant, inArray(grupos.id, [...ids])));
  const members = await executor
    .select({
      grupoId: grupoTransportadores.grupoId,
      id: transportadores.id,
      nome: transportadores.nome,
      emails: transportadores.emailsBusca,
    })
    .from(grupoTransportadores)
    .innerJoin(transportadores, eq(transportadores.id, grupoTransportadores.transportadorId))
    .where(
      inTenant(
        grupoTransportadores.empresaId,
        tenant,
        inArray(grupoTransportadores.grupoId, [...ids]),
        isNull(transportadores.deletedAt),
        eq(transportadores.ativo, true),
      ),
    )
    .orderBy(asc(transportadores.nomeBusca));
  return found.map((grupo) => ({
    ...grupo,
    membros: members
      .filter((member) => member.grupoId === grupo.id)
      .map((member) => ({
        id: member.id,
        nome: member.nome,
        emails: member.emails.split(' ').filter(Boolean),
      })),
  }));
}

export async function insertRecipients(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof cotacaoDestinatarios.$inferInsert, 'empresaId'>[],
): Promise<void> {
  for (let i = 0; i < values.length; i += 1_000)
    await executor
      .insert(cotacaoDestinatarios)
      .values(values.slice(i, i + 1_000).map((value) => ({ ...value, empresaId: tenant.empresaId })));
}

/** Recipients of a quote with the state of the message that carried the request to them. */
export async function recipientsOf(executor: Executor, tenant: Tenant, cotacaoId: string) {
  const query = prepared(executor, 'quotes.recipients', (db) =>
    db
      .select({
        transportadorId: cotacaoDestinatarios.transportadorId,
        nome: cotacaoDestinatarios.nome,
        emails: cotacaoDestinatarios.emails,
        respondeuEm: cotacaoDestinatarios.respondeuEm,
        falhaEntrega: cotacaoDestinatarios.falhaEntrega,
        outboxStatus: mailOutbox.status,
        sentAt: mailOutbox.sentAt,
      })
      .from(cotacaoDestinatarios)
      .leftJoin(mailOutbox, eq(mailOutbox.id, cotacaoDestinatarios.outboxId))
      .where(
        and(
          eq(cotacaoDestinatarios.empresaId, sql.placeholder('empresaId')),
          eq(cotacaoDestinatarios.cotacaoId, sql.placeholder('cotacaoId')),
        ),
      )
      .orderBy(asc(cotacaoDestinatarios.nome))
      .prepare('quotes_recipients'),
  );
  return query.execute({ empresaId: tenant.empresaId, cotacaoId });
}

// ---- attachments ----

export type NewAttachment = {
  tipo: 'arquivo' | 'carga_perigosa';
  nome: string;
  contentType: string;
  conteudo: Buffer;
};

export async function insertAttachments(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  files: NewAttachment[],
): Promise<void> {
  if (files.length === 0) return;
  await executor.insert(cotacaoAnexos).values(
    files.map((file) => ({
      ...file,
      tamanho: file.conteudo.length,
      cotacaoId,
      empresaId: tenant.empresaId,
    })),
  );
}

export async function attachmentsOf(executor: Executor, tenant: Tenant, cotacaoId: string) {
  const query = prepared(executor, 'quotes.attachments', (db) =>
    db
      .select({ tipo: cotacaoAnexos.tipo, nome: cotacaoAnexos.nome, tamanho: cotacaoAnexos.tamanho })
      .from(cotacaoAnexos)
      .where(
        and(
          eq(cotacaoAnexos.empresaId, sql.placeholder('empresaId')),
          eq(cotacaoAnexos.cotacaoId, sql.placeholder('cotacaoId')),
        ),
      )
      .orderBy(asc(cotacaoAnexos.createdAt))
      .prepare('quotes_attachments'),
  );
  return query.execute({ empresaId: tenant.empresaId, cotacaoId });
}

// ---- edit, delete, uploads ----

/** Applies `values` to a live quote still waiting for answers; answers whether it did. */
export async function updateWaitingQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: Partial<
    Pick<
      NewQuote,
      'nomeSolicitante' | 'referenciaProcesso' | 'fti' | 'prazoResposta' | 'deadlineSummarySentAt'
    >
  >,
): Promise<boolean> {
  const rows = await executor
    .update(cotacoes)
    .set({ ...values, updatedAt: new Date() })
    .where(
      inTenant(
        cotacoes.empresaId,
        tenant,
        eq(cotacoes.id, id),
        isNull(cotacoes.deletedAt),
        inArray(cotacoes.status, [...WAITING_STATUSES]),
      ),
    )
    .returning({ id: cotacoes.id });
  return rows.length > 0;
}

/** Soft delete (ADR 0011): answers the code of the quote, or undefined when there was none. */
export async function softDeleteQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<string | undefined> {
  const [row] = await executor
    .update(cotacoes)
    .set({ deletedAt: new Date() })
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .returning({ codigo: cotacoes.codigo });
  return row?.codigo;
}

export type UploadRow = typeof cotacaoUploads.$inferSelect;

export async function insertUpload(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof cotacaoUploads.$inferInsert, 'empresaId' | 'id' | 'createdAt'>,
): Promise<UploadRow> {
  const [row] = await executor
    .insert(cotacaoUploads)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning();
  return row!;
}

/** The user's own upload, if it has not expired. */
export async function findUpload(
  executor: Executor,
  tenant: Tenant,
  userId: string,
  id: string,
  notBefore: Date,
): Promise<UploadRow | undefined> {
  const [row] = await executor
    .select()
    .from(cotacaoUploads)
    .where(
      inTenant(
        cotacaoUploads.empresaId,
        tenant,
        eq(cotacaoUploads.id, id),
        eq(cotacaoUploads.userId, userId),
        gt(cotacaoUploads.createdAt, notBefore),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteUploads(executor: Executor, tenant: Tenant, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .delete(cotacaoUploads)
    .where(inTenant(cotacaoUploads.empresaId, tenant, inArray(cotacaoUploads.id, ids)));
}

/** Drops the company's uploads older than `before` (no quote used them in time). */
export async function deleteExpiredUploads(executor: Executor, tenant: Tenant, before: Date): Promise<void> {
  await executor
    .delete(cotacaoUploads)
    .where(inTenant(cotacaoUploads.empresaId, tenant, lt(cotacaoUploads.createdAt, before)));
}
