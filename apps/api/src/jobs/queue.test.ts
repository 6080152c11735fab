import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../db/client.js';
import { JobQueue, QUEUES } from './queue.js';

const silent = pino({ level: 'silent' });
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  // After a hang the transaction never ends and closing would wait for it: bounded, so the test fails fast.
  for (const cleanup of cleanups.splice(0).reverse()) await within(5_000, cleanup()).catch(() => {});
});

/** Rejects when the work takes longer than `ms`: a hang fails the test instead of timing it out. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms (hung)`)), ms).unref(),
    ),
  ]);
}

/** Enqueues inside a transaction from a queue that no worker of this process has touched. */
async function enqueueWithoutWorker(database: DatabaseHandle): Promise<number> {
  const jobs = new JobQueue(database, silent);
  await jobs.start();
  cleanups.push(() => jobs.stop());
  await within(
    5_000,
    database.db.transaction(async (tx) => {
      await jobs.sendInTransaction(tx, QUEUES.inboundExtract, { responseId: 'r1' }, 'extract:r1');
    }),
  );
  const { rows } = await database.db.execute<{ n: number }>(
    sql.raw(
      `select count(*)::int as n from ${database.boss.schema}.job where name = '${QUEUES.inboundExtract}'`,
    ),
  );
  return rows[0]!.n;
}

// pg-boss keeps a cache of queues; creating a queue empties its entry, and a miss is filled by a query on
// pg-boss's own connection. On PGlite (one connection) that query waits for the caller's transaction,
// which waits for the enqueue: the first enqueue of a process with no worker on that queue hung.
it('enqueues in a transaction on a fresh embedded database, in a process with no worker', async () => {
  const instance = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ kind: 'pglite', instance });
  cleanups.push(() => database.close());
  expect(await enqueueWithoutWorker(database)).toBe(1);
}, 60_000);

it('enqueues in a transaction on the test database (template or PostgreSQL schema) with no worker', async () => {
  const { database, drop } = await openTestDatabase();
  cleanups.push(drop);
  expect(await enqueueWithoutWorker(database)).toBe(1);
});
