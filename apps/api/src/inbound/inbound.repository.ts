import { WAITING_STATUSES } from '@cotacoes/shared/rules/quote-status';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  cotacaoDestinatarios,
  cotacaoMensagens,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  respostas,
  type SetAsideRecord,
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

/** The reply tokens of a quote (its own, for bcc, and each recipient's): the ones its conversation may show. */
export async function replyTokensOfQuote(executor: Executor, cotacaoId: string): Promise<Set<string>> {
  const [quote, recipients] = await Promise.all([
    executor.select({ token: cotacoes.replyToken }).from(cotacoes).where(eq(cotacoes.id, cotacaoId)),
    executor
      .select({ token: cotacaoDestinatarios.replyToken })
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.cotacaoId, cotacaoId)),
  ]);
  return new Set([...quote, ...recipients].map((row) => row.token.toLowerCase()));
}

/** Message-IDs looked up per message to find its thread. */
const MAX_THREAD_IDS = 100;

/** The quote (and carrier thread) a message answers, from the Message-IDs it references. */
export async function findThreadByMessageIds(
  executor: Executor,
  given: string[],
): Promise<{ cotacaoId: string; empresaId: string; transportadorId: string | null } | undefined> {
  // The most relevant first (the caller's order): a hostile References header may hold thousands.
  const ids = [...new Set(given)].slice(0, MAX_THREAD_IDS);
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

export type CodeCandidate = RecipientRow & {
  codigo: string;
  status: string;
  deletedAt: Date | null;
  /** The carrier's current version waits for a revision it was asked for (ADR 0018). */
  revisaoPendente: boolean;
};

/**
 * Quotes with this code (codes are unique per company only) that were sent to this address, with what the
 * tie-break across companies reads: the quote's status and whether this carrier's answer is still awaited.
 */
export async function findRecipientsByCodeAndSender(
  executor: Executor,
  codigo: string,
  sender: string,
): Promise<CodeCandidate[]> {
  return executor
    .select({
      ...recipientColumns,
      codigo: cotacoes.codigo,
      status: cotacoes.status,
      deletedAt: cotacoes.deletedAt,
      revisaoPendente: sql<boolean>`exists (select 1 from ${respostas} where ${respostas.destinatarioId} = ${cotacaoDestinatarios.id} and ${respostas.atual} and ${respostas.status} = 'revisao_solicitada')`,
    })
    .from(cotacaoDestinatarios)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
    .where(
      and(
        eq(cotacoes.codigo, codigo),
        sql`${cotacaoDestinatarios.emails} @> ${JSON.stringify([sender])}::jsonb`,
      ),
    )
    .orderBy(asc(cotacaoDestinatarios.id))
    .limit(5);
}

/**
 * The waiting quotes with `codigo` sent to an address of `domain` (a carrier colleague's forward from an
 * unregistered address, QA pass 37): one per quote, at most 5.
 */
export async function waitingQuotesByCodeAndDomain(executor: Executor, codigo: string, domain: string) {
  return executor
    .selectDistinct({ empresaId: cotacoes.empresaId, cotacaoId: cotacoes.id })
    .from(cotacaoDestinatarios)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
    .where(
      and(
        eq(cotacoes.codigo, codigo),
        isNull(cotacoes.deletedAt),
        inArray(cotacoes.status, [...WAITING_STATUSES]),
        sql`exists (select 1 from jsonb_array_elements_text(${cotacaoDestinatarios.emails}) e where lower(split_part(e, '@', 2)) = ${domain})`,
      ),
    )
    .limit(5);
}

/** A candidate company dismissed a shared code's message: its entries go, in one statement (no lost update). */
export async function dropCandidateCompany(executor: Executor, inboundId: string, empresaId: string) {
  await executor
    .update(inboundMessages)
    .set({
      candidatas: sql`(select jsonb_agg(e) from jsonb_array_elements(${inboundMessages.candidatas}) e where e->>'empresaId' <> ${empresaId})`,
    })
    .where(eq(inboundMessages.id, inboundId));
}

/**
 * Companies having a live carrier with this address (an unmatched message is theirs when exactly one);
 * `among`: only those of these companies (the candidates of a shared quote code).
 */
export async function companiesOfCarrierEmail(
  executor: Executor,
  email: string,
  among?: readonly string[],
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ empresaId: transportadorEmails.empresaId })
    .from(transportadorEmails)
    .where(
      and(
        eq(transportadorEmails.email, email),
        isNull(transportadorEmails.deletedAt),
        ...(among ? [inArray(transportadorEmails.empresaId, [...among])] : []),
      ),
    )
    .limit(among ? among.length : 3);
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

/**
 * What deduplication compares of a stored message (`variantOf` in the pipeline): its facts and only the
 * first `headerBytes` of its raw bytes (the header block), not a message of up to 25 MB.
 */
export async function findInboundHead(executor: Executor, id: string, headerBytes: number) {
  const [row] = await executor
    .select({
      sentAt: inboundMessages.sentAt,
      fromAddress: inboundMessages.fromAddress,
      cotacaoId: inboundMessages.cotacaoId,
      entrada: inboundMessages.entrada,
      head: sql<Buffer | Uint8Array | null>`substring(${inboundMessages.raw} from 1 for ${headerBytes})`,
    })
    .from(inboundMessages)
    .where(eq(inboundMessages.id, id))
    .limit(1);
  return row && { ...row, head: row.head === null ? null : Buffer.from(row.head) };
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

/**
 * 'Restaurar': clears a message's dismissal only while it is dismissed, so two restores at once restore (and
 * audit) it once; false when it was not dismissed any more.
 */
export async function undismissInbound(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .update(inboundMessages)
    .set({ descartadaPor: null, descartadaEm: null })
    .where(and(eq(inboundMessages.id, id), isNotNull(inboundMessages.descartadaEm)))
    .returning({ id: inboundMessages.id });
  return rows.length > 0;
}

export async function insertAttachments(
  executor: Executor,
  rows: (typeof inboundAttachments.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await executor.insert(inboundAttachments).values(rows);
}

/** The company the message's attachments belong to (null: none, a message back among unknown ones). */
export async function setAttachmentsCompany(executor: Executor, inboundId: string, empresaId: string | null) {
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

/** The current version of a recipient's answer, with what its sender's verification says (ADR 0023). */
export async function currentResponse(executor: Executor, tenant: Tenant, destinatarioId: string) {
  const [row] = await executor
    .select({
      id: respostas.id,
      status: respostas.status,
      remetenteNaoVerificado: respostas.remetenteNaoVerificado,
      remetenteConfirmadoEm: respostas.remetenteConfirmadoEm,
      inboundMessageId: respostas.inboundMessageId,
    })
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

/** Which of `codes` are live quotes of the company (a reply naming another quote than its thread's). */
export async function liveQuoteCodes(executor: Executor, tenant: Tenant, codes: string[]): Promise<string[]> {
  const rows = await executor
    .select({ codigo: cotacoes.codigo })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, inArray(cotacoes.codigo, codes), isNull(cotacoes.deletedAt)));
  return rows.map((row) => row.codigo).sort();
}

/** A version of the quote to read again: how it was read, whether it was typed, whether its bytes remain. */
export async function responseForReading(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  respostaId: string,
) {
  const [row] = await executor
    .select({
      transportadorId: respostas.transportadorId,
      extracao: respostas.extracao,
      typed: sql<boolean>`(${inboundMessages.entrada} ? 'typedResult')`,
      hasRaw: sql<boolean>`(${inboundMessages.raw} is not null)`,
    })
    .from(respostas)
    .innerJoin(inboundMessages, eq(inboundMessages.id, respostas.inboundMessageId))
    .where(
      inTenant(respostas.empresaId, tenant, eq(respostas.id, respostaId), eq(respostas.cotacaoId, cotacaoId)),
    )
    .limit(1);
  return row;
}

/** Back to 'pendente' for the extraction job; what it read before stays until the new reading replaces it. */
export async function markForReading(executor: Executor, tenant: Tenant, respostaId: string) {
  await executor
    .update(respostas)
    .set({ extracao: 'pendente', extracaoErro: null, updatedAt: new Date() })
    .where(inTenant(respostas.empresaId, tenant, eq(respostas.id, respostaId)));
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

/** An answer time for a recipient row's update, never before its request was sent. */
const notBeforeSent = (when: SQL) =>
  sql`greatest(${when}, coalesce((select ${mailOutbox.sentAt} from ${mailOutbox} where ${mailOutbox.id} = ${cotacaoDestinatarios.outboxId}), ${when}))`;

export async function markFirstAnswer(
  executor: Executor,
  tenant: Tenant,
  destinatarioId: string,
  at: Date,
): Promise<boolean> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const rows = await executor
    .update(cotacaoDestinatarios)
    // Never before its request was sent: a reply's Date header is the sender's to write (the QA pass
    // back-dated one to look like the fastest carrier).
    .set({ respondeuEm: notBeforeSent(when) })
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

/** The carrier's latest set-aside message (its card offers 'Contar como resposta'), or none. */
export async function markSetAside(
  executor: Executor,
  tenant: Tenant,
  destinatarioId: string,
  value: SetAsideRecord | null,
): Promise<void> {
  // Its time never before the request was sent, as an answer's (QA pass 37: an auto-reply whose Date was
  // 14 minutes before the request read "Resposta automática em 07:04" under a request sent at 07:18).
  const record =
    value === null
      ? null
      : sql`jsonb_set(${JSON.stringify(value)}::jsonb, '{em}', to_jsonb(to_char(${notBeforeSent(sql`${value.em}::timestamptz`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;
  await executor
    .update(cotacaoDestinatarios)
    .set({ respostaAutomatica: record })
    .where(
      inTenant(
        cotacaoDestinatarios.empresaId,
        tenant,
        eq(cotacaoDestinatarios.id, destinatarioId),
        // Clearing touches only a row that holds one: every answer clears, most have nothing to clear.
        ...(value === null ? [sql`${cotacaoDestinatarios.respostaAutomatica} is not null`] : []),
      ),
    );
}

/**
 * A received message of the company's quote the platform set aside (tipo auto_resposta), turned into an
 * answer: its tipo becomes 'resposta' in the same statement that finds it, so that two clicks count it
 * once. Answers its carrier and stored message, or nothing when there is no such message (any more).
 */
export async function takeSetAsideMessage(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  mensagemId: string,
): Promise<{ transportadorId: string | null; inboundMessageId: string | null } | undefined> {
  const [row] = await executor
    .update(cotacaoMensagens)
    .set({ tipo: 'resposta' })
    .where(
      inTenant(
        cotacaoMensagens.empresaId,
        tenant,
        eq(cotacaoMensagens.id, mensagemId),
        eq(cotacaoMensagens.cotacaoId, cotacaoId),
        eq(cotacaoMensagens.direction, 'received'),
        eq(cotacaoMensagens.tipo, 'auto_resposta'),
      ),
    )
    .returning({
      transportadorId: cotacaoMensagens.transportadorId,
      inboundMessageId: cotacaoMensagens.inboundMessageId,
    });
  return row;
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

/**
 * Takes a stored message for processing inside the caller's transaction: the row is locked until the
 * transaction ends, and skipped when another process holds it or it no longer waits for processing.
 */
export async function claimInbound(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: inboundMessages.id,
      empresaId: inboundMessages.empresaId,
      tentativas: inboundMessages.tentativas,
      erro: inboundMessages.erro,
    })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.id, id), inArray(inboundMessages.status, ['pendente', 'falhou'])))
    .for('update', { skipLocked: true })
    .limit(1);
  return row;
}

/** Messages whose next processing attempt is due, oldest first. */
export async function dueInbound(executor: Executor, limit: number): Promise<string[]> {
  const rows = await executor
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(
      and(
        inArray(inboundMessages.status, ['pendente', 'falhou']),
        lte(inboundMessages.proximaTentativa, sql`now()`),
      ),
    )
    .orderBy(asc(inboundMessages.proximaTentativa))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A failed attempt; a message another process has processed meanwhile is left as it is. */
export async function recordFailure(
  executor: Executor,
  id: string,
  values: { tentativas: number; erro: string; proximaTentativa: Date | null },
): Promise<void> {
  await executor
    .update(inboundMessages)
    .set({ ...values, status: 'falhou' })
    .where(and(eq(inboundMessages.id, id), inArray(inboundMessages.status, ['pendente', 'falhou'])));
}

/**
 * The raw bytes and the attachments of messages go ('Descartar', the retention job); the row stays
 * (deduplication, audit) marked with `purgada_em`, and so do the conversation text and the response's
 * extracted figures.
 */
export async function purgeInbound(executor: Executor, ids: string | string[]): Promise<void> {
  const list = typeof ids === 'string' ? [ids] : ids;
  if (list.length === 0) return;
  await executor.delete(inboundAttachments).where(inArray(inboundAttachments.inboundMessageId, list));
  await executor
    .update(inboundMessages)
    .set({ raw: null, purgadaEm: new Date() })
    .where(inArray(inboundMessages.id, list));
}

/** Failed messages and messages stored but still waiting, for a desenvolvedor (metadata only). */
export async function listFailed(executor: Executor, limit: number) {
  return executor
    .select({
      id: inboundMessages.id,
      status: inboundMessages.status,
      source: inboundMessages.source,
      fromAddress: inboundMessages.fromAddress,
      fromName: inboundMessages.fromName,
      subject: inboundMessages.subject,
      tamanho: inboundMessages.tamanho,
      tentativas: inboundMessages.tentativas,
      erro: inboundMessages.erro,
      proximaTentativa: inboundMessages.proximaTentativa,
      createdAt: inboundMessages.createdAt,
    })
    .from(inboundMessages)
    .where(inArray(inboundMessages.status, ['pendente', 'falhou']))
    .orderBy(desc(inboundMessages.createdAt))
    .limit(limit);
}

/**
 * A version of the company's quote with how its message came ('Desfazer atribuição'): its recipient, its
 * number and whether it is current, the recipient's latest version number, and the message's source, match
 * and where it stood before an assignment. Undefined when the quote has no such version.
 */
export async function versionForUndo(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  respostaId: string,
) {
  const [row] = await executor
    .select({
      id: respostas.id,
      destinatarioId: respostas.destinatarioId,
      transportadorId: respostas.transportadorId,
      versao: respostas.versao,
      atual: respostas.atual,
      mensagemId: respostas.mensagemId,
      inboundMessageId: respostas.inboundMessageId,
      ultimaVersao: sql<number>`(select max(r2.versao) from respostas r2 where r2.destinatario_id = ${respostas.destinatarioId})::int`,
      source: inboundMessages.source,
      matchedBy: inboundMessages.matchedBy,
      atribuicaoAnterior: inboundMessages.atribuicaoAnterior,
      createdAt: respostas.createdAt,
      respondeuEm: cotacaoDestinatarios.respondeuEm,
    })
    .from(respostas)
    .leftJoin(inboundMessages, eq(inboundMessages.id, respostas.inboundMessageId))
    .innerJoin(cotacaoDestinatarios, eq(cotacaoDestinatarios.id, respostas.destinatarioId))
    .where(
      inTenant(respostas.empresaId, tenant, eq(respostas.cotacaoId, cotacaoId), eq(respostas.id, respostaId)),
    )
    .limit(1);
  return row;
}

/**
 * Removes an assigned version and its copy in the conversation (its corrections go with it), and makes the
 * recipient's latest remaining version that is not held back current again when the removed one was.
 * Answers how many versions the recipient has left.
 */
export async function removeVersion(
  executor: Executor,
  tenant: Tenant,
  version: { id: string; destinatarioId: string; atual: boolean; mensagemId: string | null },
): Promise<number> {
  await executor.delete(respostas).where(inTenant(respostas.empresaId, tenant, eq(respostas.id, version.id)));
  if (version.mensagemId)
    await executor
      .delete(cotacaoMensagens)
      .where(inTenant(cotacaoMensagens.empresaId, tenant, eq(cotacaoMensagens.id, version.mensagemId)));
  const left = await executor
    .select({ id: respostas.id, aguardandoConfirmacao: respostas.aguardandoConfirmacao })
    .from(respostas)
    .where(inTenant(respostas.empresaId, tenant, eq(respostas.destinatarioId, version.destinatarioId)))
    .orderBy(desc(respostas.versao));
  const previous = left.find((row) => !row.aguardandoConfirmacao);
  if (version.atual && previous)
    await executor
      .update(respostas)
      .set({ atual: true, updatedAt: new Date() })
      .where(inTenant(respostas.empresaId, tenant, eq(respostas.id, previous.id)));
  return left.length;
}

/** The recipient answered nothing any more (its only version was taken back): no first answer. */
export async function clearFirstAnswer(executor: Executor, tenant: Tenant, destinatarioId: string) {
  await setFirstAnswer(executor, tenant, destinatarioId, null);
}

/** The recipient's first answer put back as it was (an assignment undone). */
export async function setFirstAnswer(
  executor: Executor,
  tenant: Tenant,
  destinatarioId: string,
  at: Date | null,
) {
  await executor
    .update(cotacaoDestinatarios)
    .set({ respondeuEm: at })
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.id, destinatarioId)));
}

/** The company of the user whose address this is (a colleague forwarding a carrier's mail), if any. */
export async function companyOfUserEmail(executor: Executor, email: string): Promise<string | null> {
  const [row] = await executor
    .select({ empresaId: users.empresaId })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNotNull(users.empresaId)))
    .limit(1);
  return row?.empresaId ?? null;
}

/** The company's live quote with this code that still takes answers, if any. */
export async function waitingQuoteByCode(executor: Executor, empresaId: string, codigo: string) {
  const [row] = await executor
    .select({ id: cotacoes.id })
    .from(cotacoes)
    .where(
      and(
        eq(cotacoes.empresaId, empresaId),
        eq(cotacoes.codigo, codigo),
        isNull(cotacoes.deletedAt),
        inArray(cotacoes.status, ['AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A first answer earlier than the one kept (an older mail assigned late); never before the request was sent. */
export async function markEarlierAnswer(
  executor: Executor,
  tenant: Tenant,
  destinatarioId: string,
  at: Date,
) {
  const when = sql`${at.toISOString()}::timestamptz`;
  await executor
    .update(cotacaoDestinatarios)
    .set({ respondeuEm: notBeforeSent(when) })
    .where(
      inTenant(
        cotacaoDestinatarios.empresaId,
        tenant,
        eq(cotacaoDestinatarios.id, destinatarioId),
        sql`${cotacaoDestinatarios.respondeuEm} > ${when}`,
      ),
    );
}

/** The first answer from the versions a recipient has left (their dates); never before the request was sent. */
export async function firstAnswerFromVersions(executor: Executor, tenant: Tenant, destinatarioId: string) {
  const first = sql`(select min(r.created_at) from respostas r where r.destinatario_id = ${destinatarioId})`;
  await executor
    .update(cotacaoDestinatarios)
    .set({ respondeuEm: notBeforeSent(first) })
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.id, destinatarioId)));
}

/** Whether message `a` was received (stored) before message `b`. */
export async function receivedBefore(executor: Executor, a: string, b: string): Promise<boolean> {
  const rows = await executor
    .select({ id: inboundMessages.id, createdAt: inboundMessages.createdAt })
    .from(inboundMessages)
    .where(inArray(inboundMessages.id, [a, b]));
  const at = (id: string) => rows.find((row) => row.id === id)?.createdAt.getTime();
  const first = at(a);
  const second = at(b);
  return first !== undefined && second !== undefined && first < second;
}
