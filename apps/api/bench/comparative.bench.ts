/**
 * P5 (quality.md) for the comparative documents (the export is measured first, see below):
 *   1. Excel + PDF of a quote with 30 responses in ≤ 1 s: through the API (GET comparative-excel then
 *      comparative-pdf of a quote whose 30 carrier replies were ingested and extracted, on the database of
 *      DATABASE_URL or PGlite), p95 of BENCH_ROUNDS pairs after a warm-up; and the renderers alone;
 *   2. an export of 100,000 rows streamed with ≤ 400 MiB RSS: a synthetic comparison generated row by
 *      row (never held in memory) through the same streaming Excel writer, to a file; the peak RSS of
 *      the process is sampled while it writes, and the file is read back with exceljs' streaming reader
 *      to count its rows.
 *
 *   npm run bench:comparative
 *
 * Prints the figures and exits 1 when a target is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  fixtureHeader,
  fixtureRate,
  syntheticComparison,
  syntheticRow,
} from '../src/modules/comparative/comparative.test-fixtures.js';
import { type ComparativeSource, sourceOf } from '../src/modules/comparative/comparative-document.js';
import { renderComparativeExcel, writeComparativeExcel } from '../src/modules/comparative/excel.js';
import { renderComparativePdf } from '../src/modules/comparative/pdf.js';
import type { TestContext } from '../test/helpers.js';

const TARGET = { documentsP95Ms: 1000, exportRssMiB: 400 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const MiB = 1024 * 1024;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// 2. 100,000 rows streamed to a file, generated as they are written. First, while this process holds
// nothing else: its RSS is the writer's (an app with its embedded database would be counted too).
const huge: ComparativeSource = {
  header: fixtureHeader,
  taxa: fixtureRate,
  *rows() {
    for (let index = 0; index < EXPORT_ROWS; index++) yield syntheticRow(index);
  },
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comparative-bench-'));
const file = path.join(dir, 'export.xlsx');
global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const exportStarted = performance.now();
const output = fs.createWriteStream(file);
const closed = new Promise<void>((resolve, reject) => {
  output.on('close', resolve);
  output.on('error', reject);
});
await writeComparativeExcel(huge, output);
await closed;
const exportMs = performance.now() - exportStarted;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);

let summaryRows = 0;
let detailRows = 0;
for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit' })) {
  const worksheet = sheet as unknown as AsyncIterable<ExcelJS.Row> & { name?: string };
  let count = 0;
  for await (const _row of worksheet) count++;
  if (summaryRows === 0) summaryRows = count;
  else detailRows = count;
}
const fileMiB = fs.statSync(file).size / MiB;
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  `${EXPORT_ROWS.toLocaleString('en')} rows streamed in ${(exportMs / 1000).toFixed(1)} s ` +
    `(${(fileMiB).toFixed(1)} MiB file, ${summaryRows.toLocaleString('en')} summary and ` +
    `${detailRows.toLocaleString('en')} detail rows read back): RSS ${(baseline / MiB).toFixed(0)} MiB before, ` +
    `peak ${(peak / MiB).toFixed(0)} MiB (target ≤ ${TARGET.exportRssMiB} MiB)`,
);

// 1a. A quote with 30 answers, through the API: what the analyst waits for after two clicks. The app is
// loaded only now, after the export was measured.
const { openBench } = await import('./harness.js');
const { carrierReply, quoteScenario, typicalAnswer } = await import('../test/factories/index.js');
const ANSWERS = 30;
const bench = await openBench('comparative', {
  workers: true,
  // No Banco Central here: the flagged fallback rate (R7), answered at once by a closed local port.
  env: { PTAX_API_URL: 'http://127.0.0.1:9/ptax', MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' },
});
const ctx = { app: bench.app, config: bench.app.services.config } as unknown as TestContext;
const scenario = await quoteScenario(ctx, {
  carriers: Array.from({ length: ANSWERS }, (_, i) => ({
    nome: `Agente ${String(i + 1).padStart(2, '0')} Logística`,
    email: `pricing@agente${i + 1}.com.br`,
  })),
});
const auth = { authorization: `Bearer ${scenario.token}` };
const seedStarted = performance.now();
for (let i = 0; i < ANSWERS; i++)
  await bench.app.services.inbound.ingest(
    await carrierReply({
      from: scenario.carriers[i]!.email,
      to: scenario.replyTo(i),
      text: typicalAnswer({ frete20: 1500 + 17 * i, frete40: 2400 + 23 * i, thc: 1200 + 11 * i }),
    }),
    { source: 'imap' },
  );
for (;;) {
  const list = (
    await bench.app.inject({
      method: 'GET',
      url: `/api/quotes/${scenario.quote.id}/respostas`,
      headers: auth,
    })
  ).json().data as { atual: { extracao: string } | null }[];
  if (list.filter((entry) => entry.atual?.extracao === 'concluida').length === ANSWERS) break;
  if (performance.now() - seedStarted > 120_000) throw new Error('the 30 answers were not extracted in time');
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const apiTimings: number[] = [];
let rows = 0;
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const started = performance.now();
  const excel = await bench.app.inject({
    method: 'GET',
    url: `/api/quotes/${scenario.quote.id}/comparative-excel?exchangeMargin=2.5`,
    headers: auth,
    // One address per round: the routes' own per-IP limit (30/min) is not what is measured.
    remoteAddress: `10.0.${round}.1`,
  });
  const pdf = await bench.app.inject({
    method: 'GET',
    url: `/api/quotes/${scenario.quote.id}/comparative-pdf?exchangeMargin=2.5`,
    headers: auth,
    remoteAddress: `10.0.${round}.1`,
  });
  const elapsed = performance.now() - started;
  if (excel.statusCode !== 200 || pdf.statusCode !== 200)
    throw new Error(
      `comparative answered ${excel.statusCode}/${pdf.statusCode}: ${excel.body.slice(0, 200)}`,
    );
  if (round >= WARMUP) apiTimings.push(elapsed);
  if (round === 0) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    rows = workbook.getWorksheet('Comparativo')!.rowCount - 9;
  }
}
await bench.close();
apiTimings.sort((a, b) => a - b);
const api = { p50: percentile(apiTimings, 50), p95: percentile(apiTimings, 95) };
console.log(
  `API, quote with ${ANSWERS} answers (${rows} rows, ${bench.onPostgres ? 'PostgreSQL' : 'PGlite'}), GET excel + GET pdf ` +
    `(${ROUNDS} rounds): p50 ${api.p50.toFixed(0)} ms, p95 ${api.p95.toFixed(0)} ms (target ≤ ${TARGET.documentsP95Ms} ms)`,
);

// 1b. The renderers alone on a synthetic 30-row comparison (both at once, as a send renders them).
const quote = sourceOf(syntheticComparison(30), fixtureHeader);
const timings: number[] = [];
let sizes = { excel: 0, pdf: 0 };
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const started = performance.now();
  const [excel, pdf] = await Promise.all([renderComparativeExcel(quote), renderComparativePdf(quote)]);
  const elapsed = performance.now() - started;
  if (round >= WARMUP) timings.push(elapsed);
  sizes = { excel: excel.length, pdf: pdf.length };
}
timings.sort((a, b) => a - b);
const documents = {
  p50: percentile(timings, 50),
  p95: percentile(timings, 95),
  max: timings[timings.length - 1]!,
};
console.log(
  `Renderers, 30 rows, Excel + PDF (${ROUNDS} rounds): p50 ${documents.p50.toFixed(0)} ms, p95 ${documents.p95.toFixed(0)} ms, ` +
    `max ${documents.max.toFixed(0)} ms (target p95 ≤ ${TARGET.documentsP95Ms} ms); ` +
    `files ${(sizes.excel / 1024).toFixed(1)} KiB + ${(sizes.pdf / 1024).toFixed(1)} KiB`,
);

const failures = [
  api.p95 > TARGET.documentsP95Ms ? 'API documents p95' : null,
  documents.p95 > TARGET.documentsP95Ms ? 'documents p95' : null,
  peak / MiB > TARGET.exportRssMiB ? 'export RSS' : null,
  summaryRows < EXPORT_ROWS ? 'export rows' : null,
].filter(Boolean);
if (failures.length) {
  console.error(`P5 missed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('P5 met.');
