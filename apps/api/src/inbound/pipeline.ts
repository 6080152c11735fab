import { createHash, randomBytes } from 'node:crypto';
import {
  cleanText,
  type DadosExtraidos,
  formatMessage,
  inboundTexts,
  isWaitingStatus,
  quoteStatusInfo,
} from '@cotacoes/shared';
import { withDeclineMark } from '@cotacoes/shared/comparison/index';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { recordMessage } from '../conversation/conversation.repository.js';
import type { Database, Transaction } from '../db/client.js';
import type {
  InboundCandidate,
  InboundEntrada,
  InboundOutcome,
  InboundSource,
  InboundStatus,
  inboundMessages,
} from '../db/schema/index.js';
import { checkedTenant, type Tenant } from '../db/tenant.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { writeAudit } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';
import { CONTENT_TYPES, safeFilename, sniff } from '../lib/file-type.js';
import type { Mailer } from '../mail/mailer.js';
import { applyQuoteEvent } from '../quote-lifecycle/quote-lifecycle.js';
import {
  citedQuoteCodes,
  DECLINE_WORDS_FLAG,
  declinesQuote,
  ownText,
  quoteCodesIn,
  readBounce,
  setAsideKind,
} from './classify.js';
import { conversationCopy } from './conversation-copy.js';
import { cleanParsed, describeFailure, failureSummary } from './failure.js';
import * as repo from './inbound.repository.js';
import {
  contentKeyOf,
  DATE_ASSUMED_HEADER,
  dedupeKeyOf,
  MAX_HEADER_BYTES,
  type ParsedInbound,
  parseInbound,
  parseInboundHeaders,
  previewOf,
} from './parse.js';
import {
  placeNewVersion,
  recordSenderAuthentication,
  senderAuthenticationFor,
  unverifiedReason,
} from './sender-confirmation.js';

export type IngestInput = {
  source: InboundSource;
  /** SMTP RCPT TO addresses (plus-token matching). */
  envelopeTo?: string[];
  /** A user registering or assigning an answer by hand names the quote and the carrier. */
  assignedBy?: { userId: string; empresaId: string; cotacaoId: string; transportadorId: string };
  /** A carrier answering on its portal page names its quote by the portal token it opened (issue 35). */
  portal?: InboundEntrada['portal'];
  /** Values typed by the user: the response's figures, no extraction needed. */
  typedResult?: DadosExtraidos;
  /** The SMTP session the message came in (sender verification). */
  smtp?: InboundEntrada['smtp'];
  /** The sender verification made by the source when it received the message. */
  authentication?: InboundEntrada['authentication'];
  /** When the receiving side says it arrived (the SMTP listener's or a webhook's receipt, IMAP INTERNALDATE). */
  arrivedAt?: Date;
  /** The remarks typed with the values (portal, 'Registrar resposta → Valores'): the version's `observacoes`. */
  observacoes?: string;
};

export type ReceiveResult = { inboundId: string; duplicate: boolean };

export type IngestResult = {
  inboundId: string;
  duplicate: boolean;
  status: InboundStatus;
  /** What the message became; null while it is not processed. */
  outcome: InboundOutcome | null;
  cotacaoId: string | null;
  responseId: string | null;
  /** Why processing failed (pt-BR), when `status` is 'falhou'. */
  erro: string | null;
};

/** Processing attempts before a failed message waits for a desenvolvedor ('Reprocessar' / 'Descartar'). */
export const MAX_PROCESSING_ATTEMPTS = 8;
/** A stored message is processed at once; the sweeper takes it only after this grace period. */
const PENDING_GRACE_SECONDS = 10;

/** The wait before the next attempt after `attempt` failures: 5 s doubling, at most 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 600_000);
}

type StoredRow = NonNullable<Awaited<ReturnType<typeof repo.findInboundById>>>;

type RecipientMatch = {
  kind: 'recipient';
  recipient: repo.RecipientRow;
  by: 'token' | 'thread' | 'subject' | 'manual' | 'portal';
  /** The sender is not one of the carrier's addresses (accepted by its token or thread, flagged). */
  unknownSender: boolean;
  /** Matched by the quote's shared (bcc) token, not the carrier's own (ADR 0023). */
  sharedToken?: boolean;
  /** The sender's domain is none of the carrier's (a token forwarded outside the carrier, ADR 0023). */
  foreignDomain?: boolean;
  /** A quote code several companies share, decided by which quote still awaits this carrier (`tieBreak`). */
  tieBreak?: SharedCodeRule;
};
type QuoteMatch = { kind: 'quote'; empresaId: string; cotacaoId: string; by: 'token' | 'thread' | 'subject' };
type NoMatch = {
  kind: 'none';
  empresaId: string | null;
  /** The subject's code fits quotes of several companies and nothing safe decided: each candidate. */
  shared?: { codigo: string; candidates: InboundCandidate[] };
};
type Match = RecipientMatch | QuoteMatch | NoMatch;

const TOKEN_PATTERN = /\+([0-9a-f]{32})@/i;
/** Distinct reply tokens looked up per message (a hostile one may carry thousands of addresses). */
const MAX_TOKENS_LOOKED_UP = 10;

/** Which signal decided among the quotes of several companies that share a code. */
export type SharedCodeRule = 'aberta' | 'aguardando';

/**
 * Among quotes of several companies with the subject's code, all sent to the sender (ADR 0015 addendum "a
 * quote code two companies share"): the only one still open (not finished, cancelled, approved or deleted),
 * else the only open one still awaiting this carrier's answer (none yet, or a revision asked of it). Never
 * by recency or anything else a guess: null when those signals leave more than one (or none).
 */
export function tieBreakSharedCode<
  T extends { status: string; deletedAt: Date | null; respondeuEm: Date | null; revisaoPendente: boolean },
>(candidates: readonly T[]): { chosen: T; rule: SharedCodeRule } | null {
  const open = candidates.filter((c) => c.deletedAt === null && isWaitingStatus(c.status));
  if (open.length === 1) return { chosen: open[0]!, rule: 'aberta' };
  const awaiting = open.filter((c) => c.respondeuEm === null || c.revisaoPendente);
  if (awaiting.length === 1) return { chosen: awaiting[0]!, rule: 'aguardando' };
  return null;
}

/** Mail services anyone signs up to: sharing one says nothing of who the sender works for. */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.br',
  'icloud.com',
  'bol.com.br',
  'uol.com.br',
  'terra.com.br',
  'ig.com.br',
]);

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/** Sources whose message a user or carrier typed here (by hand, on the portal, a test): never mail. */
const TYPED_SOURCES: readonly string[] = ['manual', 'portal', 'teste'];

/** A received mail a user assigned to a quote and carrier (not typed by hand, on the portal or a test). */
function isAssignedMail(input: IngestInput): boolean {
  return input.assignedBy !== undefined && !TYPED_SOURCES.includes(input.source);
}

/** How long before its arrival a message's own Date may say it was written: mail in transit, a greylist. */
const TRANSIT_MS = 15 * 60_000;

/**
 * When the message arrived, by the receiving side's word (never the sender's): the source's own stamp,
 * else the topmost Received header (the last hop: the mailbox server that took it), else null.
 */
function arrivalOf(parsed: ParsedInbound, input: IngestInput): Date | null {
  if (input.arrivedAt && !Number.isNaN(input.arrivedAt.getTime())) return input.arrivedAt;
  const received = parsed.headers.get('received');
  const top = Array.isArray(received) ? received[0] : received;
  if (typeof top !== 'string') return null;
  const stamp = top.slice(top.lastIndexOf(';') + 1).trim();
  const at = stamp ? new Date(stamp) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/**
 * When the carrier answered. An answer registered by hand is dated as the user said (its 'Recebida em', or
 * the saved message's own Date), however long ago. Mail that came through a mailbox is dated by its
 * arrival; its own Date only when it is a plausible sending time for it (up to 15 min in transit): a
 * sender's clock or time zone off by hours made 'Respondeu em 0 min' and the fastest carrier (QA pass 34).
 * Without an arrival stamp, the Date when plausible (up to 30 days old), else now. Never before the request
 * was sent (`markFirstAnswer`).
 */
function answeredAt(parsed: ParsedInbound, now: Date, input: IngestInput): Date {
  const byHand = input.source === 'manual';
  const date = parsed.date;
  const arrival = byHand ? null : arrivalOf(parsed, input);
  if (arrival) {
    const at = new Date(Math.min(arrival.getTime(), now.getTime()));
    if (!date) return at;
    const lead = at.getTime() - date.getTime();
    return lead >= -5 * 60_000 && lead <= TRANSIT_MS ? new Date(Math.min(date.getTime(), at.getTime())) : at;
  }
  if (!date) return now;
  const age = now.getTime() - date.getTime();
  return age >= -5 * 60_000 && (byHand || age <= 30 * 86_400_000)
    ? new Date(Math.min(date.getTime(), now.getTime()))
    : now;
}

/**
 * The one ingestion pipeline (ADR 0015): every source (IMAP, inbound SMTP, the local mailbox, answers
 * registered by hand) hands it a raw RFC 822 message. In one transaction it keeps the raw message,
 * matches it to a quote and carrier (reply token → thread → quote code + sender), records it in the
 * conversation, creates the response version and enqueues its extraction. Idempotent by Message-ID, or
 * by a digest of the message's own content when there is none (`contentKeyOf`; R4, R6).
 */
export class InboundPipeline {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /**
   * Store, then process (the sources that answer a person: by hand, the local mailbox, tests): the message
   * is committed first; a processing failure leaves it stored as 'falhou' and is returned, never thrown.
   * An assignment by hand is checked before anything is stored (404 for another company's quote).
   */
  async ingest(raw: Buffer, input: IngestInput): Promise<IngestResult> {
    if (input.assignedBy) await this.matchAssigned(input.assignedBy);
    if (input.portal) await this.matchAssigned(input.portal, 'portal');
    const received = await this.receive(raw, input);
    if (received.duplicate)
      return this.resultOf(await repo.findInboundById(this.db, received.inboundId), true);
    return this.process(received.inboundId);
  }

  /**
   * Store first (R6): commits the raw bytes with the source's facts and status 'pendente', and nothing
   * else; the caller acknowledges (SMTP 250, IMAP checkpoint) once this returns. Only the header block is
   * read here, to know the Message-ID (deduplication) and what to show; every text is cleaned of what the
   * database cannot hold. Throws only when the database cannot take the row (the source retries).
   */
  async receive(raw: Buffer, input: IngestInput): Promise<ReceiveResult> {
    const head = cleanParsed(await parseInboundHeaders(raw));
    // The Message-ID, else a digest of what the author wrote (not of the transport's headers): the same
    // reply without an id through SMTP and through the mailbox is one message (ADR 0021 addendum).
    const identity = head.messageId ?? contentKeyOf(raw, head);
    let dedupeKey = identity;
    let existing =
      (await repo.findInboundByKey(this.db, dedupeKey)) ??
      // Stored before content keys, under the hash of its bytes.
      (head.messageId ? undefined : await repo.findInboundByKey(this.db, dedupeKeyOf(null, raw)));
    if (existing) {
      // The same Message-ID on another message (a sender's system that reuses ids, another company's quote)
      // or the same message registered by hand for another quote: kept apart, never merged into the first.
      const stored = await repo.findInboundHead(this.db, existing.id, MAX_HEADER_BYTES);
      const variant = await variantOf(stored, head, input);
      if (variant) {
        dedupeKey = `${identity}#${variant}`;
        existing = await repo.findInboundByKey(this.db, dedupeKey);
      }
    }
    if (existing) return { inboundId: existing.id, duplicate: true };
    const row: typeof inboundMessages.$inferInsert = {
      dedupeKey,
      source: input.source,
      raw,
      tamanho: raw.length,
      status: 'pendente',
      messageId: head.messageId,
      fromAddress: head.from.address,
      fromName: head.from.name,
      subject: head.subject,
      sentAt: head.date,
      registradoPor: input.assignedBy?.userId ?? null,
      entrada: entradaOf(input),
      proximaTentativa: new Date(Date.now() + PENDING_GRACE_SECONDS * 1000),
    };
    try {
      return await this.insertOrFind(row);
    } catch (error) {
      // A header the database refuses for good (a value no index or type can hold) must not hold the
      // source, which would retry the same message for ever with every later one behind it: the bytes
      // are kept under their hash with no header facts, and processing reads them again.
      if (!isRefusedValue(error)) throw storeError(error);
      this.logger.warn({ err: storeError(error) }, 'inbound message stored without its header facts');
      const bare = { dedupeKey: dedupeKeyOf(null, raw), messageId: null, fromAddress: null, fromName: null };
      return this.insertOrFind({ ...row, ...bare, subject: '' }).catch((second: unknown) => {
        throw storeError(second);
      });
    }
  }

  /** Inserts the row, or answers the one already stored under its key (a concurrent delivery). */
  private async insertOrFind(row: typeof inboundMessages.$inferInsert): Promise<ReceiveResult> {
    const inboundId = await repo.insertInbound(this.db, row);
    if (inboundId) return { inboundId, duplicate: false };
    const stored = await repo.findInboundByKey(this.db, row.dedupeKey);
    if (!stored) throw new Error('inbound message vanished after a dedupe conflict');
    return { inboundId: stored.id, duplicate: true };
  }

  /**
   * Processes a stored message: parse, match, and in one transaction (holding the row, so that two
   * processes never apply it twice) its attachments, conversation, response version and extraction job.
   * A failure rolls that back, counts the attempt, schedules the next one with backoff and is returned as
   * status 'falhou' with a pt-BR reason; it never blocks another message.
   */
  async process(inboundId: string): Promise<IngestResult> {
    const row = await repo.findInboundById(this.db, inboundId);
    if (!row) throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
    if (row.status !== 'pendente' && row.status !== 'falhou') return this.resultOf(row, false);
    try {
      if (!row.raw) throw new AppError('INBOUND_MESSAGE_PURGED');
      const raw = row.raw;
      const parsed = cleanParsed(await parseInbound(raw));
      const input = inputOf(row);
      input.authentication = senderAuthenticationFor(
        input.authentication,
        parsed.headers,
        parsed.from.address,
        this.config,
      );
      const match = await this.match(parsed, input);
      const result = await this.db.transaction(async (tx) => {
        if (!(await repo.claimInbound(tx, inboundId))) return null;
        // Parsed once, here: 'Não identificadas' shows this and never reads the raw bytes (issue 29 item 7).
        await repo.updateInbound(tx, inboundId, { previa: previewOf(parsed.text) });
        await recordSenderAuthentication(tx, inboundId, input.authentication);
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
      return result ?? this.resultOf(await repo.findInboundById(this.db, inboundId), false);
    } catch (error) {
      return this.recordFailure(row, error);
    }
  }

  /** Processes, one at a time and after the caller moved on, what a source just stored. */
  processSoon(inboundId: string): void {
    this.chain = this.chain
      .then(() => this.process(inboundId))
      .then(
        () => undefined,
        (error: unknown) =>
          this.logger.error({ inboundId, reason: failureSummary(error) }, 'inbound: processing did not run'),
      );
  }

  /** Resolves once what `processSoon` was given has run (graceful shutdown, tests). */
  async drain(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.chain;
      await current;
    } while (current !== this.chain);
  }

  /**
   * The sweeper's pass: processes the messages whose next attempt is due (stored and not processed within
   * the grace period — e.g. the process died in between —, or failed and waiting for their backoff).
   */
  async sweep(limit = 20): Promise<number> {
    const due = await repo.dueInbound(this.db, limit);
    for (const id of due) await this.process(id);
    return due.length;
  }

  /** 'Reprocessar' (desenvolvedor): a failed message gets a fresh series of attempts, the first one now. */
  async reprocess(inboundId: string, userId: string): Promise<IngestResult> {
    const row = await repo.findInboundById(this.db, inboundId);
    if (!row || (row.status !== 'falhou' && row.status !== 'pendente'))
      throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      await repo.updateInbound(tx, inboundId, { tentativas: 0, proximaTentativa: null });
      await writeAudit(tx, { userId, empresaId: row.empresaId }, 'inbound.reprocessar', {
        entity: 'inbound_message',
        entityId: inboundId,
        details: { status: row.status, tentativas: row.tentativas },
      });
    });
    return this.process(inboundId);
  }

  /** 'Descartar' (desenvolvedor): a failed message is given up; its bytes and attachments go at once. */
  async discard(inboundId: string, userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.claimInbound(tx, inboundId);
      if (!row) throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
      await repo.purgeInbound(tx, inboundId);
      await repo.updateInbound(tx, inboundId, {
        status: 'ignorada',
        proximaTentativa: null,
        descartadaPor: userId,
        descartadaEm: new Date(),
      });
      await writeAudit(tx, { userId, empresaId: row.empresaId }, 'inbound.descartar', {
        entity: 'inbound_message',
        entityId: inboundId,
        details: { tentativas: row.tentativas, erro: row.erro },
      });
    });
    this.logger.info({ inboundId }, 'inbound message discarded');
  }

  private async recordFailure(row: StoredRow, error: unknown): Promise<IngestResult> {
    const tentativas = row.tentativas + 1;
    const erro = describeFailure(error);
    const retry = tentativas < MAX_PROCESSING_ATTEMPTS;
    this.logger.error(
      {
        inboundId: row.id,
        tamanho: row.tamanho,
        senderDomain: row.fromAddress ? domainOf(row.fromAddress) : null,
        attempt: tentativas,
        retry,
        reason: failureSummary(error),
      },
      'inbound message processing failed',
    );
    try {
      await repo.recordFailure(this.db, row.id, {
        tentativas,
        erro,
        proximaTentativa: retry ? new Date(Date.now() + retryDelayMs(tentativas)) : null,
      });
    } catch (recordError) {
      // The row stays as it was: the sweeper takes it again when its next attempt is due.
      this.logger.error(
        { inboundId: row.id, reason: failureSummary(recordError) },
        'inbound: could not record a processing failure',
      );
    }
    return {
      inboundId: row.id,
      duplicate: false,
      status: 'falhou',
      outcome: null,
      cotacaoId: row.cotacaoId,
      responseId: null,
      erro,
    };
  }

  private resultOf(row: StoredRow | undefined, duplicate: boolean): IngestResult {
    if (!row) throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
    return {
      inboundId: row.id,
      duplicate,
      status: row.status,
      outcome: row.outcome,
      cotacaoId: row.cotacaoId,
      responseId: null,
      erro: row.status === 'falhou' ? row.erro : null,
    };
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
      row.status === 'processada' &&
      (row.outcome === 'nao_identificada' || row.outcome === 'invalida') &&
      (row.empresaId === assignment.empresaId ||
        (row.empresaId === null &&
          (seesEveryCompany ||
            // A shared quote code: a candidate company takes it into its own candidate quote only.
            (row.candidatas ?? []).some(
              (c) => c.empresaId === assignment.empresaId && c.cotacaoId === assignment.cotacaoId,
            ))));
    if (!row || !visible || !assignment.empresaId) throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
    if (!row.raw) throw new AppError('INBOUND_MESSAGE_PURGED');
    const raw = row.raw;
    const parsed = cleanParsed(await parseInbound(raw));
    const match = await this.match(parsed, {
      source: row.source,
      assignedBy: { ...assignment, empresaId: assignment.empresaId },
    });
    return this.db.transaction(async (tx) => {
      await repo.updateInbound(tx, inboundId, {
        registradoPor: assignment.userId,
        // Where it stood, for 'Desfazer atribuição'.
        atribuicaoAnterior: {
          outcome: row.outcome!,
          motivo: row.motivo,
          empresaId: row.empresaId,
          cotacaoId: row.cotacaoId,
          candidatas: row.candidatas ?? null,
          respondeuEm:
            match.kind === 'recipient' ? (match.recipient.respondeuEm?.toISOString() ?? null) : null,
        },
      });
      return this.apply(tx, inboundId, parsed, raw, match, {
        source: row.source,
        assignedBy: { ...assignment, empresaId: assignment.empresaId! },
        ...arrivalInput(row),
      });
    });
  }

  /**
   * 'Desfazer atribuição' (ADR 0015 addendum): a message assigned from 'Não identificadas' to the wrong quote
   * or carrier goes back to that list as it stood, and the quote is as if it had never come: its version and
   * its copy in the conversation are removed (with their corrections), the carrier's previous version is
   * current again, and a carrier left with no answer is unanswered again (its first-answer time cleared, the
   * quote's counter and status follow, the indicators with them). Only the carrier's latest version, only
   * while the quote still waits (404 outside the company; 409 otherwise, saying why). Audited.
   */
  async undoAssignment(tenant: Tenant, userId: string, cotacaoId: string, respostaId: string) {
    return this.db.transaction(async (tx) => {
      const quote = await repo.findQuoteForUpdate(tx, tenant, cotacaoId);
      if (!quote || quote.deletedAt) throw new AppError('QUOTE_NOT_FOUND');
      const version = await repo.versionForUndo(tx, tenant, cotacaoId, respostaId);
      if (!version) throw new AppError('RESPONSE_NOT_FOUND');
      const assigned =
        version.inboundMessageId !== null &&
        version.matchedBy === 'manual' &&
        version.source !== null &&
        !TYPED_SOURCES.includes(version.source);
      if (!assigned) throw new AppError('ASSIGNMENT_UNDO_NOT_ASSIGNED');
      if (!isWaitingStatus(quote.status))
        throw new AppError('ASSIGNMENT_UNDO_QUOTE_FINAL', { status: quoteStatusInfo(quote.status).label });
      if (version.versao < version.ultimaVersao) throw new AppError('ASSIGNMENT_UNDO_NOT_LATEST');

      const left = await repo.removeVersion(tx, tenant, version);
      if (left === 0) await repo.clearFirstAnswer(tx, tenant, version.destinatarioId);
      // It had moved the first answer earlier (an older mail assigned late): as it was before, else (an
      // assignment from before that was kept) from the versions left.
      else if (version.respondeuEm && version.createdAt.getTime() <= version.respondeuEm.getTime())
        await (version.atribuicaoAnterior?.respondeuEm
          ? repo.setFirstAnswer(
              tx,
              tenant,
              version.destinatarioId,
              new Date(version.atribuicaoAnterior.respondeuEm),
            )
          : repo.firstAnswerFromVersions(tx, tenant, version.destinatarioId));
      await applyQuoteEvent(tx, tenant, quote.id, { type: 'replyWithdrawn', lastAnswer: left === 0 });
      // Assigned before its place was kept: back in the assigning company's list, without a reason.
      const before = version.atribuicaoAnterior ?? {
        outcome: 'nao_identificada' as const,
        motivo: null,
        empresaId: tenant.empresaId,
        cotacaoId: null,
        candidatas: null,
      };
      await repo.updateInbound(tx, version.inboundMessageId!, {
        outcome: before.outcome,
        motivo: before.motivo,
        empresaId: before.empresaId,
        cotacaoId: before.cotacaoId,
        candidatas: before.candidatas,
        destinatarioId: null,
        matchedBy: 'none',
        flags: {},
        registradoPor: null,
        atribuicaoAnterior: null,
      });
      await repo.setAttachmentsCompany(tx, version.inboundMessageId!, before.empresaId);
      await writeAudit(tx, { userId, empresaId: tenant.empresaId }, 'inbound.atribuicao_desfeita', {
        entity: 'inbound_message',
        entityId: version.inboundMessageId!,
        details: {
          cotacaoId: quote.id,
          transportadorId: version.transportadorId,
          versao: version.versao,
          semResposta: left === 0,
        },
      });
      this.logger.info(
        { inboundId: version.inboundMessageId, cotacaoId: quote.id, versao: version.versao },
        'inbound: assignment undone, message back among the unmatched',
      );
      return { transportadorId: version.transportadorId };
    });
  }

  /**
   * 'Dispensar' on 'Não identificadas': a message that is no carrier's answer (a colleague's "ok, pode
   * seguir", a newsletter) leaves the list without being assigned (assigning it would count it as an
   * answer). It stays stored, with who dismissed it and when (audited), listed in 'Dispensadas' from where
   * `restore` brings it back; nothing else changes. 'candidata_retirada': a shared quote code's message
   * that only left the caller's company's candidates (not marked dismissed, not in 'Dispensadas').
   */
  async dismiss(
    inboundId: string,
    userId: string,
    empresaId: string | null,
    seesEveryCompany: boolean,
  ): Promise<'dispensada' | 'candidata_retirada'> {
    return this.db.transaction(async (tx) => {
      const row = await repo.findInboundById(tx, inboundId);
      const waiting =
        row &&
        row.status === 'processada' &&
        row.descartadaEm === null &&
        (row.outcome === 'nao_identificada' || row.outcome === 'invalida');
      // A shared quote code's message, dismissed by one candidate company: it leaves that company's list
      // only; the others (and a desenvolvedor) still see it.
      if (
        waiting &&
        row.empresaId === null &&
        !seesEveryCompany &&
        empresaId &&
        (row.candidatas ?? []).some((c) => c.empresaId === empresaId)
      ) {
        await repo.dropCandidateCompany(tx, inboundId, empresaId);
        await writeAudit(tx, { userId, empresaId }, 'inbound.dispensar', {
          entity: 'inbound_message',
          entityId: inboundId,
          details: { motivo: 'codigo_compartilhado', de: row.fromAddress },
        });
        return 'candidata_retirada' as const;
      }
      const visible =
        waiting && (row.empresaId === empresaId || (row.empresaId === null && seesEveryCompany));
      if (!row || !visible) throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
      await repo.updateInbound(tx, inboundId, { descartadaPor: userId, descartadaEm: new Date() });
      await writeAudit(tx, { userId, empresaId: row.empresaId }, 'inbound.dispensar', {
        entity: 'inbound_message',
        entityId: inboundId,
        details: { motivo: row.motivo, de: row.fromAddress },
      });
      return 'dispensada' as const;
    });
  }

  /**
   * 'Restaurar' on 'Dispensadas': a message dismissed by mistake (a carrier's real answer) waits in 'Não
   * identificadas' again, to be assigned; audited like the dismissal. Only a dismissed unmatched message of
   * the caller's company, or (desenvolvedor) of no company; anything else answers 404.
   */
  async restore(inboundId: string, userId: string, empresaId: string | null, seesEveryCompany: boolean) {
    await this.db.transaction(async (tx) => {
      const row = await repo.findInboundById(tx, inboundId);
      const dismissed =
        row &&
        row.status === 'processada' &&
        row.descartadaEm !== null &&
        (row.outcome === 'nao_identificada' || row.outcome === 'invalida');
      const visible =
        dismissed && (row.empresaId === empresaId || (row.empresaId === null && seesEveryCompany));
      if (!row || !visible || !(await repo.undismissInbound(tx, inboundId)))
        throw new AppError('INBOUND_MESSAGE_NOT_FOUND');
      await writeAudit(tx, { userId, empresaId: row.empresaId }, 'inbound.restaurar', {
        entity: 'inbound_message',
        entityId: inboundId,
        details: { motivo: row.motivo, de: row.fromAddress },
      });
    });
  }

  /**
   * 'Contar como resposta': a message of the quote the platform set aside (an out-of-office, a receipt
   * without a quote; `setAsideKind`) that the analyst reads as the carrier's answer becomes one, as if it
   * had been counted when it came: a version with its extraction, the carrier answered at the message's
   * date. 404 when the company has no such set-aside message (already counted included); 409 when the
   * quote no longer takes answers.
   */
  async countAsAnswer(tenant: Tenant, userId: string, cotacaoId: string, mensagemId: string) {
    return this.db.transaction(async (tx) => {
      const quote = await repo.findQuoteForUpdate(tx, tenant, cotacaoId);
      if (!quote || quote.deletedAt) throw new AppError('QUOTE_NOT_FOUND');
      if (!isWaitingStatus(quote.status))
        throw new AppError('RESPONSE_QUOTE_FINAL', { status: quoteStatusInfo(quote.status).label });
      const message = await repo.takeSetAsideMessage(tx, tenant, cotacaoId, mensagemId);
      if (!message?.inboundMessageId || !message.transportadorId) throw new AppError('MESSAGE_NOT_FOUND');
      const row = await repo.findInboundById(tx, message.inboundMessageId);
      if (!row || row.empresaId !== tenant.empresaId) throw new AppError('MESSAGE_NOT_FOUND');
      if (!row.raw) throw new AppError('INBOUND_MESSAGE_PURGED');
      const recipient = (await repo.recipientsOfQuote(tx, cotacaoId)).find(
        (r) => r.transportadorId === message.transportadorId,
      );
      if (!recipient) throw new AppError('TRANSPORTADOR_NOT_FOUND');
      const parsed = cleanParsed(await parseInbound(row.raw));
      const input: IngestInput = {
        source: row.source,
        assignedBy: {
          userId,
          empresaId: tenant.empresaId,
          cotacaoId,
          transportadorId: recipient.transportadorId,
        },
        ...arrivalInput(row),
      };
      const responseId = await this.createVersion(
        tx,
        tenant,
        quote,
        recipient,
        row.id,
        mensagemId,
        parsed,
        input,
        Boolean(row.flags?.remetenteNaoVerificado),
      );
      // Its own words decline the quote: the extraction marks the version declined if it reads no price.
      const declines = declinesQuote(ownText(parsed));
      await repo.updateInbound(tx, row.id, {
        outcome: 'resposta',
        motivo: parsed.problem,
        ...(declines ? { flags: { ...row.flags, [DECLINE_WORDS_FLAG]: true } } : {}),
      });
      await writeAudit(tx, { userId, empresaId: tenant.empresaId }, 'inbound.contar_como_resposta', {
        entity: 'inbound_message',
        entityId: row.id,
        details: { cotacaoId, transportadorId: recipient.transportadorId, antes: row.motivo },
      });
      return { responseId, transportadorId: recipient.transportadorId };
    });
  }

  /**
   * 'Ler de novo': a version whose reading failed (a file past the sandbox's time on a busy machine, the AI
   * provider down) or that was read by an older engine is read again from its stored message, by the same
   * job. Its corrections stay (they apply on top of what is read). Refused while the quote no longer takes
   * answers (409), while it is being read (409), and for values typed by hand (422: nothing to read).
   */
  async extractAgain(tenant: Tenant, userId: string, cotacaoId: string, respostaId: string) {
    return this.db.transaction(async (tx) => {
      const quote = await repo.findQuoteForUpdate(tx, tenant, cotacaoId);
      if (!quote || quote.deletedAt) throw new AppError('QUOTE_NOT_FOUND');
      if (!isWaitingStatus(quote.status))
        throw new AppError('RESPONSE_QUOTE_FINAL', { status: quoteStatusInfo(quote.status).label });
      const version = await repo.responseForReading(tx, tenant, cotacaoId, respostaId);
      if (!version) throw new AppError('RESPONSE_NOT_FOUND');
      if (version.typed) throw new AppError('RESPONSE_TYPED');
      if (version.extracao === 'pendente') throw new AppError('RESPONSE_EXTRACTING');
      if (!version.hasRaw) throw new AppError('INBOUND_MESSAGE_PURGED');
      await repo.markForReading(tx, tenant, respostaId);
      await this.jobs.sendInTransaction(
        tx,
        QUEUES.inboundExtract,
        { responseId: respostaId },
        `extract:${respostaId}:${Date.now()}`,
      );
      await writeAudit(tx, { userId, empresaId: tenant.empresaId }, 'resposta.ler_de_novo', {
        entity: 'resposta',
        entityId: respostaId,
        details: { cotacaoId, transportadorId: version.transportadorId, antes: version.extracao },
      });
      return { transportadorId: version.transportadorId };
    });
  }

  // ---- matching (reads only; the company is what it finds) ----

  private async match(parsed: ParsedInbound, input: IngestInput): Promise<Match> {
    if (input.assignedBy) return this.matchAssigned(input.assignedBy);
    if (input.portal) return this.matchAssigned(input.portal, 'portal');
    const sender = parsed.from.address;
    const addresses = [...parsed.to, ...parsed.cc, ...parsed.deliveredTo, ...(input.envelopeTo ?? [])];
    const tokens = new Set<string>();
    for (const address of addresses) {
      const token = TOKEN_PATTERN.exec(address)?.[1]?.toLowerCase();
      if (token) tokens.add(token);
      if (tokens.size >= MAX_TOKENS_LOOKED_UP) break;
    }
    // The first token that names a quote wins: one message reaches one company (ADR 0016 addendum).
    for (const token of tokens) {
      const recipient = await repo.findRecipientByToken(this.db, token);
      if (recipient) {
        const unknownSender = !sender || !recipient.emails.includes(sender);
        const domain = sender?.split('@')[1];
        return {
          kind: 'recipient',
          recipient,
          by: 'token',
          unknownSender,
          foreignDomain: unknownSender && !recipient.emails.some((email) => email.split('@')[1] === domain),
        };
      }
      const quote = await repo.findQuoteIdByToken(this.db, token);
      if (quote) return this.matchWithinQuote(quote.empresaId, quote.id, null, sender, 'token');
    }
    // The parent first, then the thread from its newest end (only the first Message-IDs are looked up).
    const thread = await repo.findThreadByMessageIds(this.db, [
      ...parsed.inReplyTo,
      ...[...parsed.references].reverse(),
    ]);
    if (thread)
      return this.matchWithinQuote(
        thread.empresaId,
        thread.cotacaoId,
        thread.transportadorId,
        sender,
        'thread',
      );
    const code = quoteCodesIn(parsed.subject)[0];
    if (code && sender) {
      const candidates = await repo.findRecipientsByCodeAndSender(this.db, code, sender);
      if (candidates.length === 1)
        return { kind: 'recipient', recipient: candidates[0]!, by: 'subject', unknownSender: false };
      // Codes are numbered per company: the same forwarder may have COT-2026-0001 of two companies.
      if (new Set(candidates.map((c) => c.empresaId)).size > 1) {
        const decided = tieBreakSharedCode(candidates);
        if (decided)
          return {
            kind: 'recipient',
            recipient: decided.chosen,
            by: 'subject',
            unknownSender: false,
            tieBreak: decided.rule,
          };
        // Still ambiguous: nobody's answer yet, but waiting in each candidate company's list.
        // Only companies that still have this address among their live carriers are told (both deal with it).
        const live = new Set(
          await repo.companiesOfCarrierEmail(
            this.db,
            sender,
            candidates.map((c) => c.empresaId),
          ),
        );
        const visible = candidates.filter((c) => live.has(c.empresaId));
        return {
          kind: 'none',
          empresaId: null,
          shared: {
            codigo: code,
            candidates: visible.map((c) => ({
              empresaId: c.empresaId,
              cotacaoId: c.cotacaoId,
              transportadorId: c.transportadorId,
              codigo: c.codigo,
            })),
          },
        };
      }
    }
    const companies = sender ? await repo.companiesOfCarrierEmail(this.db, sender) : [];
    if (companies.length === 0 && sender) {
      const forwarded = await this.matchForwardedByUser(parsed, sender, code);
      if (forwarded) return forwarded;
      // A carrier's colleague from an unregistered address of its domain forwarding the quote's thread
      // ("Fwd: Re: Cotação COT-…", QA pass 37): the quote is identified, the carrier left to the analyst.
      // Codes repeat across companies: only when one waiting quote with it went to that domain.
      const domain = domainOf(sender).toLowerCase();
      if (code && !FREE_MAIL_DOMAINS.has(domain)) {
        const quotes = await repo.waitingQuotesByCodeAndDomain(this.db, code, domain);
        if (quotes.length === 1)
          return {
            kind: 'quote',
            empresaId: quotes[0]!.empresaId,
            cotacaoId: quotes[0]!.cotacaoId,
            by: 'subject',
          };
      }
    }
    return { kind: 'none', empresaId: companies.length === 1 ? companies[0]! : null };
  }

  /**
   * A user of a company forwards a carrier's mail to the platform ("ENC: RE: Cotação COT-…" from Outlook):
   * the company is the user's, the quote the one its code names (subject, else the text), the carrier the
   * one whose address the forwarded header names ("De: …"). Matched by the code, so never verified: the
   * version waits for an analyst's 'Confirmar remetente' beside a verified one (ADR 0023). Without a
   * carrier, the quote is identified and the message waits in 'Não identificadas' with it suggested; without
   * a quote, it waits in the company's list (it went to no one's before: QA pass 35).
   */
  private async matchForwardedByUser(
    parsed: ParsedInbound,
    sender: string,
    subjectCode: string | undefined,
  ): Promise<Match | null> {
    const empresaId = await repo.companyOfUserEmail(this.db, sender);
    if (!empresaId) return null;
    const code = subjectCode ?? quoteCodesIn(parsed.text.slice(0, 20_000))[0];
    const quote = code ? await repo.waitingQuoteByCode(this.db, empresaId, code) : null;
    if (!quote) return { kind: 'none', empresaId };
    const named = forwardedSenders(parsed.text).filter((address) => address !== sender);
    const recipients = await repo.recipientsOfQuote(this.db, quote.id);
    const recipient = recipients.find((r) => r.emails.some((email) => named.includes(email)));
    if (recipient) return { kind: 'recipient', recipient, by: 'subject', unknownSender: true };
    return { kind: 'quote', empresaId, cotacaoId: quote.id, by: 'subject' };
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
    const sharedToken = by === 'token';
    if (threadCarrier) {
      const recipient = recipients.find((r) => r.transportadorId === threadCarrier);
      if (recipient)
        return {
          kind: 'recipient',
          recipient,
          by,
          sharedToken,
          unknownSender: bySender?.id !== recipient.id,
        };
    }
    if (bySender) return { kind: 'recipient', recipient: bySender, by, sharedToken, unknownSender: false };
    if (sender) {
      const sameDomain = recipients.filter((r) =>
        r.emails.some((email) => domainOf(email) === domainOf(sender)),
      );
      if (sameDomain.length === 1)
        return { kind: 'recipient', recipient: sameDomain[0]!, by, sharedToken, unknownSender: true };
    }
    return { kind: 'quote', empresaId, cotacaoId, by };
  }

  private async matchAssigned(
    assigned: { empresaId: string; cotacaoId: string; transportadorId: string },
    by: 'manual' | 'portal' = 'manual',
  ): Promise<Match> {
    const recipients = await repo.recipientsOfQuote(this.db, assigned.cotacaoId);
    const recipient = recipients.find(
      (r) => r.empresaId === assigned.empresaId && r.transportadorId === assigned.transportadorId,
    );
    if (!recipient) {
      if (recipients.some((r) => r.empresaId === assigned.empresaId))
        throw new AppError('TRANSPORTADOR_NOT_FOUND');
      throw new AppError('QUOTE_NOT_FOUND');
    }
    return { kind: 'recipient', recipient, by, unknownSender: false };
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
      candidatas: InboundCandidate[] | null = null,
    ) =>
      this.finish(tx, inboundId, {
        outcome,
        motivo,
        empresaId,
        cotacaoId,
        destinatarioId: null,
        matchedBy: 'none',
        flags: {},
        candidatas,
      });

    const bounce = readBounce(parsed, raw);
    if (bounce && match.kind !== 'recipient') return this.applyBounce(tx, inboundId, parsed, bounce);
    if (match.kind === 'none' && match.shared && !parsed.problem) {
      const { codigo, candidates } = match.shared;
      this.logger.info(
        { inboundId, codigo, candidatas: candidates.length },
        'inbound: quote code shared by several companies, left for assignment',
      );
      return none(
        'nao_identificada',
        formatMessage(inboundTexts.sharedCode, { codigo, remetente: parsed.from.address ?? '' }),
        null,
        null,
        candidates.length > 0 ? candidates : null,
      );
    }
    if (match.kind === 'none') {
      // A tagged reply address that names no quote: said, so the analyst knows why (QA pass 29).
      const unknownAddress = [...parsed.to, ...parsed.cc, ...parsed.deliveredTo].some((address) =>
        TOKEN_PATTERN.test(address),
      );
      return none(
        parsed.problem ? 'invalida' : 'nao_identificada',
        parsed.problem ?? (unknownAddress ? inboundTexts.unknownReplyAddress : null),
        match.empresaId,
        null,
      );
    }
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
    // Written in one quote's thread but naming only another quote of the company (the carrier answered
    // COT-0003 on COT-0001's e-mail): it would replace its proposal in the wrong quote. The analyst decides.
    if (!bounce && (match.by === 'token' || match.by === 'thread')) {
      const { cited, namesOwn } = citedQuoteCodes(parsed, quote.codigo);
      const others = namesOwn ? [] : cited.filter((code) => code !== quote.codigo);
      const elsewhere = others.length > 0 ? await repo.liveQuoteCodes(tx, tenant, others) : [];
      if (elsewhere.length > 0)
        return none(
          'nao_identificada',
          formatMessage(inboundTexts.citesOtherQuote, { citada: elsewhere[0]!, conversa: quote.codigo }),
          recipient.empresaId,
          null,
        );
    }
    const flags: Record<string, boolean | string> = {};
    if (match.tieBreak) {
      // Matched by its subject's code among several companies' quotes: which signal decided.
      flags.desempate = match.tieBreak;
      this.logger.info(
        { inboundId, codigo: quote.codigo, rule: match.tieBreak },
        'inbound: quote code shared by several companies, decided by the quote awaiting this carrier',
      );
    }
    if (match.unknownSender) flags.remetenteDesconhecido = parsed.from.address ?? true;
    if (parsed.attachmentsSkipped > 0) flags.anexosIgnorados = String(parsed.attachmentsSkipped);
    const unverified = unverifiedReason(match, input.authentication, Boolean(parsed.from.address));
    if (unverified) flags.remetenteNaoVerificado = unverified;
    // Typed by a user or by the carrier on its portal page: never an auto-reply.
    const manual = match.by === 'manual' || match.by === 'portal';
    const setAside = bounce || manual ? null : setAsideKind(parsed);
    // What was set aside, as a flag: the conversation reads it, not the wording of `motivo`.
    if (setAside) flags.separada = setAside;
    const outcome: InboundOutcome = bounce
      ? 'devolucao'
      : setAside
        ? 'auto_resposta'
        : quote.deletedAt || !isWaitingStatus(quote.status)
          ? 'tardia'
          : 'resposta';
    const motivo =
      outcome === 'devolucao'
        ? bounce!.reason
        : outcome === 'tardia'
          ? 'Recebida depois de a cotação ser finalizada: guardada, não conta como resposta.'
          : setAside
            ? inboundTexts.setAside[setAside]
            : parsed.problem;

    await repo.setAttachmentsCompany(tx, inboundId, tenant.empresaId);
    const fromAddress = parsed.from.name
      ? `${parsed.from.name} <${parsed.from.address ?? ''}>`
      : (parsed.from.address ?? '');
    const message = await recordMessage(tx, tenant, {
      cotacaoId: quote.id,
      transportadorId: recipient.transportadorId,
      direction: 'received',
      tipo: outcome,
      // Assigned later by a user: in the conversation when it came, not when it was assigned (QA pass 36).
      ...(isAssignedMail(input) ? { createdAt: answeredAt(parsed, new Date(), input) } : {}),
      ...conversationCopy(parsed, fromAddress, await repo.replyTokensOfQuote(tx, quote.id)),
      messageId: parsed.messageId,
      inboundMessageId: inboundId,
    });
    // A carrier fails only when every address it was sent to came back (see applyBounce).
    if (outcome === 'devolucao' && bouncedEvery(recipient.emails, bounce!))
      await repo.markDeliveryFailure(tx, tenant, recipient.id, bounce!.reason);
    if (setAside)
      await repo.markSetAside(tx, tenant, recipient.id, {
        mensagemId: message.id,
        em: answeredAt(parsed, new Date(), input).toISOString(),
        tipo: setAside,
      });

    let responseId: string | null = null;
    if (outcome === 'resposta') {
      // Its own words decline the quote: the extraction marks the version declined if it reads no price.
      if (declinesQuote(ownText(parsed))) flags[DECLINE_WORDS_FLAG] = true;
      responseId = await this.createVersion(
        tx,
        tenant,
        quote,
        recipient,
        inboundId,
        message.id,
        parsed,
        input,
        unverified !== null,
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
          ...(input.portal ? { tokenPortal: input.portal.tokenId } : {}),
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
    unverified: boolean,
  ): Promise<string> {
    const now = new Date();
    const versao = (await repo.lastVersion(tx, recipient.id)) + 1;
    const answered = answeredAt(parsed, now, input);
    // A mail assigned late that reached the platform before the carrier's current version did (it wrote
    // again meanwhile, "desconsiderar o e-mail anterior"): an older version, the current one stays (QA
    // pass 36). Compared by when each was received here, not by their Date headers (whole seconds).
    const assignedMail = isAssignedMail(input);
    const current = assignedMail ? await repo.currentResponse(tx, tenant, recipient.id) : undefined;
    const older =
      current?.inboundMessageId != null &&
      (await repo.receivedBefore(tx, inboundId, current.inboundMessageId));
    const placement = older
      ? { atual: false, aguardandoConfirmacao: false }
      : await placeNewVersion(tx, tenant, recipient.id, unverified);
    // Values typed by hand or on the portal are read already: a decline in the message's own words with
    // no price typed is marked now (the extraction does it for the others, from the flag `process` sets).
    const typed = input.typedResult && withDeclineMark(input.typedResult, declinesQuote(ownText(parsed)));
    const responseId = await repo.insertResponse(tx, tenant, {
      cotacaoId: quote.id,
      destinatarioId: recipient.id,
      transportadorId: recipient.transportadorId,
      inboundMessageId: inboundId,
      mensagemId,
      versao,
      ...placement,
      remetenteNaoVerificado: unverified,
      status: 'respondido',
      extracao: typed ? 'concluida' : parsed.problem ? 'falhou' : 'pendente',
      extracaoErro: typed ? null : parsed.problem,
      dadosExtraidos: typed ?? null,
      condicoesPagamento: typed?.final.condicoesPagamento ?? null,
      // The carrier's or the analyst's remarks typed with the values: on the card (QA pass 35).
      observacoes: typed ? (input.observacoes ?? null) : null,
      registradoPor: input.assignedBy?.userId ?? null,
      // An assigned mail is dated when it came (its versions in order of writing), not when assigned.
      createdAt: assignedMail ? answered : now,
    });
    const firstAnswer = await repo.markFirstAnswer(tx, tenant, recipient.id, answered);
    // Written before the answer counted first: the carrier answered then (QA pass 36: 7 min, not 0).
    if (!firstAnswer && older) await repo.markEarlierAnswer(tx, tenant, recipient.id, answered);
    // An answer supersedes what was set aside before it (the card's 'Contar como resposta').
    await repo.markSetAside(tx, tenant, recipient.id, null);
    // ADR 0015's table: counted, and the quote moves on when every carrier answered or the deadline passed.
    await applyQuoteEvent(tx, tenant, quote.id, { type: 'replyApplied', firstAnswer }, now);
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
    const named = recipients.filter(
      (r) =>
        (thread.transportadorId === null || r.transportadorId === thread.transportadorId) &&
        r.emails.some((email) => bounce.recipients.includes(email)),
    );
    const single = thread.transportadorId
      ? recipients.filter((r) => r.transportadorId === thread.transportadorId)
      : [];
    const affected = named.length > 0 ? named : single;
    // A carrier fails only when every address it was sent to came back: one bounced colleague's mailbox
    // does not stop its reminders or take it out of its response rate (the QA pass). The bounce stays in
    // its thread of the conversation, with the address and the reason.
    const failed = named.length > 0 ? named.filter((r) => bouncedEvery(r.emails, bounce)) : single;
    for (const recipient of failed) await repo.markDeliveryFailure(tx, tenant, recipient.id, bounce.reason);
    await repo.setAttachmentsCompany(tx, inboundId, tenant.empresaId);
    await recordMessage(tx, tenant, {
      cotacaoId: thread.cotacaoId,
      transportadorId: affected.length === 1 ? affected[0]!.transportadorId : null,
      direction: 'received',
      tipo: 'devolucao',
      ...conversationCopy(
        parsed,
        parsed.from.address ?? '',
        await repo.replyTokensOfQuote(tx, thread.cotacaoId),
      ),
      messageId: parsed.messageId,
      inboundMessageId: inboundId,
    });
    await writeAudit(tx, { empresaId: tenant.empresaId }, 'inbound.devolucao', {
      entity: 'inbound_message',
      entityId: inboundId,
      details: {
        cotacaoId: thread.cotacaoId,
        destinatarios: affected.map((r) => r.transportadorId),
        falharam: failed.map((r) => r.transportadorId),
        enderecos: bounce.recipients,
      },
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
      /** The candidate quotes of a shared code left for assignment; cleared by any other outcome. */
      candidatas?: InboundCandidate[] | null;
    },
  ): Promise<IngestResult> {
    await repo.updateInbound(tx, inboundId, {
      ...values,
      candidatas: values.candidatas ?? null,
      status: 'processada',
      processadaEm: new Date(),
      erro: null,
      proximaTentativa: null,
    });
    if (values.empresaId) await repo.setAttachmentsCompany(tx, inboundId, values.empresaId);
    this.logger.info(
      { inboundId, outcome: values.outcome, cotacaoId: values.cotacaoId, matchedBy: values.matchedBy },
      'inbound message ingested',
    );
    return {
      inboundId,
      duplicate: false,
      status: 'processada',
      outcome: values.outcome,
      cotacaoId: values.cotacaoId,
      responseId: null,
      erro: null,
    };
  }
}

const FORWARDED_FROM = /^[\s>]*\**(?:de|from|von|da|remetente)\s*:\**\s*(.+)$/gim;
const ADDRESS = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

/**
 * The addresses a forwarded message's own headers name as its sender ("De: Pricing <pricing@…>",
 * "From: …" of Outlook, Gmail and Apple Mail forwards), lower-cased, in order; the first 20 such lines.
 */
export function forwardedSenders(text: string): string[] {
  const found: string[] = [];
  let lines = 0;
  for (const match of text.slice(0, 50_000).matchAll(FORWARDED_FROM)) {
    if (++lines > 20) break;
    for (const address of match[1]!.match(ADDRESS) ?? []) found.push(address.toLowerCase());
  }
  return [...new Set(found)];
}

/**
 * Whether a bounce covers every address a carrier was sent to; one that names no address is taken as the
 * carrier's (it came back in the carrier's thread).
 */
function bouncedEvery(emails: readonly string[], bounce: { recipients: readonly string[] }): boolean {
  if (bounce.recipients.length === 0) return true;
  const failed = new Set(bounce.recipients.map((address) => address.toLowerCase()));
  return emails.every((email) => failed.has(email.toLowerCase()));
}

/** What is stored beside the bytes: everything `process` needs of the source, cleaned. */
function entradaOf(input: IngestInput): InboundEntrada {
  const entrada: InboundEntrada = {};
  if (input.envelopeTo?.length) entrada.envelopeTo = input.envelopeTo.map(cleanText);
  if (input.assignedBy) entrada.assignedBy = input.assignedBy;
  if (input.portal) entrada.portal = input.portal;
  if (input.typedResult) entrada.typedResult = input.typedResult;
  if (input.smtp) entrada.smtp = input.smtp;
  if (input.authentication) entrada.authentication = input.authentication;
  if (input.arrivedAt && !Number.isNaN(input.arrivedAt.getTime()))
    entrada.chegouEm = input.arrivedAt.toISOString();
  if (input.observacoes?.trim()) entrada.observacoes = cleanText(input.observacoes.trim());
  return entrada;
}

function inputOf(row: StoredRow): IngestInput {
  const { entrada } = row;
  return {
    source: row.source,
    ...(entrada.envelopeTo ? { envelopeTo: entrada.envelopeTo } : {}),
    ...(entrada.assignedBy ? { assignedBy: entrada.assignedBy } : {}),
    ...(entrada.portal ? { portal: entrada.portal } : {}),
    ...(entrada.typedResult ? { typedResult: entrada.typedResult } : {}),
    ...(entrada.smtp ? { smtp: entrada.smtp } : {}),
    ...(entrada.authentication ? { authentication: entrada.authentication } : {}),
    ...arrivalInput(row),
    ...(entrada.observacoes ? { observacoes: entrada.observacoes } : {}),
  };
}

/** The arrival the source stamped when it stored the message (see `arrivalOf`). */
function arrivalInput(row: Pick<StoredRow, 'entrada'>): Pick<IngestInput, 'arrivedAt'> {
  return row.entrada.chegouEm ? { arrivedAt: new Date(row.entrada.chegouEm) } : {};
}

/**
 * What tells a message apart from the stored one with its Message-ID, or null when it is the same message
 * (another copy: a retry, the mailbox read again, the same mail through a second source).
 * - Registered by hand for a quote: the same message only if the stored one went to that quote.
 * - Otherwise the same message keeps its Date, sender and To/Cc, whatever the transport added: any of
 *   them different is another message that reuses the id. The subject is not compared (mail gateways tag
 *   it), nor the body (a provider's export re-encodes it).
 */
async function variantOf(
  stored: Awaited<ReturnType<typeof repo.findInboundHead>>,
  head: ParsedInbound,
  input: IngestInput,
): Promise<string | null> {
  if (!stored) return null;
  const assigned = input.assignedBy?.cotacaoId;
  if (assigned) {
    const storedFor = stored.cotacaoId ?? stored.entrada.assignedBy?.cotacaoId ?? null;
    return storedFor === assigned ? null : `cotacao:${assigned}`;
  }
  const recipients = (parsed: ParsedInbound) => [...new Set([...parsed.to, ...parsed.cc])].sort().join(',');
  const dateAssumed = (parsed: ParsedInbound) => parsed.headers.has(DATE_ASSUMED_HEADER.toLowerCase());
  const storedHead = stored.head ? cleanParsed(await parseInboundHeaders(stored.head)) : null;
  // A webhook's rebuilt message dated at rebuild time (its payload gave no readable Date): no date to compare.
  const noDate = dateAssumed(head) || (storedHead !== null && dateAssumed(storedHead));
  const facts = (date: Date | null, from: string | null, to: string) =>
    `${noDate ? '' : (date?.toISOString() ?? '')}|${from ?? ''}|${to}`;
  const incoming = facts(head.date, head.from.address, recipients(head));
  // Purged bytes (retention, 'Descartar'): the Date and sender alone decide.
  const storedTo = storedHead ? recipients(storedHead) : recipients(head);
  if (facts(stored.sentAt, stored.fromAddress, storedTo) === incoming) return null;
  return createHash('sha256').update(incoming).digest('hex').slice(0, 24);
}

/** The driver's error behind a failed statement (drizzle wraps it as `cause`). */
function driverError(error: unknown): { code?: unknown; message?: unknown } {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return (cause && typeof cause === 'object' ? cause : error) as { code?: unknown; message?: unknown };
}

/**
 * A value the database refuses whatever the moment (SQLSTATE classes 22, data exception, and 54, program
 * limit exceeded, e.g. an index row over 2,704 bytes), unlike a lost connection or a lock, which a retry
 * can get past.
 */
export function isRefusedValue(error: unknown): boolean {
  const code = driverError(error).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}

/**
 * A failed store as the log and the source status may show it: the driver's message and code, never the
 * statement's parameters (drizzle's message lists them, and they hold the raw message).
 */
export function storeError(error: unknown): Error {
  const { code, message } = driverError(error);
  const reason = typeof message === 'string' ? message.split('\n')[0]!.slice(0, 300) : 'unknown error';
  return new Error(`inbound message not stored: ${reason}${typeof code === 'string' ? ` (${code})` : ''}`);
}
