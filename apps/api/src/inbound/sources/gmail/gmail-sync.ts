import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { errorMessage, type InboundSourceStatus } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/errors.js';
import type { MailConnection, MailConnections } from '../mailboxes/connections.js';
import { type MailboxOAuth, ReconnectRequired } from '../mailboxes/mailbox-oauth.js';
import type { Ingestor, SourceStatusProvider } from '../source.js';
import { GmailApiError, type GmailAuth, type GmailClient, GmailQuotaError } from './gmail-client.js';

/** The first sync of a new connection (no cursor) reads the inbox of the last 7 days: all of it, page by page. */
export const FIRST_SYNC_QUERY = 'in:inbox newer_than:7d';
const FIRST_SYNC_WINDOW_MS = 7 * 86_400_000;
/** After a history gap the re-read starts this long before the last good sync (late delivery, clock skew). */
export const GAP_MARGIN_SECONDS = 86_400;
/** messages.list page size: the contract's maximum. */
const LIST_PAGE_SIZE = 500;
/** A long read renews its lease this often, so no other process starts the same mailbox meanwhile. */
const LEASE_RENEW_MS = 30_000;
const LEASE_MS = 120_000;
/** Quota back-off without Retry-After: doubles from 30 s up to 15 min. */
const BACKOFF_FIRST_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 900;

export type SyncOutcome =
  | { status: 'synced'; found: number; received: number }
  | { status: 'skipped'; reason: 'leased' | 'backoff' | 'state' }
  | { status: 'failed'; state: 'erro' | 'reconectar'; message: string };

/** A session's token: the stored one, refreshed when it expires or after a 401 (ADR 0027). */
export function connectionAuth(oauth: MailboxOAuth, connection: MailConnection): GmailAuth {
  let current: string | undefined;
  return {
    async accessToken(force) {
      if (!force && current) return current;
      current = await oauth.accessToken(connection, { force: Boolean(force) });
      return current;
    },
  };
}

/**
 * Reads connected Gmail mailboxes into the inbound pipeline (issue 34, ADR 0027). Incremental with
 * history.list from the stored historyId; a first sync reads the last 7 days of the inbox, and a history
 * 404 (cursor too old) every inbox message since a day before the last good sync — both every result page,
 * no count cap (ADR 0027 addendum: a capped re-read lost a reply silently). Every message goes in raw through `receive` — the pipeline dedups by
 * Message-ID (a reply also read by IMAP counts once) and the reply token decides the company — and the
 * cursor moves only after the messages were stored. One process syncs a mailbox at a time (lease); quota
 * errors back off; a refused authorization leaves the mailbox 'reconectar' until someone connects again.
 */
export class GmailSync implements SourceStatusProvider {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly backoff = new Map<string, { until: number; failures: number }>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly connections: MailConnections,
    private readonly oauth: MailboxOAuth,
    private readonly client: GmailClient,
    private readonly pipeline: Ingestor,
    private readonly log: FastifyBaseLogger,
  ) {}

  auth(connection: MailConnection): GmailAuth {
    return connectionAuth(this.oauth, connection);
  }

  /** Status rows for Configurações (GET /api/inbound/status `sources`): one per connected mailbox. */
  list(): Promise<InboundSourceStatus[]> {
    return this.connections.statusRows('gmail');
  }

  /** 'Sincronizar agora' of a status row (`gmail:<uuid>`): a sync now, ignoring a quota back-off. */
  async sync(id: string): Promise<void> {
    const connection = await this.connections.findById(id.replace(/^gmail:/, ''));
    if (connection?.provider !== 'gmail' || connection.state === 'desconectada')
      throw new AppError('MAILBOX_NOT_CONNECTED', { email: id });
    if (connection.state === 'reconectar')
      throw new AppError('MAILBOX_RECONNECT', { email: connection.email });
    const outcome = await this.syncMailbox(connection, { ignoreBackoff: true });
    // Another process holds the lease: saying "concluída" would claim a read that did not happen here.
    if (outcome.status === 'skipped' && outcome.reason === 'leased')
      throw new AppError('INBOUND_SOURCE_BUSY');
    if (outcome.status === 'failed') throw new AppError('GMAIL_SYNC_FAILED').withMessage(outcome.message);
  }

  /** Starts a sync in the background (a push, a new connection); `drain` waits for them. */
  syncSoon(connection: MailConnection): void {
    const running = this.syncMailbox(connection)
      .catch((error: unknown) =>
        this.log.error({ err: error, mailbox: connection.email }, 'gmail: sync crashed'),
      )
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /** The mailboxes the poller syncs: connected and not waiting for a reconnection. */
  async active(): Promise<MailConnection[]> {
    return (await this.connections.list('gmail')).filter((row) => row.state === 'ok' || row.state === 'erro');
  }

  /** One sync of one mailbox; never throws for provider trouble (the outcome and the row say it). */
  async syncMailbox(
    connection: MailConnection,
    options: { ignoreBackoff?: boolean } = {},
  ): Promise<SyncOutcome> {
    if (connection.state === 'reconectar' || connection.state === 'desconectada')
      return { status: 'skipped', reason: 'state' };
    const wait = this.backoff.get(connection.id);
    if (!options.ignoreBackoff && wait && wait.until > Date.now())
      return { status: 'skipped', reason: 'backoff' };
    if (!(await this.connections.acquireLease(connection.id, this.owner, LEASE_MS)))
      return { status: 'skipped', reason: 'leased' };
    try {
      // Read again under the lease: another process may have moved the cursor.
      const current = (await this.connections.findById(connection.id)) ?? connection;
      const auth = this.auth(current);
      const keepLease = this.leaseKeeper(current.id);
      const result = current.syncCursor
        ? await this.incremental(auth, current.syncCursor, keepLease).catch(async (error: unknown) => {
            if (error instanceof GmailApiError && error.status === 404) {
              const query = gapQuery(current);
              this.log.warn(
                { mailbox: current.email, query },
                'gmail: history id too old, re-reading the inbox since the last sync',
              );
              return this.full(auth, query, keepLease);
            }
            throw error;
          })
        : await this.full(auth, FIRST_SYNC_QUERY, keepLease);
      await this.connections.markSynced(current.id, { cursor: result.cursor, received: result.received });
      this.backoff.delete(current.id);
      return { status: 'synced', found: result.found, received: result.received };
    } catch (error) {
      return this.failed(connection, error);
    } finally {
      await this.connections.releaseLease(connection.id, this.owner).catch(() => undefined);
    }
  }

  private async failed(connection: MailConnection, error: unknown): Promise<SyncOutcome> {
    if (error instanceof ReconnectRequired) {
      this.log.warn(
        { mailbox: connection.email },
        'gmail: authorization refused, the mailbox must reconnect',
      );
      return {
        status: 'failed',
        state: 'reconectar',
        message: errorMessage('MAILBOX_RECONNECT', { email: connection.email }),
      };
    }
    let message: string;
    if (error instanceof GmailQuotaError) {
      const previous = this.backoff.get(connection.id)?.failures ?? 0;
      const seconds =
        error.retryAfterSeconds ?? Math.min(BACKOFF_FIRST_SECONDS * 2 ** previous, BACKOFF_MAX_SECONDS);
      this.backoff.set(connection.id, { until: Date.now() + seconds * 1000, failures: previous + 1 });
      message = errorMessage('GMAIL_QUOTA', { seconds });
      this.log.warn(
        { mailbox: connection.email, retryInSeconds: seconds, reason: error.reason },
        'gmail: quota exceeded, backing off',
      );
    } else {
      message = error instanceof AppError ? error.userMessage : describe(error);
      this.log.warn({ mailbox: connection.email, err: error }, 'gmail: sync failed');
    }
    await this.connections.markFailed(connection.id, 'erro', message);
    return { status: 'failed', state: 'erro', message };
  }

  /**
   * No cursor (or too old): the profile's historyId, taken first, becomes the cursor (what arrives while the
   * inbox is read is in history after it), then every message the query finds is stored.
   */
  private async full(auth: GmailAuth, query: string, keepLease: () => Promise<void>) {
    const profile = await this.client.getProfile(auth);
    const stored = await this.storeQuery(auth, query, Number.POSITIVE_INFINITY, keepLease);
    return { cursor: profile.historyId, ...stored };
  }

  /** Renews the sync lease at most every LEASE_RENEW_MS while a long read goes on. */
  private leaseKeeper(id: string): () => Promise<void> {
    let renewedAt = Date.now();
    return async () => {
      if (Date.now() - renewedAt < LEASE_RENEW_MS) return;
      renewedAt = Date.now();
      // Lost to another process (this one stalled past the lease): reading on is harmless, the pipeline dedups.
      await this.connections.acquireLease(id, this.owner, LEASE_MS);
    };
  }

  private async incremental(auth: GmailAuth, cursor: string, keepLease: () => Promise<void>) {
    const ids: string[] = [];
    const seen = new Set<string>();
    let pageToken: string | undefined;
    let latest = cursor;
    do {
      const page = await this.client.listHistory(auth, cursor, pageToken);
      for (const entry of page.history ?? [])
        for (const added of entry.messagesAdded ?? []) {
          const { id, labelIds } = added.message;
          if (labelIds && !labelIds.includes('INBOX')) continue;
          if (!seen.has(id)) {
            seen.add(id);
            ids.push(id);
          }
        }
      latest = page.historyId ?? latest;
      pageToken = page.nextPageToken;
      await keepLease();
    } while (pageToken);
    const received = await this.storeMessages(auth, ids, keepLease);
    return { cursor: maxHistoryId(cursor, latest), found: ids.length, received };
  }

  /**
   * Stores the messages a Gmail search finds, following every result page (at most `limit`: only
   * 'Sincronizar conversa' passes one), oldest first; answers found/new.
   */
  async storeQuery(
    auth: GmailAuth,
    q: string,
    limit = Number.POSITIVE_INFINITY,
    keepLease: () => Promise<void> = async () => undefined,
  ): Promise<{ found: number; received: number }> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const size = Math.min(LIST_PAGE_SIZE, limit - ids.length);
      const page = await this.client.listMessages(auth, q, pageToken, size);
      for (const message of page.messages ?? []) if (ids.length < limit) ids.push(message.id);
      pageToken = ids.length < limit ? page.nextPageToken : undefined;
      await keepLease();
    } while (pageToken);
    // messages.list answers newest first.
    const received = await this.storeMessages(auth, ids.reverse(), keepLease);
    return { found: ids.length, received };
  }

  private async storeMessages(
    auth: GmailAuth,
    ids: string[],
    keepLease: () => Promise<void> = async () => undefined,
  ): Promise<number> {
    let received = 0;
    for (const id of ids) {
      await keepLease();
      let raw: Buffer;
      try {
        raw = await this.client.getRaw(auth, id);
      } catch (error) {
        // Deleted between the listing and the fetch: nothing to store.
        if (error instanceof GmailApiError && error.status === 404) continue;
        throw error;
      }
      const stored = await this.pipeline.receive(raw, { source: 'gmail' });
      if (!stored.duplicate) {
        received += 1;
        this.pipeline.processSoon(stored.inboundId);
      }
    }
    return received;
  }
}

/** Gmail history ids are decimal strings that grow; compared as integers. */
export function compareHistoryIds(a: string, b: string): number {
  try {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  } catch {
    return a.localeCompare(b);
  }
}

/**
 * The re-read after a history gap: every inbox message since a day before the last good sync (Gmail's
 * `after:` takes epoch seconds). A cursor without a sync (none is written so) falls back to the first window.
 */
export function gapQuery(connection: Pick<MailConnection, 'lastSyncAt' | 'createdAt'>): string {
  const since = connection.lastSyncAt?.getTime() ?? connection.createdAt.getTime() - FIRST_SYNC_WINDOW_MS;
  return `in:inbox after:${Math.floor(since / 1000) - GAP_MARGIN_SECONDS}`;
}

function maxHistoryId(a: string, b: string): string {
  return compareHistoryIds(a, b) >= 0 ? a : b;
}

function describe(error: unknown): string {
  if (error instanceof GmailApiError) return errorMessage('GMAIL_SYNC_STATUS', { status: error.status });
  return errorMessage('GMAIL_SYNC_UNREACHABLE');
}
