/**
 * Issue 29 item 6: replies arriving in a burst show their values quickly. 600 typical carrier replies are
 * handed to the pipeline one after another (as a mailbox source does) by a process that works the queues;
 * the extraction jobs run in batches in the sandbox's children, woken by NOTIFY. Measures the time from
 * the first reply stored until every response has its extraction. Target: ≤ 120 s.
 *
 *   npm run bench:extraction-batch                                                        # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:extraction-batch   # PostgreSQL
 *
 * BENCH_REPLIES changes the count; EXTRACTION_WORKERS the children (default: CPUs, at most 4).
 */
import { sql } from 'drizzle-orm';
import { openBench } from './harness.js';
import { seedReplies } from './replies-seed.js';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 600);
const TARGET_SECONDS = 120;

const bench = await openBench('extraction-batch', {
  workers: true,
  env: process.env.EXTRACTION_WORKERS ? { EXTRACTION_WORKERS: process.env.EXTRACTION_WORKERS } : {},
});
const { app, db } = bench;
const raws = await seedReplies(bench, REPLIES);
console.log(
  `seeded ${raws.length} replies on ${bench.onPostgres ? 'PostgreSQL' : 'PGlite'}, ${app.services.config.EXTRACTION_WORKERS} extraction children`,
);

const count = async () =>
  (
    await db.execute(
      sql`select count(*) filter (where extracao <> 'pendente')::int as done,
                   count(*) filter (where extracao = 'concluida')::int as ok from respostas`,
    )
  ).rows[0] as { done: number; ok: number };

const t0 = performance.now();
for (const raw of raws) await app.services.inbound.ingest(raw, { source: 'imap' });
const stored = (performance.now() - t0) / 1000;
let done = await count();
while (done.done < raws.length && performance.now() - t0 < 600_000) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  done = await count();
}
const seconds = (performance.now() - t0) / 1000;
console.log(`stored ${raws.length} replies in ${stored.toFixed(1)} s`);
console.log(
  `${done.done} extractions (${done.ok} with values) in ${seconds.toFixed(1)} s: ${(done.done / seconds).toFixed(1)} replies/s`,
);
const ok = done.ok === raws.length && seconds <= TARGET_SECONDS;
console.log(ok ? 'RESULT: PASS' : `RESULT: not every reply extracted within ${TARGET_SECONDS} s`);
await bench.close();
process.exit(ok ? 0 : 1);
