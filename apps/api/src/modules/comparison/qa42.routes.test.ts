import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * QA pass 42a, through the real pipeline (reply bytes → ingest → extraction → comparison, Excel), at the
 * fake PTAX 5,1177 + 2,5 % = 5,2456: a complete new offer that names no shipping line keeps the earlier
 * version's armador — and now says so, on the row and in the documents' "Da versão anterior", as it does for
 * the destination, the terms and the fees (the screen showed "Armador Hapag-Lloyd" with no mark).
 */

let ctx: TestContext;
let ptax: FakePtaxServer;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

type Scenario = Awaited<ReturnType<typeof quoteScenario>>;

const get = (s: Scenario, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });

async function reply(s: Scenario, text: string, versao: number): Promise<ComparisonRow> {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: s.carriers[0]!.email, to: s.replyTo(0), text }),
    { source: 'imap' },
  );
  return waitFor(async () => {
    const data = (await get(s, `/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
    const row = data.linhas[0];
    return row?.versao === versao && row.extracao === 'concluida' ? row : undefined;
  }, 60_000);
}

async function excelCarried(s: Scenario): Promise<string[]> {
  const excel = await get(s, `/api/quotes/${s.quote.id}/comparative-excel`);
  expect(excel.statusCode, excel.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Comparativo')!;
  const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
  const at = (name: string) => headers.indexOf(name);
  const cells: string[] = [];
  for (let i = SUMMARY_HEADER_ROW + 1; i <= summary.rowCount; i++) {
    const row = summary.getRow(i);
    cells.push(`${row.getCell(at('Total (BRL)')).value} | ${row.getCell(at('Da versão anterior')).value}`);
  }
  return cells;
}

const FIRST = [
  'Prezada Ana,',
  '',
  'Segue cotação Shanghai x Santos:',
  '',
  'Armador: Hapag-Lloyd',
  'Frete 40HC: USD 2.000,00',
  'THC: R$ 1.450,00 por contêiner',
  'BL fee: USD 75,00 por BL',
  'Transit time: 32 dias',
  'Free time: 14 dias',
  'Validade: 31/12/2026',
  '',
  'Att,',
  'Baía Cargas',
].join('\n');

const NEW_OFFER = [
  'Prezada Ana,',
  '',
  'Segue nossa nova proposta:',
  '',
  'Frete 40HC: USD 1.950,00',
  'THC: R$ 1.400,00 por contêiner',
  'BL fee: USD 60,00 por BL',
  'Transit time: 30 dias',
  'Free time: 14 dias',
  'Validade: 31/12/2026',
  '',
  'Att,',
  'Baía Cargas',
].join('\n');

describe('a complete new offer without a shipping line (QA pass 42a)', () => {
  it("keeps version 1's armador marked 'da versão 1' on the row and in the Excel; its own figures count", async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Baía Cargas', email: 'pricing@baiacargas-qa42.com.br' }],
      quote: { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 40HC', dimensoes: null }] },
    });
    const first = await reply(s, FIRST, 1);
    // (2 × 2.000 + 75) = USD 4.075 × 5,2456 = R$ 21.375,82 + 2 × R$ 1.450 = R$ 24.275,82.
    expect(first).toMatchObject({ armador: 'Hapag-Lloyd', custoTotalBRL: 24275.82 });
    expect(first.armadorVersaoAnterior).toBeUndefined();

    const row = await reply(s, NEW_OFFER, 2);
    // (2 × 1.950 + 60) = USD 3.960 × 5,2456 = R$ 20.772,58 + 2 × R$ 1.400 = R$ 23.572,58.
    expect(row).toMatchObject({
      versao: 2,
      armador: 'Hapag-Lloyd',
      armadorVersaoAnterior: 1,
      custoTotalBRL: 23572.58,
    });
    // Of version 1 only what this offer does not say: the port ("Shanghai x Santos") and the armador.
    expect(row.prazo).toMatchObject({ valor: 30 });
    expect(row.prazo.versaoAnterior).toBeUndefined();
    expect(await excelCarried(s)).toEqual([
      '23572.58 | Mantido da versão 1 (a revisão não repetiu): destino, armador',
    ]);
  });
});

describe('an air weight-break list whose minimum follows the last rate after a comma (QA pass 42c)', () => {
  it('prices the chargeable weight at its band: screen and Excel equal the hand total', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [{ nome: 'Céu Azul Cargo', email: 'air@ceuazul-qa42.com.br' }],
      quote: {
        tipoFrete: 'AÉREO',
        origem: 'Frankfurt, DE',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '420 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '3 volumes', dimensoes: '3 x 118x98x96 cm' }],
      },
    });
    const row = await reply(
      s,
      [
        'Prezada Ana,',
        '',
        'Segue tarifa FRA x GRU:',
        '',
        'Frete aéreo (USD/kg): -45 kg 7,10 / +100 5,20 / +300 4,10 / +500 3,60, M 95',
        'Fuel surcharge: USD 0,85/kg',
        'Security: USD 0,15/kg',
        'AWB: USD 35,00',
        'Transit time: 4 dias',
        '',
        'Att,',
        'Céu Azul Cargo',
      ].join('\n'),
      1,
    );
    // Chargeable weight: 3 × 1,18 × 0,98 × 0,96 = 3,3304 m³ × 166,67 = 555,07 → 555,5 kg (above 420 kg
    // gross), in the +500 band: 555,5 × 3,60 = 1.999,80; fuel 555,5 × 0,85 = 472,18; security 555,5 × 0,15 =
    // 83,33; AWB 35: USD 2.590,31 × 5,2456 = R$ 13.587,73. (Before: 555,5 × 7,10 and 100, 300 and 95 read as
    // freights.)
    // Every band is listed (its minimum 95 with each); only the +500 kg one is counted.
    expect(row.fretes.map((freight) => [freight.valor, freight.faixa, freight.minimo])).toEqual([
      [7.1, '-100 kg', 95],
      [5.2, '+100 kg', 95],
      [4.1, '+300 kg', 95],
      [3.6, '+500 kg', 95],
    ]);
    expect(row.fretes.filter((freight) => freight.quantidade)).toMatchObject([
      { valor: 3.6, quantidade: 555.5, valorTotal: 1999.8 },
    ]);
    expect(row.valorUSD).toBe(2590.31);
    expect(row.custoTotalBRL).toBe(Math.round((13587.73 + row.custoRodoviario) * 100) / 100);
    const excel = await get(s, `/api/quotes/${s.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    expect(summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(headers.indexOf('Total (BRL)')).value).toBe(
      row.custoTotalBRL,
    );
  });
});

describe('two LCL offers, one without the destination charges the other quotes (QA pass 43a)', () => {
  it('the one lacking THC and handling says so and competes with its estimate: screen and Excel', async () => {
    const s = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Maré Consolidadora', email: 'lcl@mare-qa43.com.br' },
        { nome: 'Rota Curta LCL', email: 'lcl@rotacurta-qa43.com.br' },
      ],
      quote: {
        tipoFrete: 'LCL',
        pesoBrutoTotal: '5.000 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '6 pallets', dimensoes: 'total 3,1 m³' }],
      },
    });
    const answer = async (carrier: number, text: string) =>
      ctx.app.services.inbound.ingest(
        await carrierReply({ from: s.carriers[carrier]!.email, to: s.replyTo(carrier), text }),
        { source: 'imap' },
      );
    await answer(
      0,
      [
        'Prezada Ana,',
        '',
        'Frete LCL: USD 48,00 / W/M',
        'THC destino: R$ 90,00 / W/M',
        'Handling: USD 25,00 por embarque',
        'BL fee: USD 60,00',
        '',
        'Att,',
        'Maré Consolidadora',
      ].join('\n'),
    );
    await answer(
      1,
      ['Prezada Ana,', '', 'Frete LCL: USD 45,00 / W/M', 'BL fee: USD 50,00', '', 'Att,', 'Rota Curta'].join(
        '\n',
      ),
    );
    const data = await waitFor(async () => {
      const read = (await get(s, `/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
      return read.linhas.length === 2 && read.linhas.every((row) => row.extracao === 'concluida')
        ? read
        : undefined;
    }, 60_000);
    const byName = (nome: string) => data.linhas.find((row) => row.transportador.nome === nome)!;
    const mare = byName('Maré Consolidadora');
    const curta = byName('Rota Curta LCL');
    // W/M = max(5,0 t; 3,1 m³) = 5. Maré: (5 × 48 + 25 + 60) = USD 325 × 5,2456 = 1.704,82 + THC 5 × R$ 90 = R$ 2.154,82.
    expect(mare.custoTotalBRL).toBe(2154.82);
    expect(mare.taxasAusentes ?? []).toEqual([]);
    // Rota Curta: (5 × 45 + 50) = USD 275 × 5,2456 = R$ 1.442,54, without THC nor handling (before: called the
    // cheapest with no word). Completed at Maré's: + R$ 450 + 25 × 5,2456 = 131,14 → R$ 2.023,68, still the
    // cheapest, marked as an estimate.
    expect(curta.custoTotalBRL).toBe(1442.54);
    expect(curta.taxasAusentes).toEqual(['THC', 'HANDLING']);
    expect(curta.destaque.menorCusto).toBe(true);
    expect(curta.menorCustoEstimado).toMatchObject({
      totalBRL: 2023.68,
      taxas: [
        { nome: 'THC', valorBRL: 450, transportador: 'Maré Consolidadora' },
        { nome: 'HANDLING', valorBRL: 131.14, transportador: 'Maré Consolidadora' },
      ],
    });
    const excel = await get(s, `/api/quotes/${s.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const rows: string[] = [];
    for (let i = SUMMARY_HEADER_ROW + 1; i <= summary.rowCount; i++)
      rows.push((summary.getRow(i).values as unknown[]).map(String).join(' | '));
    const curtaRow = rows.find((row) => row.includes('Rota Curta LCL'))!;
    expect(curtaRow).toContain('Menor custo (estimado)');
    expect(curtaRow).toContain('THC');
    expect(curtaRow).toContain('1442.54');
  });
});
