import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  cotacaoDestinatarios,
  cotacaoMensagens,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  respostas,
  transportadores,
} from '../db/schema/index.js';
import type { OutboxAttachment } from '../db/schema/outbox.js';
import { inTenant, type Tenant } from '../db/tenant.js';
import { sanitizeEmailHtml } from './email-html.js';

export type ConversationMessage = Omit<typeof cotacaoMensagens.$inferInsert, 'empresaId' | 'id'>;

/**
 * Records a message in a quote's conversation ('Histórico de Emails dos Transportadores'): every module
 * that mails a carrier about a quote (request, revision, approval) and the inbound pipeline (answers)
 * write here, in the transaction of the change that sent or received it. Its HTML is made safe here, once
 * (unless the caller did it already), so that no view sanitises it again.
 */
export async function recordMessage(
  executor: Executor,
  tenant: Tenant,
  message: ConversationMessage,
): Promise<{ id: string }> {
  const [row] = await executor
    .insert(cotacaoMensagens)
    .values({ ...withSafeHtml(message), empresaId: tenant.empresaId })
    .returning({ id: cotacaoMensagens.id });
  return row!;
}

function withSafeHtml(message: ConversationMessage): ConversationMessage {
  if (!message.bodyHtml || message.htmlSeguro !== undefined) return message;
  const safe = sanitizeEmailHtml(message.bodyHtml);
  return { ...message, htmlSeguro: safe.html, imagensRemotas: safe.remoteImages };
}

/** A live (not deleted) quote of the company: the conversation of anything else is not found. */
export async function isLiveQuote(executor: Executor, tenant: Tenant, cotacaoId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: cotacoes.id })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId), isNull(cotacoes.deletedAt)));
  return Boolean(row);
}

const attachmentCount = sql<number>`case
  when ${cotacaoMensagens.inboundMessageId} is not null then (
    select count(*)::int from ${inboundAttachments}
    where ${inboundAttachments.inboundMessageId} = ${cotacaoMensagens.inboundMessageId})
  else coalesce(jsonb_array_length(${mailOutbox.attachments}), 0) end`;

/** A message's columns, the original HTML only while no safe copy is stored (it is not read twice). */
const { bodyHtml: _originalHtml, ...messageColumns } = getTableColumns(cotacaoMensagens);
const listedMessage = {
  ...messageColumns,
  bodyHtml: sql<
    string | null
  >`case when ${cotacaoMensagens.htmlSeguro} is null then ${cotacaoMensagens.bodyHtml} end`,
};

/** One page of a quote's conversation, oldest first, with what the list shows beside each message. */
export async function listMessages(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  page: { offset: number; limit: number },
) {
  const where = inTenant(cotacaoMensagens.empresaId, tenant, eq(cotacaoMensagens.cotacaoId, cotacaoId));
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        message: listedMessage,
        transportadorNome: sql<
          string | null
        >`coalesce(${cotacaoDestinatarios.nome}, ${transportadores.nome})`,
        anexos: attachmentCount,
        motivo: inboundMessages.motivo,
        flags: inboundMessages.flags,
        source: inboundMessages.source,
        registradoPor: inboundMessages.registradoPor,
      })
      .from(cotacaoMensagens)
      .leftJoin(
        cotacaoDestinatarios,
        and(
          eq(cotacaoDestinatarios.cotacaoId, cotacaoMensagens.cotacaoId),
          eq(cotacaoDestinatarios.transportadorId, cotacaoMensagens.transportadorId),
        ),
      )
      .leftJoin(transportadores, eq(transportadores.id, cotacaoMensagens.transportadorId))
      .leftJoin(inboundMessages, eq(inboundMessages.id, cotacaoMensagens.inboundMessageId))
      .leftJoin(mailOutbox, eq(mailOutbox.id, cotacaoMensagens.outboxId))
      .where(where)
      .orderBy(asc(cotacaoMensagens.createdAt), asc(cotacaoMensagens.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ n: count() }).from(cotacaoMensagens).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ListedMessage = Awaited<ReturnType<typeof listMessages>>['rows'][number];

/** Keeps the safe HTML of a message recorded before it was stored with it (sanitised on its first view). */
export async function storeSafeHtml(
  executor: Executor,
  tenant: Tenant,
  id: string,
  safe: { html: string; remoteImages: number },
): Promise<void> {
  await executor
    .update(cotacaoMensagens)
    .set({ htmlSeguro: safe.html, imagensRemotas: safe.remoteImages })
    .where(
      inTenant(
        cotacaoMensagens.empresaId,
        tenant,
        eq(cotacaoMensagens.id, id),
        isNull(cotacaoMensagens.htmlSeguro),
      ),
    );
}

/** A message of a live quote of the company: where its attachments are. */
export async function findMessage(executor: Executor, tenant: Tenant, id: string) {
  const [row] = await executor
    .select({
      id: cotacaoMensagens.id,
      inboundMessageId: cotacaoMensagens.inboundMessageId,
      outboxId: cotacaoMensagens.outboxId,
    })
    .from(cotacaoMensagens)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoMensagens.cotacaoId))
    .where(
      inTenant(cotacaoMensagens.empresaId, tenant, eq(cotacaoMensagens.id, id), isNull(cotacoes.deletedAt)),
    );
  return row;
}

/** The attachments of a received message (names and sizes, not the bytes). */
export async function listInboundAttachments(executor: Executor, inboundMessageId: string) {
  return executor
    .select({
      key: inboundAttachments.key,
      filename: inboundAttachments.filename,
      contentType: inboundAttachments.contentType,
      size: inboundAttachments.tamanho,
    })
    .from(inboundAttachments)
    .where(eq(inboundAttachments.inboundMessageId, inboundMessageId))
    .orderBy(asc(inboundAttachments.createdAt), asc(inboundAttachments.filename));
}

/** A received message is in the conversation of a live quote of the company. */
const inCompanyConversation = (inboundMessageId: AnyColumn, tenant: Tenant) =>
  sql`exists (select 1 from ${cotacaoMensagens}
    join ${cotacoes} on ${cotacoes.id} = ${cotacaoMensagens.cotacaoId} and ${cotacoes.deletedAt} is null
    where ${cotacaoMensagens.inboundMessageId} = ${inboundMessageId}
      and ${cotacaoMensagens.empresaId} = ${tenant.empresaId})`;

/** The size of a received message as it arrived, while its bytes are kept (null: purged or unknown). */
export async function findInboundOriginalSize(executor: Executor, inboundMessageId: string) {
  const [row] = await executor
    .select({ tamanho: inboundMessages.tamanho })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.id, inboundMessageId), isNotNull(inboundMessages.raw)));
  return row?.tamanho ?? null;
}

/**
 * The bytes of a received message as it arrived, if a live quote of the company has it in its conversation;
 * undefined when not, or once purged.
 */
export async function findInboundOriginal(executor: Executor, tenant: Tenant, inboundMessageId: string) {
  const [row] = await executor
    .select({ raw: inboundMessages.raw })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.id, inboundMessageId),
        isNotNull(inboundMessages.raw),
        inCompanyConversation(inboundMessages.id, tenant),
      ),
    );
  return row?.raw ?? undefined;
}

/**
 * The files of a sent message, from its outbox row, if a live quote of the company has that message
 * in its conversation.
 */
export async function findOutboxAttachments(
  executor: Executor,
  tenant: Tenant,
  outboxId: string,
): Promise<OutboxAttachment[] | undefined> {
  const [row] = await executor
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.id, outboxId),
        sql`exists (select 1 from ${cotacaoMensagens}
          join ${cotacoes} on ${cotacoes.id} = ${cotacaoMensagens.cotacaoId} and ${cotacoes.deletedAt} is null
          where ${cotacaoMensagens.outboxId} = ${mailOutbox.id}
            and ${cotacaoMensagens.empresaId} = ${tenant.empresaId})`,
      ),
    );
  return row?.attachments;
}

/**
 * A received attachment by its key, if it belongs to the company: stamped with it, or part of a message
 * in the conversation of one of its live quotes.
 */
export async function findInboundAttachment(executor: Executor, tenant: Tenant, key: string) {
  const [row] = await executor
    .select({
      filename: inboundAttachments.filename,
      conteudo: inboundAttachments.conteudo,
    })
    .from(inboundAttachments)
    .where(
      and(
        eq(inboundAttachments.key, key),
        or(
          eq(inboundAttachments.empresaId, tenant.empresaId),
          inCompanyConversation(inboundAttachments.inboundMessageId, tenant),
        ),
      ),
    );
  return row;
}

/**
 * The Message-ID our next message to a carrier answers: the carrier's last message in the quote's
 * conversation (the one its current answer came from, else the newest it sent); null when it sent none.
 */
export async function lastCarrierMessageId(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  transportadorId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ messageId: cotacaoMensagens.messageId })
    .from(cotacaoMensagens)
    .leftJoin(respostas, and(eq(respostas.mensagemId, cotacaoMensagens.id), eq(respostas.atual, true)))
    .leftJoin(inboundMessages, eq(inboundMessages.id, cotacaoMensagens.inboundMessageId))
    .where(
      inTenant(
        cotacaoMensagens.empresaId,
        tenant,
        eq(cotacaoMensagens.cotacaoId, cotacaoId),
        eq(cotacaoMensagens.transportadorId, transportadorId),
        eq(cotacaoMensagens.direction, 'received'),
        isNotNull(cotacaoMensagens.messageId),
        // An answer typed by the analyst or on the portal has a Message-ID of ours the carrier never
        // received: a reply to it would thread under nothing in its mailbox (QA pass 22).
        sql`coalesce(${inboundMessages.source}, '') not in ('manual', 'portal', 'teste')`,
      ),
    )
    .orderBy(sql`${respostas.id} is null`, desc(cotacaoMensagens.createdAt))
    .limit(1);
  return row?.messageId ?? null;
}
