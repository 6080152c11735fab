/**
 * P2: a trivial signed-in route (GET /api/auth/me) with the full production plugin stack against a bare
 * Fastify hello-world, both listening on loopback in this process and loaded alternately by autocannon
 * (a separate process: it must not share this event loop).
 *
 *   npm run bench:stack                                                        # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:stack   # PostgreSQL (P2's target)
 *
 * Prints req/s of each (median of the rounds) and the ratio (target ≥ 60 %); exits 1 when it is missed.
 * BENCH_SECONDS (5) per round, BENCH_STACK_ROUNDS (3) rounds, BENCH_CONNECTIONS (50).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { emitRow, openBench } from './harness.js';

const TARGET = 0.6;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_STACK_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const autocannonBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
  'autocannon.js',
);
const run = promisify(execFile);

type Load = { perSecond: number; cpuMicrosPerRequest: number };

/** Req/s as autocannon saw it, and this process's CPU per request (steadier on a shared machine). */
async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const cpu = process.cpuUsage();
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(
    process.execPath,
    [autocannonBin, '-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const used = process.cpuUsage(cpu);
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    perSecond: result.requests.average,
    cpuMicrosPerRequest: (used.user + used.system) / result.requests.total,
  };
}

const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

// BENCH_LOG=1: with the production request log (one JSON line per request on stdout; send stdout to a
// file or /dev/null), which the figures otherwise leave out.
const withLog = Boolean(process.env.BENCH_LOG);
const bench = await openBench('stack', {
  logger: withLog,
  env: {
    NODE_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    ...(withLog ? { LOG_LEVEL: 'info' } : {}),
    // SESSION_CACHE_MS=0 shows the stack reading the session on every request.
    ...(process.env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.SESSION_CACHE_MS } : {}),
  },
});
const { app, db } = bench;
const stackUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const [empresa] = (
  await db.execute(sql`insert into empresas (nome, codigo) values ('Bench stack', 'BENCHSTACK') returning id`)
).rows as { id: string }[];
const headers = await bench.signIn(empresa!.id);

await load(`${bareUrl}/hello`);
await load(`${stackUrl}/api/auth/me`, headers);
const bareRuns: Load[] = [];
const stackRuns: Load[] = [];
for (let round = 0; round < ROUNDS; round++) {
  bareRuns.push(await load(`${bareUrl}/hello`));
  stackRuns.push(await load(`${stackUrl}/api/auth/me`, headers));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (runs: Load[]) => median(runs.map((run) => run.perSecond));
const cpu = (runs: Load[]) => median(runs.map((run) => run.cpuMicrosPerRequest));
const show = (runs: Load[]) =>
  `${rate(runs).toFixed(0)} req/s (${runs.map((run) => run.perSecond.toFixed(0)).join(', ')}), ` +
  `${cpu(runs).toFixed(0)} µs CPU/request`;
const ratio = rate(stackRuns) / rate(bareRuns);
const cpuRatio = cpu(bareRuns) / cpu(stackRuns);

/** The results; on stderr when stdout carries the request log. */
const report = withLog ? console.error : console.log;
report(
  `\nrequest stack on ${bench.onPostgres ? 'PostgreSQL' : 'PGlite'}${withLog ? ', request log on' : ''} (autocannon -c ${CONNECTIONS}, ${ROUNDS} × ${SECONDS} s each, median)`,
);
report(`bare Fastify hello-world:      ${show(bareRuns)}`);
report(`GET /api/auth/me, full stack:  ${show(stackRuns)}`);
report(`ratio of req/s: ${(ratio * 100).toFixed(0)} % (P2: ≥ ${TARGET * 100} %)`);
report(
  `ratio of server CPU per request (bare / stack): ${(cpuRatio * 100).toFixed(0)} % — the same comparison without the other processes' share of the cores`,
);
report(ratio >= TARGET ? 'RESULT: PASS' : 'RESULT: target missed');
emitRow({
  call: `request stack / bare Fastify (req/s${withLog ? ', request log on' : ''})`,
  value: `${(ratio * 100).toFixed(0)} %`,
  target: `≥ ${TARGET * 100} %`,
  pass: ratio >= TARGET,
});
emitRow({
  call: 'server CPU per request, bare / stack (informative)',
  value: `${(cpuRatio * 100).toFixed(0)} %`,
  target: 'informative',
  pass: null,
});
await bare.close();
await bench.close();
process.exit(ratio >= TARGET ? 0 : 1);
