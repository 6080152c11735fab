import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { formatMessage, inboundTexts } from '@cotacoes/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { Database } from '../../db/client.js';
import { mailboxState } from '../../db/schema/inbound.js';
import type { Ingestor } from './source.js';

export type { Ingestor } from './source.js';

export type ImapMailbox = {
  /** `imap:<user>@<host>/<folder>`: the row of `mailbox_state`. */
  id: string;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  folder: string;
};

/** `imaps://user:pass@host:993/INBOX` → connection settings; user and password are URL-decoded. */
export function parseImapUrl(url: string): ImapMailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const user = decodeURIComponent(parsed.username);
  const folder = decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    id: `imap:${user}@${parsed.hostname}/${folder}`,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user,
    pass: decodeURIComponent(parsed.password),
    folder,
  };
}

export type ImapSourceOptions = {
  db: Database;
  pipeline: Ingestor;
  url: string;
  log: FastifyBaseLogger;
  /** Polling fallback: a sync runs at least this often even when IDLE reports nothing. */
  pollSeconds: number;
  /** Identifies this process in `mailbox_state.lease_owner`. */
  owner?: string;
  leaseSeconds?: number;
  renewSeconds?: number;
  /** Reconnection backoff: doubles from the first delay up to the cap. */
  backoffSeconds?: { first: number; max: number };
  /**
   * The backoff after the server refused the user or password: a wrong password retried every minute gets
   * the account locked by most providers, and it does not heal by itself (IMAP_URL must change, which
   * restarts the source). 'Sincronizar agora' still tries at once.
   */
  authBackoffSeconds?: { first: number; max: number };
};

const FETCH_BATCH = 10;
const MAX_ERROR_LENGTH = 500;

class LeaseLost extends Error {}

/**
 * A stored mailbox error as the settings screen says it: what it means in pt-BR (a refused password, a server
 * away, TLS, a missing folder) and then the server's own text (QA pass 41b: only "connect ECONNREFUSED …").
 */
const AUTH_FAILURE = /authenticat|login failed|invalid credentials|\bauth\b|NO \[AUTH/i;

/** Whether the server refused the user or password (its words, as `describeError` keeps them). */
export function isAuthFailure(technical: string): boolean {
  return AUTH_FAILURE.test(technical);
}

export function explainError(technical: string): string {
  const kinds = inboundTexts.sources.imapErrorKinds;
  const kind = isAuthFailure(technical)
    ? kinds.auth
    : /certificate|\btls\b|\bssl\b|self[- ]signed/i.test(technical)
      ? kinds.tls
      : /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ECONNRESET|ENETUNREACH|timed? ?out|connection (?:not available|closed)|socket/i.test(
            technical,
          )
        ? kinds.unreachable
        : /mailbox doesn'?t exist|nonexistent|no such mailbox|unknown mailbox|NONEXISTENT/i.test(technical)
          ? kinds.folder
          : null;
  if (kind === null) return technical;
  return formatMessage(inboundTexts.sources.imapErrorExplained, { explicacao: kind, tecnico: technical });
}

/** 'user@host/folder': how the status view and the health banner name the mailbox. */
export function mailboxAddress(mailbox: Pick<ImapMailbox, 'user' | 'host' | 'folder'>): string {
  return `${mailbox.user}@${mailbox.host}/${mailbox.folder}`;
}

/** Whether a mailbox's last attempt failed after its last successful read (`mailbox_state`). */
export function failedSinceLastRead(
  state: { lastErrorAt: Date | null; lastSyncAt: Date | null } | undefined,
): boolean {
  return state?.lastErrorAt != null && (state.lastSyncAt == null || state.lastErrorAt > state.lastSyncAt);
}

/** An IMAP failure as one line (the server's words, in English): kept in `mailbox_state.last_error`. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const details = error as Error & { code?: string; responseText?: string };
  const parts = [details.message];
  if (details.responseText && !details.message.includes(details.responseText))
    parts.push(details.responseText);
  if (details.code && !details.message.includes(details.code)) parts.push(`(${details.code})`);
  return parts.join(' ').slice(0, MAX_ERROR_LENGTH);
}

/**
 * Reads new messages of one IMAP folder into the inbound pipeline (issue 19 §2a).
 *
 * - Exactly one process holds the mailbox: a lease row in `mailbox_state`, taken when free or expired,
 *   renewed every few seconds; the others wait and take over when it expires or is released.
 * - The checkpoint (UIDVALIDITY + last UID) advances only after the pipeline stored a message (raw, status
 *   'pendente'), so a crash re-reads at most one message, which the pipeline recognises (idempotent by
 *   Message-ID). Processing runs after that, apart: a message that fails to process never holds the
 *   checkpoint (issue 29).
 * - New mail is noticed through IDLE (imapflow enters it by itself between commands) with a periodic
 *   sync as the fallback; a dropped connection is retried with exponential backoff.
 * - The folder is opened read-only (EXAMINE) and bodies are fetched with BODY.PEEK: nothing is marked
 *   \Seen, moved or deleted.
 */
export class ImapSource {
  readonly mailbox: ImapMailbox;
  readonly owner: string;
  private readonly leaseSeconds: number;
  private readonly renewMs: number;
  private readonly pollMs: number;
  private readonly backoff: { first: number; max: number };
  private readonly authBackoff: { first: number; max: number };
  private stopped = false;
  private holding = false;
  private running: Promise<void> | undefined;
  private client: ImapFlow | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  /** Ends the current wait (new mail, stop, lost lease, closed connection). */
  private wake: (() => void) | undefined;
  private newMail = false;
  private connectionClosed = false;
  /** 'Sincronizar agora' callers waiting for the next sync to finish (or fail). */
  private syncWaiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(private readonly options: ImapSourceOptions) {
    this.mailbox = parseImapUrl(options.url);
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseSeconds = options.leaseSeconds ?? 15;
    this.renewMs = (options.renewSeconds ?? 5) * 1000;
    this.pollMs = options.pollSeconds * 1000;
    this.backoff = options.backoffSeconds ?? { first: 1, max: 60 };
    this.authBackoff = options.authBackoffSeconds ?? { first: 120, max: 1800 };
  }

  /** Whether this process holds the mailbox right now. */
  get isHolder(): boolean {
    return this.holding;
  }

  start(): void {
    this.running ??= this.run();
  }

  /**
   * 'Sincronizar agora' (issue 34 §4): ends the current wait and resolves once a sync that started after
   * this call has finished; rejects with the error when that attempt fails, or after `timeoutMs`.
   * Only the process holding the mailbox syncs it (check `isHolder` first).
   */
  syncNow(timeoutMs = 30_000): Promise<void> {
    if (this.stopped || !this.running) return Promise.reject(new Error('the IMAP source is not running'));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.syncWaiters = this.syncWaiters.filter((waiter) => waiter !== entry);
        reject(new Error(`no sync finished within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      timer.unref();
      const entry = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.syncWaiters.push(entry);
      this.newMail = true;
      this.wake?.();
    });
  }

  /** Stops syncing, logs out and releases the lease so that another process can take over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of this.syncWaiters.splice(0)) waiter.reject(new Error('the IMAP source stopped'));
    this.wake?.();
    if (this.running) {
      const finished = await Promise.race([
        this.running.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
      ]);
      if (!finished) this.client?.close();
      await this.running;
    }
    this.stopRenewing();
    if (this.holding) {
      this.holding = false;
      await this.options.db
        .update(mailboxState)
        .set({ leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` })
        .where(and(eq(mailboxState.id, this.mailbox.id), eq(mailboxState.leaseOwner, this.owner)))
        .catch((error: unknown) =>
          this.options.log.warn({ err: error }, 'imap: could not release the lease'),
        );
    }
  }

  private async run(): Promise<void> {
    const { log } = this.options;
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!this.holding) {
          if (!(await this.acquireLease())) {
            await this.pause(this.renewMs);
            continue;
          }
          log.info({ mailbox: this.mailbox.id, owner: this.owner }, 'imap: holding the mailbox');
          this.startRenewing();
        }
        await this.session(() => {
          failures = 0;
        });
      } catch (error) {
        if (this.stopped) break;
        if (error instanceof LeaseLost) {
          log.warn({ mailbox: this.mailbox.id }, 'imap: lease lost, another process holds the mailbox');
          continue;
        }
        failures += 1;
        const backoff = isAuthFailure(describeError(error)) ? this.authBackoff : this.backoff;
        const delay = Math.min(backoff.first * 2 ** (failures - 1), backoff.max);
        log.warn(
          { mailbox: this.mailbox.id, err: error, retryInSeconds: delay },
          'imap: sync failed, reconnecting',
        );
        await this.recordError(error);
        for (const waiter of this.syncWaiters.splice(0)) waiter.reject(error);
        await this.pause(delay * 1000);
      }
    }
  }

  /** One connection: open the folder, then sync and wait for news until stopped or the lease is lost. */
  private async session(onConnected: () => void): Promise<void> {
    const { host, port, secure, user, pass, folder } = this.mailbox;
    const client = new ImapFlow({
      host,
      port,
      secure,
      auth: { user, pass },
      logger: false,
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      // IDLE soon after a sync (the default waits 15 s), so new mail is noticed at once.
      autoIdleDelay: 1000,
      // Some servers end IDLE silently after ~30 min; restarting it keeps notifications flowing.
      maxIdleTime: 5 * 60_000,
    });
    this.client = client;
    this.connectionClosed = false;
    this.newMail = false;
    client.on('error', (error: Error) => {
      this.options.log.debug({ err: error }, 'imap: connection error');
    });
    client.on('close', () => {
      this.connectionClosed = true;
      this.wake?.();
    });
    client.on('exists', () => {
      this.newMail = true;
      this.wake?.();
    });
    try {
      await client.connect();
      const opened = await client.mailboxOpen(folder, { readOnly: true });
      await this.checkUidValidity(Number(opened.uidValidity));
      onConnected();
      while (!this.stopped) {
        this.assertUsable();
        // Those who asked before this sync started are answered when it ends.
        const waiting = this.syncWaiters.splice(0);
        try {
          // Asked for: let the server bring this session's view up to date first (mail appended by
          // another connection a moment ago may not be announced yet).
          if (waiting.length) await client.noop();
          await this.syncNew(client);
          await this.recordSync();
        } catch (error) {
          for (const waiter of waiting) waiter.reject(error);
          throw error;
        }
        for (const waiter of waiting) waiter.resolve();
        if (!this.newMail) await this.pause(this.pollMs);
      }
    } finally {
      this.client = undefined;
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
    }
  }

  private assertUsable(): void {
    if (!this.holding) throw new LeaseLost();
    if (this.connectionClosed) throw new Error('IMAP connection closed by the server');
  }

  private async syncNew(client: ImapFlow): Promise<void> {
    this.newMail = false;
    let lastUid = await this.readLastUid();
    const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
    // `n:*` always matches the highest UID, even when it is below n.
    const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
    for (let start = 0; start < uids.length && !this.stopped; start += FETCH_BATCH) {
      const batch = uids.slice(start, start + FETCH_BATCH);
      const messages = await client.fetchAll(
        batch.join(','),
        { uid: true, source: true, internalDate: true },
        { uid: true },
      );
      messages.sort((a, b) => a.uid - b.uid);
      for (const message of messages) {
        if (this.stopped) return;
        this.assertUsable();
        if (!message.source || message.uid <= lastUid) continue;
        // INTERNALDATE: when the mailbox server took it (an answer's time when the sender's Date is off).
        const arrivedAt = message.internalDate ? new Date(message.internalDate) : undefined;
        const stored = await this.options.pipeline.receive(message.source, {
          source: 'imap',
          ...(arrivedAt && !Number.isNaN(arrivedAt.getTime()) ? { arrivedAt } : {}),
        });
        await this.advance(message.uid, stored.duplicate ? 0 : 1);
        lastUid = message.uid;
        if (!stored.duplicate) this.options.pipeline.processSoon(stored.inboundId);
      }
    }
  }

  private async readLastUid(): Promise<number> {
    const [row] = await this.options.db
      .select({ lastUid: mailboxState.lastUid })
      .from(mailboxState)
      .where(eq(mailboxState.id, this.mailbox.id));
    return row?.lastUid ?? 0;
  }

  /** A new UIDVALIDITY means the old UIDs mean nothing: read the folder again from the start. */
  private async checkUidValidity(uidValidity: number): Promise<void> {
    const [row] = await this.options.db
      .select({ uidValidity: mailboxState.uidValidity })
      .from(mailboxState)
      .where(eq(mailboxState.id, this.mailbox.id));
    if (row?.uidValidity === uidValidity) return;
    if (row?.uidValidity != null) {
      this.options.log.warn(
        { mailbox: this.mailbox.id, before: row.uidValidity, now: uidValidity },
        'imap: UIDVALIDITY changed, resyncing the folder from the start',
      );
    }
    const updated = await this.options.db
      .update(mailboxState)
      .set({ uidValidity, lastUid: 0, updatedAt: sql`now()` })
      .where(this.heldByMe())
      .returning({ id: mailboxState.id });
    if (!updated.length) this.loseLease();
  }

  /** The checkpoint moves only after the pipeline committed the message. */
  private async advance(uid: number, ingested: number): Promise<void> {
    const updated = await this.options.db
      .update(mailboxState)
      .set({
        lastUid: sql`greatest(${mailboxState.lastUid}, ${uid})`,
        messagesIngested: sql`${mailboxState.messagesIngested} + ${ingested}`,
        lastSyncAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(this.heldByMe())
      .returning({ id: mailboxState.id });
    if (!updated.length) this.loseLease();
  }

  private async recordSync(): Promise<void> {
    await this.options.db
      .update(mailboxState)
      .set({ lastSyncAt: sql`now()`, updatedAt: sql`now()` })
      .where(this.heldByMe());
  }

  private async recordError(error: unknown): Promise<void> {
    await this.options.db
      .update(mailboxState)
      .set({ lastError: describeError(error), lastErrorAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(mailboxState.id, this.mailbox.id))
      .catch((failure: unknown) =>
        this.options.log.error({ err: failure }, 'imap: could not record the sync error'),
      );
  }

  private heldByMe() {
    return and(eq(mailboxState.id, this.mailbox.id), eq(mailboxState.leaseOwner, this.owner));
  }

  /** Takes the lease when it is free, expired or already ours; the database clock decides. */
  private async acquireLease(): Promise<boolean> {
    const { db } = this.options;
    await db.insert(mailboxState).values({ id: this.mailbox.id }).onConflictDoNothing();
    const taken = await db
      .update(mailboxState)
      .set({
        leaseOwner: this.owner,
        leaseUntil: sql`now() + ${this.leaseSeconds}::float8 * interval '1 second'`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(mailboxState.id, this.mailbox.id),
          or(
            eq(mailboxState.leaseOwner, this.owner),
            isNull(mailboxState.leaseUntil),
            lt(mailboxState.leaseUntil, sql`now()`),
          ),
        ),
      )
      .returning({ id: mailboxState.id });
    this.holding = taken.length > 0;
    return this.holding;
  }

  private startRenewing(): void {
    this.stopRenewing();
    this.renewTimer = setInterval(() => {
      if (this.stopped) return;
      this.acquireLease()
        .then((held) => {
          if (!held) this.loseLease();
        })
        .catch((error: unknown) => {
          this.options.log.warn({ err: error }, 'imap: could not renew the lease');
          this.loseLease();
        });
    }, this.renewMs);
    this.renewTimer.unref();
  }

  private stopRenewing(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  private loseLease(): never | void {
    this.holding = false;
    this.stopRenewing();
    this.wake?.();
  }

  /** Waits up to `ms`; stop, new mail, a lost lease or a closed connection end the wait early. */
  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}
