import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every API process on one PostgreSQL (issue 29, R9): per-IP limits,
 * per-account limits. `key` names the limit and its subject; a hit after `reset_at` starts a new window.
 * Only used with DATABASE_URL; the embedded database has one process and counts in memory.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_idx').on(table.resetAt)],
);

/** The sign-in throttle of unknown devices (ADR 0013), per account, shared like the counters above. */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    /** The typed e-mail (unknown e-mails are throttled alike). */
    account: text().primaryKey(),
    failures: integer().notNull(),
    blockedUntil: timestamp({ withTimezone: true }).notNull(),
    lastAttemptAt: timestamp({ withTimezone: true }).notNull(),
    notified: boolean().notNull().default(false),
  },
  (table) => [index('login_throttles_last_attempt_idx').on(table.lastAttemptAt)],
);
