import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database, Executor } from './client.js';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database handle and then only executed (P1). Drizzle otherwise renders the
 * SQL text on every call, which for a wide select costs more CPU than PostgreSQL spends answering it.
 * Inside a transaction the query is built on the spot (a prepared query is bound to its handle).
 */
export function prepared<T>(executor: Executor, key: string, build: (executor: Executor) => T): T {
  if (executor instanceof PgTransaction) return build(executor);
  let queries = cache.get(executor);
  if (!queries) {
    queries = new Map();
    cache.set(executor, queries);
  }
  let query = queries.get(key) as T | undefined;
  if (query === undefined) {
    query = build(executor);
    queries.set(key, query);
  }
  return query;
}

type Queryable = {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{
    rows: unknown[];
  }>;
};

/**
 * Rows of hand-written SQL ($1, $2… placeholders) straight through the driver (pg pool or PGlite), for
 * the few hot reads whose shape drizzle's builder cannot express in one round trip. With a `name`, on
 * PostgreSQL the statement is prepared once per connection and then only executed (no parse or plan per
 * call); give a name only to SQL whose plan does not depend on its values (a generic plan is then used).
 */
export async function queryRows<T>(
  db: Database,
  text: string,
  values: unknown[],
  name?: string,
): Promise<T[]> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const result =
    name && client instanceof pg.Pool
      ? await client.query({ name, text, values })
      : await client.query(text, values);
  return result.rows as T[];
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * `queryRows` for SQL composed with drizzle's `sql` template (its parts vary with the request: the period's
 * ranges, the order): rendered to text, then prepared on PostgreSQL under a name made from that text, so
 * each distinct shape is parsed and planned once per connection (ADR 0019). The values must not steer the
 * plan (a generic plan may be used). Rows come with the driver's own parsing: cast what you read.
 */
export function querySql<T>(db: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return queryRows<T>(db, text, params, `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`);
}
