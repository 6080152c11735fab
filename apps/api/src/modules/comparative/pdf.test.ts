import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  comparisonRow,
  fixtureHeader,
  mixedComparison,
  syntheticComparison,
} from './comparative.test-fixtures.js';
import { formatMoney, formatNumber, sourceOf } from './comparative-document.js';
import { chargesTextOf, renderComparativePdf } from './pdf.js';

/** Text of each page, with runs of white space (pdf.js splits cells and lines) made one space. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)));
  return text.map((page) => page.replace(/\s+/g, ' '));
}

type TextItem = { str: string; x: number; y: number; width: number; height: number };

/** The text items (one per drawn line) of page `n` with their position in points, y from the bottom. */
async function itemsOf(pdf: Buffer, n: number): Promise<TextItem[]> {
  const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(n);
  const { items } = await page.getTextContent();
  return items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const { str, transform, width, height } = item as {
        str: string;
        transform: number[];
        width: number;
        height: number;
      };
      return { str, x: transform[4]!, y: transform[5]!, width, height };
    });
}

/** Pairs of text items drawn over each other (their boxes, baseline to font size, intersect). */
function overlaps(items: TextItem[]): [string, string][] {
  const found: [string, string][] = [];
  items.forEach((a, i) => {
    for (const b of items.slice(i + 1)) {
      const x = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const y = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (x > 0.5 && y > 0.5) found.push([a.str, b.str]);
    }
  });
  return found;
}

type Raster = { width: number; height: number; pixels: Buffer };

/** Page `n` drawn by poppler as raw RGB (PPM), and as a PNG beside it for a person to look at. */
function rasterize(pdf: Buffer, page: number, dir: string): Raster {
  const file = path.join(dir, 'comparativo.pdf');
  fs.writeFileSync(file, pdf);
  const base = path.join(dir, `page-${page}`);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    base,
  ]);
  expect(fs.statSync(`${base}.png`).size).toBeGreaterThan(5000);
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-singlefile', file, base]);
  const ppm = fs.readFileSync(`${base}.ppm`);
  const match = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 32).toString('latin1'))!;
  return { width: Number(match[1]), height: Number(match[2]), pixels: ppm.subarray(match[0].length) };
}

/** Pixels close to `hex` (the bars, the highlighted cells). */
function countColour(raster: Raster, hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let i = 0; i < raster.pixels.length; i += 3)
    if (
      Math.abs(raster.pixels[i]! - r!) < 12 &&
      Math.abs(raster.pixels[i + 1]! - g!) < 12 &&
      Math.abs(raster.pixels[i + 2]! - b!) < 12
    )
      count++;
  return count;
}

describe('comparative PDF', () => {
  it('prints the quote, the rate, every row in pt-BR formats, the chart and page numbers', async () => {
    const comparison = mixedComparison();
    const pdf = await renderComparativePdf(sourceOf(comparison, fixtureHeader));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(1);
    const [text] = pages as [string];
    for (const expected of [
      'Comparativo de fretes · COT-2025-0042',
      'Importadora Horizonte Ltda.',
      'Shanghai, CN x Itapoá / Navegantes, BR',
      'Mariana Albuquerque',
      // 18:00 UTC is 15:00 in Brasília; the generation time likewise.
      '20/03/2025 15:00',
      'PTAX 5,1234 de 12/03/2025 + margem 2,5% = 5,2515',
      '14/03/2025 10:05 (horário de Brasília)',
      "20' US$ 1.850,00",
      "40'HC R$ 14.800,00",
      '10/03/2025 (vencida)',
      'Não informado',
      'Revisão solicitada',
      'Custo total por agente de carga e destino (BRL)',
      'Página 1 de 1',
    ])
      expect(text, expected).toContain(expected);
    for (const row of comparison.linhas) {
      expect(text).toContain(formatNumber(row.custoTotalBRL));
      expect(text).toContain(formatNumber(row.custoTotalUSD));
      expect(text).toContain(formatNumber(row.taxasPorMoeda.BRL));
      // The chart labels each bar with its total.
      expect(text).toContain(formatMoney(row.custoTotalBRL, 'BRL').replace(/\s/g, ' '));
    }
  });

  it('draws an A4 landscape page with the bars and the highlighted cheapest total (rendered with poppler)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comparative-pdf-'));
    const pdf = await renderComparativePdf(sourceOf(mixedComparison(), fixtureHeader));
    const page = rasterize(pdf, 1, dir);
    // A4 landscape at 72 dpi: 841.89 × 595.28 points (poppler rounds up).
    expect(page.width).toBeCloseTo(842, -1);
    expect(page.height).toBeCloseTo(596, -1);
    expect(page.width).toBeGreaterThan(page.height);
    // Three blue bars and one green (the cheapest), plus the green highlight of the cells.
    expect(countColour(page, '#2563eb')).toBeGreaterThan(3 * 300 * 8);
    expect(countColour(page, '#16a34a')).toBeGreaterThan(200 * 8);
    expect(countColour(page, '#dcfce7')).toBeGreaterThan(2 * 40 * 10);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('repeats the table header and numbers every page of a quote with 30 responses', async () => {
    const comparison = syntheticComparison(30);
    const pdf = await renderComparativePdf(sourceOf(comparison, fixtureHeader));
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain(`Página ${index + 1} de ${pages.length}`);
      expect(text).toContain('Gerado em 14/03/2025 10:05 (horário de Brasília)');
    });
    const tablePages = pages.filter((text) => text.includes('Agente de carga'));
    expect(tablePages.length).toBeGreaterThan(1);
    const all = pages.join(' ');
    for (const row of comparison.linhas) {
      expect(all).toContain(row.transportador.nome);
      expect(all).toContain(formatNumber(row.custoTotalBRL));
    }
  });

  it('keeps long carrier names in their row and their bar, and says why a row has no total', async () => {
    const comparison = mixedComparison();
    const long = 'Companhia Brasileira de Transportes Marítimos e Aéreos Ltda';
    comparison.linhas[0]!.transportador.nome = 'Atlântico Logística Internacional';
    comparison.linhas[3]!.transportador.nome = long;
    const unpriced = { destino: 'Itapoá', rodoviario: 2100, prazo: null, freeTime: null, validade: null };
    comparison.linhas.push(
      comparisonRow({
        ...unpriced,
        respostaId: 'r8',
        nome: 'Mar Aberto Logística',
        email: 'a@mar.com.br',
        fretes: [],
        taxas: [],
        extracao: 'pendente',
      }),
      comparisonRow({
        ...unpriced,
        respostaId: 'r9',
        nome: 'Sem Frete Cargas',
        email: 'b@sem.com.br',
        fretes: [],
        taxas: [{ nome: 'THC', valor: 1200, moeda: 'BRL' }],
      }),
    );
    const pdf = await renderComparativePdf(sourceOf(comparison, fixtureHeader));
    const pages = await pagesOf(pdf);
    const all = pages.join(' ');
    // Where there is no price, the totals say why instead of 0,00.
    expect(all).toContain('Mar Aberto Logística Itapoá Em extração — — 2.100,00 Em extração Em extração');
    expect(all).toContain('Frete não informado Frete não informado');
    expect(all).not.toContain(formatMoney(comparison.linhas[5]!.custoTotalBRL, 'BRL').replace(/\s/g, ' '));
    for (const [n] of pages.entries()) expect(overlaps(await itemsOf(pdf, n + 1))).toEqual([]);
    // The chart: one bar per priced row, each labelled on one line, its total on the same line.
    const items = (await Promise.all(pages.map((_, n) => itemsOf(pdf, n + 1)))).flat();
    const totals = items.filter((item) => item.str.startsWith('R$ '));
    expect(totals).toHaveLength(4);
    const labels = items.filter((item) => / · (Itapoá|Navegantes)$/.test(item.str));
    expect(labels).toHaveLength(4);
    for (const label of labels) expect(totals.some((total) => Math.abs(total.y - label.y) < 1)).toBe(true);
    expect(labels.map((label) => label.str)).toContain(
      'Companhia Brasileira de Transportes Marítim… · Navegantes',
    );
    expect(labels.map((label) => label.str).join()).not.toMatch(/Mar Aberto|Sem Frete/);
  });

  it('never writes the charge lines over the footer, wherever the page breaks (QA pass 18)', async () => {
    // Long wrapped paragraphs under tables of different lengths: some break falls inside a paragraph.
    const footerTop = 36 + 16;
    let pagesSeen = 0;
    for (const count of [4, 6, 8, 10, 12, 14]) {
      const comparison = syntheticComparison(count);
      for (const row of comparison.linhas) {
        row.faltando = ['frete20'];
        row.taxasAusentes = ['ISPS', 'LACRE', 'DESCONSOLIDACAO', 'TAXA DE LIBERACAO DE BL', 'SCANNER'];
      }
      const pdf = await renderComparativePdf(sourceOf(comparison, fixtureHeader));
      const pages = await pagesOf(pdf);
      pagesSeen += pages.length;
      for (const [n] of pages.entries()) {
        const items = await itemsOf(pdf, n + 1);
        expect(overlaps(items), `${count} rows, page ${n + 1}`).toEqual([]);
        const content = items.filter(
          (item) => !item.str.startsWith('Comparativo de fretes · ') && !/^Página \d+ de \d+$/.test(item.str),
        );
        const low = content.filter((item) => item.y < footerTop).map((item) => item.str);
        expect(low, `${count} rows, page ${n + 1}`).toEqual([]);
      }
    }
    expect(pagesSeen).toBeGreaterThan(6);
  });

  it('says under a row that its total leaves out a container it has no price for (the QA pass)', async () => {
    const comparison = mixedComparison();
    const row = comparison.linhas.find((item) => item.precificada)!;
    row.faltando = ['frete20', 'validade'];
    const text = (await pagesOf(await renderComparativePdf(sourceOf(comparison, fixtureHeader)))).join(' ');
    expect(text).toContain("Sem o preço do contêiner de 20': o total não inclui esses contêineres");
    // Its total in the table and beside its (shorter) bar is marked, as a row lacking charges is (QA pass 33).
    const flat = text.replace(/\s+/g, ' ');
    const total = formatNumber(row.custoTotalBRL);
    expect(flat).toContain(`${total} incompleta`);
    expect(flat).toContain(`R$ ${total} · incompleta`);
  });

  it('marks a total that could not count one of its charges (a quantity the quote does not give; QA pass 43a)', async () => {
    const comparison = mixedComparison();
    const row = comparison.linhas.find((item) => item.precificada)!;
    row.quantidadesDesconhecidas = ['ARMAZENAGEM: cubagem (m³) não informada'];
    const text = (await pagesOf(await renderComparativePdf(sourceOf(comparison, fixtureHeader)))).join(' ');
    const flat = text.replace(/\s+/g, ' ');
    const total = formatNumber(row.custoTotalBRL);
    expect(flat).toContain(`${total} incompleta`);
    expect(flat).toContain(`R$ ${total} · incompleta`);
    expect(flat).toContain('ARMAZENAGEM: cubagem (m³) não informada');
  });

  it('says so when the totals use the fallback rate', async () => {
    const comparison = mixedComparison();
    comparison.taxa = { ...comparison.taxa, fonte: 'fallback', ptax: 5.2, dataCotacao: null, taxa: 5.33 };
    const [text] = await pagesOf(await renderComparativePdf(sourceOf(comparison, fixtureHeader)));
    expect(text).toContain('Taxa de contingência 5,2000 (PTAX indisponível) + margem 2,5% = 5,3300');
  });
});

describe('chargesTextOf', () => {
  it("marks a figure an analyst corrected '(corrigido)', as the Excel's column does (QA pass 11)", () => {
    const row = comparisonRow({
      respostaId: 'r-c',
      nome: 'Corrigida Cargas',
      email: 'c@c.com',
      destino: 'Santos',
      fretes: [{ tipo: '40HC', valor: 2850, moeda: 'USD', corrigido: true }],
      taxas: [],
      prazo: 30,
      freeTime: 14,
      validade: null,
    });
    row.fretes[0] = { ...row.fretes[0]!, quantidade: 2, valorTotal: 5700 };
    expect(chargesTextOf(row)).toMatch(/^40HC 2 × US\$\s2\.850,00 = US\$\s5\.700,00 \(corrigido\)$/);
    row.fretes[0] = { ...row.fretes[0]!, corrigido: false };
    expect(chargesTextOf(row)).not.toContain('corrigido');
  });
});
