import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.js';
import { AppError } from './errors.js';

/** A fixed window's count after a hit, and the time left in it. */
export type WindowCount = { count: number; resetInMs: number };

/**
 * Fixed-window counters by key (issue 29, R9). In memory of the process with the embedded database (one
 * process owns it); in PostgreSQL (`rate_limit_counters`) with DATABASE_URL, so that every replica counts
 * into the same window. A hit is one atomic statement: no check-then-increment race between replicas.
 */
export interface CounterStore {
  /** Adds `by` hits to `key` in its window of `windowMs` (a new window once the last one has ended). */
  hit(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

/** The in-process store: at most `maxKeys` keys (expired ones go first, then the oldest tenth). */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  hitNow(key: string, windowMs: number, by = 1): WindowCount {
    const now = Date.now();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.windows.size >= this.maxKeys) this.prune(now);
      this.windows.set(key, { count: by, resetAt: now + windowMs });
      return { count: by, resetInMs: windowMs };
    }
    entry.count += by;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async hit(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    return this.hitNow(key, windowMs, by);
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest tenth (a Map iterates in insertion order).
    let excess = this.windows.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (excess-- <= 0) break;
      this.windows.delete(key);
    }
  }
}

/** The shared store: one upsert per hit, on the database's clock (replicas' clocks never disagree). */
export class PostgresCounters implements CounterStore {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    const { rows } = await this.db.execute<{ count: number; reset_in_ms: number }>(sql`
      insert into rate_limit_counters as c (key, count, reset_at)
      values (${key}, ${by}, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when c.reset_at <= now() then excluded.count else c.count + excluded.count end,
        reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
      returning count, (extract(epoch from reset_at - now()) * 1000)::float8 as reset_in_ms`);
    const row = rows[0]!;
    return { count: Number(row.count), resetInMs: Math.max(0, Number(row.reset_in_ms)) };
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_counters where key = ${key}`);
  }
}

function limited(resetInMs: number): AppError {
  return new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
}

/** `max` calls per window for each key of one named limit (per account, per registration e-mail …). */
export class SharedLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Throws RATE_LIMITED once `key` has used its allowance in the current window. */
  async consume(key: string): Promise<void> {
    const { count, resetInMs } = await this.store.hit(`${this.name}:${key}`, this.windowMs);
    if (count > this.max) throw limited(resetInMs);
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(`${this.name}:${key}`);
  }
}

/** A synchronous per-key limiter: what the per-request hook of the global per-IP limit needs. */
export interface SyncLimiter {
  consume(key: string): void;
}

/** How often a replica adds its hits of the global per-IP limit to the shared window and reads the total. */
export const SHARED_FLUSH_MS = 200;

/**
 * The global per-IP limit across replicas without a database round trip per request (P2): each process
 * decides at once from the last shared total it read plus its own hits not yet added, and adds them every
 * SHARED_FLUSH_MS in one statement per key. Replicas together may overshoot by what they admit in one
 * flush interval; if the database is unreachable, each process still counts its own hits.
 */
export class BatchedSharedLimiter implements SyncLimiter {
  private readonly entries = new Map<string, { shared: number; pending: number; resetAt: number }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly logger?: FastifyBaseLogger,
    private readonly maxKeys = 100_000,
  ) {
    this.timer = setInterval(() => void this.flush(), SHARED_FLUSH_MS);
    this.timer.unref();
  }

  consume(key: string): void {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && entry.resetAt <= now && entry.pending === 0) entry = undefined;
    if (!entry) {
      if (this.entries.size >= this.maxKeys) this.prune(now);
      entry = { shared: 0, pending: 0, resetAt: now + this.windowMs };
      this.entries.set(key, entry);
    }
    entry.pending++;
    if (entry.shared + entry.pending > this.max) throw limited(entry.resetAt - now);
  }

  /** Adds the pending hits to the shared windows; one flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.flushPending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushPending(): Promise<void> {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.pending === 0) {
        if (entry.resetAt <= now) this.entries.delete(key);
        continue;
      }
      const sent = entry.pending;
      try {
        const { count, resetInMs } = await this.store.hit(`${this.name}:${key}`, this.windowMs, sent);
        entry.pending -= sent;
        entry.shared = count;
        entry.resetAt = Date.now() + resetInMs;
      } catch (error) {
        this.logger?.warn({ err: error }, 'shared rate limit not written; counting locally');
        return;
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries)
      if (entry.resetAt <= now && entry.pending === 0) this.entries.delete(key);
    let excess = this.entries.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

type RateLimitCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (the routes' own `config.rateLimit`) over a CounterStore: each route
 * counts under its own prefix, as the plugin's local store does.
 */
export function fastifyRateLimitStore(store: CounterStore): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore {
    private readonly prefix: string;

    constructor(_globalParams?: unknown, prefix = 'route:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      store.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged limit options, with the route under `routeInfo`.
    child(routeOptions: { routeInfo?: { method: string | string[]; url: string } }): SharedRateLimitStore {
      const route = routeOptions.routeInfo;
      return new SharedRateLimitStore(undefined, `route:${route?.method}${route?.url}:`);
    }
  }
  // The plugin's declared type of `child`'s argument omits the `routeInfo` it passes.
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Expired rows of the shared tables go (every replica may run it; it only deletes what nobody counts). */
export async function pruneSharedLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where reset_at < now()`);
  await db.execute(
    sql`delete from login_throttles where last_attempt_at < now() - interval '1 day' and blocked_until < now()`,
  );
}

/** The limits of one process: shared through PostgreSQL, or in memory with the embedded database. */
export type Limits = {
  /** True when the counters live in PostgreSQL (DATABASE_URL). */
  shared: boolean;
  counters: CounterStore;
  close(): Promise<void>;
};

const PRUNE_EVERY_MS = 10 * 60_000;

export function createLimits(database: DatabaseHandle, logger?: FastifyBaseLogger): Limits {
  if (database.kind !== 'postgres') {
    return { shared: false, counters: new MemoryCounters(), close: async () => {} };
  }
  const timer = setInterval(() => {
    pruneSharedLimits(database.db).catch((error) =>
      logger?.warn({ err: error }, 'expired shared rate limits not pruned'),
    );
  }, PRUNE_EVERY_MS);
  timer.unref();
  return {
    shared: true,
    counters: new PostgresCounters(database.db),
    close: async () => clearInterval(timer),
  };
}
