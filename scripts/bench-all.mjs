#!/usr/bin/env node
/**
 * `npm run bench`: runs the API's latency and stack benches one after another and prints one table
 * (call, p50, p99, target, PASS/MISS), the table of issue 33. Each bench runs as it does alone (its own
 * seed, 10 clients × 100 rounds, the run's reference row first) with BENCH_ROWS=1, which makes it write
 * its rows as `BENCH-ROW {json}` lines on stderr (apps/api/bench/harness.ts, emitRow); bench:stack runs
 * with the production request log on (its stdout, the log, is discarded).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # PostgreSQL (the targets')
 *   npm run bench                                                        # embedded PGlite
 *   npm run bench -- --only responses,compare                            # some of them
 *
 * Exits 1 when a row misses its target or a bench fails. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps', 'api');

/** The benches, in the order they run: the screens analysts live in, then the request stack (P2). */
const BENCHES = [
  { name: 'responses', file: 'bench/responses.bench.ts' },
  { name: 'compare', file: 'bench/compare.bench.ts' },
  { name: 'indicators', file: 'bench/indicators.bench.ts' },
  { name: 'quotes', file: 'bench/quotes.bench.ts' },
  { name: 'carriers', file: 'bench/carriers.bench.ts' },
  { name: 'stack', file: 'bench/stack.bench.ts', env: { BENCH_LOG: '1' } },
];

const onlyArg = process.argv.find((arg, i) => process.argv[i - 1] === '--only' || arg.startsWith('--only='));
const only = onlyArg
  ?.replace(/^--only=/, '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const chosen = only ? BENCHES.filter((bench) => only.includes(bench.name)) : BENCHES;
if (chosen.length === 0) {
  console.error(
    `no bench named ${only?.join(', ')}; known: ${BENCHES.map((bench) => bench.name).join(', ')}`,
  );
  process.exit(2);
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.error(`npm run bench on ${database}, ${os.cpus().length} cores, load average ${load()}`);

/** Runs one bench; answers its rows and exit code. Its own output goes to stderr as it comes (progress). */
function run(bench) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsx, bench.file], {
      cwd: api,
      env: { ...process.env, ...bench.env, BENCH_ROWS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const rows = [];
    let pending = '';
    const read = (chunk, echo) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('BENCH-ROW ')) rows.push(JSON.parse(line.slice('BENCH-ROW '.length)));
        else if (echo) process.stderr.write(`  [${bench.name}] ${line}\n`);
      }
    };
    // stdout: the bench's own report, or the request log with BENCH_LOG (not echoed).
    child.stdout.on('data', (chunk) => read(chunk, !bench.env?.BENCH_LOG));
    child.stderr.on('data', (chunk) => read(chunk, true));
    child.on('close', (code) => {
      read('\n', true);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stderr.write(`bench:${bench.name} done in ${seconds} s (exit ${code})\n`);
      resolve({ rows, code, seconds });
    });
  });
}

const results = [];
for (const bench of chosen) results.push({ bench, ...(await run(bench)) });

const ms = (value) => (value === undefined ? '' : value.toFixed(1));
const table = [['bench', 'call', 'p50 ms', 'p99 ms', 'target', 'result']];
let failed = false;
for (const { bench, rows, code } of results) {
  for (const row of rows) {
    const result = row.pass === null ? '—' : row.pass ? 'PASS' : 'MISS';
    if (row.pass === false) failed = true;
    table.push([
      bench.name,
      row.call,
      row.value ?? ms(row.p50),
      row.value === undefined ? ms(row.p99) : '',
      row.target,
      result,
    ]);
  }
  if (rows.length === 0 || (code !== 0 && rows.every((row) => row.pass !== false))) {
    failed = true;
    table.push([bench.name, `bench failed (exit ${code})`, '', '', '', 'MISS']);
  }
}
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
const numeric = new Set([2, 3]);
const format = (line) =>
  line
    .map((cell, column) =>
      numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
    )
    .join('  ')
    .trimEnd();
console.log(`\nnpm run bench — ${database}, ${os.cpus().length} cores, load average at the end ${load()}`);
console.log(format(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const line of table.slice(1)) console.log(format(line));
console.log(failed ? '\nRESULT: some targets missed' : '\nRESULT: PASS');
process.exit(failed ? 1 : 0);
