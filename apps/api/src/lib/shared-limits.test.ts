import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import type { DatabaseHandle } from '../db/client.js';
import { AppError } from './errors.js';
import { BatchedSharedLimiter, PostgresCounters, SharedLimiter } from './shared-limits.js';

/*
 * The shared counters of issue 29 (R9) on the database itself (both databases: the statements are the
 * same; with PGlite the app keeps them in memory, since one process owns it).
 */
describe('limiter counters in the database', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let counters: PostgresCounters;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    counters = new PostgresCounters(database.db);
  });
  afterAll(async () => {
    await drop?.();
  });

  it('counts hits in a fixed window, adds batches, and starts a new window once it ended', async () => {
    expect((await counters.hit('t:a', 60_000)).count).toBe(1);
    expect((await counters.hit('t:a', 60_000)).count).toBe(2);
    const batch = await counters.hit('t:a', 60_000, 5);
    expect(batch.count).toBe(7);
    expect(batch.resetInMs).toBeGreaterThan(50_000);
    expect(batch.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await counters.hit('t:b', 60_000)).count).toBe(1);
    await counters.hit('t:short', 100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await counters.hit('t:short', 100)).count).toBe(1);
    await counters.reset('t:a');
    expect((await counters.hit('t:a', 60_000)).count).toBe(1);
  });

  it('gives each of 30 parallel hits its own count (no lost update)', async () => {
    const counts = await Promise.all(Array.from({ length: 30 }, () => counters.hit('t:parallel', 60_000)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('refuses past the allowance with RATE_LIMITED and the seconds left', async () => {
    const limiter = new SharedLimiter(counters, 'register', 2, 60_000);
    await limiter.consume('x@empresa.com.br');
    await limiter.consume('x@empresa.com.br');
    const error = await limiter.consume('x@empresa.com.br').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    expect((error as AppError).params?.seconds).toBe(60);
    // Another limit with the same subject counts apart.
    await new SharedLimiter(counters, 'reset', 2, 60_000).consume('x@empresa.com.br');
  });

  it('batches the per-IP limit of two processes: each decides at once, both meet the total after a flush', async () => {
    const a = new BatchedSharedLimiter(counters, 'ip', 10, 60_000);
    const b = new BatchedSharedLimiter(counters, 'ip', 10, 60_000);
    const status = (limiter: BatchedSharedLimiter) => {
      try {
        limiter.consume('203.0.113.9');
        return 'ok';
      } catch {
        return 'limited';
      }
    };
    for (let i = 0; i < 7; i++) expect(status(a)).toBe('ok');
    await a.flush();
    // B has not read the total yet: it lets its own first hit through, then learns 8 at its flush.
    expect(status(b)).toBe('ok');
    await b.flush();
    expect([status(b), status(b), status(b)]).toEqual(['ok', 'ok', 'limited']);
    await b.flush();
    // A, stale at 7, admits one more; its flush brings the shared 12 + 1.
    expect(status(a)).toBe('ok');
    await a.flush();
    expect(status(a)).toBe('limited');
    await a.close();
    await b.close();
  });
});
