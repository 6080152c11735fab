/**
 * P4 benchmark (docs: ../README.md): typical e-mail p95 ≤ 20 ms, a 3-page PDF (text + extraction)
 * ≤ 300 ms, memory flat over 10,000 documents. Run with `npm run bench:extraction`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { extractFromFile, extractFromText } from '../src/index.js';
import { buildPdf, type PdfLine } from '../test/fixtures/minimal-pdf.js';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

const here = dirname(fileURLToPath(import.meta.url));
const sources = [
  resolve(here, '../../../../shared/corpus/extraction'),
  resolve(here, '../test/generalisation'),
  resolve(here, '../test/generalisation-2'),
  resolve(here, '../test/generalisation-3'),
];

function loadTexts(): { emails: string[]; all: string[] } {
  const all: string[] = [];
  for (const directory of sources.filter((d) => existsSync(d))) {
    for (const file of readdirSync(directory).filter((f) => f.endsWith('.txt'))) {
      all.push(readFileSync(join(directory, file), 'utf8'));
    }
  }
  const emails = all.filter((t) => /^(subject|assunto|asunto)\s*:/im.test(t.slice(0, 300)));
  return { emails, all };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function threePagePdf(): Uint8Array {
  const page = (n: number): PdfLine[] => [
    'ATLANTICO AGENCIAMENTO DE CARGAS LTDA',
    [
      [50, `PROPOSTA COMERCIAL 2026-${n}`],
      [400, 'Data: 03/11/2026'],
    ],
    [
      [50, 'Porto de embarque: Ningbo'],
      [300, 'Porto de descarga: Santos'],
    ],
    [
      [50, 'Armador: Evergreen'],
      [300, 'Transit time: 35-38 dias'],
    ],
    'Validade: 30/11/2026',
    'FRETE MARÍTIMO',
    ...Array.from(
      { length: 12 },
      (_, i): PdfLine => [
        [50, `${i % 2 === 0 ? "20' DC" : "40' HC"}`],
        [200, 'USD'],
        [300, `${1800 + i * 25},00`],
      ],
    ),
    'TAXAS NO DESTINO',
    ...Array.from(
      { length: 20 },
      (_, i): PdfLine => [
        [50, ['THC', 'BL fee', 'ISPS', 'Siscarga'][i % 4] ?? 'THC'],
        [250, `R$ ${100 + i},00`],
        [350, 'por BL'],
      ],
    ),
    'Condições: pagamento antecipado; valores sujeitos a alteração sem aviso prévio.',
    [[450, `Página ${n} de 3`]],
  ];
  return buildPdf([page(1), page(2), page(3)]);
}

async function main(): Promise<void> {
  const { emails, all } = loadTexts();
  console.log(`documents: ${emails.length} e-mails, ${all.length} texts in total`);

  for (let i = 0; i < 200; i++) extractFromText(emails[i % emails.length] ?? '');
  const emailTimes: number[] = [];
  for (let i = 0; i < 3_000; i++) {
    const text = emails[i % emails.length] ?? '';
    const start = performance.now();
    extractFromText(text);
    emailTimes.push(performance.now() - start);
  }
  const emailP95 = percentile(emailTimes, 95);
  console.log(
    `typical e-mail: median ${ms(percentile(emailTimes, 50))}  p95 ${ms(emailP95)}  (n=${emailTimes.length})`,
  );
  console.log(`${verdict(emailP95 <= 20)} P4 e-mail p95 ≤ 20 ms`);

  const pdf = threePagePdf();
  const coldStart = performance.now();
  await extractFromFile(pdf, 'proposta.pdf');
  const cold = performance.now() - coldStart;
  const pdfTimes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const start = performance.now();
    await extractFromFile(pdf, 'proposta.pdf');
    pdfTimes.push(performance.now() - start);
  }
  const pdfP95 = percentile(pdfTimes, 95);
  console.log(
    `3-page PDF (text + extraction): cold ${ms(cold)}  median ${ms(percentile(pdfTimes, 50))}  p95 ${ms(pdfP95)}  (n=${pdfTimes.length})`,
  );
  console.log(`${verdict(pdfP95 <= 300)} P4 3-page PDF ≤ 300 ms (p95)`);

  collectGarbage();
  const before = process.memoryUsage();
  const documents = 10_000;
  for (let i = 0; i < documents; i++) extractFromText(all[i % all.length] ?? '');
  collectGarbage();
  const after = process.memoryUsage();
  const heapGrowth = after.heapUsed - before.heapUsed;
  const rssGrowth = after.rss - before.rss;
  console.log(
    `memory over ${documents} documents: heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)}  rss ${mib(before.rss)} -> ${mib(after.rss)}`,
  );
  console.log(
    `${verdict(heapGrowth < 10 * 1024 * 1024 && rssGrowth < 64 * 1024 * 1024)} P4 memory flat (heap growth < 10 MiB, RSS growth < 64 MiB)`,
  );
}

/** Issue 32: bad input is bounded (the unit tests only assert that it returns). */
async function badInput(): Promise<void> {
  const unit = 'Frete 40HC Shanghai x Santos: USD 2.900,00 | THC R$ 1.500,00 por contêiner | ';
  const oneLine = unit.repeat(Math.ceil((5 * 1024 * 1024) / unit.length));
  const german =
    'Betreff: Angebot\nVon: Hans <hans@elbe.de>\nDatum: 10.11.2026\n\nSehr geehrte Damen und Herren, anbei unser Angebot. Seefracht 40HC Hamburg nach Santos: EUR 1.850,00. Gültig bis 30.11.2026.\n';
  const noise = new Uint8Array(60_000).map((_, i) => (i * 7919 + 13) % 256);
  const base64 = Buffer.from(noise)
    .toString('base64')
    .replace(/(.{76})/g, '$1\r\n');
  const eml = new TextEncoder().encode(
    `From: Ana <ana@mar.com.br>\r\nTo: c@d.com\r\nSubject: Cotacao\r\nDate: Tue, 10 Nov 2026 10:00:00 -0300\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64}\r\n`,
  );
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tarifas');
  sheet.addRow(['Destino', '20DC (USD)', '40HC (USD)', 'Transit time']);
  for (let i = 0; i < 50_000; i++) sheet.addRow(['Santos', 1000 + i, 2000 + i, 30 + (i % 10)]);
  const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
  const cases: Array<[string, () => Promise<unknown> | unknown]> = [
    ['5 MB reply on one line', () => extractFromText(oneLine)],
    ['reply in an unknown language', () => extractFromText(german)],
    ['binary garbage in a text part (.eml)', () => extractFromFile(eml, 'lixo.eml')],
    ['spreadsheet of 50,000 rows (.xlsx)', () => extractFromFile(xlsx, 'tarifas.xlsx')],
  ];
  for (const [name, run] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    const worst = Math.max(...times);
    console.log(`${verdict(worst <= 5_000)} bad input, ${name}: worst of 3 ${ms(worst)} (bound 5 s)`);
  }
}

main()
  .then(badInput)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
