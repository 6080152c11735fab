import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.js';
import type { Database, Executor } from '../db/client.js';
import { mailOutbox, type OutboxAttachment } from '../db/schema/index.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
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
};

const CLAIM_SECONDS = 120;

/** Header values must never carry a line break (S12). */
export function sanitizeHeaderValue(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

export function buildMessageId(appUrl: string): string {
  const host = new URL(appUrl).hostname || 'cotacoes.local';
  return `<${randomUUID()}@${host}>`;
}

/**
 * Outgoing mail through a transactional outbox (R1): `enqueue` writes the message and its delivery job
 * in the caller's transaction; `deliver` claims the row, sends it with its fixed Message-ID and marks it.
 */
export class Mailer {
  readonly transport: MailTransport;
  private readonly instanceId = randomUUID();

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly logger: FastifyBaseLogger,
    transport?: MailTransport,
  ) {
    this.transport =
      transport ??
      (config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL, logger)
        : createLocalTransport(config.mailSentDir, logger));
  }

  async enqueue(executor: Executor, mail: OutgoingMail): Promise<{ id: string; messageId: string }> {
    const messageId = mail.messageId ?? buildMessageId(this.config.APP_URL);
    const [row] = await executor
      .insert(mailOutbox)
      .values({
        messageId,
        kind: mail.kind,
        empresaId: mail.empresaId ?? null,
        fromAddress: this.config.MAIL_FROM,
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
      })
      .returning({ id: mailOutbox.id });
    await this.jobs.sendInTransaction(executor, QUEUES.mailDeliver, { outboxId: row!.id }, row!.id);
    return { id: row!.id, messageId };
  }

  /** Delivers one outbox row unless it was sent already or another live worker holds it. */
  async deliver(outboxId: string): Promise<'sent' | 'skipped'> {
    const [claimed] = await this.db
      .update(mailOutbox)
      .set({
        claimedBy: this.instanceId,
        claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        and(
          eq(mailOutbox.id, outboxId),
          eq(mailOutbox.status, 'pending'),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!claimed) return 'skipped';
    try {
      await this.transport.deliver({
        messageId: claimed.messageId,
        from: claimed.fromAddress,
        to: claimed.toAddresses,
        cc: claimed.ccAddresses.length ? claimed.ccAddresses : undefined,
        bcc: claimed.bccAddresses.length ? claimed.bccAddresses : undefined,
        replyTo: claimed.replyTo ?? undefined,
        subject: claimed.subject,
        text: claimed.textBody,
        html: claimed.htmlBody ?? undefined,
        headers: claimed.headers,
        date: claimed.createdAt,
        attachments: claimed.attachments
          .filter((attachment) => attachment.contentBase64)
          .map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64!, 'base64'),
          })),
      });
    } catch (error) {
      await this.db
        .update(mailOutbox)
        .set({
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          claimedUntil: null,
          claimedBy: null,
        })
        .where(eq(mailOutbox.id, outboxId));
      this.logger.warn({ err: error, outboxId }, 'mail delivery failed; it will be retried');
      throw error;
    }
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null })
      .where(eq(mailOutbox.id, outboxId));
    return 'sent';
  }

  /**
   * Re-delivers what a crash left behind. `releaseAllClaims` is only safe when this process is the
   * database's sole worker (the embedded database, owned through its lock file).
   */
  async recoverPending(options: { releaseAllClaims: boolean; olderThanSeconds?: number }): Promise<number> {
    if (options.releaseAllClaims) {
      await this.db
        .update(mailOutbox)
        .set({ claimedBy: null, claimedUntil: null })
        .where(eq(mailOutbox.status, 'pending'));
    }
    const pending = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
          lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${options.olderThanSeconds ?? 0})`),
        ),
      )
      .limit(500);
    let delivered = 0;
    for (const { id } of pending) {
      try {
        if ((await this.deliver(id)) === 'sent') delivered++;
      } catch {
        // logged in deliver; the job's retries or the next sweep take it again
      }
    }
    return delivered;
  }

  close(): void {
    this.transport.close();
  }
}
