import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import { type Database, openDatabase, pgliteExtensions } from './client.js';

/*
 * ADR 0031: the embedded database has no autovacuum, so the app gathers its statistics itself — at
 * start, after bulk writes (analyze()) and now and then. PostgreSQL's autovacuum does it there.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The planner's row estimate of `empresas` (-1: never analyzed). */
async function estimate(db: Database): Promise<number> {
  const [row] = (await db.execute(sql`select reltuples::int as n from pg_class where relname = 'empresas'`))
    .rows as { n: number }[];
  return row!.n;
}

async function addCompanies(db: Database, count: number) {
  await db.execute(sql`
    insert into empresas (nome, codigo)
    select 'Empresa ' || n, 'STAT' || n || substr(md5(random()::text), 1, 6) from generate_series(1, ${count}) n`);
}

describe('planner statistics', () => {
  it.skipIf(onPostgres)('are gathered by analyze() after a bulk write (PGlite)', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await addCompanies(database.db, 400);
      await database.analyze();
      const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from empresas`)).rows as [
        { n: number },
      ];
      expect(await estimate(database.db)).toBe(n);
    } finally {
      await drop();
    }
  });

  it.skipIf(onPostgres)('are refreshed periodically on PGlite without a call', async () => {
    const instance = await PGlite.create({
      loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      extensions: pgliteExtensions,
    });
    const database = await openDatabase({ kind: 'pglite', instance, analyzeEveryMs: 100 });
    try {
      await addCompanies(database.db, 300);
      const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from empresas`)).rows as [
        { n: number },
      ];
      await expect.poll(() => estimate(database.db), { timeout: 10_000, interval: 100 }).toBe(n);
    } finally {
      await database.close();
    }
  });

  it('analyze() is harmless on either database', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      await addCompanies(database.db, 10);
      await expect(database.analyze()).resolves.toBeUndefined();
      const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from empresas`)).rows as [
        { n: number },
      ];
      expect(n).toBeGreaterThanOrEqual(10);
    } finally {
      await drop();
    }
  });
});
