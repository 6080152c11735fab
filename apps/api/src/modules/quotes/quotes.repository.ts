import { FINAL_STATUSES, type ListQuotesQuery, WAITING_STATUSES } from '@cotacoes/shared';
import { asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cotacaoAnexos,
  cotacaoDestinatarios,
  cotacaoSequencias,
  cotacoes,
  grupos,
  grupoTransportadores,
  mailOutbox,
  transportadores,
} from '../../db/schema/index.js';
import { escapeLike } from '../empresas/empresas.repository.js';
import { inTenant, type Tenant } from '../empresas/tenant.js';

export type QuoteRow = typeof cotacoes.$inferSelect;
export type NewQuote = Omit<typeof cotacoes.$inferInsert, 'empresaId' | 'id' | 'busca'>;

/** A list total is counted up to this many rows (P1: counts bounded); beyond it the list says "more than". */
export const COUNT_CAP = 1_000;

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

export async function updateQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
  values: Partial<NewQuote>,
): Promise<void> {
  await executor
    .update(cotacoes)
    .set({ ...values, updatedAt: new Date() })
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id)));
}

export async function findQuote(
  executor: Executor,
  tenant: Tenant,
  id: string,
): Promise<QuoteRow | undefined> {
  const [row] = await executor
    .select()
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id)))
    .limit(1);
  return row;
}

function listFilter(tenant: Tenant, query: ListQuotesQuery): SQL {
  const statuses: readonly string[] | undefined = query.status
    ? [query.status]
    : query.tab === 'enviadas'
      ? WAITING_STATUSES
      : query.tab === 'finalizadas'
        ? FINAL_STATUSES
        : undefined;
  return inTenant(
    cotacoes.empresaId,
    tenant,
    statuses ? inArray(cotacoes.status, [...statuses]) : undefined,
    query.search
      ? sql`${cotacoes.busca} like immutable_unaccent(${`%${escapeLike(query.search.toLowerCase())}%`})`
      : undefined,
  );
}

/** One page, newest first, and the number of matches counted up to COUNT_CAP + 1. */
export async function listQuotes(
  executor: Executor,
  tenant: Tenant,
  query: ListQuotesQuery,
): Promise<{ rows: QuoteRow[]; total: number }> {
  const where = listFilter(tenant, query);
  const [rows, counted] = await Promise.all([
    executor
      .select()
      .from(cotacoes)
      .where(where)
      .orderBy(desc(cotacoes.createdAt), desc(cotacoes.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    executor.execute(
      sql`select count(*)::int as total from (select 1 from ${cotacoes} where ${where} limit ${COUNT_CAP + 1}) capped`,
    ),
  ]);
  const total = Number((counted.rows[0] as { total: number } | undefined)?.total ?? 0);
  return { rows, total };
}

// ---- recipients ----

export type RecipientCandidate = { id: string; nome: string; emails: string[] };

/** Live carriers of the company among `ids`, with their addresses. */
export async function carriersByIds(
  executor: Executor,
  tenant: Tenant,
  ids: readonly string[],
): Promise<RecipientCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ id: transportadores.id, nome: transportadores.nome, emails: transportadores.emailsBusca })
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
  return executor
    .select({
      transportadorId: cotacaoDestinatarios.transportadorId,
      nome: cotacaoDestinatarios.nome,
      emails: cotacaoDestinatarios.emails,
      respondeuEm: cotacaoDestinatarios.respondeuEm,
      outboxStatus: mailOutbox.status,
      sentAt: mailOutbox.sentAt,
    })
    .from(cotacaoDestinatarios)
    .leftJoin(mailOutbox, eq(mailOutbox.id, cotacaoDestinatarios.outboxId))
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.cotacaoId, cotacaoId)))
    .orderBy(asc(cotacaoDestinatarios.nome));
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
  return executor
    .select({ tipo: cotacaoAnexos.tipo, nome: cotacaoAnexos.nome, tamanho: cotacaoAnexos.tamanho })
    .from(cotacaoAnexos)
    .where(inTenant(cotacaoAnexos.empresaId, tenant, eq(cotacaoAnexos.cotacaoId, cotacaoId)))
    .orderBy(asc(cotacaoAnexos.createdAt));
}
