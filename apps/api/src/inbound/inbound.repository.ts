import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  cotacaoDestinatarios,
  cotacaoMensagens,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  respostas,
  transportadorEmails,
  transportadores,
  users,
} from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/*
 * Reads and writes of the inbound pipeline. Matching runs before the company is known, so the lookups by
 * token, Message-ID and code are global (each answers the company it found); everything after matching
 * takes the Tenant it derived.
 */

export type RecipientRow = {
  id: string;
  empresaId: string;
  cotacaoId: string;
  transportadorId: string;
  nome: string;
  emails: string[];
  respondeuEm: Date | null;
  messageId: string | null;
};

const recipientColumns = {
  id: cotacaoDestinatarios.id,
  empresaId: cotacaoDestinatarios.empresaId,
  cotacaoId: cotacaoDestinatarios.cotacaoId,
  transportadorId: cotacaoDestinatarios.transportadorId,
  nome: cotacaoDestinatarios.nome,
  emails: cotacaoDestinatarios.emails,
  respondeuEm: cotacaoDestinatarios.respondeuEm,
  messageId: cotacaoDestinatarios.messageId,
};

export async function findRecipientByToken(
  executor: Executor,
  token: string,
): Promise<RecipientRow | undefined> {
  const [row] = await executor
    .select(recipientColumns)
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.replyToken, token))
    .limit(1);
  return row;
}

export async function findQuoteIdByToken(
  executor: Executor,
  token: string,
): Promise<{ id: string; empresaId: string } | undefined> {
  const [row] = await executor
    .select({ id: cotacoes.id, empresaId: cotacoes.empresaId })
    .from(cotacoes)
    .where(eq(cotacoes.replyToken, token))
    .limit(1);
  return row;
}

/** The quote (and carrier thread) a message answers, from the Message-IDs it references. */
export async function findThreadByMessageIds(
  executor: Executor,
  ids: string[],
): Promise<{ cotacaoId: string; empresaId: string; transportadorId: string | null } | undefined> {
  if (ids.length === 0) return undefined;
  const [message] = await executor
    .select({
      cotacaoId: cotacaoMensagens.cotacaoId,
      empresaId: cotacaoMensagens.empresaId,
      transportadorId: cotacaoMensagens.transportadorId,
    })
    .from(cotacaoMensagens)
    .where(inArray(sql`lower(${cotacaoMensagens.messageId})`, ids))
    .orderBy(desc(cotacaoMensagens.createdAt))
    .limit(1);
  if (message) return message;
  const [recipient] = await executor
    .select({
      cotacaoId: cotacaoDestinatarios.cotacaoId,
      empresaId: cotacaoDestinatarios.empresaId,
      transportadorId: cotacaoDestinatarios.transportadorId,
    })
    .from(cotacaoDestinatarios)
    .where(inArray(sql`lower(${cotacaoDestinatarios.messageId})`, ids))
    .limit(2);
  return recipient;
}

export async function recipientsOfQuote(executor: Executor, cotacaoId: string): Promise<RecipientRow[]> {
  return executor
    .select(recipientColumns)
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.cotacaoId, cotacaoId));
}

/** Quotes with this code (codes are unique per company only) that were sent to this address. */
export async function findRecipientsByCodeAndSender(
  executor: Executor,
  codigo: string,
  sender: string,
): Promise<RecipientRow[]> {
  return executor
    .select(recipientColumns)
    .from(cotacaoDestinatarios)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
    .where(
      and(
        eq(cotacoes.codigo, codigo),
        sql`${cotacaoDestinatarios.emails} @> ${JSON.stringify([sender])}::jsonb`,
      ),
    )
    .limit(5);
}

/** Companies having a live carrier with this address (an unmatched message is theirs when exactly one). */
export async function companiesOfCarrierEmail(executor: Executor, email: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ empresaId: transportadorEmails.empresaId })
    .from(transportadorEmails)
    .where(and(eq(transportadorEmails.email, email), isNull(transportadorEmails.deletedAt)))
    .limit(3);
  return rows.map((row) => row.empresaId);
}

export async function findQuoteForUpdate(executor: Executor, tenant: Tenant, cotacaoId: string) {
  const [row] = await executor
    .select({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      status: cotacoes.status,
      deletedAt: cotacoes.deletedAt,
      criadoPor: cotacoes.criadoPor,
      tituloEmail: cotacoes.tituloEmail,
      totalDestinatarios: cotacoes.totalDestinatarios,
      respostasRecebidas: cotacoes.respostasRecebidas,
      prazoResposta: cotacoes.prazoResposta,
      messageId: cotacoes.messageId,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertInbound(
  executor: Executor,
  values: typeof inboundMessages.$inferInsert,
): Promise<string | undefined> {
  const [row] = await executor
    .insert(inboundMessages)
    .values(values)
    .onConflictDoNothing({ target: inboundMessages.dedupeKey })
    .returning({ id: inboundMessages.id });
  return row?.id;
}

export async function findInboundByKey(executor: Executor, dedupeKey: string) {
  const [row] = await executor
    .select({
      id: inboundMessages.id,
      outcome: inboundMessages.outcome,
      cotacaoId: inboundMessages.cotacaoId,
      empresaId: inboundMessages.empresaId,
    })
    .from(inboundMessages)
    .where(eq(inboundMessages.dedupeKey, dedupeKey))
    .limit(1);
  return row;
}

export async function findInboundById(executor: Executor, id: string) {
  const [row] = await executor.select().from(inboundMessages).where(eq(inboundMessages.id, id)).limit(1);
  return row;
}

export async function updateInbound(
  executor: Executor,
  id: string,
  values: Partial<typeof inboundMessages.$inferInsert>,
): Promise<void> {
  await executor.update(inboundMessages).set(values).where(eq(inboundMessages.id, id));
}

export async function insertAttachments(
  executor: Executor,
  rows: (typeof inboundAttachments.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await executor.insert(inboundAttachments).values(rows);
}

export async function setAttachmentsCompany(executor: Executor, inboundId: string, empresaId: string) {
  await executor
    .update(inboundAttachments)
    .set({ empresaId })
    .where(eq(inboundAttachments.inboundMessageId, inboundId));
}

export async function lastVersion(executor: Executor, destinatarioId: string) {
  const [row] = await executor
    .select({ versao: max(respostas.versao) })
    .from(respostas)
    .where(eq(respostas.destinatarioId, destinatarioId));
  return row?.versao ?? 0;
}

export async function currentResponse(executor: Executor, tenant: Tenant, destinatarioId: string) {
  const [row] = await executor
    .select({ id: respostas.id, status: respostas.status })
    .from(respostas)
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.destinatarioId, destinatarioId),
        eq(respostas.atual, true),
      ),
    )
    .limit(1);
  return row;
}

export async function retireCurrentVersion(executor: Executor, tenant: Tenant, destinatarioId: string) {
  await executor
    .update(respostas)
    .set({ atual: false, updatedAt: new Date() })
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.destinatarioId, destinatarioId),
        eq(respostas.atual, true),
      ),
    );
}

export async function insertResponse(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof respostas.$inferInsert, 'empresaId'>,
): Promise<string> {
  const [row] = await executor
    .insert(respostas)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning({ id: respostas.id });
  return row!.id;
}

export async function markFirstAnswer(
  executor: Executor,
  tenant: Tenant,
  destinatarioId: string,
  at: Date,
): Promise<boolean> {
  const rows = await executor
    .update(cotacaoDestinatarios)
    .set({ respondeuEm: at })
    .where(
      inTenant(
        cotacaoDestinatarios.empresaId,
        tenant,
        eq(cotacaoDestinatarios.id, destinatarioId),
        isNull(cotacaoDestinatarios.respondeuEm),
      ),
    )
    .returning({ id: cotacaoDestinatarios.id });
  return rows.length > 0;
}

/** Counts one more answering carrier and applies the reply transitions of ADR 0015. */
export async function countAnswer(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  firstAnswer: boolean,
) {
  await executor
    .update(cotacoes)
    .set({
      respostasRecebidas: firstAnswer ? sql`${cotacoes.respostasRecebidas} + 1` : cotacoes.respostasRecebidas,
      updatedAt: new Date(),
    })
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)));
}

export async function setQuoteStatus(executor: Executor, tenant: Tenant, cotacaoId: string, status: string) {
  await executor
    .update(cotacoes)
    .set({ status, updatedAt: new Date() })
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)));
}

export async function countResponsesAwaitingRevision(executor: Executor, tenant: Tenant, cotacaoId: string) {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(respostas)
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.cotacaoId, cotacaoId),
        eq(respostas.atual, true),
        eq(respostas.status, 'revisao_solicitada'),
      ),
    );
  return row?.total ?? 0;
}

export async function markDeliveryFailure(
  executor: Executor,
  tenant: Tenant,
  destinatarioId: string,
  reason: string,
): Promise<void> {
  await executor
    .update(cotacaoDestinatarios)
    .set({ falhaEntrega: reason, falhouEm: new Date() })
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.id, destinatarioId)));
}

/** The outbox row of a sent message, by Message-ID (to read a bounce). */
export async function findOutboxByMessageIds(executor: Executor, ids: string[]) {
  if (ids.length === 0) return undefined;
  const [row] = await executor
    .select({ id: mailOutbox.id, empresaId: mailOutbox.empresaId })
    .from(mailOutbox)
    .where(inArray(sql`lower(${mailOutbox.messageId})`, ids))
    .limit(1);
  return row;
}

export async function findUserCopyPreference(executor: Executor, userId: string | null) {
  if (!userId) return undefined;
  const [row] = await executor
    .select({ email: users.email, name: users.name, receiveEmailCopy: users.receiveEmailCopy })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function carrierName(executor: Executor, tenant: Tenant, transportadorId: string) {
  const [row] = await executor
    .select({ nome: transportadores.nome })
    .from(transportadores)
    .where(inTenant(transportadores.empresaId, tenant, eq(transportadores.id, transportadorId)))
    .limit(1);
  return row?.nome ?? null;
}
