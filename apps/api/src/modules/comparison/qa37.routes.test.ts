import type { Comparison } from '@cotacoes/shared';
import { typicalAnswer } from '@cotacoes/shared/samples';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { composeMessage } from '../../inbound/compose.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * QA pass 37 over the real pipeline (ingest → extraction → comparison → documents): replies as forwarders wrote
 * them, whose totals an analyst computes differently. PTAX 5.1177 + 2.5 % = 5.2456.
 *
 * `ports`: 2 × 40HC from "Ningbo ou Shanghai, China" to Itajaí; each carrier prices both origins. The cheaper
 * origin of each counts (the quote asks either): before, "ou" was not read as a list and the first origin,
 * Ningbo, counted for all — Maré Alta's Shanghai offer, the cheapest of all, appeared nowhere. Each total
 * has Itajaí's road cost, 2 × R$ 1.035 = R$ 2.070.
 *   Atlântico  Ningbo 2.000 (Shanghai 2.250), THC R$ 1.300/cntr, BL fee USD 60:
 *              (4.000 + 60) × 5,2456 = 21.297,14 + 2.600 + 2.070 = R$ 25.967,14
 *   Maré Alta  Shanghai 1.950 (Ningbo 2.100), THC R$ 1.250/cntr, doc fee USD 75:
 *              (3.900 + 75) × 5,2456 = 20.851,26 + 2.500 + 2.070 = R$ 25.421,26 — the cheapest
 *   Pacífico   Shanghai 2.050 (Ningbo 2.300), THC R$ 1.400/cntr, BL fee USD 50, ISPS USD 15/cntr:
 *              (4.100 + 50 + 30) × 5,2456 = 21.926,61 + 2.800 + 2.070 = R$ 26.796,61
 * `plain`: 2 × 40HC Shanghai → Santos.
 *   Maré Alta  "Ocean freight: USD 4,300.00 total for the 2 x 40HC" (was 2 × 4.300), THC R$ 1.350/cntr, doc fee
 *              USD 75: (4.300 + 75) × 5,2456 = 22.949,50 + 2.700 = R$ 25.649,50
 *   Pacífico   an HTML-only table, "TT 31 dias · Free time 21 dias" (was transit 21–31): freight USD 2.050/cntr,
 *              THC R$ 1.380/cntr, liberação R$ 350, ISPS USD 12/cntr: (4.100 + 24) × 5,2456 = 21.632,85 + 2.760
 *              + 350 = R$ 24.742,85, transit 31; "Taxa de liberação" is the release (LIBERACAO), not the doc /
 *              BL fee both others quote: 'incompleta: sem BL FEE'.
 *   Rota Sul   v1 the typical answer (USD 2.950/40HC, THC R$ 1.450/cntr, BL fee USD 75); v2 "We can improve ocean
 *              freight 40HC to USD 2.600, other charges as before." (was: every fee lost, 'incompleta', the
 *              cheapest): (5.200 + 75) × 5,2456 = 27.670,54 + 2.900 = R$ 30.570,54
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let ports: Scenario;
let plain: Scenario;
/** 2 × 40HC + 1 × 20DC Shanghai → Santos, answered with both prices on one line (QA pass 38). */
let mixed: Scenario;

const ONE_LINE = [
  'Prezados,',
  '',
  'Frete: 40HC USD 3.100,00/cntr | 20DC USD 1.800,00/cntr',
  'THC: R$ 1.500,00/cntr',
  'BL fee: USD 90,00 por BL',
  'Transit time: 30 dias',
  '',
  'Att,',
  'Maré Alta',
].join('\n');

const CARRIERS = (tag: string) => [
  { nome: 'Atlântico Logística', email: `pricing@atlantico-${tag}.com.br` },
  { nome: 'Maré Alta Comércio Exterior', email: `rates@marealta-${tag}.com.br` },
  { nome: 'Navegação Pacífico Cargas', email: `cotacao@pacifico-${tag}.com.br` },
];

const ATLANTICO_PORTS = [
  'Prezados,',
  '',
  'Seguem as tarifas para 2x40HC com destino Itajaí, conforme solicitado cotamos os dois portos de embarque:',
  '',
  'Ningbo x Itajaí:',
  'Frete 40HC USD 2.000,00/cntr',
  'THC R$ 1.300,00/cntr',
  'BL fee USD 60,00 por BL',
  'Transit time 35 dias',
  '',
  'Shanghai x Itajaí:',
  'Frete 40HC USD 2.250,00/cntr',
  'THC R$ 1.300,00/cntr',
  'BL fee USD 60,00 por BL',
  'Transit time 31 dias',
  '',
  'Free time 14 dias. Validade 31/12/2026.',
  '',
  'Att,',
  'João Pereira',
].join('\n');

const MARE_PORTS = [
  'Dear Sirs,',
  '',
  'Rates for 2x40HC, both loading ports:',
  '',
  'POL       | POD     | 40HC O/F (USD) | THC (BRL/cntr) | T/T',
  'Ningbo    | Itajaí  | 2,100.00       | 1,250.00       | 38 days',
  'Shanghai  | Itajaí  | 1,950.00       | 1,250.00       | 33 days',
  '',
  'Doc fee USD 75.00 per BL (both POLs).',
  'Free time 10 days. Validity 20/12/2026.',
  '',
  'Kind regards,',
  'Marina Alves',
].join('\n');

const PACIFICO_PORTS = [
  'Olá,',
  '',
  'Frete marítimo 40HC para Itajaí:',
  '- ex Ningbo: USD 2.300,00/cntr',
  '- ex Shanghai: USD 2.050,00/cntr',
  '',
  'Local charges Itajaí (ambas as origens): THC R$ 1.400,00/cntr, BL fee USD 50,00/BL, ISPS USD 15,00/cntr.',
  'TT: Ningbo 36 dias / Shanghai 30 dias.',
  'Free time 21 dias, validade 15/12/2026.',
  '',
  'Abs,',
  'Carlos',
].join('\n');

const MARE_TOTAL = [
  'Hello,',
  '',
  'Shanghai / Santos - 2 x 40HC',
  'Ocean freight: USD 4,300.00 total for the 2 x 40HC',
  'THC: 1.350,00 BRL por cntr',
  'Doc fee: 75 USD / BL',
  '',
  'T/T 36 days | Free time 10 days | Validity 20/12/2026',
  '',
  'BR,',
  'Marina Alves',
].join('\n');

const PACIFICO_HTML = [
  '<div>Olá,</div><div>Segue proposta Shanghai x Santos:</div>',
  '<table style="border-collapse:collapse" border="1">',
  '<tr><td><b>Item</b></td><td><b>Valor</b></td><td><b>Base</b></td></tr>',
  '<tr><td>Frete marítimo 40HC</td><td>US$ 2.050,00</td><td>por cntr</td></tr>',
  '<tr><td>THC</td><td>R$ 1.380,00</td><td>por cntr</td></tr>',
  '<tr><td>Taxa de liberação</td><td>R$ 350,00</td><td>por processo</td></tr>',
  '<tr><td>ISPS</td><td>US$ 12,00</td><td>por cntr</td></tr>',
  '</table>',
  '<div>TT 31 dias · Free time 21 dias · Validade 15/12/2026</div>',
  '<div>Abs,<br>Carlos - Navegação Pacífico Cargas</div>',
].join('\n');

const REVISION = [
  'Hi,',
  '',
  'We can improve ocean freight 40HC to USD 2.600, other charges as before.',
  '',
  'Regards,',
  'Peter Souza',
].join('\n');

const call = (s: Scenario, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } });

async function reply(s: Scenario, carrier: number, content: { text?: string; html?: string }, versions = 1) {
  const from = s.carriers[carrier]!.email;
  const to = s.replyTo(carrier);
  // An HTML-only reply (no text part), as the carrier's mail program sent it.
  const raw =
    content.html !== undefined
      ? await composeMessage({ from, to: [to], subject: 'RE: Cotação', html: content.html })
      : await carrierReply({ from, to, text: content.text });
  await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
  await waitFor(async () => {
    const list = (await call(s, `/api/quotes/${s.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      atual: { extracao: string; versao: number } | null;
    }[];
    const entry = list.find((item) => item.transportadorId === s.carriers[carrier]!.id);
    return entry?.atual?.extracao === 'concluida' && entry.atual.versao === versions;
  }, 30_000);
}

async function comparisonOf(s: Scenario): Promise<Comparison> {
  const response = await call(s, `/api/quotes/${s.quote.id}/comparison`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Comparison;
}

const byCarrier = <T>(s: Scenario, body: Comparison, pick: (row: Comparison['linhas'][number]) => T) =>
  Object.fromEntries(
    s.carriers.map((carrier) => [
      carrier.nome,
      pick(body.linhas.find((row) => row.transportadorId === carrier.id)!),
    ]),
  );

async function documentTotals(s: Scenario) {
  const excel = await call(s, `/api/quotes/${s.quote.id}/comparative-excel`);
  expect(excel.statusCode, excel.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Comparativo')!;
  const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
  const sheet: Record<string, unknown> = {};
  for (let index = SUMMARY_HEADER_ROW + 1; index <= summary.rowCount; index++) {
    const row = summary.getRow(index);
    const name = row.getCell(headers.indexOf('Agente de carga')).value;
    if (typeof name === 'string' && name) sheet[name] = row.getCell(headers.indexOf('Total (BRL)')).value;
  }
  const pdf = await call(s, `/api/quotes/${s.quote.id}/comparative-pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
    mergePages: true,
  });
  return { sheet, pdf: text.replace(/\s+/g, ' ') };
}

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  ports = await quoteScenario(ctx, {
    carriers: CARRIERS('qa37a'),
    quote: { origem: 'Ningbo ou Shanghai, China', destino: 'Itajaí, BR' },
  });
  await reply(ports, 0, { text: ATLANTICO_PORTS });
  await reply(ports, 1, { text: MARE_PORTS });
  await reply(ports, 2, { text: PACIFICO_PORTS });
  const [atlantico, mare, pacifico] = CARRIERS('qa37b');
  plain = await quoteScenario(ctx, { carriers: [mare!, pacifico!, atlantico!] });
  await reply(plain, 0, { text: MARE_TOTAL });
  await reply(plain, 1, { html: PACIFICO_HTML });
  await reply(plain, 2, { text: typicalAnswer() });
  await reply(plain, 2, { text: REVISION }, 2);
  mixed = await quoteScenario(ctx, {
    carriers: [{ nome: 'Maré Alta Comércio Exterior', email: 'rates@marealta-qa38.com.br' }],
    quote: { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 40HC + 1 x 20DC', dimensoes: null }] },
  });
  await reply(mixed, 0, { text: ONE_LINE });
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('QA pass 37: totals as an analyst computes them', () => {
  it('"Ningbo ou Shanghai": each carrier counts its cheaper origin; the cheapest offer is the cheapest', async () => {
    const body = await comparisonOf(ports);
    expect(
      byCarrier(ports, body, (row) => [
        row.custoTotalBRL,
        row.origemContada?.origem,
        row.destaque.menorCusto,
      ]),
    ).toEqual({
      'Atlântico Logística': [25967.14, 'Ningbo', false],
      'Maré Alta Comércio Exterior': [25421.26, 'Shanghai', true],
      'Navegação Pacífico Cargas': [26796.61, 'Shanghai', false],
    });
    // Each row's transit is its counted origin's (it was the range of both: "31–35", "33–38", "30–36"), and
    // the quickest is Pacífico ex Shanghai, 30 days.
    expect(byCarrier(ports, body, (row) => [row.prazo.valor, row.destaque.menorPrazo])).toEqual({
      'Atlântico Logística': [35, false],
      'Maré Alta Comércio Exterior': [33, false],
      'Navegação Pacífico Cargas': [30, true],
    });
    const { sheet, pdf } = await documentTotals(ports);
    expect(sheet).toMatchObject({
      'Atlântico Logística': 25967.14,
      'Maré Alta Comércio Exterior': 25421.26,
      'Navegação Pacífico Cargas': 26796.61,
    });
    for (const total of ['25.967,14', '25.421,26', '26.796,61']) expect(pdf).toContain(total);
  });

  it('a freight written as the total of the containers, an HTML table, a revision keeping "other charges as before"', async () => {
    const body = await comparisonOf(plain);
    expect(
      byCarrier(plain, body, (row) => [
        row.custoTotalBRL,
        row.fretes
          .filter((frete) => (frete.quantidade ?? 0) > 0)
          .map((frete) => [frete.valor, frete.quantidade, frete.valorTotal]),
        row.taxasAusentes ?? [],
      ]),
    ).toEqual({
      'Maré Alta Comércio Exterior': [25649.5, [[2150, 2, 4300]], []],
      'Navegação Pacífico Cargas': [24742.85, [[2050, 2, 4100]], ['BL FEE']],
      'Atlântico Logística': [30570.54, [[2600, 2, 5200]], []],
    });
    const pacifico = body.linhas.find((row) => row.transportadorId === plain.carriers[1]!.id)!;
    expect([pacifico.prazo.valor, pacifico.freeTime.valor]).toEqual([31, 21]);
    const { sheet, pdf } = await documentTotals(plain);
    expect(sheet).toMatchObject({
      'Maré Alta Comércio Exterior': 25649.5,
      'Navegação Pacífico Cargas': 24742.85,
      'Atlântico Logística': 30570.54,
    });
    for (const total of ['25.649,50', '24.742,85', '30.570,54']) expect(pdf).toContain(total);
    expect(pdf).not.toContain('48.');
  });

  it('"40HC USD 3.100,00/cntr | 20DC USD 1.800,00/cntr" on one line: each type its price (QA pass 38)', async () => {
    // (2 × 3.100 + 1 × 1.800 + 90) = USD 8.090 × 5,2456 = 42.436,90 + THC 3 × 1.500 = R$ 46.936,90 (the 40HC
    // price was read as a second 20DC: R$ 27.822,70 at 5,33 in the QA pass, the lowest bar).
    const row = (await comparisonOf(mixed)).linhas[0]!;
    expect(
      row.fretes
        .filter((frete) => (frete.quantidade ?? 0) > 0)
        .map((frete) => [frete.tipo, frete.valor, frete.quantidade]),
    ).toEqual([
      ['40HC', 3100, 2],
      ['20DC', 1800, 1],
    ]);
    expect(row.custoTotalBRL).toBe(46936.9);
    const { sheet, pdf } = await documentTotals(mixed);
    expect(sheet).toMatchObject({ 'Maré Alta Comércio Exterior': 46936.9 });
    expect(pdf).toContain('46.936,90');
  });

  it("approving the cheapest with price feedback: the others' percent is on their own charges, not the road estimate (QA pass 38)", async () => {
    const rows = (await comparisonOf(ports)).linhas;
    const mare = rows.find((row) => row.transportadorId === ports.carriers[1]!.id)!;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${ports.quote.id}/approve`,
      headers: { authorization: `Bearer ${ports.token}` },
      payload: { responseId: mare.respostaId, notificarNaoSelecionados: true, incluirFeedbackPreco: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // Atlântico 23.897,14 against Maré Alta 23.351,26 (each without Itajaí's R$ 2.070): 2,3 % above (with the
    // road cost on both sides it read 25.967,14 / 25.421,26 − 1 = 2,1 %); Pacífico 24.726,61: 5,9 %.
    const feedback = async (carrier: number) =>
      (
        await waitFor(async () =>
          (
            await readSentMail(ctx.config)
          ).find(
            (mail) => mail.to.includes(ports.carriers[carrier]!.email) && /acima do custo/.test(mail.text),
          ),
        )
      ).text.replace(/\s+/g, ' ');
    expect(await feedback(0)).toContain('ficou 2,3% acima do custo da proposta escolhida');
    expect(await feedback(2)).toContain('ficou 5,9% acima do custo da proposta escolhida');
  });
});
