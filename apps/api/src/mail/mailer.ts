import { randomUUID } from 'node:crypto';
import { formatMessage } from '@cotacoes/shared';
import { emailMessages } from '@cotacoes/shared/messages/email';
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.js';
import type { Database, Executor } from '../db/client.js';
import { empresas, mailOutbox, type OutboxAttachment } from '../db/schema/index.js';
import { createLocalTransport, createSmtpTransport, type MailTransport } from './transport.js';

export type OutgoingMail = {
  kind: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: OutboxAttachment[];
  empresaId?: string | null;
  /** Chosen by the caller when it must be stored elsewhere too (e.g. a quote's thread id). */
  messageId?: string;
  /** Defaults by kind (`mailPriority`). */
  priority?: number;
};

export type OutboxRow = typeof mailOutbox.$inferSelect;

export const MAIL_PRIORITY = { urgent: 10, normal: 0 } as const;
const MAX_BACKOFF_SECONDS = 600;

/**
 * A person is waiting for account mail (verification and reset codes, and the notices that answer the
 * same requests, so their timing tells nothing): it goes ahead of bulk mail such as quote requests.
 */
export function mailPriority(kind: string): number {
  return kind.startsWith('auth.') ? MAIL_PRIORITY.urgent : MAIL_PRIORITY.normal;
}

/** Header values must never carry a line break (S12). */
/**
 * The sender a carrier sees on a company's messages (a quote request, a revision, a reminder, a portal
 * link): the company's name beside the platform's, at the platform's own address ('"Importadora X via
 * Sistema de Cotações" <nao-responda@…>'; QA pass 10: every importer's request came from the same
 * 'Sistema de Cotações'). The address, and so SPF/DKIM, stay the platform's.
 */
export function companyFrom(mailFrom: string, empresa: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom);
  const platform = match?.[1]?.trim() || 'Sistema de Cotações';
  const address = match?.[2] ?? mailFrom.trim();
  const name = sanitizeHeaderValue(
    formatMessage(emailMessages.fromOnBehalf, { empresa: empresa.trim(), sistema: platform }),
  ).replace(/["\\]/g, '');
  return `"${name}" <${address}>`;
}

/** Messages written on a company's behalf to its carriers: sent in its name (`companyFrom`). */
const IN_COMPANY_NAME = /^(quote\.|portal\.)/;

export function sanitizeHeaderValue(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

export function buildMessageId(appUrl: string): string {
  const host = new URL(appUrl).hostname || 'cotacoes.local';
  return `<${randomUUID()}@${host}>`;
}

/**
 * Outgoing mail through a transactional outbox (R1): `enqueue` writes the message in the caller's
 * transaction (a trigger NOTIFYs the dispatcher at commit); the dispatcher claims rows, sends each with its
 * fixed Message-ID and marks it (ADR 0004, ADR 0014).
 */
export class Mailer {
  readonly transport: MailTransport;
  private readonly instanceId = randomUUID();

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly logger: FastifyBaseLogger,
    transport?: MailTransport,
  ) {
    this.transport =
      transport ??
      (config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL, logger, config.MAIL_CONCURRENCY)
        : createLocalTransport(config.mailSentDir, logger));
  }

  private async fromOf(executor: Executor, mail: OutgoingMail): Promise<string> {
    if (!mail.empresaId || !IN_COMPANY_NAME.test(mail.kind)) return this.config.MAIL_FROM;
    const [row] = await executor
      .select({ nome: empresas.nome })
      .from(empresas)
      .where(eq(empresas.id, mail.empresaId))
      .limit(1);
    return row?.nome ? companyFrom(this.config.MAIL_FROM, row.nome) : this.config.MAIL_FROM;
  }

  async enqueue(executor: Executor, mail: OutgoingMail): Promise<{ id: string; messageId: string }> {
    const messageId = mail.messageId ?? buildMessageId(this.config.APP_URL);
    const [row] = await executor
      .insert(mailOutbox)
      .values({
        messageId,
        kind: mail.kind,
        empresaId: mail.empresaId ?? null,
        fromAddress: await this.fromOf(executor, mail),
        toAddresses: mail.to.map(sanitizeHeaderValue),
        ccAddresses: (mail.cc ?? []).map(sanitizeHeaderValue),
        bccAddresses: (mail.bcc ?? []).map(sanitizeHeaderValue),
        replyTo: mail.replyTo ? sanitizeHeaderValue(mail.replyTo) : null,
        subject: sanitizeHeaderValue(mail.subject),
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        headers: Object.fromEntries(
          Object.entries(mail.headers ?? {}).map(([key, value]) => [
            sanitizeHeaderValue(key),
            sanitizeHeaderValue(value),
          ]),
        ),
        attachments: mail.attachments ?? [],
        priority: mail.priority ?? mailPriority(mail.kind),
      })
      .returning({ id: mailOutbox.id });
    return { id: row!.id, messageId };
  }

  /**
   * Claims up to `limit` deliverable rows, most urgent first, for `leaseSeconds` (renewed by `renewClaims`
   * while they are in flight). SKIP LOCKED: concurrent dispatchers never claim the same row.
   */
  async claimBatch(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
    const deliverable = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(desc(mailOutbox.priority), mailOutbox.createdAt, mailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({
        claimedBy: this.instanceId,
        claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, deliverable))
      .returning();
  }

  /** Extends this process's claims on rows still being sent. */
  async renewClaims(ids: string[], leaseSeconds: number): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(
        and(
          inArray(mailOutbox.id, ids),
          eq(mailOutbox.claimedBy, this.instanceId),
          eq(mailOutbox.status, 'pending'),
        ),
      );
  }

  /**
   * The envelope sender (Return-Path) of a message: its own reply address when it is one of
   * MAIL_REPLY_ADDRESS's tagged addresses (a bounce then names its quote and carrier), else
   * MAIL_REPLY_ADDRESS itself: the mailbox the inbound sources read, never MAIL_FROM's no-reply.
   */
  private bounceAddress(replyTo: string | null): string {
    const base = this.config.MAIL_REPLY_ADDRESS;
    const at = base.lastIndexOf('@');
    const address = replyTo?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? replyTo?.trim() ?? '';
    const tagged =
      address.toLowerCase().startsWith(`${base.slice(0, at)}+`.toLowerCase()) &&
      address.toLowerCase().endsWith(base.slice(at).toLowerCase());
    return tagged ? address : base;
  }

  /**
   * Sends a claimed row with its fixed Message-ID and marks it sent; a failure waits for its backoff.
   * Answers the seconds until the retry (undefined when sent).
   */
  async deliverClaimed(row: OutboxRow): Promise<number | undefined> {
    try {
      await this.transport.deliver({
        messageId: row.messageId,
        from: row.fromAddress,
        // A delivery failure comes back to an address this product reads (QA pass 29: it went to MAIL_FROM's
        // "nao-responda", which nobody reads, and the carrier stayed "Enviado").
        envelope: {
          from: this.bounceAddress(row.replyTo),
          to: [...row.toAddresses, ...row.ccAddresses, ...row.bccAddresses],
        },
        to: row.toAddresses,
        cc: row.ccAddresses.length ? row.ccAddresses : undefined,
        bcc: row.bccAddresses.length ? row.bccAddresses : undefined,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        headers: row.headers,
        date: row.createdAt,
        attachments: row.attachments
          .filter((attachment) => attachment.contentBase64)
          .map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64!, 'base64'),
          })),
      });
    } catch (error) {
      const backoffSeconds = Math.min(MAX_BACKOFF_SECONDS, 5 * 2 ** Math.max(0, row.attempts - 1));
      await this.db
        .update(mailOutbox)
        .set({
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          claimedUntil: null,
          claimedBy: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
        })
        .where(eq(mailOutbox.id, row.id));
      this.logger.warn(
        { err: error, outboxId: row.id, retryInSeconds: backoffSeconds },
        'mail delivery failed; it will be retried',
      );
      return backoffSeconds;
    }
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null, claimedUntil: null })
      .where(eq(mailOutbox.id, row.id));
    return undefined;
  }

  /**
   * Frees every claim at start-up. Only safe when this process is the database's sole worker (the
   * embedded database, owned through its lock file): what a crash left in flight is sent again at once.
   */
  async releaseAllClaims(): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ claimedBy: null, claimedUntil: null })
      .where(and(eq(mailOutbox.status, 'pending'), isNotNull(mailOutbox.claimedUntil)));
  }

  close(): void {
    this.transport.close();
  }
}
