import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../config/env.js';
import type { Database, Executor } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { sessions, users } from '../db/schema/index.js';
import { generateToken, hashToken } from '../lib/tokens.js';
import type { AuthContext } from './request-context.js';

const TOUCH_INTERVAL_MS = 60_000;

/** Revocable, hashed, expiring sessions (S6). */
export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
  ) {}

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

  /** The session's user when the token is valid, not revoked, not expired and not idle too long. */
  async resolve(token: string): Promise<AuthContext | null> {
    if (!token || token.length > 200) return null;
    // Every authenticated request runs this: built once, a named statement on PostgreSQL.
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
    const [row] = await query.execute({ tokenHash: hashToken(token) });
    if (!row) return null;
    if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.session.id));
    }
    return { user: row.user, sessionId: row.session.id };
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
