import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db as BossDb } from 'pg-boss';
import { fromPglite } from 'pg-boss';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repository functions accept both. */
export type Executor = Database | Transaction;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const pgliteExtensions = { btree_gin, pg_trgm, unaccent };

const BYTEA = 17;
/**
 * PGlite's own bytea conversion goes through an array of one string per byte: a 19 MB reply took 6 s to
 * store and 2 s to read back, on the server's only thread (every company's requests waited). Node's hex
 * codec does the same text in milliseconds. The values are those of node-postgres: a Buffer each way.
 */
export const pgliteTypes = {
  serializers: {
    [BYTEA]: (value: Uint8Array) =>
      `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') },
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Options pg-boss needs to share this database. */
  boss: { db?: BossDb; connectionString?: string; backend?: 'pglite'; schema: string; max?: number };
  ping(): Promise<void>;
  /**
   * Calls `onNotify(payload)` for each NOTIFY on `channel` (delivered at the sender's commit), and
   * `onNotify(undefined)` after a lost listening connection is back, since notifications sent meanwhile
   * are gone. Returns the stop.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  /**
   * Gathers the planner's statistics after a bulk write (the demo seed, a carrier import): ANALYZE on
   * PGlite, which has no autovacuum; nothing on PostgreSQL, whose autovacuum does it (ADR 0031).
   */
  analyze(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      instance?: PGlite;
      /** How often the embedded database runs ANALYZE (0: never on its own). Default 10 minutes. */
      analyzeEveryMs?: number;
    }
  | { kind: 'postgres'; url: string; schema?: string };

const MIGRATION_LOCK_KEY = 781_240_117;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pglite') return openPglite(options);
  return openPostgres(options.url, options.schema ?? 'public');
}

/** PGlite's ANALYZE period: statistics at most this old, a few ms to a second of work each time. */
export const PGLITE_ANALYZE_EVERY_MS = 10 * 60_000;

async function openPglite(options: {
  dataDir?: string;
  instance?: PGlite;
  analyzeEveryMs?: number;
}): Promise<DatabaseHandle> {
  const release = options.dataDir && !options.instance ? acquireDataDirLock(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client =
      options.instance ??
      (await PGlite.create(options.dataDir ? path.join(options.dataDir, 'pg') : undefined, {
        extensions: pgliteExtensions,
        ...pgliteTypes,
      }));
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  // PGlite has no autovacuum, so nothing else ever gathers statistics: without them the planner guesses
  // one row per company and walks whole ranges (ADR 0019, 0031). At start, then now and then; a run is
  // skipped while one is under way, and a failure (the database closing) is left for the next one.
  let analyzing: Promise<void> | undefined;
  const analyze = () => {
    if (client.closed) return Promise.resolve();
    analyzing ??= client
      .exec('analyze')
      .then(() => undefined)
      .finally(() => {
        analyzing = undefined;
      });
    return analyzing;
  };
  // An instance handed over (tests load a migrated template) is analyzed by its owner when it matters.
  if (!options.instance) await analyze();
  const every = options.analyzeEveryMs ?? PGLITE_ANALYZE_EVERY_MS;
  const timer = every > 0 ? setInterval(() => void analyze().catch(() => {}), every).unref() : undefined;
  return {
    db,
    kind: 'pglite',
    boss: { db: fromPglite(client), backend: 'pglite', schema: 'pgboss' },
    async ping() {
      await client.query('select 1');
    },
    analyze,
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      clearInterval(timer);
      try {
        await analyzing?.catch(() => {});
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, schemaName: string): Promise<DatabaseHandle> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Invalid schema name ${schemaName}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: schemaName === 'public' ? undefined : `-c search_path=${schemaName},public`,
  });
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  // Several processes may start together on one server: one migrates, the others wait for it.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    if (schemaName !== 'public') await lockClient.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    await migratePg(drizzlePg(lockClient, { casing: 'snake_case' }), {
      migrationsFolder,
      migrationsSchema: schemaName === 'public' ? 'drizzle' : schemaName,
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    db,
    kind: 'postgres',
    boss: {
      connectionString: url,
      schema: schemaName === 'public' ? 'pgboss' : `${schemaName}_boss`,
      max: 4,
    },
    async ping() {
      await pool.query('select 1');
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    async analyze() {},
    async close() {
      await pool.end();
    },
  };
}

/** LISTEN on a dedicated connection (outside the pool), reconnecting every second while it is lost. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | undefined) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      retry = setTimeout(reconnect, 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reconnect = () => {
    if (stopped) return;
    connect()
      .then(() => onNotify(undefined))
      .catch(() => {
        retry = setTimeout(reconnect, 1000);
      });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
