import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config/env.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';

/**
 * One row of `npm run bench`'s table (scripts/bench-all.mjs): with BENCH_ROWS=1 each bench writes its
 * rows as `BENCH-ROW {json}` lines on stderr (stdout may carry the request log), read by the aggregator.
 * `pass` is null for a row held to nothing (the run's reference).
 */
export type BenchRow = {
  call: string;
  p50?: number;
  p99?: number;
  /** A figure that is not a latency (a ratio, a share). */
  value?: string;
  target: string;
  pass: boolean | null;
};

export function emitRow(row: BenchRow): void {
  if (process.env.BENCH_ROWS) process.stderr.write(`BENCH-ROW ${JSON.stringify(row)}\n`);
}

/** P1's targets (quality.md): per call at 10 concurrent clients, and last page vs first page. */
export const TARGET = { p50: 10, p99: 50, lastOverFirst: 1.5 };
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
/** Unmeasured rounds per client first: the JIT, the statement caches and the pool are warm as in service. */
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 10);

export type Bench = {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  onPostgres: boolean;
  /** Bearer headers of an analista of `empresaId`. */
  signIn(empresaId: string): Promise<Record<string, string>>;
  /** After the seed: VACUUM ANALYZE on PostgreSQL (autovacuum's state), the app's own ANALYZE on PGlite. */
  analyze(): Promise<void>;
  close(): Promise<void>;
};

/** The app on a throwaway database: a fresh PostgreSQL schema when DATABASE_URL is set, else PGlite. */
export async function openBench(
  name: string,
  options: { env?: Record<string, string>; workers?: boolean; logger?: boolean } = {},
): Promise<Bench> {
  const url = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cotacoes-bench-${name}-`));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  // The bench's own connections carry its schema's name, so BENCH_CPU counts their CPU alone.
  const database = url
    ? await openDatabase({ kind: 'postgres', url: withApplicationName(url, schema), schema })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'local',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  // `logger: true`: the production logger (JSON lines on stdout, at the config's LOG_LEVEL).
  const app = await buildApp({
    config,
    database,
    workers: options.workers ?? false,
    ...(options.logger ? {} : { logger: false }),
  });
  await app.ready();
  let closeMonitor = async () => {};
  if (url) {
    const monitor = new pg.Client({ connectionString: url });
    await monitor.connect();
    benchBackends = async () =>
      (
        await monitor.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
          schema,
        ])
      ).rows.map((row) => String(row.pid));
    closeMonitor = async () => {
      benchBackends = undefined;
      await monitor.end();
    };
  }
  return {
    app,
    db: database.db,
    onPostgres: Boolean(url),
    async analyze() {
      if (url) await database.db.execute(sql`vacuum analyze`);
      else await database.analyze();
    },
    async signIn(empresaId) {
      const user = await insertUser(database.db, {
        name: 'Bench',
        email: `bench-${randomBytes(3).toString('hex')}@bench.com`,
        role: 'analista',
        empresaId,
      });
      const session = await app.services.sessions.create(database.db, user.id, {});
      return { authorization: `Bearer ${session.token}` };
    },
    async close() {
      await closeMonitor();
      await app.close();
      await database.close();
      if (url && process.env.BENCH_KEEP) console.log(`kept schema ${schema} (BENCH_KEEP)`);
      else if (url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(
          `DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`,
        );
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/** The server processes of this bench's connections (application_name = its schema), when known. */
let benchBackends: (() => Promise<string[]>) | undefined;

/**
 * CPU time (ms) spent so far by each of the local PostgreSQL server's processes, from /proc (BENCH_CPU=1):
 * with process.cpuUsage() it splits a call's cost between Node and the database. Only this bench's own
 * backends are counted when they are known (other work on a shared server is left out); undefined where
 * unreadable.
 */
async function postgresCpuMs(): Promise<Map<string, number> | undefined> {
  try {
    const pids =
      (await benchBackends?.()) ??
      execFileSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).trim().split('\n');
    const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    const used = new Map<string, number>();
    for (const pid of pids) {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      used.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * tick);
    }
    return used;
  } catch {
    return undefined;
  }
}

/**
 * CPU ms the backends used between two readings: a backend opened meanwhile counts from its start, one
 * closed meanwhile (the pool retires idle connections) drops out of both, never making the sum negative.
 */
function postgresCpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}
const SHOW_CPU = Boolean(process.env.BENCH_CPU);
/** BENCH_ONLY=label,label: measure only the calls whose label contains one of these (while profiling). */
const ONLY = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Measured first, held to nothing: a signed-in request that reads no table, through the same stack and
 * loop. It is this machine's floor for any call in this run, so that figures from machines of different
 * speed can be compared (a call's p50 as a multiple of it), and it shows how much of a call is the query.
 */
const REFERENCE: Call = {
  label: 'reference: GET /api/auth/me',
  url: '/api/auth/me',
  informative: 'no table read: the floor of this machine and run',
};

export type Call = {
  label: string;
  url: string /** Not held to P1 (e.g. a call the screen does not make). */;
  informative?: string;
  /** Run before each request, not timed (e.g. forget the kept answers: the first read's cost). */
  before?: () => void | Promise<void>;
  /** Run before the call's rounds (warm-up and measured), and `leave` after them (e.g. keep no answers). */
  enter?: () => void;
  leave?: () => void;
};

/**
 * A "…, first read" row for each of `labels`, informative: the same call with no answer kept, so every
 * call reads the database as the first read after a change does (`keepAnswers` of the call's service).
 */
export function firstReads(
  calls: readonly Call[],
  labels: readonly string[],
  keepAnswers: (on: boolean) => void,
): Call[] {
  return labels.map((label) => ({
    label: `${label}, first read`,
    url: calls.find((call) => call.label === label)!.url,
    informative: 'no answer kept: each call reads the database',
    enter: () => keepAnswers(false),
    leave: () => keepAnswers(true),
  }));
}

/**
 * Runs each call (CLIENTS concurrent loops of WARMUP_ROUNDS unmeasured requests, then of ROUNDS measured
 * ones), prints p50/p99 (and, with BENCH_CPU=1, the CPU per call), the last/first page ratio, and answers
 * whether every target was met.
 */
export async function measure(
  app: FastifyInstance,
  headers: Record<string, string>,
  calls: Call[],
  pages: { first: string; last: string },
): Promise<boolean> {
  const width = Math.max(...[REFERENCE, ...calls].map((call) => call.label.length)) + 2;
  const results: Record<string, { p50: number; p99: number }> = {};
  let ok = true;
  console.log(
    `\n${'call'.padEnd(width)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  (${CLIENTS} clients × ${ROUNDS} rounds)`,
  );
  const chosen = [
    REFERENCE,
    ...calls.filter(
      (call) =>
        !ONLY ||
        ONLY.some((part) => call.label.includes(part)) ||
        call.label === pages.first ||
        call.label === pages.last,
    ),
  ];
  const loop = async (call: Call, rounds: number, times?: number[]) => {
    call.enter?.();
    try {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let i = 0; i < rounds; i++) {
            await call.before?.();
            const t0 = performance.now();
            const response = await app.inject({ method: 'GET', url: call.url, headers });
            times?.push(performance.now() - t0);
            if (response.statusCode !== 200)
              throw new Error(`${call.url}: ${response.statusCode} ${response.body}`);
          }
        }),
      );
    } finally {
      call.leave?.();
    }
  };
  // Every call is warmed before any is measured: a server in service has run each code path many times
  // (the JIT has optimised the shared ones), so the first call measured does not pay for all of them.
  for (const call of chosen) await loop(call, WARMUP_ROUNDS);
  for (const call of chosen) {
    // And each call once more right before its rounds: what the calls measured before it took can
    // outlast a kept summary's window (SUMMARY_MAX_AGE_MS, ADR 0031), and a screen in service is read
    // within it. The first read after a window expires is its own row where a bench asks (the
    // indicators bench's '…, first read' rows, with `before` forgetting the kept tables).
    await loop(call, 1);
    const times: number[] = [];
    const cpu0 = SHOW_CPU ? { node: process.cpuUsage(), pg: await postgresCpuMs() } : undefined;
    await loop(call, ROUNDS, times);
    let cpu = '';
    if (cpu0) {
      const node = process.cpuUsage(cpu0.node);
      const pgNow = await postgresCpuMs();
      const perCall = (us: number) => (us / times.length).toFixed(0).padStart(5);
      cpu = `  cpu µs/call: node ${perCall(node.user + node.system)} (system ${perCall(node.system).trim()})`;
      if (pgNow !== undefined && cpu0.pg !== undefined)
        cpu += `, postgres ${perCall(postgresCpuBetween(cpu0.pg, pgNow) * 1000)}`;
    }
    times.sort((x, y) => x - y);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    results[call.label] = { p50, p99 };
    const miss = !call.informative && (p50 > TARGET.p50 || p99 > TARGET.p99);
    if (miss) ok = false;
    const remark = call.informative ? `  (${call.informative})` : miss ? '  MISS' : '';
    emitRow({
      call: call.label,
      p50,
      p99,
      target: call.informative ? 'reference' : `p50 ≤ ${TARGET.p50}, p99 ≤ ${TARGET.p99}`,
      pass: call.informative ? null : !miss,
    });
    console.log(
      `${call.label.padEnd(width)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}${remark}${cpu}`,
    );
  }
  const ratio = results[pages.last]!.p50 / results[pages.first]!.p50;
  console.log(`\nlast page / first page (p50): ${ratio.toFixed(2)} (target ≤ ${TARGET.lastOverFirst})`);
  emitRow({
    call: `${pages.last} / ${pages.first} (p50)`,
    value: ratio.toFixed(2),
    target: `≤ ${TARGET.lastOverFirst}`,
    pass: ratio <= TARGET.lastOverFirst,
  });
  if (ratio > TARGET.lastOverFirst) ok = false;
  console.log(ok ? 'RESULT: PASS' : 'RESULT: some targets missed');
  return ok;
}
