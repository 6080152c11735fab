import { describe, expect, it } from 'vitest';
import { buildPdf, sampleQuotePdf } from '../test/fixtures/minimal-pdf.js';
import { writeZip } from '../test/fixtures/zip-writer.js';
import { extractFromFile } from './extract-file.js';
import { extractFromText } from './extract-text.js';
import { FileLimitError } from './files/limits.js';
import type { ExtractionResult } from './types.js';

/** Deterministic pseudo-random bytes (mulberry32) so a failure can be replayed. */
function randomBytes(seed: number, length: number): Uint8Array {
  let state = seed;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

function expectWellFormed(result: ExtractionResult): void {
  expect(result.final.confidence_overall).toBeGreaterThanOrEqual(0);
  expect(result.final.confidence_overall).toBeLessThanOrEqual(1);
  expect(Array.isArray(result.blocks)).toBe(true);
  expect(Array.isArray(result.final.fretes)).toBe(true);
}

async function timed<T>(run: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

describe('fuzz: the engine never throws and stays bounded', () => {
  it('handles random bytes as files and as text', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const bytes = randomBytes(seed, (seed * 977) % 20_000);
      const names = ['x.pdf', 'x.xlsx', 'x.eml', 'x.csv', 'x.txt', 'x'];
      expectWellFormed(await extractFromFile(bytes, names[seed % names.length] ?? 'x'));
      expectWellFormed(extractFromText(new TextDecoder('latin1').decode(bytes)));
    }
  }, 30_000); // 60 files + 60 texts; generous on a loaded 2-core machine (the OCR tests run beside it)

  it('handles empty and degenerate input', async () => {
    expect((await extractFromFile(new Uint8Array(), 'vazio.txt')).final.reason).toBeTruthy();
    expect(extractFromText('').final.confidence_overall).toBe(0);
    expectWellFormed(extractFromText('\n\n\t;;;;\f\f|||'));
    expectWellFormed(extractFromText('USD '.repeat(50_000)));
    expectWellFormed(extractFromText(`${'1'.repeat(100_000)} USD`));
    // @ts-expect-error: callers in plain JavaScript may pass anything
    expectWellFormed(extractFromText(null));
  });

  it('handles 5 MB of text in bounded time', async () => {
    const line =
      'Frete 40HC Shanghai x Santos: USD 2.900,00 | THC R$ 1.500,00 por contêiner | validade 30/11/2026\n';
    const text = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
    const { value, ms } = await timed(() => extractFromText(text));
    expectWellFormed(value);
    expect(value.detect.reasons.join(' ')).toMatch(/truncado/);
    expect(ms).toBeLessThan(5_000);
  });

  it('handles truncated PDFs and zips', async () => {
    const pdf = sampleQuotePdf();
    for (const cut of [10, 200, Math.floor(pdf.length / 2), pdf.length - 20]) {
      expectWellFormed(await extractFromFile(pdf.subarray(0, cut), 'cortado.pdf'));
    }
    const zip = writeZip([{ name: 'xl/workbook.xml', data: new TextEncoder().encode('<workbook/>') }]);
    for (const cut of [4, 30, zip.length - 10]) {
      expectWellFormed(await extractFromFile(zip.subarray(0, cut), 'cortado.xlsx'));
    }
  });

  it('refuses an xlsx bomb (many entries) before inflating, quickly', async () => {
    const entries = Array.from({ length: 5_000 }, (_, i) => ({
      name: `xl/worksheets/s${i}.xml`,
      data: new Uint8Array(1),
    }));
    const zip = writeZip(entries);
    const { value, ms } = await timed(() => extractFromFile(zip, 'bomba.xlsx').catch((e) => e));
    expect(value).toBeInstanceOf(FileLimitError);
    expect(String(value)).toMatch(/5000 entradas/);
    expect(ms).toBeLessThan(2_000);
  });

  it('refuses an xlsx whose entries inflate past what they declare or past the size limit', async () => {
    const zeros = new Uint8Array(20 * 1024 * 1024);
    await expect(
      extractFromFile(writeZip([{ name: 'xl/sheet.xml', data: zeros, declaredSize: 1_000 }]), 'a.xlsx'),
    ).rejects.toThrow(/maior do que declara/);
    await expect(
      extractFromFile(writeZip([{ name: 'xl/sheet.xml', data: zeros }]), 'b.xlsx', {
        limits: { maxUncompressedBytes: 10 * 1024 * 1024 },
      }),
    ).rejects.toThrow(/descompactaria/);
  });

  it('refuses files over the size limit and survives a many-page PDF', async () => {
    const big = await extractFromFile(new Uint8Array(2_000), 'x.bin', { limits: { maxBytes: 1_000 } });
    expect(big.final.reason).toMatch(/maior que/);
    const pages = Array.from({ length: 40 }, (_, i) => [`Página ${i + 1}`, 'Frete 20DC: USD 1.000,00']);
    const { value, ms } = await timed(() =>
      extractFromFile(buildPdf(pages), 'longo.pdf', { limits: { maxPdfPages: 5 } }),
    );
    expectWellFormed(value);
    expect(ms).toBeLessThan(5_000);
  });
});

describe('bad input of issue 32: bounded, explained, never a crash (timing lives in the bench)', () => {
  it('returns for a 5 MB reply written on one single line', () => {
    const unit = 'Frete 40HC Shanghai x Santos: USD 2.900,00 | THC R$ 1.500,00 por contêiner | ';
    const result = extractFromText(unit.repeat(Math.ceil((5 * 1024 * 1024) / unit.length)));
    expectWellFormed(result);
    expect(result.final.reason).toMatch(/texto truncado/);
    expectWellFormed(extractFromText('>'.repeat(5_000_000)));
    expectWellFormed(extractFromText('1.234,56 / 7,890.12 ; '.repeat(230_000)));
  });

  it('says a reply in none of pt/en/es was read only by patterns, and keeps every value below green', () => {
    const text =
      'Betreff: Angebot\nVon: Hans Weber <hans@elbe-spedition.de>\nDatum: 10.11.2026\n\nSehr geehrte Damen und Herren, anbei unser Angebot. Seefracht 40HC Hamburg nach Santos: EUR 1.850,00. Gültig bis 30.11.2026. Laufzeit 24 Tage.\n';
    const { final } = extractFromText(text);
    expect(final.reason).toMatch(/idioma não reconhecido/);
    for (const value of [...final.fretes, ...final.taxas.itens, ...Object.values(final.evidence)])
      expect(value.confidence).toBeLessThanOrEqual(0.6);
  });

  it('explains binary garbage in the text part of an e-mail', async () => {
    const garbage = Buffer.from(randomBytes(7, 60_000))
      .toString('base64')
      .replace(/(.{76})/g, '$1\r\n');
    const eml = `From: Ana <ana@marazul.com.br>\r\nTo: c@d.com\r\nSubject: Cotacao\r\nDate: Tue, 10 Nov 2026 10:00:00 -0300\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${garbage}\r\n--b1--\r\n`;
    const result = await extractFromFile(new TextEncoder().encode(eml), 'garbage.eml');
    expectWellFormed(result);
    expect(result.final.fretes).toEqual([]);
    expect(result.final.reason).toMatch(/texto ilegível/);
    // The same bytes straight in a text part without a transfer encoding.
    const raw = extractFromText(new TextDecoder('utf-8').decode(randomBytes(11, 50_000)));
    expectWellFormed(raw);
    expect(raw.final.reason).toMatch(/texto ilegível/);
  });

  it('reads a 50,000-row spreadsheet (xlsx and csv) up to its limits and says it was cut', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tarifas');
    sheet.addRow(['Destino', '20DC (USD)', '40HC (USD)', 'Transit time']);
    for (let i = 0; i < 50_000; i++) sheet.addRow(['Santos', 1000 + i, 2000 + i, 30 + (i % 10)]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const fromXlsx = await extractFromFile(xlsx, 'tarifas.xlsx');
    expectWellFormed(fromXlsx);
    expect(fromXlsx.final.reason).toMatch(
      /planilha truncada: lidas as primeiras 2000 linhas de Tarifas \(50001 linhas\)/,
    );
    const csv = ['Destino;20DC;40HC;Transit']
      .concat(
        Array.from({ length: 50_000 }, (_, i) => `Santos;${1000 + i},00;${2000 + i},00;${30 + (i % 10)}`),
      )
      .join('\n');
    const fromCsv = await extractFromFile(new TextEncoder().encode(csv), 'tarifas.csv');
    expectWellFormed(fromCsv);
    expect(fromCsv.final.reason).toMatch(/texto truncado/);
  }, 120_000); // building the 50,000-row workbook with exceljs takes seconds on the shared 2-core machine
});
