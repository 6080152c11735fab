import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/errors.js';
import type { MailConnection, MailConnections } from '../mailboxes/connections.js';
import { type MailboxOAuth, ReconnectRequired } from '../mailboxes/mailbox-oauth.js';
import type { Ingestor } from '../source.js';
import { DeltaTokenInvalid, GraphClient, GraphError, GraphThrottled } from './graph-client.js';

const PROVIDER = 'microsoft' as const;
const LABEL = 'Microsoft 365';
/** The first delta round of a new connection reads the inbox of the last days only. */
const INITIAL_WINDOW_MS = 30 * 86_400_000;
/** A delta token Graph forgot: the new round starts this long before the last good sync. */
const RESTART_OVERLAP_MS = 86_400_000;
const LEASE_MS = 120_000;
/**
 * Mail subscriptions live at most 10080 minutes (contract: "≤ ~7 days for mail"); older Graph limits said
 * 4230. We ask for 4200 minutes (valid under both) and renew when less than a day is left.
 */
export const SUBSCRIPTION_MINUTES = 4200;
export const RENEW_BEFORE_MS = 24 * 3_600_000;

export type SyncOutcome =
  | { status: 'ok'; received: number }
  | { status: 'busy' | 'skipped'; received: 0 }
  | { status: 'throttled'; received: number; retryAfterMs: number }
  | { status: 'reconectar' | 'erro'; received: number; message: string };

export type NotificationItem = {
  subscriptionId: string;
  clientState?: string;
  changeType?: string;
  lifecycleEvent?: string;
};

export function hashClientState(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

export type MicrosoftMailboxOptions = {
  connections: MailConnections;
  oauth: MailboxOAuth;
  pipeline: Ingestor;
  graphUrl: string;
  timeoutMs: number;
  /** Where Graph posts change notifications; undefined: no subscriptions (delta polling only). */
  notificationUrl: string | undefined;
  log: FastifyBaseLogger;
  owner?: string;
};

/**
 * The Microsoft 365 mailbox source (issue 34 part 2, ADR 0028). A delta sync reads the inbox from the
 * stored cursor (Graph's deltaLink, or the nextLink of a round cut short), fetches each added message's raw
 * MIME and stores it through the pipeline (`receive`, then `processSoon`) before the cursor moves past it;
 * `@removed` entries are ignored. One process syncs a mailbox at a time (lease); in one process, a sync
 * asked while one runs runs once more after it (a notification is never lost, duplicates are harmless:
 * the pipeline deduplicates by Message-ID). Throttling (429/503 + Retry-After) sets the mailbox 'erro' with
 * the wait and reschedules the sync after it; a refused authorization sets it 'reconectar'.
 */
export class MicrosoftMailbox {
  readonly owner: string;
  private readonly running = new Map<string, Promise<SyncOutcome>>();
  private readonly again = new Set<string>();
  private readonly notBefore = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: MicrosoftMailboxOptions) {
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  get connections(): MailConnections {
    return this.options.connections;
  }

  get oauth(): MailboxOAuth {
    return this.options.oauth;
  }

  get notificationsEnabled(): boolean {
    return Boolean(this.options.notificationUrl);
  }

  /** A Graph client whose token is read fresh from the row (a refresh may have rotated it). */
  private client(id: string, first?: MailConnection): GraphClient {
    let row = first;
    return new GraphClient(this.options.graphUrl, this.options.timeoutMs, async (force) => {
      const current = row ?? (await this.options.connections.findById(id));
      row = undefined;
      if (!current || current.state === 'desconectada') throw new ReconnectRequired(current?.email ?? id);
      return this.options.oauth.accessToken(current, { force });
    });
  }

  /** A client for tokens just received (the connect flow, before the row exists). */
  private clientWithToken(accessToken: string): GraphClient {
    return new GraphClient(this.options.graphUrl, this.options.timeoutMs, async () => accessToken);
  }

  /**
   * Connects the mailbox from the code the callback screen showed: exchanges it (PKCE), checks that the
   * authorized account is the address typed (GET /me), stores the sealed tokens, subscribes to change
   * notifications (best effort) and starts the first delta sync.
   */
  async connect(userId: string, email: string, code: string, state?: string): Promise<MailConnection> {
    const exchanged = await this.options.oauth.exchange(userId, code, state);
    let actual: string | null;
    try {
      actual = await this.clientWithToken(exchanged.tokens.accessToken).address();
    } catch (error) {
      throw new AppError('MAILBOX_PROVIDER_UNAVAILABLE', { provider: LABEL }).withCause(error);
    }
    const typed = email.trim().toLowerCase();
    if (!actual || actual !== typed)
      throw new AppError('MAILBOX_EMAIL_MISMATCH', {
        actual: actual ?? exchanged.email ?? '?',
        email: typed,
      });
    const row = await this.options.connections.connect({
      provider: PROVIDER,
      email: typed,
      tokens: exchanged.tokens,
      accessExpiresAt: exchanged.accessExpiresAt,
      connectedBy: userId,
    });
    this.notBefore.delete(row.id);
    await this.subscribe(row);
    this.syncSoon(row.id);
    return row;
  }

  /** Creates a subscription with a fresh clientState (only its hash is kept); the old one is deleted. */
  async subscribe(row: MailConnection): Promise<boolean> {
    const notificationUrl = this.options.notificationUrl;
    if (!notificationUrl) return false;
    const client = this.client(row.id);
    const clientState = randomBytes(32).toString('base64url');
    try {
      const subscription = await client.createSubscription({
        notificationUrl,
        clientState,
        expiresAt: new Date(Date.now() + SUBSCRIPTION_MINUTES * 60_000),
      });
      await this.options.connections.setWatch(row.id, {
        id: subscription.id,
        expiresAt: new Date(subscription.expirationDateTime),
        secretHash: hashClientState(clientState),
      });
      if (row.watchId && row.watchId !== subscription.id)
        await client.deleteSubscription(row.watchId).catch(() => undefined);
      return true;
    } catch (error) {
      this.options.log.warn(
        { connectionId: row.id, reason: describe(error) },
        'microsoft: could not subscribe to change notifications; delta polling continues',
      );
      return false;
    }
  }

  /** The renewal job: subscriptions ending within a day are extended; missing or lost ones re-created. */
  async renewSubscriptions(now = new Date()): Promise<{ renewed: number; created: number }> {
    const result = { renewed: 0, created: 0 };
    if (!this.options.notificationUrl) return result;
    const due = await this.options.connections.watchesEndingBefore(
      PROVIDER,
      new Date(now.getTime() + RENEW_BEFORE_MS),
    );
    for (const row of due) {
      if (row.watchId) {
        try {
          const renewed = await this.client(row.id).renewSubscription(
            row.watchId,
            new Date(now.getTime() + SUBSCRIPTION_MINUTES * 60_000),
          );
          await this.options.connections.setWatch(row.id, {
            id: row.watchId,
            expiresAt: new Date(renewed.expirationDateTime),
          });
          result.renewed += 1;
          continue;
        } catch (error) {
          if (!(error instanceof GraphError && error.status === 404)) {
            this.options.log.warn(
              { connectionId: row.id, reason: describe(error) },
              'microsoft: subscription renewal failed',
            );
            continue;
          }
        }
      }
      if (await this.subscribe(row)) result.created += 1;
    }
    return result;
  }

  /**
   * Change and lifecycle notifications (POST /api/microsoft/notifications). Every item must name a
   * subscription of ours and carry its clientState, else nothing is done and the caller answers 401.
   * Valid: each mailbox named is synced soon (the notification itself is never trusted for content).
   */
  async acceptNotifications(items: NotificationItem[]): Promise<boolean> {
    const rows: MailConnection[] = [];
    for (const item of items) {
      const row = await this.options.connections.findByWatch(PROVIDER, item.subscriptionId);
      if (
        !row ||
        row.state === 'desconectada' ||
        !row.watchSecretHash ||
        typeof item.clientState !== 'string' ||
        !sameHash(hashClientState(item.clientState), row.watchSecretHash)
      )
        return false;
      rows.push(row);
    }
    for (const [index, item] of items.entries()) {
      const row = rows[index]!;
      if (item.lifecycleEvent === 'subscriptionRemoved') void this.subscribe(row);
      else if (item.lifecycleEvent === 'reauthorizationRequired')
        void this.renewSubscriptions().catch(() => undefined);
    }
    for (const id of new Set(rows.map((row) => row.id))) this.syncSoon(id);
    return true;
  }

  /** Disconnects: deletes the subscription (best effort) and wipes the tokens. Microsoft has no revocation endpoint. */
  async disconnect(email: string): Promise<MailConnection> {
    const row = await this.options.connections.find(PROVIDER, email);
    if (!row || row.state === 'desconectada') throw new AppError('MAILBOX_NOT_CONNECTED', { email });
    if (row.watchId && row.state !== 'reconectar') {
      await this.client(row.id)
        .deleteSubscription(row.watchId)
        .catch((error: unknown) =>
          this.options.log.warn(
            { connectionId: row.id, reason: describe(error) },
            'microsoft: subscription not deleted',
          ),
        );
    }
    this.cancelTimer(row.id);
    await this.options.connections.disconnect(row.id);
    return row;
  }

  /** Runs a sync after the caller moved on, or when the throttling wait of the mailbox ends. */
  syncSoon(id: string): void {
    if (this.closed) return;
    const wait = (this.notBefore.get(id) ?? 0) - Date.now();
    if (wait > 0) {
      if (!this.timers.has(id)) {
        const timer = setTimeout(() => {
          this.timers.delete(id);
          this.syncSoon(id);
        }, wait);
        timer.unref();
        this.timers.set(id, timer);
      }
      return;
    }
    void this.sync(id).catch((error: unknown) =>
      this.options.log.error({ connectionId: id, reason: describe(error) }, 'microsoft: sync did not run'),
    );
  }

  /** Every connected Microsoft 365 mailbox that may sync (the poller's tick). */
  async syncAll(): Promise<void> {
    const rows = await this.options.connections.list(PROVIDER);
    for (const row of rows) {
      if (this.closed) return;
      if (row.state !== 'ok' && row.state !== 'erro') continue;
      if ((this.notBefore.get(row.id) ?? 0) > Date.now()) continue;
      await this.sync(row.id);
    }
  }

  /** A delta sync of one mailbox now; a second call while it runs is coalesced into one more run. */
  sync(id: string): Promise<SyncOutcome> {
    const current = this.running.get(id);
    if (current) {
      this.again.add(id);
      return current;
    }
    const run = (async () => {
      try {
        let outcome = await this.syncOnce(id);
        while (this.again.delete(id) && outcome.status === 'ok' && !this.closed) {
          const next = await this.syncOnce(id);
          outcome =
            next.status === 'ok' ? { status: 'ok', received: outcome.received + next.received } : next;
        }
        return outcome;
      } finally {
        this.running.delete(id);
      }
    })();
    this.running.set(id, run);
    return run;
  }

  private async syncOnce(id: string): Promise<SyncOutcome> {
    const { connections, pipeline, log } = this.options;
    const wait = (this.notBefore.get(id) ?? 0) - Date.now();
    if (wait > 0) return { status: 'throttled', received: 0, retryAfterMs: wait };
    const row = await connections.findById(id);
    if (!row || row.provider !== PROVIDER || (row.state !== 'ok' && row.state !== 'erro'))
      return { status: 'skipped', received: 0 };
    if (!(await connections.acquireLease(id, this.owner, LEASE_MS))) return { status: 'busy', received: 0 };
    const client = this.client(id, row);
    let received = 0;
    let restarted = false;
    try {
      let url = row.syncCursor ?? client.initialDeltaUrl(new Date(Date.now() - INITIAL_WINDOW_MS));
      for (;;) {
        if (this.closed) return { status: 'ok', received };
        let page: Awaited<ReturnType<GraphClient['deltaPage']>>;
        try {
          page = await client.deltaPage(url);
        } catch (error) {
          if (!(error instanceof DeltaTokenInvalid) || restarted) throw error;
          // Graph forgot the token: a new round over every message since shortly before the last good sync,
          // however long ago (a mailbox that waited a month for reconnection must not lose what came then).
          // Never synced (a first round cut short): the first round's window, from the connection.
          restarted = true;
          const since = row.lastSyncAt
            ? row.lastSyncAt.getTime() - RESTART_OVERLAP_MS
            : row.createdAt.getTime() - INITIAL_WINDOW_MS;
          log.info({ connectionId: id }, 'microsoft: delta token expired; restarting the delta round');
          await connections.setCursor(id, null);
          url = client.initialDeltaUrl(new Date(since));
          continue;
        }
        let stored = 0;
        for (const item of page.items) {
          if (item['@removed'] || typeof item.id !== 'string') continue;
          const raw = await client.rawMessage(item.id);
          if (!raw) continue;
          const result = await pipeline.receive(raw, { source: PROVIDER });
          if (!result.duplicate) {
            stored += 1;
            pipeline.processSoon(result.inboundId);
          }
        }
        received += stored;
        if (page.nextLink) {
          // What this page held is stored: the cursor moves past it, so a crash resumes on the next page.
          await connections.setCursor(id, page.nextLink);
          await connections.addReceived(id, stored);
          await connections.acquireLease(id, this.owner, LEASE_MS);
          url = page.nextLink;
          continue;
        }
        await connections.markSynced(id, { cursor: page.deltaLink ?? null, received: stored });
        this.notBefore.delete(id);
        return { status: 'ok', received };
      }
    } catch (error) {
      return this.failed(row, error, received);
    } finally {
      await connections.releaseLease(id, this.owner).catch(() => undefined);
    }
  }

  private async failed(row: MailConnection, error: unknown, received: number): Promise<SyncOutcome> {
    const { connections, log } = this.options;
    if (error instanceof ReconnectRequired) {
      return {
        status: 'reconectar',
        received,
        message: new AppError('MAILBOX_RECONNECT', { email: row.email }).userMessage,
      };
    }
    if (error instanceof GraphThrottled) {
      this.notBefore.set(row.id, Date.now() + error.retryAfterMs);
      const message = new AppError('MAILBOX_PROVIDER_THROTTLED', {
        provider: LABEL,
        seconds: error.retryAfterMs / 1000,
      }).userMessage;
      await connections.markFailed(row.id, 'erro', message);
      log.warn({ connectionId: row.id, retryAfterMs: error.retryAfterMs }, 'microsoft: throttled by Graph');
      this.syncSoon(row.id);
      return { status: 'throttled', received, retryAfterMs: error.retryAfterMs };
    }
    if (error instanceof GraphError && (error.status === 401 || error.status === 403)) {
      // A fresh token was refused too: the authorization no longer reaches the mailbox.
      const message = new AppError('MAILBOX_RECONNECT', { email: row.email }).userMessage;
      await connections.markFailed(row.id, 'reconectar', message);
      return { status: 'reconectar', received, message };
    }
    const message = new AppError('MAILBOX_PROVIDER_UNAVAILABLE', { provider: LABEL }).userMessage;
    await connections.markFailed(row.id, 'erro', message);
    log.warn({ connectionId: row.id, reason: describe(error) }, 'microsoft: sync failed');
    return { status: 'erro', received, message };
  }

  private cancelTimer(id: string) {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** Stops scheduling and waits for the syncs under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.timers.keys()]) this.cancelTimer(id);
    await Promise.allSettled([...this.running.values()]);
  }
}

/** What a log line may say about a failure: its kind and status, never a token or a URL with one. */
function describe(error: unknown): string {
  if (error instanceof GraphError) return `graph ${error.status} ${error.code ?? ''}`.trim();
  if (error instanceof AppError) return error.code;
  if (error instanceof Error) return error.name;
  return 'unknown';
}
