import { randomBytes } from 'node:crypto';
import type { DadosExtraidos } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { recordMessage } from '../conversation/conversation.repository.js';
import type { Database, Transaction } from '../db/client.js';
import type { InboundOutcome, InboundSource } from '../db/schema/index.js';
import { isUniqueViolation } from '../db/sql.js';
import { checkedTenant, type Tenant } from '../db/tenant.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { writeAudit } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';
import { CONTENT_TYPES, safeFilename, sniff } from '../lib/file-type.js';
import type { Mailer } from '../mail/mailer.js';
import { isAutoReply, readBounce } from './classify.js';
import * as repo from './inbound.repository.js';
import { dedupeKeyOf, type ParsedInbound, parseInbound } from './parse.js';

export type IngestInput = {
  source: InboundSource;
  /** SMTP RCPT TO addresses (plus-token matching). */
  envelopeTo?: string[];
  /** A user registering or assigning an answer by hand names the quote and the carrier. */
  assignedBy?: { userId: string; empresaId: string; cotacaoId: string; transportadorId: string };
  /** Values typed by the user: the response's figures, no extraction needed. */
  typedResult?: DadosExtraidos;
};

export type IngestResult = {
  inboundId: string;
  duplicate: boolean;
  outcome: InboundOutcome;
  cotacaoId: string | null;
  responseId: string | null;
};

type RecipientMatch = {
  kind: 'recipient';
  recipient: repo.RecipientRow;
  by: 'token' | 'thread' | 'subject' | 'manual';
  /** The sender is not one of the carrier's addresses (accepted by its token or thread, flagged). */
  unknownSender: boolean;
};
type QuoteMatch = { kind: 'quote'; empresaId: string; cotacaoId: string; by: 'token' | 'thread' };
type NoMatch = { kind: 'none'; empresaId: string | null };
type Match = RecipientMatch | QuoteMatch | NoMatch;

const TOKEN_PATTERN = /\+([0-9a-f]{32})@/i;
const CODE_PATTERN = /\bCOT-\d{4}-\d{3,}\b/i;
const WAITING = ['AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO'];

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/** When the carrier answered: the Date header when plausible, else the arrival. */
function answeredAt(parsed: ParsedInbound, now: Date): Date {
  const date = parsed.date;
  if (!date) return now;
  const age = now.getTime() - date.getTime();
  return age >= -5 * 60_000 && age <= 30 * 86_400_000
    ? new Date(Math.min(date.getTime(), now.getTime()))
    : now;
}

/**
 * The one ingestion pipeline (ADR 0015): every source (IMAP, inbound SMTP, the local mailbox, answers
 * registered by hand) hands it a raw RFC 822 message. In one transaction it keeps the raw message,
 * matches it to a quote and carrier (reply token → thread → quote code + sender), records it in the
 * conversation, creates the response version and enqueues its extraction. Idempotent by Message-ID, or
 * by a hash of the bytes when there is none (R4, R6).
 */
export class InboundPipeline {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async ingest(raw: Buffer, input: IngestInput): Promise<IngestResult> {
    const parsed = await parseInbound(raw);
    const dedupeKey = dedupeKeyOf(parsed.messageId, raw);
    const existing = await repo.findInboundByKey(this.db, dedupeKey);
    if (existing) return this.duplicateOf(existing);
    const match = await this.match(parsed, input);
    try {
      return await this.db.transaction(async (tx) => {
        const inboundId = await repo.insertInbound(tx, {
          dedupeKey,
          source: input.source,
          raw,
          tamanho: raw.length,
          outcome: 'nao_identificada',
          messageId: parsed.messageId,
          fromAddress: parsed.from.address,
          fromName: parsed.from.name,
          subject: parsed.subject,
          sentAt: parsed.date,
          registradoPor: input.assignedBy?.userId ?? null,
        });
        if (!inboundId) return { ...(await this.duplicateAfterRace(tx, dedupeKey)) };
        await repo.insertAttachments(
          tx,
          parsed.attachments.map((attachment) => {
            const kind = sniff(attachment.content);
            return {
              inboundMessageId: inboundId,
              key: randomBytes(18).toString('base64url'),
              filename: safeFilename(attachment.filename, kind),
              contentType: kind === 'unknown' ? 'application/octet-stream' : CONTENT_TYPES[kind],
              tamanho: attachment.content.length,
              conteudo: attachment.content,
            };
          }),
        );
        return this.apply(tx, inboundId, parsed, raw, match, input);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'inbound_messages_dedupe_key')) {
        const row = await repo.findInboundByKey(this.db, dedupeKey);
        if (row) return this.duplicateOf(row);
      }
      throw error;
    }
  }

  /**
   * 'Não identificadas': a user names the quote and carrier of a stored message; it then goes through the
   * same steps as a matched one. 404 when the message, quote or carrier is not the user's company's.
   */
  async assign(
    inboundId: string,
    assignment: { userId: string; empresaId: string | null; cotacaoId: string; transportadorId: string },
    seesEveryCompany: boolean,
  ): Promise<IngestResult> {
    const row = await repo.findInboundById(this.db, inboundId);
    const visible =
      row &&
      (row.outcome === 'nao_identificada' || row.outcome === 'invalida') &&
      (row.empresaId === assignment.empresaId || (row.empresaId === null && seesEveryCompany));
    if (!row || !visible || !assignment.empresaId) throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
    const parsed = await parseInbound(row.raw);
    const match = await this.match(parsed, {
      source: row.source,
      assignedBy: { ...assignment, empresaId: assignment.empresaId },
    });
    return this.db.transaction(async (tx) => {
      await repo.updateInbound(tx, inboundId, { registradoPor: assignment.userId });
      return this.apply(tx, inboundId, parsed, row.raw, match, {
        source: row.source,
        assignedBy: { ...assignment, empresaId: assignment.empresaId! },
      });
    });
  }

  private duplicateOf(row: { id: string; outcome: InboundOutcome; cotacaoId: string | null }): IngestResult {
    return {
      inboundId: row.id,
      duplicate: true,
      outcome: row.outcome,
      cotacaoId: row.cotacaoId,
      responseId: null,
    };
  }

  private async duplicateAfterRace(tx: Transaction, dedupeKey: string): Promise<IngestResult> {
    const row = await repo.findInboundByKey(tx, dedupeKey);
    if (!row) throw new Error('inbound message vanished after a dedupe conflict');
    return this.duplicateOf(row);
  }

  // ---- matching (reads only; the company is what it finds) ----

  private async match(parsed: ParsedInbound, input: IngestInput): Promise<Match> {
    if (input.assignedBy) return this.matchAssigned(input.assignedBy);
    const sender = parsed.from.address;
    const addresses = [...parsed.to, ...parsed.cc, ...parsed.deliveredTo, ...(input.envelopeTo ?? [])];
    for (const address of addresses) {
      const token = TOKEN_PATTERN.exec(address)?.[1]?.toLowerCase();
      if (!token) continue;
      const recipient = await repo.findRecipientByToken(this.db, token);
      if (recipient)
        return {
          kind: 'recipient',
          recipient,
          by: 'token',
          unknownSender: !sender || !recipient.emails.includes(sender),
        };
      const quote = await repo.findQuoteIdByToken(this.db, token);
      if (quote) return this.matchWithinQuote(quote.empresaId, quote.id, null, sender, 'token');
    }
    const thread = await repo.findThreadByMessageIds(this.db, [...parsed.inReplyTo, ...parsed.references]);
    if (thread)
      return this.matchWithinQuote(
        thread.empresaId,
        thread.cotacaoId,
        thread.transportadorId,
        sender,
        'thread',
      );
    const code = CODE_PATTERN.exec(parsed.subject)?.[0]?.toUpperCase();
    if (code && sender) {
      const candidates = await repo.findRecipientsByCodeAndSender(this.db, code, sender);
      if (candidates.length === 1)
        return { kind: 'recipient', recipient: candidates[0]!, by: 'subject', unknownSender: false };
    }
    const companies = sender ? await repo.companiesOfCarrierEmail(this.db, sender) : [];
    return { kind: 'none', empresaId: companies.length === 1 ? companies[0]! : null };
  }

  /** The carrier of a quote's reply: its thread's carrier, else the sender's address, else its domain. */
  private async matchWithinQuote(
    empresaId: string,
    cotacaoId: string,
    threadCarrier: string | null,
    sender: string | null,
    by: 'token' | 'thread',
  ): Promise<Match> {
    const recipients = await repo.recipientsOfQuote(this.db, cotacaoId);
    const bySender = sender ? recipients.find((recipient) => recipient.emails.includes(sender)) : undefined;
    if (threadCarrier) {
      const recipient = recipients.find((r) => r.transportadorId === threadCarrier);
      if (recipient)
        return { kind: 'recipient', recipient, by, unknownSender: bySender?.id !== recipient.id };
    }
    if (bySender) return { kind: 'recipient', recipient: bySender, by, unknownSender: false };
    if (sender) {
      const sameDomain = recipients.filter((r) =>
        r.emails.some((email) => domainOf(email) === domainOf(sender)),
      );
      if (sameDomain.length === 1)
        return { kind: 'recipient', recipient: sameDomain[0]!, by, unknownSender: true };
    }
    return { kind: 'quote', empresaId, cotacaoId, by };
  }

  private async matchAssigned(assigned: NonNullable<IngestInput['assignedBy']>): Promise<Match> {
    const recipients = await repo.recipientsOfQuote(this.db, assigned.cotacaoId);
    const recipient = recipients.find(
      (r) => r.empresaId === assigned.empresaId && r.transportadorId === assigned.transportadorId,
    );
    if (!recipient) {
      if (recipients.some((r) => r.empresaId === assigned.empresaId))
        throw new AppError('TRANSPORTADOR_NOT_FOUND');
      throw new AppError('QUOTE_NOT_FOUND');
    }
    return { kind: 'recipient', recipient, by: 'manual', unknownSender: false };
  }

  // ---- applying the outcome (inside the transaction) ----

  private async apply(
    tx: Transaction,
    inboundId: string,
    parsed: ParsedInbound,
    raw: Buffer,
    match: Match,
    input: IngestInput,
  ): Promise<IngestResult> {
    const none = (
      outcome: InboundOutcome,
      motivo: string | null,
      empresaId: string | null,
      cotacaoId: string | null,
    ) =>
      this.finish(tx, inboundId, {
        outcome,
        motivo,
        empresaId,
        cotacaoId,
        destinatarioId: null,
        matchedBy: 'none',
        flags: {},
      });

    const bounce = readBounce(parsed, raw);
    if (bounce && match.kind !== 'recipient') return this.applyBounce(tx, inboundId, parsed, bounce);
    if (match.kind === 'none')
      return none(parsed.problem ? 'invalida' : 'nao_identificada', parsed.problem, match.empresaId, null);
    if (match.kind === 'quote')
      return none(
        'nao_identificada',
        'Cotação identificada, mas não o agente de carga que respondeu.',
        match.empresaId,
        match.cotacaoId,
      );

    const { recipient } = match;
    const tenant = checkedTenant(recipient.empresaId);
    const quote = await repo.findQuoteForUpdate(tx, tenant, recipient.cotacaoId);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND');
    const flags: Record<string, boolean | string> = {};
    if (match.unknownSender) flags.remetenteDesconhecido = parsed.from.address ?? true;
    if (parsed.attachmentsSkipped > 0) flags.anexosIgnorados = String(parsed.attachmentsSkipped);
    const manual = match.by === 'manual';
    const outcome: InboundOutcome = bounce
      ? 'devolucao'
      : !manual && isAutoReply(parsed)
        ? 'auto_resposta'
        : quote.deletedAt || !WAITING.includes(quote.status)
          ? 'tardia'
          : 'resposta';
    const motivo =
      outcome === 'devolucao'
        ? bounce!.reason
        : outcome === 'tardia'
          ? 'Recebida depois de a cotação ser finalizada: guardada, não conta como resposta.'
          : outcome === 'auto_resposta'
            ? 'Resposta automática: guardada, não conta como resposta.'
            : parsed.problem;

    await repo.setAttachmentsCompany(tx, inboundId, tenant.empresaId);
    const message = await recordMessage(tx, tenant, {
      cotacaoId: quote.id,
      transportadorId: recipient.transportadorId,
      direction: 'received',
      tipo: outcome,
      fromAddress: parsed.from.name
        ? `${parsed.from.name} <${parsed.from.address ?? ''}>`
        : (parsed.from.address ?? ''),
      toAddresses: parsed.to,
      ccAddresses: parsed.cc,
      subject: parsed.subject,
      bodyText: parsed.text,
      bodyHtml: parsed.html,
      messageId: parsed.messageId,
      inboundMessageId: inboundId,
    });
    if (outcome === 'devolucao') await repo.markDeliveryFailure(tx, tenant, recipient.id, bounce!.reason);

    let responseId: string | null = null;
    if (outcome === 'resposta') {
      responseId = await this.createVersion(
        tx,
        tenant,
        quote,
        recipient,
        inboundId,
        message.id,
        parsed,
        input,
      );
    }
    await writeAudit(
      tx,
      { userId: input.assignedBy?.userId ?? null, empresaId: tenant.empresaId },
      `inbound.${outcome}`,
      {
        entity: 'inbound_message',
        entityId: inboundId,
        details: {
          cotacaoId: quote.id,
          transportadorId: recipient.transportadorId,
          por: match.by,
          origem: input.source,
        },
      },
    );
    const result = await this.finish(tx, inboundId, {
      outcome,
      motivo,
      empresaId: tenant.empresaId,
      cotacaoId: quote.id,
      destinatarioId: recipient.id,
      matchedBy: match.by,
      flags,
    });
    return { ...result, responseId };
  }

  private async createVersion(
    tx: Transaction,
    tenant: Tenant,
    quote: NonNullable<Awaited<ReturnType<typeof repo.findQuoteForUpdate>>>,
    recipient: repo.RecipientRow,
    inboundId: string,
    mensagemId: string,
    parsed: ParsedInbound,
    input: IngestInput,
  ): Promise<string> {
    const now = new Date();
    const versao = (await repo.lastVersion(tx, recipient.id)) + 1;
    await repo.retireCurrentVersion(tx, tenant, recipient.id);
    const typed = input.typedResult;
    const responseId = await repo.insertResponse(tx, tenant, {
      cotacaoId: quote.id,
      destinatarioId: recipient.id,
      transportadorId: recipient.transportadorId,
      inboundMessageId: inboundId,
      mensagemId,
      versao,
      status: 'respondido',
      extracao: typed ? 'concluida' : parsed.problem ? 'falhou' : 'pendente',
      extracaoErro: typed ? null : parsed.problem,
      dadosExtraidos: typed ?? null,
      condicoesPagamento: typed?.final.condicoesPagamento ?? null,
      registradoPor: input.assignedBy?.userId ?? null,
      createdAt: now,
    });
    const firstAnswer = await repo.markFirstAnswer(tx, tenant, recipient.id, answeredAt(parsed, now));
    await repo.countAnswer(tx, tenant, quote.id, firstAnswer);
    // ADR 0015's table: the quote waits for approval once every carrier answered or the deadline passed
    // with an answer; a revised answer returns it there when no revision is pending any more.
    const answered = quote.respostasRecebidas + (firstAnswer ? 1 : 0);
    const readyForApproval = answered >= quote.totalDestinatarios || quote.prazoResposta <= now;
    if (quote.status === 'AGUARDANDO_RESPOSTA' && readyForApproval)
      await repo.setQuoteStatus(tx, tenant, quote.id, 'AGUARDANDO_APROVACAO');
    if (
      quote.status === 'AGUARDANDO_REVISAO' &&
      (await repo.countResponsesAwaitingRevision(tx, tenant, quote.id)) === 0
    )
      await repo.setQuoteStatus(
        tx,
        tenant,
        quote.id,
        readyForApproval ? 'AGUARDANDO_APROVACAO' : 'AGUARDANDO_RESPOSTA',
      );
    if (!typed && !parsed.problem)
      await this.jobs.sendInTransaction(tx, QUEUES.inboundExtract, { responseId }, `extract:${responseId}`);
    await this.notifyRequester(tx, tenant, quote, recipient, versao);
    return responseId;
  }

  /** The requester's copy (their 'receber cópia' preference): a new answer arrived. */
  private async notifyRequester(
    tx: Transaction,
    tenant: Tenant,
    quote: { id: string; codigo: string; criadoPor: string | null },
    recipient: repo.RecipientRow,
    versao: number,
  ): Promise<void> {
    const user = await repo.findUserCopyPreference(tx, quote.criadoPor);
    if (!user?.receiveEmailCopy) return;
    const link = new URL(`/quotes/${quote.id}`, this.config.APP_URL).toString();
    const subject =
      versao > 1
        ? `Nova versão da resposta de ${recipient.nome} — ${quote.codigo}`
        : `Nova resposta de ${recipient.nome} — ${quote.codigo}`;
    await this.mailer.enqueue(tx, {
      kind: 'resposta.copia',
      to: [user.email],
      subject,
      text: `Olá, ${user.name}.\n\n${recipient.nome} respondeu à cotação ${quote.codigo}. Os valores extraídos e a mensagem estão em:\n${link}\n`,
      empresaId: tenant.empresaId,
    });
  }

  private async applyBounce(
    tx: Transaction,
    inboundId: string,
    parsed: ParsedInbound,
    bounce: NonNullable<ReturnType<typeof readBounce>>,
  ): Promise<IngestResult> {
    const thread = await repo.findThreadByMessageIds(tx, bounce.originalMessageIds);
    if (!thread)
      return this.finish(tx, inboundId, {
        outcome: 'devolucao',
        motivo: bounce.reason,
        empresaId: null,
        cotacaoId: null,
        destinatarioId: null,
        matchedBy: 'none',
        flags: {},
      });
    const tenant = checkedTenant(thread.empresaId);
    const recipients = await repo.recipientsOfQuote(tx, thread.cotacaoId);
    const failed = recipients.filter(
      (r) =>
        (thread.transportadorId === null || r.transportadorId === thread.transportadorId) &&
        r.emails.some((email) => bounce.recipients.includes(email)),
    );
    const single = thread.transportadorId
      ? recipients.filter((r) => r.transportadorId === thread.transportadorId)
      : [];
    const affected = failed.length > 0 ? failed : single;
    for (const recipient of affected) await repo.markDeliveryFailure(tx, tenant, recipient.id, bounce.reason);
    await repo.setAttachmentsCompany(tx, inboundId, tenant.empresaId);
    await recordMessage(tx, tenant, {
      cotacaoId: thread.cotacaoId,
      transportadorId: affected.length === 1 ? affected[0]!.transportadorId : null,
      direction: 'received',
      tipo: 'devolucao',
      fromAddress: parsed.from.address ?? '',
      toAddresses: parsed.to,
      subject: parsed.subject,
      bodyText: parsed.text,
      bodyHtml: parsed.html,
      messageId: parsed.messageId,
      inboundMessageId: inboundId,
    });
    await writeAudit(tx, { empresaId: tenant.empresaId }, 'inbound.devolucao', {
      entity: 'inbound_message',
      entityId: inboundId,
      details: { cotacaoId: thread.cotacaoId, destinatarios: affected.map((r) => r.transportadorId) },
    });
    return this.finish(tx, inboundId, {
      outcome: 'devolucao',
      motivo: bounce.reason,
      empresaId: tenant.empresaId,
      cotacaoId: thread.cotacaoId,
      destinatarioId: affected.length === 1 ? affected[0]!.id : null,
      matchedBy: 'thread',
      flags: {},
    });
  }

  private async finish(
    tx: Transaction,
    inboundId: string,
    values: {
      outcome: InboundOutcome;
      motivo: string | null;
      empresaId: string | null;
      cotacaoId: string | null;
      destinatarioId: string | null;
      matchedBy: string;
      flags: Record<string, boolean | string>;
    },
  ): Promise<IngestResult> {
    await repo.updateInbound(tx, inboundId, values);
    if (values.empresaId) await repo.setAttachmentsCompany(tx, inboundId, values.empresaId);
    this.logger.info(
      { inboundId, outcome: values.outcome, cotacaoId: values.cotacaoId, matchedBy: values.matchedBy },
      'inbound message ingested',
    );
    return {
      inboundId,
      duplicate: false,
      outcome: values.outcome,
      cotacaoId: values.cotacaoId,
      responseId: null,
    };
  }
}
