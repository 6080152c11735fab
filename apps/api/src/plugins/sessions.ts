import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../config/env.js';
import type { Database, DatabaseHandle, Executor } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { sessions, users } from '../db/schema/index.js';
import { generateToken, hashToken } from '../lib/tokens.js';
import type { AuthContext } from './request-context.js';

const TOUCH_INTERVAL_MS = 60_000;
/** How often the idle-expiry touches of used sessions are written, all in one statement. */
const TOUCH_FLUSH_MS = 5_000;
/** The channel the users/sessions triggers NOTIFY with a user id (migration 0010). */
export const SESSION_CHANNEL = 'session_changed';

export type SessionCacheOptions = {
  /** How long a resolved session is trusted without reading it again; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
};

type CachedSession = {
  auth: AuthContext;
  userId: string;
  /** The cache's own limit, the session's expiry and its idle expiry, whichever comes first. */
  validUntil: number;
  lastSeenAt: number;
};

/**
 * Revocable, hashed, expiring sessions (S6), with a short in-process cache of resolved sessions (ADR 0014)
 * so a signed-in request reads nothing. A cached session is forgotten:
 * - by every process, when a user or session row changes (a trigger NOTIFYs `session_changed` at commit);
 * - by this process, after each state-changing request it answers (`forgetAll` from the access plugin),
 *   so its own changes (logout, password, role, company) hold on the very next request even before
 *   the NOTIFY arrives.
 * A resolve that started before a forget never fills the cache (the generation moved).
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();
  private generation = 0;
  private readonly pendingTouches = new Set<string>();
  private touchTimer?: NodeJS.Timeout;
  private unlisten?: () => Promise<void>;
  private readonly cacheOptions: SessionCacheOptions;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    cacheOptions?: Partial<SessionCacheOptions>,
  ) {
    this.cacheOptions = { ttlMs: config.SESSION_CACHE_MS, maxEntries: 10_000, ...cacheOptions };
  }

  /** Follows changes made by other processes and starts the batched touches. */
  async start(database: DatabaseHandle): Promise<void> {
    this.unlisten = await database.listen(SESSION_CHANNEL, (userId) =>
      userId ? this.forgetUser(userId) : this.forgetAll(),
    );
    this.touchTimer = setInterval(() => void this.flushTouches(), TOUCH_FLUSH_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.touchTimer);
    await this.unlisten?.().catch(() => {});
    this.unlisten = undefined;
    await this.flushTouches();
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const [key, entry] of this.cache) if (entry.userId === userId) this.cache.delete(key);
  }

  forgetAll(): void {
    this.generation++;
    this.cache.clear();
  }

  async create(
    executor: Executor,
    userId: string,
    meta: { userAgent?: string; ip?: string },
  ): Promise<{ token: string; sessionId: string }> {
    const token = generateToken();
    const [row] = await executor
      .insert(sessions)
      .values({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + this.config.SESSION_MAX_DAYS * 86_400_000),
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id };
  }

  /**
   * The answer of `resolve` when it needs no database read (a cached session or a malformed token). The
   * cache is keyed by the token itself, held in this process's memory only for the cache's short life:
   * hashing it on every request cost more than the rest of the lookup (ADR 0014). Only the hash is stored.
   */
  resolveCached(token: string): AuthContext | null | undefined {
    if (!token || token.length > 200) return null;
    const cached = this.cache.get(token);
    if (!cached) return undefined;
    const now = Date.now();
    if (cached.validUntil <= now) {
      this.cache.delete(token);
      return undefined;
    }
    this.touch(cached, now);
    return cached.auth;
  }

  /** The session's user when the token is valid, not revoked, not expired and not idle too long. */
  async resolve(token: string): Promise<AuthContext | null> {
    const cached = this.resolveCached(token);
    if (cached !== undefined) return cached;
    const now = Date.now();
    const generation = this.generation;
    const row = await this.read(hashToken(token));
    if (!row) return null;
    const auth = { user: row.user, sessionId: row.session.id };
    const entry: CachedSession = {
      auth,
      userId: row.user.id,
      lastSeenAt: row.session.lastSeenAt.getTime(),
      validUntil: Math.min(
        now + this.cacheOptions.ttlMs,
        row.session.expiresAt.getTime(),
        row.session.lastSeenAt.getTime() + this.config.SESSION_IDLE_HOURS * 3_600_000,
      ),
    };
    this.touch(entry, now);
    if (this.cacheOptions.ttlMs > 0 && generation === this.generation) {
      if (this.cache.size >= this.cacheOptions.maxEntries) {
        this.cache.delete(this.cache.keys().next().value!);
      }
      this.cache.set(token, entry);
    }
    return auth;
  }

  private async read(tokenHash: string) {
    // Every cache miss runs this: built once, a named statement on PostgreSQL.
    const query = prepared(this.db, 'session.resolve', (db) =>
      db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, sql.placeholder('tokenHash')),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.lastSeenAt, sql`now() - ${`${this.config.SESSION_IDLE_HOURS} hours`}::interval`),
            isNull(users.disabledAt),
          ),
        )
        .limit(1)
        .prepare('session_resolve'),
    );
    const [row] = await query.execute({ tokenHash });
    return row;
  }

  /** Idle expiry: a used session's last_seen_at moves at most once a minute, written in batches. */
  private touch(entry: CachedSession, now: number): void {
    if (now - entry.lastSeenAt <= TOUCH_INTERVAL_MS) return;
    entry.lastSeenAt = now;
    this.pendingTouches.add(entry.auth.sessionId);
  }

  private async flushTouches(): Promise<void> {
    if (!this.pendingTouches.size) return;
    const ids = [...this.pendingTouches];
    this.pendingTouches.clear();
    try {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)));
    } catch {
      // The database is away; the next use of these sessions touches them again.
    }
  }

  async revoke(executor: Executor, sessionId: string): Promise<void> {
    await executor.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of the user (but `exceptSessionId`), e.g. after a password change. */
  async revokeAllForUser(executor: Executor, userId: string, exceptSessionId?: string): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
  }
}
