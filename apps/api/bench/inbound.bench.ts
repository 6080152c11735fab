/**
 * P7 for the inbound pipeline: 1,000 typical carrier replies (text with the usual freight lines, answers
 * to requests sent through the API in individual mode), each handed to the pipeline as a mailbox source
 * does — one at a time — and extracted.
 *
 *   npm run bench:inbound                                                        # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:inbound   # PostgreSQL
 *
 * Prints replies/s and p50/p95 per reply (wall time and the process's CPU time); exits 1 when the p95 CPU
 * time per reply exceeds P7's 100 ms. Since ADR 0022 the engine runs in a sandbox child: the CPU time is
 * the server process's share (ingest, matching, storing); the wall time includes the child's reading.
 */
import { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import { extractResponse } from '../src/inbound/extract-response.js';
import { openBench } from './harness.js';
import { seedReplies } from './replies-seed.js';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 1000);
const TARGET_P95_CPU_MS = 100;

const bench = await openBench('inbound');
// Replies' files are read in the sandbox's child processes, as the extraction job does (ADR 0022).
const sandbox = new ExtractionSandbox({ workers: 1, timeoutMs: 60_000, heapMb: 512 });
const { app, db } = bench;
const started = performance.now();

const raws = await seedReplies(bench, REPLIES);
console.log(
  `seeded ${raws.length} recipients on ${bench.onPostgres ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const wall: number[] = [];
const cpu: number[] = [];
const outcomes = new Map<string, number>();
const t0 = performance.now();
for (const raw of raws) {
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  const result = await app.services.inbound.ingest(raw, { source: 'imap' });
  // What the extraction job's handler does for the new response version.
  if (result.responseId) await extractResponse(db, sandbox, result.responseId);
  const used = process.cpuUsage(c0);
  cpu.push((used.user + used.system) / 1000);
  wall.push(performance.now() - w0);
  const outcome = result.outcome ?? result.status;
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
}
const seconds = (performance.now() - t0) / 1000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
console.log(
  `\n${raws.length} replies in ${seconds.toFixed(1)} s: ${(raws.length / seconds).toFixed(0)} replies/s`,
);
console.log(
  `per reply, wall ms: p50 ${percentile(wall, 50).toFixed(1)}  p95 ${percentile(wall, 95).toFixed(1)}`,
);
console.log(
  `per reply, CPU ms (this process): p50 ${percentile(cpu, 50).toFixed(1)}  p95 ${percentile(cpu, 95).toFixed(1)}`,
);
console.log(`outcomes: ${[...outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(', ')}`);

// A large reply (a mail system that splits one message into 230,000 parts, 19 MB): how long the server's
// only thread is held while it is stored and extracted; every company's requests wait that long. PGlite's
// own bytea conversion held it 10.7 s, Node's hex codec 2 s (ADR 0015 addendum). Reported, no target.
const head = raws[0]!.toString('latin1').split(/\r?\n\r?\n/)[0]!;
const parts = ['--b\r\nContent-Type: text/plain\r\n\r\nFrete maritimo: USD 1.900,00 por conteiner 40HC\r\n'];
for (let i = 1; i < 230_000; i++)
  parts.push(`--b\r\nContent-Type: text/plain\r\n\r\nparte ${i} xxxxxxxxxxxxxxxxxxxxxxxxxx\r\n`);
const large = Buffer.from(
  [
    /^From: .*$/m.exec(head)![0],
    /^To: .*$/m.exec(head)![0],
    'Subject: RE: large',
    `Message-ID: <bench-large-${Date.now()}@agente.com.br>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    ...parts,
    '--b--',
    '',
  ].join('\r\n'),
  'latin1',
);
let longest = 0;
let last = performance.now();
const tick = setInterval(() => {
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
}, 5);
const l0 = performance.now();
const largeResult = await app.services.inbound.ingest(large, { source: 'imap' });
if (largeResult.responseId) await extractResponse(db, sandbox, largeResult.responseId);
clearInterval(tick);
console.log(
  `large reply (${(large.length / 1024 / 1024).toFixed(1)} MB, 230,000 parts): ${(performance.now() - l0).toFixed(0)} ms, the server's thread held at most ${longest.toFixed(0)} ms at a time`,
);

const ok = percentile(cpu, 95) <= TARGET_P95_CPU_MS;
console.log(ok ? 'RESULT: PASS' : `RESULT: p95 CPU per reply above ${TARGET_P95_CPU_MS} ms`);
await sandbox.close();
await bench.close();
process.exit(ok ? 0 : 1);
