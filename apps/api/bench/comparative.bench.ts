/**
 * P5 (quality.md) for the comparative documents:
 *   1. Excel + PDF of a quote with 30 responses in ≤ 1 s (p95 of BENCH_ROUNDS renderings, one after
 *      the other, after a warm-up);
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

const TARGET = { documentsP95Ms: 1000, exportRssMiB: 400 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = 3;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const MiB = 1024 * 1024;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// 1. A quote with 30 responses: both documents, as a download or a send renders them.
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
  `30 responses, Excel + PDF (${ROUNDS} rounds): p50 ${documents.p50.toFixed(0)} ms, p95 ${documents.p95.toFixed(0)} ms, ` +
    `max ${documents.max.toFixed(0)} ms (target p95 ≤ ${TARGET.documentsP95Ms} ms); ` +
    `files ${(sizes.excel / 1024).toFixed(1)} KiB + ${(sizes.pdf / 1024).toFixed(1)} KiB`,
);

// 2. 100,000 rows streamed to a file, generated as they are written.
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

const failures = [
  documents.p95 > TARGET.documentsP95Ms ? 'documents p95' : null,
  peak / MiB > TARGET.exportRssMiB ? 'export RSS' : null,
  summaryRows < EXPORT_ROWS ? 'export rows' : null,
].filter(Boolean);
if (failures.length) {
  console.error(`P5 missed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('P5 met.');
