import type { Comparison, ComparisonRow, ResponseEntry } from '@cotacoes/shared';
import { NO_REPLY_TEXT } from '@cotacoes/shared/comparison/declined';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * QA pass 40b, over the real pipeline (SMTP bytes → extraction → comparison, Excel, PDF). The fake Banco
 * Central gives PTAX 5.1177; with the margin of 2.5 % every total uses 5,2456. The quote: 2 × 40HC + 1 × 20DV.
 *
 * - Rota Sul v1 (prose): 40HC USD 2.350, 20' USD 1.300, BAF USD 160/cntr, ISPS USD 14/cntr, BL USD 60, THC
 *   R$ 1.500/cntr. By hand: USD 2 × 2.350 + 1.300 + 3 × 160 + 3 × 14 + 60 = 6.582 × 5,2456 = 34.526,54 +
 *   3 × 1.500 = R$ 39.026,54.
 * - Rota Sul v2, asked to revise: "frete agora USD 2.200 por 40HC, demais valores inalterados". It lost the
 *   20' freight and every fee (R$ 23.452 at the browser's rate) and Pacífico was called the cheapest. By
 *   hand: USD 6.582 − 2 × 150 = 6.282 × 5,2456 = 32.952,86 + 4.500 = R$ 37.452,86, the cheapest.
 * - Pacífico: 40HC USD 2.400, 20' USD 1.400, BAF USD 150/cntr, BL USD 55, THC R$ 1.450/cntr: USD 4.800 +
 *   1.400 + 450 + 55 = 6.705 × 5,2456 = 35.171,75 + 4.350 = R$ 39.521,75.
 * - Rota Sul v3, an empty message, then v4, a PDF that is not one: the row showed v3, "Frete não informado".
 *   It keeps v2's R$ 37.452,86 and says why.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let s: Scenario;

const ROTA_SUL = [
  'Prezada Ana,',
  '',
  "Frete: USD 2.350 por 40HC e USD 1.300 por 20'.",
  'BAF: USD 160 por contêiner.',
  'ISPS: USD 14 por contêiner.',
  'Taxa de BL: USD 60.',
  'THC: R$ 1.500/cntr.',
  'Transit time: 30 dias. Free time: 10 dias. Validade: 31/12/2026.',
  '',
  'Atenciosamente,',
  'Rota Sul',
].join('\n');

const ROTA_SUL_REVISED = [
  'Prezada Ana,',
  '',
  'Revisamos: frete agora USD 2.200 por 40HC, demais valores inalterados.',
  '',
  'Atenciosamente,',
  'Rota Sul',
].join('\n');

const PACIFICO = [
  'Prezados,',
  '',
  "Frete marítimo 40HC: USD 2.400,00 / 20': USD 1.400,00",
  'BAF: USD 150,00 por contêiner',
  'BL fee: USD 55,00',
  'THC destino: BRL 1.450,00 por contêiner',
  'Transit time: 32 dias',
  'Validade: 31/12/2026',
  '',
  'Att,',
  'Pacífico Logística',
].join('\n');

/** Bytes that are no file format at all (a deterministic sequence, as a broken attachment's). */
const garbage = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919 + 13) % 251));

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${s.token}` } });

async function reply(
  carrier: number,
  versao: number,
  text: string,
  attachments?: { filename: string; content: Buffer; contentType: string }[],
) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: s.carriers[carrier]!.email, to: s.replyTo(carrier), text, attachments }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call('GET', `/api/quotes/${s.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      atual: { extracao: string; versao: number } | null;
    }[];
    const entry = list.find((item) => item.transportadorId === s.carriers[carrier]!.id);
    return entry?.atual?.versao === versao && entry.atual.extracao !== 'pendente';
  }, 60_000);
}

const comparison = async () =>
  (await call('GET', `/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
const rowOf = (data: Comparison, carrier: number): ComparisonRow =>
  data.linhas.find((row) => row.transportadorId === s.carriers[carrier]!.id)!;

async function filesTotals(): Promise<{ excel: Map<string, unknown>; pdf: string }> {
  const excel = await call('GET', `/api/quotes/${s.quote.id}/comparative-excel`);
  expect(excel.statusCode, excel.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Comparativo')!;
  const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
  const totals = new Map<string, unknown>();
  for (let i = SUMMARY_HEADER_ROW + 1; i <= summary.rowCount; i++) {
    const row = summary.getRow(i);
    totals.set(String(row.getCell(1).value), row.getCell(headers.indexOf('Total (BRL)')).value);
  }
  const pdf = await call('GET', `/api/quotes/${s.quote.id}/comparative-pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
    mergePages: true,
  });
  return { excel: totals, pdf: text.replace(/\s+/g, ' ') };
}

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  s = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Rota Sul', email: 'pricing@rotasul-q40.com.br' },
      { nome: 'Pacífico Logística', email: 'quotes@pacifico-q40.com.br' },
    ],
    quote: {
      itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null }],
    },
  });
  await reply(0, 1, ROTA_SUL);
  await reply(1, 1, PACIFICO);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a revision that keeps "demais valores inalterados" (QA pass 40b)', () => {
  it('version 1: R$ 39.026,54 against Pacífico R$ 39.521,75', async () => {
    const data = await comparison();
    expect(rowOf(data, 0)).toMatchObject({
      versao: 1,
      valorUSD: 6582,
      valorBRL: 4500,
      custoTotalBRL: 39026.54,
    });
    expect(rowOf(data, 1)).toMatchObject({ valorUSD: 6705, valorBRL: 4350, custoTotalBRL: 39521.75 });
  });

  it("the revision keeps the 20' freight and every fee: R$ 37.452,86, the cheapest; screen, Excel and PDF", async () => {
    const asked = await call('POST', `/api/quotes/${s.quote.id}/request-revision`, {
      transportadorId: s.carriers[0]!.id,
      revisarTodos: false,
      mensagem: 'Conseguem melhorar o frete?',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    await reply(0, 2, ROTA_SUL_REVISED);
    const row = rowOf(await comparison(), 0);
    expect(row).toMatchObject({
      versao: 2,
      precificada: true,
      valorUSD: 6282,
      valorBRL: 4500,
      custoTotalBRL: 37452.86,
    });
    expect(row.faltando ?? []).toEqual([]);
    expect(row.taxasAusentes).toBeUndefined();
    expect(row.destaque.menorCusto).toBe(true);
    // Against v1: −2 × USD 150 = −USD 300 × 5,2456 = −R$ 1.573,68, a real saving.
    expect(row.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -1573.68, custoTotalUSD: -300 });

    const files = await filesTotals();
    expect(files.excel.get('Rota Sul')).toBe(37452.86);
    expect(files.excel.get('Pacífico Logística')).toBe(39521.75);
    expect(files.pdf).toContain('37.452,86');
  });

  it('an empty message and then an unreadable PDF keep version 2 in the comparison, and say why', async () => {
    await reply(0, 3, '');
    await reply(0, 4, 'Segue.', [
      {
        filename: 'proposta.pdf',
        content: garbage(4096),
        contentType: 'application/pdf',
      },
    ]);
    const row = rowOf(await comparison(), 0);
    expect(row).toMatchObject({
      versao: 2,
      precificada: true,
      custoTotalBRL: 37452.86,
      versaoNaoLida: 4,
      versaoSemValores: { versao: 3, recusa: false },
    });
    expect(row.alertas?.map((alerta) => alerta.texto)).toEqual(
      expect.arrayContaining(['A versão 3 não traz valores: vale a proposta da versão 2']),
    );
    expect(row.destaque.menorCusto).toBe(true);
    const files = await filesTotals();
    expect(files.excel.get('Rota Sul')).toBe(37452.86);
    expect(files.pdf).toContain('37.452,86');
    // The empty message says it had no text of its own (its card says so, not only 'Nenhum valor'); the
    // one with a file does not: its file's reason speaks.
    const entries = (await call('GET', `/api/quotes/${s.quote.id}/respostas`)).json().data as ResponseEntry[];
    const entry = entries.find((item) => item.transportadorId === s.carriers[0]!.id)!;
    const versions = [...entry.versoes, { ...entry.atual!, dadosExtraidos: entry.dadosExtraidos }];
    const reasonsOf = (versao: number) =>
      versions.find((version) => version.versao === versao)!.dadosExtraidos!.detect.reasons;
    expect(reasonsOf(3).some((reason) => NO_REPLY_TEXT.test(reason))).toBe(true);
    expect(reasonsOf(4).some((reason) => NO_REPLY_TEXT.test(reason))).toBe(false);
  });
});

describe("a revision that restates every fee but not the 20' freight (QA pass 40b)", () => {
  it('its fall is not called a saving, and it is not the cheapest', async () => {
    const asked = await call('POST', `/api/quotes/${s.quote.id}/request-revision`, {
      transportadorId: s.carriers[1]!.id,
      revisarTodos: false,
      mensagem: 'Conseguem melhorar o frete?',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    await reply(
      1,
      2,
      [
        'Prezados,',
        '',
        'Frete marítimo 40HC: USD 2.300,00',
        'BAF: USD 150,00 por contêiner',
        'BL fee: USD 55,00',
        'THC destino: BRL 1.450,00 por contêiner',
        '',
        'Att,',
        'Pacífico Logística',
      ].join('\n'),
    );
    const row = rowOf(await comparison(), 1);
    // USD 2 × 2.300 + 3 × 150 + 55 = 5.105 × 5,2456 = 26.778,79 + 3 × 1.450 = R$ 31.128,79: no 20' in it.
    expect(row).toMatchObject({ versao: 2, valorUSD: 5105, valorBRL: 4350, custoTotalBRL: 31128.79 });
    expect(row.faltando).toContain('frete20');
    // −R$ 8.392,96 against v1, of which 1.400 × 5,2456 = 7.343,84 is the missing 20': not a saving.
    expect(row.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -8392.96, incompleta: true });
    expect(row.destaque.menorCusto).toBe(false);
    expect(rowOf(await comparison(), 0).destaque.menorCusto).toBe(true);
  });
});

describe('an air quote whose weight is written "1 250 kg" (QA pass 40c)', () => {
  it('counts 1.250 kg, not 250: the screen and the Excel agree', async () => {
    const air = await quoteScenario(ctx, {
      carriers: [{ nome: 'Céu Azul Cargas', email: 'air@ceuazul-q40.com.br' }],
      quote: {
        tipoFrete: 'AÉREO',
        origem: 'Munique, DE',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '1 250 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 caixas', dimensoes: '120 x 100 x 90 cm' }],
      },
    });
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: air.carriers[0]!.email,
        to: air.replyTo(0),
        text: [
          'Prezados,',
          '',
          'Frete aéreo: USD 4,50 por kg (peso taxado)',
          'Handling destino: R$ 350,00 por embarque',
          'Transit time: 3 dias',
          '',
          'Att,',
          'Céu Azul Cargas',
        ].join('\n'),
      }),
      { source: 'imap' },
    );
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${air.token}` } });
    const row = await waitFor(async () => {
      const data = (await get(`/api/quotes/${air.quote.id}/comparison`)).json() as Comparison;
      return data.linhas.find((line) => line.extracao === 'concluida');
    }, 60_000);
    // 2 × 1,2 × 1,0 × 0,9 = 2,16 m³ = 360 kg at 1:6000, below 1.250 kg: 1.250 × 4,50 = USD 5.625 × 5,2456
    // = 29.506,50 + R$ 350 = R$ 29.856,50 (it counted 360 kg: R$ 8.847,87).
    expect(row.fretes[0]).toMatchObject({ valor: 4.5, quantidade: 1250, valorTotal: 5625 });
    expect(row).toMatchObject({ valorUSD: 5625, valorBRL: 350, custoTotalBRL: 29856.5 });
    const excel = await get(`/api/quotes/${air.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    expect(summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(headers.indexOf('Total (BRL)')).value).toBe(
      29856.5,
    );
  });
});

describe('a quote asking "dois 40HC e um 20DV" in words (QA pass 40c)', () => {
  it('counts two 40HC and one 20DV: per-container fees three times', async () => {
    const words = await quoteScenario(ctx, {
      carriers: [{ nome: 'Maré Alta Cargas', email: 'pricing@marealta-q40.com.br' }],
      quote: {
        itens: [{ mercadoria: 'Bobinas', quantidadeVolumes: 'dois 40HC e um 20DV', dimensoes: null }],
      },
    });
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: words.carriers[0]!.email,
        to: words.replyTo(0),
        text: [
          'Prezados,',
          '',
          "Frete: USD 2.000 por 40HC e USD 1.100 por 20'.",
          'THC: R$ 1.200 por contêiner.',
          '',
          'Att,',
          'Maré Alta Cargas',
        ].join('\n'),
      }),
      { source: 'imap' },
    );
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${words.token}` } });
    const row = await waitFor(async () => {
      const data = (await get(`/api/quotes/${words.quote.id}/comparison`)).json() as Comparison;
      return data.linhas.find((line) => line.extracao === 'concluida');
    }, 60_000);
    // USD 2 × 2.000 + 1.100 = 5.100 × 5,2456 = 26.752,56 + 3 × R$ 1.200 = R$ 30.352,56 (it counted one
    // 40HC and one 20DV: USD 3.100 and 2 × THC).
    expect(row).toMatchObject({ valorUSD: 5100, valorBRL: 3600, custoTotalBRL: 30352.56 });
  });
});
