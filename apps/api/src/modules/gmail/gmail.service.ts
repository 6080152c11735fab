import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { cotacaoDestinatarios, cotacoes } from '../../db/schema/quotes.js';
import { inTenant, type Tenant } from '../../db/tenant.js';
import {
  attachmentsOf,
  GmailApiError,
  type GmailClient,
  GmailQuotaError,
} from '../../inbound/sources/gmail/gmail-client.js';
import {
  type GmailPushVerifier,
  notificationOf,
  type PubSubPush,
} from '../../inbound/sources/gmail/gmail-push.js';
import { compareHistoryIds, type GmailSync } from '../../inbound/sources/gmail/gmail-sync.js';
import type { MailConnection, MailConnections } from '../../inbound/sources/mailboxes/connections.js';
import { type MailboxOAuth, ReconnectRequired } from '../../inbound/sources/mailboxes/mailbox-oauth.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { replyAddress } from '../../mail/reply-address.js';

/** 'Sincronizar conversa' reads at most this many messages of one quote. */
const QUOTE_SYNC_LIMIT = 100;
/** POST /gmail/attachment answers the bytes inline (base64 in JSON) up to this size. */
export const ATTACHMENT_MAX_MB = 10;
/** The renewal job renews watches that end within this window (Gmail: at most 7 days, renew daily). */
const RENEW_WITHIN_MS = 24 * 3600_000;

export type GmailConnectionView = {
  id: string;
  email: string;
  state: MailConnection['state'];
  lastSyncAt: string | null;
  lastError: string | null;
  messagesReceived: number;
  watchExpiresAt: string | null;
};

/**
 * The mail integration of Configurações (spec 000 "Mail integration", spec 001 /gmail/*; issue 34, ADR
 * 0027): the authorization link, the exchange of the pasted code, a quote's conversation synced by hand,
 * the Pub/Sub watch, Gmail attachments, and the verified push. A mailbox is platform-wide (like the IMAP
 * one): what it delivers is matched by the pipeline, where the reply token decides the company.
 */
export class GmailService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly connections: MailConnections,
    private readonly oauth: MailboxOAuth,
    private readonly client: GmailClient,
    private readonly sync: GmailSync,
    private readonly push: GmailPushVerifier,
    /** Throws a 404 AppError unless the conversation attachment `key` is the caller's company's. */
    private readonly attachmentExists?: (actor: Actor, key: string) => Promise<unknown>,
  ) {}

  async authUrl(userId: string): Promise<string> {
    try {
      return await this.oauth.authorizationUrl(userId);
    } catch (error) {
      if (error instanceof AppError && error.code !== 'MAILBOX_PROVIDER_UNAVAILABLE') throw error;
      throw new AppError('GMAIL_AUTH_URL_FAILED').withCause(error);
    }
  }

  /** Exchanges the pasted code, checks the authorized mailbox is the typed one, connects it, syncs it. */
  async exchange(userId: string, input: { email: string; code: string; state?: string }) {
    const email = input.email.trim().toLowerCase();
    const exchanged = await this.oauth.exchange(userId, input.code, input.state);
    let actual: string;
    try {
      const profile = await this.client.getProfile({ accessToken: async () => exchanged.tokens.accessToken });
      actual = profile.emailAddress.trim().toLowerCase();
    } catch (error) {
      throw new AppError('MAILBOX_EXCHANGE_FAILED').withCause(error);
    }
    if (actual !== email) throw new AppError('MAILBOX_EMAIL_MISMATCH', { email, actual });
    const connection = await this.connections.connect({
      provider: 'gmail',
      email,
      tokens: exchanged.tokens,
      accessExpiresAt: exchanged.accessExpiresAt,
      connectedBy: userId,
    });
    this.sync.syncSoon(connection);
    return view(connection);
  }

  async list(): Promise<GmailConnectionView[]> {
    return (await this.connections.list('gmail')).filter((row) => row.state !== 'desconectada').map(view);
  }

  /**
   * 'Sincronizar conversa': searches the mailbox for the quote's messages — sent to one of its reply
   * addresses, or from one of its carriers with its code — and stores them through the pipeline. Only a quote of the caller's company (their visão).
   */
  async syncQuote(tenant: Tenant, input: { email: string; cotacaoId: string }) {
    const [quote] = await this.db
      .select({ id: cotacoes.id, codigo: cotacoes.codigo, replyToken: cotacoes.replyToken })
      .from(cotacoes)
      .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, input.cotacaoId)));
    if (!quote) throw new AppError('GMAIL_QUOTE_NOT_FOUND');
    const connection = await this.connections.require('gmail', input.email);
    const recipients = await this.db
      .select({ replyToken: cotacaoDestinatarios.replyToken, emails: cotacaoDestinatarios.emails })
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.cotacaoId, quote.id));
    // Its reply addresses (unique to this quote), or its code from one of its carriers (codes repeat
    // across companies, so never the code alone). Whatever is found, the pipeline matches.
    const addresses = [quote.replyToken, ...recipients.map((row) => row.replyToken)].map((token) =>
      replyAddress(this.config.MAIL_REPLY_ADDRESS, token),
    );
    const carriers = [...new Set(recipients.flatMap((row) => row.emails))].slice(0, 20);
    const q = [
      ...addresses.map((address) => `to:${address}`),
      ...carriers.map((email) => `from:${email} "${quote.codigo}"`),
    ].join(' OR ');
    try {
      const result = await this.sync.storeQuery(this.sync.auth(connection), q, QUOTE_SYNC_LIMIT);
      await this.connections.addReceived(connection.id, result.received);
      return { encontradas: result.found, novas: result.received };
    } catch (error) {
      throw providerError(connection, error, 'GMAIL_SYNC_FAILED');
    }
  }

  /** The documented manual step: Gmail publishes the mailbox's changes to a Pub/Sub topic (renewed daily). */
  async watchStart(input: { email: string; projectId: string; topic: string }) {
    const connection = await this.connections.require('gmail', input.email);
    const topic = input.topic.startsWith('projects/')
      ? input.topic
      : `projects/${input.projectId}/topics/${input.topic}`;
    return this.startWatch(connection, topic);
  }

  private async startWatch(connection: MailConnection, topic: string) {
    try {
      const watch = await this.client.watch(this.sync.auth(connection), topic);
      const expiresAt = new Date(Number(watch.expiration));
      await this.connections.setWatch(connection.id, { id: null, expiresAt, topic });
      return { historyId: String(watch.historyId), expiration: expiresAt.toISOString() };
    } catch (error) {
      throw providerError(connection, error, 'GMAIL_SYNC_FAILED');
    }
  }

  /** The renewal job: every watch ending within 24 h is started again on its topic. */
  async renewWatches(now = new Date()): Promise<{ renewed: number; failed: number }> {
    const due = await this.connections.watchesEndingBefore(
      'gmail',
      new Date(now.getTime() + RENEW_WITHIN_MS),
    );
    let renewed = 0;
    let failed = 0;
    for (const connection of due) {
      if (!connection.watchTopic) continue;
      try {
        await this.startWatch(connection, connection.watchTopic);
        renewed += 1;
      } catch {
        failed += 1;
      }
    }
    return { renewed, failed };
  }

  async attachments(input: { email: string; messageId: string }) {
    const connection = await this.connections.require('gmail', input.email);
    try {
      const message = await this.client.getMessage(this.sync.auth(connection), input.messageId);
      return {
        items: attachmentsOf(message.payload).map(({ attachmentId, filename, mimeType }) => ({
          attachmentId,
          filename,
          mimeType,
        })),
      };
    } catch (error) {
      throw providerError(connection, error, 'GMAIL_SYNC_FAILED');
    }
  }

  async attachment(input: { email: string; messageId: string; attachmentId: string }) {
    const connection = await this.connections.require('gmail', input.email);
    let body: { size: number; data: string };
    try {
      body = await this.client.getAttachment(this.sync.auth(connection), input.messageId, input.attachmentId);
    } catch (error) {
      throw providerError(connection, error, 'GMAIL_SYNC_FAILED');
    }
    const bytes = Buffer.from(body.data ?? '', 'base64url');
    if (bytes.length > ATTACHMENT_MAX_MB * 1024 * 1024)
      throw new AppError('GMAIL_ATTACHMENT_TOO_LARGE', { limite: ATTACHMENT_MAX_MB });
    // Standard base64: what the browser's atob reads.
    return { data: { size: bytes.length, data: bytes.toString('base64') } };
  }

  /**
   * `key` is the key of an attachment of the quote conversation (GET /imap/attachments lists them: a
   * received message's or a sent request's); the answer is the product's own download route for it, which
   * checks the session and the company on every call. The key must exist in the caller's company.
   */
  async attachmentUrl(actor: Actor, key: string) {
    if (!this.attachmentExists) throw new AppError('GMAIL_ATTACHMENT_KEY_NOT_FOUND');
    try {
      await this.attachmentExists(actor, key);
    } catch (error) {
      if (error instanceof AppError && error.status === 404)
        throw new AppError('GMAIL_ATTACHMENT_KEY_NOT_FOUND').withCause(error);
      throw error;
    }
    return { url: `/api/attachments/${encodeURIComponent(key)}` };
  }

  /** 'Desconectar': stops the watch and revokes the authorization (best effort), then wipes the tokens. */
  async disconnect(id: string): Promise<void> {
    const connection = await this.connections.findById(id);
    if (connection?.provider !== 'gmail' || connection.state === 'desconectada')
      throw new AppError('MAILBOX_NOT_CONNECTED', { email: id });
    if (connection.state !== 'reconectar' && connection.watchExpiresAt) {
      await this.client.stop(this.sync.auth(connection)).catch(() => undefined);
    }
    await this.oauth.revoke(connection).catch(() => false);
    await this.connections.disconnect(connection.id);
  }

  /**
   * POST /gmail/push, once verified (else 401): a sync of the mailbox it names when
   * its historyId is newer than the cursor. Unknown mailboxes, duplicates and stale pushes change nothing
   * (history is the source of truth).
   */
  verifyPush(authorization: string | undefined): Promise<boolean> {
    return this.push.verify(authorization);
  }

  /** A verified push (the route checked it with verifyPush first). */
  async handlePush(body: PubSubPush): Promise<'sync' | 'ignored'> {
    const notification = notificationOf(body);
    if (!notification) return 'ignored';
    const connection = await this.connections.find('gmail', notification.emailAddress);
    if (!connection || (connection.state !== 'ok' && connection.state !== 'erro')) return 'ignored';
    if (connection.syncCursor && compareHistoryIds(notification.historyId, connection.syncCursor) <= 0)
      return 'ignored';
    this.sync.syncSoon(connection);
    return 'sync';
  }
}

function view(row: MailConnection): GmailConnectionView {
  return {
    id: row.id,
    email: row.email,
    state: row.state,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastError,
    messagesReceived: row.messagesReceived,
    watchExpiresAt: row.watchExpiresAt?.toISOString() ?? null,
  };
}

/** A provider failure as the pt-BR error a route answers. */
function providerError(connection: MailConnection, error: unknown, fallback: 'GMAIL_SYNC_FAILED'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ReconnectRequired)
    return new AppError('MAILBOX_RECONNECT', { email: connection.email });
  if (error instanceof GmailQuotaError)
    return new AppError('GMAIL_QUOTA', { seconds: error.retryAfterSeconds ?? 60 }).withCause(error);
  if (error instanceof GmailApiError && error.status === 404)
    return new AppError('GMAIL_MESSAGE_NOT_FOUND').withCause(error);
  return new AppError(fallback).withCause(error);
}
