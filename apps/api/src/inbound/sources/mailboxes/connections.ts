import type { InboundSourceStatus } from '@cotacoes/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  type MailConnectionState,
  type MailProvider,
  mailConnections,
} from '../../../db/schema/mail-connections.js';
import { AppError } from '../../../lib/errors.js';
import type { Secrets } from '../../../lib/secrets.js';

/** What is sealed in `mail_connections.tokens`. */
export type MailTokens = { accessToken: string; refreshToken: string; scope?: string };

export type MailConnection = typeof mailConnections.$inferSelect;

/**
 * The data access of OAuth-connected mailboxes (Gmail, Microsoft 365), shared by both providers: tokens
 * go in and out only sealed (`lib/secrets.ts`), one process syncs a mailbox at a time (lease), and the
 * sync outcome is what the status view shows.
 */
export class MailConnections {
  constructor(
    private readonly db: Database,
    private readonly secrets: Secrets | undefined,
  ) {}

  private requireSecrets(): Secrets {
    if (!this.secrets) throw new AppError('MAILBOX_SECRETS_MISSING');
    return this.secrets;
  }

  /** Connects (or reconnects) a mailbox: stores sealed tokens and sets it 'ok'; keeps its sync cursor. */
  async connect(input: {
    provider: MailProvider;
    email: string;
    tokens: MailTokens;
    accessExpiresAt: Date | null;
    connectedBy: string | null;
  }): Promise<MailConnection> {
    const sealed = this.requireSecrets().seal(JSON.stringify(input.tokens));
    const email = input.email.trim().toLowerCase();
    const [row] = await this.db
      .insert(mailConnections)
      .values({
        provider: input.provider,
        email,
        tokens: sealed,
        accessExpiresAt: input.accessExpiresAt,
        connectedBy: input.connectedBy,
      })
      .onConflictDoUpdate({
        target: [mailConnections.provider, mailConnections.email],
        set: {
          tokens: sealed,
          accessExpiresAt: input.accessExpiresAt,
          connectedBy: input.connectedBy,
          state: 'ok',
          lastError: null,
          lastErrorAt: null,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    return row as MailConnection;
  }

  async find(provider: MailProvider, email: string): Promise<MailConnection | undefined> {
    const [row] = await this.db
      .select()
      .from(mailConnections)
      .where(
        and(eq(mailConnections.provider, provider), eq(mailConnections.email, email.trim().toLowerCase())),
      );
    return row;
  }

  async findById(id: string): Promise<MailConnection | undefined> {
    const [row] = await this.db.select().from(mailConnections).where(eq(mailConnections.id, id));
    return row;
  }

  /** A connected mailbox by address, or the pt-BR 404/409 a route answers. */
  async require(provider: MailProvider, email: string): Promise<MailConnection> {
    const row = await this.find(provider, email);
    if (!row || row.state === 'desconectada') throw new AppError('MAILBOX_NOT_CONNECTED', { email });
    if (row.state === 'reconectar') throw new AppError('MAILBOX_RECONNECT', { email: row.email });
    return row;
  }

  async list(provider?: MailProvider): Promise<MailConnection[]> {
    return this.db
      .select()
      .from(mailConnections)
      .where(provider ? eq(mailConnections.provider, provider) : undefined)
      .orderBy(mailConnections.provider, mailConnections.email);
  }

  tokensOf(row: MailConnection): MailTokens {
    return JSON.parse(this.requireSecrets().open(row.tokens)) as MailTokens;
  }

  /** Stores refreshed tokens (re-sealed with the current key). */
  async saveTokens(id: string, tokens: MailTokens, accessExpiresAt: Date | null): Promise<void> {
    const sealed = this.requireSecrets().seal(JSON.stringify(tokens));
    await this.db
      .update(mailConnections)
      .set({ tokens: sealed, accessExpiresAt, updatedAt: sql`now()` })
      .where(eq(mailConnections.id, id));
  }

  /** A sync that ran: the new cursor, the messages it stored, no error. */
  async markSynced(id: string, result: { cursor?: string | null; received: number }): Promise<void> {
    await this.db
      .update(mailConnections)
      .set({
        ...(result.cursor !== undefined ? { syncCursor: result.cursor } : {}),
        messagesReceived: sql`${mailConnections.messagesReceived} + ${result.received}`,
        lastSyncAt: sql`now()`,
        state: sql`case when ${mailConnections.state} = 'erro' then 'ok' else ${mailConnections.state} end`,
        lastError: null,
        lastErrorAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(mailConnections.id, id));
  }

  /** Counts messages stored by a push or a partial sync without moving the cursor. */
  async addReceived(id: string, received: number): Promise<void> {
    if (received === 0) return;
    await this.db
      .update(mailConnections)
      .set({ messagesReceived: sql`${mailConnections.messagesReceived} + ${received}` })
      .where(eq(mailConnections.id, id));
  }

  /** 'erro' (retried) or 'reconectar' (waits for a desenvolvedor); `message` is pt-BR, shown as is. */
  async markFailed(id: string, state: Extract<MailConnectionState, 'erro' | 'reconectar'>, message: string) {
    await this.db
      .update(mailConnections)
      .set({ state, lastError: message, lastErrorAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(mailConnections.id, id), sql`${mailConnections.state} <> 'desconectada'`));
  }

  async setCursor(id: string, cursor: string | null): Promise<void> {
    await this.db
      .update(mailConnections)
      .set({ syncCursor: cursor, updatedAt: sql`now()` })
      .where(eq(mailConnections.id, id));
  }

  /**
   * Records a push subscription (or its end: id null). `topic` (Gmail's Pub/Sub topic) and `secretHash`
   * (Microsoft: the SHA-256 of the subscription's clientState) are kept when not given, so a renewal that
   * only moves the expiry keeps them.
   */
  async setWatch(
    id: string,
    watch: { id: string | null; expiresAt: Date | null; topic?: string | null; secretHash?: string | null },
  ): Promise<void> {
    await this.db
      .update(mailConnections)
      .set({
        watchId: watch.id,
        watchExpiresAt: watch.expiresAt,
        ...(watch.topic !== undefined ? { watchTopic: watch.topic } : {}),
        ...(watch.secretHash !== undefined ? { watchSecretHash: watch.secretHash } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(mailConnections.id, id));
  }

  /** The connection a push subscription belongs to (Microsoft: Graph's subscriptionId). */
  async findByWatch(provider: MailProvider, watchId: string): Promise<MailConnection | undefined> {
    const [row] = await this.db
      .select()
      .from(mailConnections)
      .where(and(eq(mailConnections.provider, provider), eq(mailConnections.watchId, watchId)));
    return row;
  }

  /** Connections of a provider whose push subscription ends before `before` (the renewal job). */
  async watchesEndingBefore(provider: MailProvider, before: Date): Promise<MailConnection[]> {
    return this.db
      .select()
      .from(mailConnections)
      .where(
        and(
          eq(mailConnections.provider, provider),
          eq(mailConnections.state, 'ok'),
          or(isNull(mailConnections.watchExpiresAt), lt(mailConnections.watchExpiresAt, before)),
        ),
      );
  }

  /** Disconnects: wipes the tokens (the caller revoked them first where the provider allows it). */
  async disconnect(id: string): Promise<void> {
    await this.db
      .update(mailConnections)
      .set({
        state: 'desconectada',
        tokens: '',
        accessExpiresAt: null,
        watchId: null,
        watchExpiresAt: null,
        watchTopic: null,
        watchSecretHash: null,
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(mailConnections.id, id));
  }

  /** Takes (or renews) the sync lease of a mailbox for `ms`; false when another process holds it. */
  async acquireLease(id: string, owner: string, ms: number): Promise<boolean> {
    const rows = await this.db
      .update(mailConnections)
      .set({ leaseOwner: owner, leaseUntil: sql`now() + ${`${ms} milliseconds`}::interval` })
      .where(
        and(
          eq(mailConnections.id, id),
          or(
            isNull(mailConnections.leaseOwner),
            eq(mailConnections.leaseOwner, owner),
            lt(mailConnections.leaseUntil, sql`now()`),
          ),
        ),
      )
      .returning({ id: mailConnections.id });
    return rows.length > 0;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.db
      .update(mailConnections)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(mailConnections.id, id), eq(mailConnections.leaseOwner, owner)));
  }

  /** The status view's rows of a provider (GET /api/inbound/status `sources`). Id: `<provider>:<uuid>`. */
  async statusRows(provider: MailProvider): Promise<InboundSourceStatus[]> {
    const rows = await this.list(provider);
    return rows
      .filter((row) => row.state !== 'desconectada')
      .map((row) => ({
        id: `${provider}:${row.id}`,
        kind: provider,
        label: row.email,
        state: row.state === 'ok' ? 'ok' : row.state === 'erro' ? 'erro' : 'reconectar',
        lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
        lastError: row.lastError,
        lastErrorAt: row.lastError ? (row.lastErrorAt?.toISOString() ?? null) : null,
        received: row.messagesReceived,
        canSync: row.state !== 'reconectar',
      }));
  }
}
