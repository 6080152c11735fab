import { type Comparison, comparisonSchema } from '@cotacoes/shared';
import { chargeLineText } from '@cotacoes/shared/comparison/quantity-text';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../../../../../packages/extraction/test/fixtures/minimal-pdf.js';
import {
  carrierReply,
  POD_PORTS_ANSWER,
  quoteScenario,
  type Scenario,
} from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { cotacoes } from '../../db/schema/index.js';
import { formatNumber } from '../comparative/comparative-document.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * Issue 30 over the real pipeline (ingest → extraction → comparison → documents): replies written the way
 * forwarders write them, every total equal to the hand computation below. The fake Banco Central gives
 * PTAX 5.1177; with the default margin of 2.5 % every total uses 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
/** FCL 2 × 40HC to Santos: a reply with per-container and per-BL fees, and one priced per destination. */
let fcl: Scenario;
/** LCL of 3.200 kg and 12,5 m³. */
let lcl: Scenario;
/** FCL 2 × 40HC: two carriers revise, one restating its fees inline, the other leaving them out. */
let revised: Scenario;
/** FCL 2 × 40HC: a reply whose THC and ISPS name no unit. */
let noUnit: Scenario;
/** FCL 2 × 40HC: two ports priced in one reply, as a line per route and as a table typed with bars. */
let twoPorts: Scenario;
/** FCL 3 × 40HC + 1 × 20DV: a THC quoted per container type. */
let mixed: Scenario;
/** FCL 2 × 40HC to Itajaí or Navegantes: a revision that says only its new freight and "the rest stands". */
let kept: Scenario;
/** FCL 2 × 40HC + 1 × 20DV to Santos or Itapoá: revisions of one port and type, and of a new port. */
let partial: Scenario;
/** FCL 2 × 40HC to Santos or Paranaguá: QA pass 4's revision in a sentence and ports after "POD". */
let pass4: Scenario;

const SENTENCE_REVISION = [
  'Prezada Ana,',
  '',
  'Conseguimos USD 2.250/40HC. Demais condições mantidas.',
  '',
  'Att,',
  'Marcos',
].join('\n');

const THC_PER_TYPE = [
  'Prezados,',
  '',
  'Frete marítimo 40HC: USD 2.000,00',
  'Frete marítimo 20DV: USD 1.200,00',
  'THC: 20DV R$ 1.100,00 / 40HC R$ 1.450,00 por contêiner',
  'BL fee: USD 50,00 por BL',
  'Transit time: 33 dias',
  '',
  'Att,',
  'Beta Logística',
].join('\n');

const ROUTE_LINES = [
  'Dear team,',
  '',
  'Please see our rates for 40HC:',
  '',
  'Ningbo x Santos: Ocean freight 40HC USD 1,900.00 per container, THC BRL 1,350.00/cntr, transit time 30 days',
  'Ningbo x Itajaí: Ocean freight 40HC USD 2,050.00 per container, THC BRL 1,200.00/cntr, transit time 34 days',
  'BL fee USD 60 per BL',
  'Free time 14 days',
  'Validity 30/12/2026',
  '',
  'Best regards,',
  'Alfa Freight Forwarding',
].join('\n');

const BAR_TABLE = [
  'Prezados,',
  '',
  'Segue nossa proposta Ningbo x Santos / Itajaí:',
  '',
  'Destino | Frete 40HC (USD) | THC (BRL/cntr)',
  'Santos | 1.950,00 | 1.400,00',
  'Itajaí | 1.880,00 | 1.250,00',
  '',
  'Taxa de BL: R$ 380,00 por BL',
  'Transit time: Santos 31 dias, Itajaí 36 dias',
  'Free time: 14 dias',
  'Validade: 30/12/2026',
  '',
  'Atenciosamente,',
  'Delta Cargas',
].join('\n');

const NO_UNIT = [
  'Dear all,',
  '',
  'Ocean freight 40HC: USD 2.000,00',
  'THC destination: BRL 1.500,00',
  'ISPS: USD 15,00',
  'BL fee: USD 50,00 per BL',
  'Transit time: 35 days',
  '',
  'Best regards,',
  'Gama Logistics',
].join('\n');

const PER_CONTAINER = [
  'Prezados, boa tarde.',
  '',
  'Segue nossa proposta Shanghai x Santos:',
  '',
  'Frete marítimo 40HC: USD 2.950,00',
  'THC: R$ 1.420,00 por contêiner',
  'ISPS: USD 15,00 por contêiner',
  'BL fee: USD 50,00 por BL',
  'Transit time: 32 dias',
  'Free time: 14 dias no destino',
  'Validade: 30/12/2026',
  '',
  'Atenciosamente,',
  'Pricing Atlântica',
].join('\n');

const PER_DESTINATION = [
  'Prezados,',
  '',
  'Segue proposta 40HC Shanghai:',
  '',
  'Navegantes: frete USD 1.390,00, THC R$ 1.300,00/cntr, 45 dias',
  'Itapoá: frete USD 1.350,00, THC R$ 1.250,00/cntr, 43 dias',
  'BL fee: USD 50,00 por BL',
  'Free time: 14 dias',
  'Validade: 30/12/2026',
  '',
  'Att,',
  'Pricing Pacífico',
].join('\n');

const LCL_REPLY = [
  'Prezados,',
  '',
  'Segue proposta LCL Shanghai x Santos:',
  '',
  'Frete marítimo LCL: USD 45,00 por W/M (mínimo USD 90,00)',
  'Handling: USD 8,00 por m³',
  'Desconsolidação: R$ 180,00 por BL',
  'Transit time: 40 dias',
  'Free time: 7 dias',
  'Validade: 30/12/2026',
  '',
  'Att,',
  'Pricing',
].join('\n');

const firstOffer = (frete: string) =>
  [
    'Prezados,',
    '',
    'Segue nossa proposta Shanghai x Santos:',
    '',
    `Frete marítimo 40HC: USD ${frete}`,
    'THC: BRL 1.450,00 por contêiner',
    'Doc fee: USD 50,00 por BL',
    'Transit time: 32 dias',
    'Free time: 14 dias',
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    'Pricing',
  ].join('\n');

const RESTATED_INLINE = [
  'Hello,',
  '',
  'Please find our revised offer:',
  '',
  'Ocean freight 40HC: USD 2,800.00',
  'Local charges: sem alteração (THC BRL 1,450.00/cntr, Doc fee USD 50.00/BL)',
  'Transit time: 32 days',
  'Free time: 14 days',
  '',
  'Best regards,',
  'Pricing',
].join('\n');

const WITHOUT_FEES = [
  'Prezados,',
  '',
  'Conseguimos melhorar o frete:',
  '',
  'Frete 40HC: USD 2.700,00',
  'Transit time: 30 dias',
  'Free time: 14 dias',
  'Validade: 30/12/2026',
  '',
  'Att,',
  'Pricing',
].join('\n');

const NAVEGANTES_OFFER = [
  'Prezados,',
  '',
  'Segue proposta Shanghai x Navegantes:',
  '',
  'Frete marítimo 40HC: USD 2.000,00',
  'THC: R$ 1.300,00 por contêiner',
  'Doc fee: USD 50,00 per BL',
  'Transit time: 40 dias',
  'Free time: 21 dias',
  'Validade: 30/12/2026',
  '',
  'Att,',
  'Atlântica Cargas',
].join('\n');

const ITAJAI_OFFER = [
  'Prezados,',
  '',
  'Segue proposta Shanghai x Itajaí:',
  '',
  'Frete marítimo 40HC: USD 2.100,00',
  'THC: R$ 1.300,00 por contêiner',
  'BL fee: USD 50,00 por BL',
  'Transit time: 35 dias',
  'Free time: 14 dias',
  'Validade: 30/12/2026',
  '',
  'Att,',
  'Pacífico Logística',
].join('\n');

/** The answer to the platform's revision request, quoting it: no port, no fee, no transit repeated. */
const PRICE_ONLY_REVISION = [
  'Prezados,',
  '',
  'Conseguimos melhorar o frete para USD 1.900,00 por contêiner.',
  'Demais condições sem alteração.',
  '',
  'Att,',
  'Atlântica Cargas',
  '',
  'Em 05/12/2026 10:12, Importadora <cotacoes@importadora.com.br> escreveu:',
  '> Pedido de revisão da proposta',
  '> Agradecemos a proposta enviada para a cotação. Pedimos, por gentileza, que revisem os valores e as',
  '> condições da proposta.',
  '> Para enviar a proposta revisada, basta responder a este e-mail.',
].join('\n');

/** A first offer for two ports and two container types (its figures are parameters). */
const twoPortOffer = (santos: [string, string], itapoa: [string, string], nome: string) =>
  [
    'Prezados,',
    '',
    'Segue proposta Shanghai x Santos / Itapoá:',
    '',
    `Santos: frete 40HC USD ${santos[0]}, 20DV USD ${santos[1]}`,
    `Itapoá: frete 40HC USD ${itapoa[0]}, 20DV USD ${itapoa[1]}`,
    'THC: R$ 1.500,00 por contêiner',
    'BL fee: USD 60,00 por BL',
    'Transit time: 30 dias',
    'Free time: 14 dias',
    'Validade: 30/12/2026',
    '',
    'Att,',
    nome,
  ].join('\n');

/** One port and one type revised; the rest "mantidas" (the QA pass's reply). */
const SANTOS_40HC_REVISION = [
  'Prezados,',
  '',
  'Conseguimos melhorar para Santos: 40HC USD 1.650,00 (antes USD 1.800,00). Demais condições mantidas.',
  '',
  'Att,',
  'Atlântica Cargas',
].join('\n');

/** A new port offered beside the first two, the rest unchanged (the QA pass's reply). */
const NEW_PORT_OPTION = [
  'Prezados,',
  '',
  'Nova opção com destino Navegantes: 40HC USD 1.700,00 / 20DV USD 1.100,00, THC R$ 1.250,00 por contêiner, transit time 32 dias. Demais condições sem alteração.',
  '',
  'Att,',
  'Pacífico Logística',
].join('\n');

const call = (scenario: Scenario, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${scenario.token}` } });

/** Replies as the carrier and waits until its answer at `versao` is extracted. */
async function reply(scenario: Scenario, carrier: number, text: string, versao = 1) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: scenario.carriers[carrier]!.email, to: scenario.replyTo(carrier), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      atual: { extracao: string; versao: number } | null;
    }[];
    const entry = list.find((e) => e.transportadorId === scenario.carriers[carrier]!.id);
    return entry?.atual?.versao === versao && entry.atual.extracao === 'concluida';
  }, 30_000);
}

async function comparison(scenario: Scenario): Promise<Comparison> {
  const response = await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/comparison`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as Comparison;
  expect(comparisonSchema.safeParse(body).success).toBe(true);
  return body;
}

/** The comparative Excel of a scenario's quote, and its summary sheet's row of one carrier, by header. */
async function excelSummaryRow(scenario: Scenario, nome: string) {
  const excel = await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/comparative-excel`);
  expect(excel.statusCode, excel.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Comparativo')!;
  const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
  const row = [...Array(summary.rowCount).keys()]
    .map((i) => summary.getRow(i + 1))
    .find((r) => r.getCell(headers.indexOf('Agente de carga')).value === nome)!;
  return { workbook, cell: (header: string) => row.getCell(headers.indexOf(header)).value };
}

/** The comparative PDF of a scenario's quote as one line of text. */
async function pdfText(scenario: Scenario): Promise<string> {
  const pdf = await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/comparative-pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
    mergePages: true,
  });
  return text.replace(/\s+/g, ' ');
}

const rowOf = (body: Comparison, scenario: Scenario, carrier: number, destino?: string) =>
  body.linhas.find(
    (row) =>
      row.transportadorId === scenario.carriers[carrier]!.id &&
      (destino === undefined || row.destino === destino),
  )!;
const fee = (row: Comparison['linhas'][number], nome: string) =>
  row.taxas.find((taxa) => taxa.nome === nome)!;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url, MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  fcl = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Atlântica Cargas', email: 'pricing@atlantica-q.com.br' },
      { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-q.com.br' },
    ],
  });
  await reply(fcl, 0, PER_CONTAINER);
  await reply(fcl, 1, PER_DESTINATION);
  lcl = await quoteScenario(ctx, {
    carriers: [{ nome: 'Consolida Cargas', email: 'lcl@consolida.com.br' }],
    quote: {
      tipoFrete: 'LCL',
      pesoBrutoTotal: '3.200 kg',
      itens: [
        { mercadoria: 'Peças de máquinas', quantidadeVolumes: '10 pallets', dimensoes: 'total 12,5 m³' },
      ],
    },
  });
  await reply(lcl, 0, LCL_REPLY);
  revised = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Atlântica Cargas', email: 'pricing@atlantica-r.com.br' },
      { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-r.com.br' },
    ],
  });
  await reply(revised, 0, firstOffer('2.950,00'));
  await reply(revised, 1, firstOffer('2.900,00'));
  await reply(revised, 0, RESTATED_INLINE, 2);
  await reply(revised, 1, WITHOUT_FEES, 2);
  noUnit = await quoteScenario(ctx, { carriers: [{ nome: 'Gama Logistics', email: 'pricing@gama-q.com' }] });
  await reply(noUnit, 0, NO_UNIT);
  twoPorts = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Alfa Freight', email: 'pricing@alfa-q.com' },
      { nome: 'Delta Cargas', email: 'cotacao@delta-q.com.br' },
    ],
  });
  await reply(twoPorts, 0, ROUTE_LINES);
  await reply(twoPorts, 1, BAR_TABLE);
  mixed = await quoteScenario(ctx, {
    carriers: [{ nome: 'Beta Logística', email: 'pricing@beta-q.com.br' }],
    quote: {
      itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '3 x 40HC + 1 x 20DV', dimensoes: null }],
    },
  });
  await reply(mixed, 0, THC_PER_TYPE);
  kept = await quoteScenario(ctx, {
    quote: { destino: 'Itajaí ou Navegantes, BR' },
    carriers: [
      { nome: 'Atlântica Cargas', email: 'pricing@atlantica-k.com.br' },
      { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-k.com.br' },
    ],
  });
  await reply(kept, 0, NAVEGANTES_OFFER);
  await reply(kept, 1, ITAJAI_OFFER);
  await reply(kept, 0, PRICE_ONLY_REVISION, 2);
  partial = await quoteScenario(ctx, {
    quote: {
      destino: 'Santos ou Itapoá, BR',
      itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null }],
    },
    carriers: [
      { nome: 'Atlântica Cargas', email: 'pricing@atlantica-p.com.br' },
      { nome: 'Pacífico Logística', email: 'cotacoes@pacifico-p.com.br' },
    ],
  });
  await reply(
    partial,
    0,
    twoPortOffer(['1.800,00', '1.100,00'], ['1.700,00', '1.050,00'], 'Atlântica Cargas'),
  );
  await reply(
    partial,
    1,
    twoPortOffer(['1.850,00', '1.150,00'], ['1.750,00', '1.100,00'], 'Pacífico Logística'),
  );
  await reply(partial, 0, SANTOS_40HC_REVISION, 2);
  await reply(partial, 1, NEW_PORT_OPTION, 2);
  pass4 = await quoteScenario(ctx, {
    quote: { destino: 'Santos ou Paranaguá, BR' },
    carriers: [
      { nome: 'Navegação Pacífico', email: 'cotacoes@pacifico-4.com.br' },
      { nome: 'Maré Alta', email: 'pricing@mare-4.com' },
    ],
  });
  await reply(pass4, 0, firstOffer('2.400,00'));
  await reply(pass4, 0, SENTENCE_REVISION, 2);
  await reply(pass4, 1, POD_PORTS_ANSWER);
}, 360_000);
afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('quantities (issue 30)', () => {
  it('per-container fees × the 2 containers asked, the BL fee once', async () => {
    const row = rowOf(await comparison(fcl), fcl, 0);
    // USD: 2 × 2.950 + ISPS 2 × 15 + BL 50 = 5.980; BRL: THC 2 × 1.420 = 2.840
    // BRL total 5.980 × 5,2456 + 2.840 = 34.208,69; USD total 2.840 ÷ 5,2456 + 5.980 = 6.521,41
    expect(row).toMatchObject({
      valorUSD: 5980,
      valorBRL: 2840,
      taxasPorMoeda: { USD: 80, BRL: 2840 },
      custoTotalBRL: 34208.69,
      custoTotalUSD: 6521.41,
    });
    expect(fee(row, 'THC')).toMatchObject({ quantidade: 2, base: 'conteiner', valorTotal: 2840 });
    expect(fee(row, 'ISPS')).toMatchObject({ quantidade: 2, valorTotal: 30 });
    expect(fee(row, 'BL FEE')).toMatchObject({ quantidade: 1, base: 'documento', valorTotal: 50 });
    expect(chargeLineText(fee(row, 'THC'))).toBe('2 × R$ 1.420,00 = R$ 2.840,00');
    expect(row.fretes.find((f) => f.tipo === '40HC')).toMatchObject({ quantidade: 2, valorTotal: 5900 });
  });

  it('a THC and an ISPS written without a unit in an FCL reply count per container, as an analyst counts them', async () => {
    const row = rowOf(await comparison(noUnit), noUnit, 0);
    // USD: 2 × 2.000 + ISPS 2 × 15 + BL 50 = 4.080; BRL: THC 2 × 1.500 = 3.000
    // BRL total 4.080 × 5,2456 + 3.000 = 24.402,05; USD total 3.000 ÷ 5,2456 + 4.080 = 4.651,91
    expect(row).toMatchObject({
      valorUSD: 4080,
      valorBRL: 3000,
      custoTotalBRL: 24402.05,
      custoTotalUSD: 4651.91,
    });
    expect(chargeLineText(fee(row, 'THC'))).toBe('2 × R$ 1.500,00 = R$ 3.000,00');
    expect(chargeLineText(fee(row, 'ISPS'))).toBe('2 × US$ 15,00 = US$ 30,00');
    expect(chargeLineText(fee(row, 'BL FEE'))).toBe('1 × US$ 50,00 = US$ 50,00');
  });

  it('one row per destination, each priced with its own freight and THC', async () => {
    const body = await comparison(fcl);
    const navegantes = rowOf(body, fcl, 1, 'Navegantes');
    const itapoa = rowOf(body, fcl, 1, 'Itapoá');
    // Navegantes: USD 2 × 1.390 + 50 = 2.830; BRL THC 2 × 1.300 + road 2 × 1.035 = 4.670
    expect(navegantes).toMatchObject({
      valorUSD: 2830,
      valorBRL: 2600,
      custoRodoviario: 2070,
      custoTotalBRL: 19515.05,
      custoTotalUSD: 3720.27,
    });
    // Itapoá: USD 2 × 1.350 + 50 = 2.750; BRL THC 2 × 1.250 + road 2 × 2.100 = 6.700
    expect(itapoa).toMatchObject({
      valorUSD: 2750,
      valorBRL: 2500,
      custoRodoviario: 4200,
      custoTotalBRL: 21125.4,
      custoTotalUSD: 4027.26,
    });
    // its own transit: 45 days to Navegantes, 43 to Itapoá
    expect([navegantes.prazo.valor, itapoa.prazo.valor]).toEqual([45, 43]);
    expect(navegantes.taxas.map((t) => [t.nome, t.destino, t.valor])).toEqual([
      ['THC', 'Navegantes', 1300],
      ['BL FEE', null, 50],
    ]);
  });

  it('two ports in one reply, a line per route ("Ningbo x Itajaí: …"): each its own freight, THC and transit', async () => {
    const body = await comparison(twoPorts);
    const santos = rowOf(body, twoPorts, 0, 'Santos');
    const itajai = rowOf(body, twoPorts, 0, 'Itajaí');
    // Santos: USD 2 × 1.900 + BL 60 = 3.860; BRL THC 2 × 1.350 = 2.700; no road.
    // 3.860 × 5,2456 + 2.700 = 22.948,02; 22.948,016 ÷ 5,2456 = 4.374,72
    expect(santos).toMatchObject({ valorUSD: 3860, valorBRL: 2700, custoRodoviario: 0 });
    expect([santos.custoTotalBRL, santos.custoTotalUSD, santos.prazo.valor]).toEqual([22948.02, 4374.72, 30]);
    // Itajaí: USD 2 × 2.050 + 60 = 4.160; BRL THC 2 × 1.200 = 2.400 + road 2 × 1.035 = 2.070.
    // 4.160 × 5,2456 + 4.470 = 26.291,70; 26.291,696 ÷ 5,2456 = 5.012,14
    expect(itajai).toMatchObject({ valorUSD: 4160, valorBRL: 2400, custoRodoviario: 2070 });
    expect([itajai.custoTotalBRL, itajai.custoTotalUSD, itajai.prazo.valor]).toEqual([26291.7, 5012.14, 34]);
  });

  it('two ports in a table typed with bars: the THC column is a fee per container, not a second freight', async () => {
    const body = await comparison(twoPorts);
    const santos = rowOf(body, twoPorts, 1, 'Santos');
    const itajai = rowOf(body, twoPorts, 1, 'Itajaí');
    expect(santos.fretes.map((f) => [f.tipo, f.valor])).toEqual([['40HC', 1950]]);
    expect(chargeLineText(fee(santos, 'THC'))).toBe('2 × R$ 1.400,00 = R$ 2.800,00');
    // Santos: USD 2 × 1.950 = 3.900; BRL 2 × 1.400 + BL 380 = 3.180.
    // 3.900 × 5,2456 + 3.180 = 23.637,84; ÷ 5,2456 = 4.506,22
    expect(santos).toMatchObject({ valorUSD: 3900, valorBRL: 3180 });
    expect([santos.custoTotalBRL, santos.custoTotalUSD, santos.prazo.valor]).toEqual([23637.84, 4506.22, 31]);
    // Itajaí: USD 2 × 1.880 = 3.760; BRL 2 × 1.250 + 380 = 2.880 + road 2.070.
    // 3.760 × 5,2456 + 4.950 = 24.673,46; ÷ 5,2456 = 4.703,65
    expect(itajai).toMatchObject({ valorUSD: 3760, valorBRL: 2880, custoRodoviario: 2070 });
    expect([itajai.custoTotalBRL, itajai.custoTotalUSD, itajai.prazo.valor]).toEqual([24673.46, 4703.65, 36]);
  });

  it('a THC quoted per container type counts each price for the containers of its type', async () => {
    const row = rowOf(await comparison(mixed), mixed, 0);
    // USD: 3 × 2.000 + 1 × 1.200 + BL 50 = 7.250; BRL: THC 3 × 1.450 + 1 × 1.100 = 5.450 (not 4 × 1.450)
    // BRL total 7.250 × 5,2456 + 5.450 = 43.480,60; USD 43.480,60 ÷ 5,2456 = 8.288,966 → 8.288,97
    expect(row).toMatchObject({
      valorUSD: 7250,
      valorBRL: 5450,
      custoTotalBRL: 43480.6,
      custoTotalUSD: 8288.97,
    });
    const thc = row.taxas.filter((taxa) => taxa.nome === 'THC');
    expect(thc.map((taxa) => [taxa.contabilizada, chargeLineText(taxa)])).toEqual([
      [true, '1 20DV × R$ 1.100,00 = R$ 1.100,00'],
      [true, '3 40HC × R$ 1.450,00 = R$ 4.350,00'],
    ]);
    // The quote asked "20DV": the screen and the carrier's e-mail say 20DV (the reading's 20DC is one type).
    expect(row.fretes.map((frete) => [frete.tipo, frete.quantidade])).toEqual([
      ['40HC', 3],
      ['20DV', 1],
    ]);
    const approved = await call(mixed, 'POST', `/api/quotes/${mixed.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(mixed.carriers[0]!.email) && m.subject === `Cotação ${mixed.quote.codigo} aprovada`,
      ),
    );
    for (const line of [
      'Frete 40HC: 3 × US$ 2.000,00 = US$ 6.000,00',
      'Frete 20DV: 1 × US$ 1.200,00 = US$ 1.200,00',
      'THC: 1 20DV × R$ 1.100,00 = R$ 1.100,00',
      'THC: 3 40HC × R$ 1.450,00 = R$ 4.350,00',
    ])
      expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('20DC');
  });

  it('LCL per W/M: the greater of 3,2 t and 12,5 m³; per m³ × 12,5; per BL once', async () => {
    const row = rowOf(await comparison(lcl), lcl, 0);
    // 45 × 12,5 = 562,50 (above the minimum of 90) + handling 8 × 12,5 = 100 → USD 662,50; BRL 180
    expect(row).toMatchObject({
      valorUSD: 662.5,
      valorBRL: 180,
      custoRodoviario: 0,
      custoTotalBRL: 3655.21,
      custoTotalUSD: 696.81,
    });
    expect(row.fretes[0]).toMatchObject({ tipo: 'WM', quantidade: 12.5, base: 'wm', valorTotal: 562.5 });
    expect(fee(row, 'HANDLING')).toMatchObject({ quantidade: 12.5, base: 'm3', valorTotal: 100 });
    // The freight's unit by its name in the documents (QA pass 13: "Frete WM"), with the same figures.
    const { workbook, cell } = await excelSummaryRow(lcl, row.transportador.nome);
    expect(cell('Frete por W/M (unitário)')).toBe(45);
    const detail = workbook.getWorksheet('Detalhamento')!;
    const items: unknown[] = [];
    detail.eachRow((r) => items.push(...(r.values as unknown[])));
    expect(items).toContain('Frete por W/M');
    expect(items).not.toContain('Frete WM');
    const flat = await pdfText(lcl);
    expect(flat).toContain('Frete 12,5 W/M × US$ 45,00 = US$ 562,50');
    expect(flat).not.toContain('WM 12,5');
  });

  it('the screen, the comparative Excel and PDF show the same hand-computed totals and quantities', async () => {
    const row = rowOf(await comparison(fcl), fcl, 0);
    expect([row.custoTotalBRL, row.custoTotalUSD]).toEqual([34208.69, 6521.41]);

    const { workbook, cell } = await excelSummaryRow(fcl, 'Atlântica Cargas');
    expect(cell('Total (BRL)')).toBe(34208.69);
    expect(cell('Total (USD)')).toBe(6521.41);
    expect(cell('Taxas (BRL)')).toBe(2840);
    const detail = workbook.getWorksheet('Detalhamento')!;
    const detailHeaders = (detail.getRow(1).values as unknown[]).map(String);
    const thc = [...Array(detail.rowCount).keys()]
      .map((i) => detail.getRow(i + 1))
      .find(
        (r) =>
          r.getCell(detailHeaders.indexOf('Agente de carga')).value === 'Atlântica Cargas' &&
          r.getCell(detailHeaders.indexOf('Item')).value === 'THC',
      )!;
    expect(thc.getCell(detailHeaders.indexOf('Quantidade')).value).toBe(2);
    expect(thc.getCell(detailHeaders.indexOf('Valor contabilizado')).value).toBe(2840);
    expect(thc.getCell(detailHeaders.indexOf('Cálculo')).value).toBe('2 × R$ 1.420,00 = R$ 2.840,00');

    const flat = await pdfText(fcl);
    expect(flat).toContain(formatNumber(34208.69));
    expect(flat).toContain(formatNumber(6521.41));
    expect(flat).toContain('THC 2 × R$ 1.420,00 = R$ 2.840,00');
    expect(flat).toContain('ISPS 2 × US$ 15,00 = US$ 30,00');
    expect(flat).toContain('40HC 2 × US$ 2.950,00 = US$ 5.900,00');
  });
});

describe('revisions (issue 30)', () => {
  it('a revision restating its fees inline keeps them: the saving is 2 × 150 = USD 300', async () => {
    const row = rowOf(await comparison(revised), revised, 0);
    expect(row.versao).toBe(2);
    expect(row.taxas.map((t) => [t.nome, t.valor, t.quantidade])).toEqual([
      ['THC', 1450, 2],
      ['DOC FEE', 50, 1],
    ]);
    // v2: USD 2 × 2.800 + 50 = 5.650, BRL 2 × 1.450 = 2.900; v1 had 5.950 and 2.900
    expect(row).toMatchObject({ valorUSD: 5650, valorBRL: 2900, custoTotalBRL: 32537.64 });
    expect(row.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: -1573.68,
      custoTotalUSD: -300,
      prazo: 0,
    });
    expect(row.taxasAusentes).toBeUndefined();
    // Complete, but the other carrier's v2, completed at this one's THC and doc fee, is lower (R$ 31.488,52).
    expect(row.destaque.menorCusto).toBe(false);
  });

  it('a revision without fees: badge, "Menor custo" only by its estimate, no saving; kept from v1 and added by hand', async () => {
    let row = rowOf(await comparison(revised), revised, 1);
    // v2 without fees: USD 2 × 2.700 = 5.400 → R$ 28.326,24, the lowest figure but incomplete
    expect(row).toMatchObject({ versao: 2, valorUSD: 5400, valorBRL: 0, custoTotalBRL: 28326.24 });
    expect(row.taxasAusentes).toEqual(['THC', 'DOC FEE']);
    // Completed at its own version 1's amounts (its price): THC 2 × 1.450 = R$ 2.900,00, doc fee USD 50 ×
    // 5,2456 = R$ 262,28 → R$ 31.488,52, below Atlântica's complete R$ 32.537,64: 'Menor custo (estimado)'.
    expect(row.destaque.menorCusto).toBe(true);
    expect(row.menorCustoEstimado).toEqual({
      totalBRL: 31488.52,
      taxas: [
        { nome: 'THC', valorBRL: 2900, transportador: 'Pacífico Logística', versaoAnterior: 1 },
        { nome: 'DOC FEE', valorBRL: 262.28, transportador: 'Pacífico Logística', versaoAnterior: 1 },
      ],
    });
    expect(row.variacao).toMatchObject({ versaoAnterior: 1, incompleta: true });
    // The comparative PDF says it too (QA pass 8: its table showed the drop as a saving, unmarked): the
    // total is marked, the change is "not a saving", the chart's value says 'incompleta'.
    // v1: (2 × 2.900 + 50) × 5,2456 + 2 × 1.450 = 33.586,76 → v2 28.326,24: −5.260,52
    const flat = await pdfText(revised);
    expect(flat).toContain(
      `${formatNumber(28326.24)} incompleta Menor custo (estimado): ${formatNumber(31488.52)} -${formatNumber(5260.52)} vs v1 (incompleta: não é economia)`,
    );
    // Beside its green bar: the mark (the estimate itself does not fit there; the table and the calculation
    // lines say it).
    expect(flat).toContain(`R$ ${formatNumber(28326.24)} · incompleta · Menor custo (estimado)`);
    expect(flat).toContain(
      'Menor custo (estimado): Estimado em R$ 31.488,52, completando com THC da versão 1 (R$ 2.900,00), DOC FEE da versão 1 (R$ 262,28)',
    );
    expect(row.taxasVersaoAnterior?.map((f) => [f.nome, f.valor, f.moeda, f.unidade, f.versao])).toEqual([
      ['THC', 1450, 'BRL', 'CNTR', 1],
      ['DOC FEE', 50, 'USD', 'BL', 1],
    ]);

    const add = (payload: object) =>
      call(revised, 'POST', `/api/quotes/${revised.quote.id}/respostas/${row.respostaId}/taxas`, payload);
    const { nome, moeda, valor, unidade, destino, versao } = row.taxasVersaoAnterior![0]!;
    // Kept as the carrier wrote it (QA pass 32: kept fees showed the engine's names, 'DOC FEE', 'TELEX
    // RELEASE'), compared by its kind.
    const rotulo = 'Terminal handling (THC destino)';
    const kept = await add({
      nome,
      moeda,
      valor,
      unidade,
      destino,
      versao,
      origem: 'versao_anterior',
      rotulo,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    row = rowOf(await comparison(revised), revised, 1);
    expect(fee(row, 'THC')).toMatchObject({
      rotulo,
      valor: 1450,
      quantidade: 2,
      valorTotal: 2900,
      origem: 'versao_anterior',
      contabilizada: true,
    });
    expect(fee(row, 'THC').adicionadaPor).toMatch(/^Analista /);
    expect(row.taxasAusentes).toEqual(['DOC FEE']);
    // 28.326,24 + 2.900 = 31.226,24, + its version 1's doc fee R$ 262,28 → R$ 31.488,52 (estimado), still lowest.
    expect(row.destaque.menorCusto).toBe(true);
    expect(row.menorCustoEstimado).toEqual({
      totalBRL: 31488.52,
      taxas: [{ nome: 'DOC FEE', valorBRL: 262.28, transportador: 'Pacífico Logística', versaoAnterior: 1 }],
    });

    const typed = await add({ nome: 'DOC FEE', moeda: 'USD', valor: 50, unidade: 'BL', origem: 'manual' });
    expect(typed.statusCode, typed.body).toBe(200);
    row = rowOf(await comparison(revised), revised, 1);
    // USD 5.400 + 50 = 5.450; BRL 2 × 1.450 = 2.900 → 5.450 × 5,2456 + 2.900 = 31.488,52
    expect(row).toMatchObject({ valorUSD: 5450, valorBRL: 2900, custoTotalBRL: 31488.52 });
    expect(fee(row, 'DOC FEE')).toMatchObject({ origem: 'manual', quantidade: 1, valorTotal: 50 });
    expect(row.taxasAusentes).toBeUndefined();
    expect(row.destaque.menorCusto).toBe(true);
    expect(row.menorCustoEstimado).toBeUndefined();
    // against v1 (USD 5.850, BRL 2.900): −400 USD, a real saving now
    expect(row.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: -2098.24,
      custoTotalUSD: -400,
      prazo: -2,
    });
  });

  it('refuses a fee line without a name or with an unknown unit, with pt-BR messages', async () => {
    const row = rowOf(await comparison(revised), revised, 1);
    const response = await call(
      revised,
      'POST',
      `/api/quotes/${revised.quote.id}/respostas/${row.respostaId}/taxas`,
      {
        nome: ' ',
        moeda: 'USD',
        valor: 10,
        unidade: 'XYZ',
        origem: 'manual',
      },
    );
    expect(response.statusCode).toBe(400);
    const paths = (response.json().errors as { path: string; message: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['nome', 'unidade']));
    expect(response.json().errors[0].message).toMatch(/[ãçéíóú]|Informe/);
  });
});

describe('a revision that says only its new freight (ADR 0024 addendum)', () => {
  it('keeps its port, road cost, fees, transit, free time and validity: the screen, Excel, PDF and the approval agree', async () => {
    // v2 of Atlântica: "USD 1.900,00 por contêiner" for the 2 × 40HC asked, "Demais condições sem
    // alteração": v1's Navegantes (road 2 × 1.035 = 2.070), THC 2 × 1.300 = R$ 2.600, Doc fee USD 50.
    // USD 2 × 1.900 + 50 = 3.850 × 5,2456 = 20.195,56 + 2.600 + 2.070 = R$ 24.865,56;
    // US$ 3.850 + 4.670 ÷ 5,2456 = 4.740,27. Against v1 (USD 4.050): −200 USD = −R$ 1.049,12.
    const body = await comparison(kept);
    const row = rowOf(body, kept, 0);
    expect(row).toMatchObject({
      versao: 2,
      destino: 'Navegantes',
      destinoVersaoAnterior: 1,
      valorUSD: 3850,
      valorBRL: 2600,
      custoRodoviario: 2070,
      custoTotalBRL: 24865.56,
      custoTotalUSD: 4740.27,
    });
    expect(row.fretes.map((f) => [f.tipo, f.valor, f.quantidade])).toEqual([['40HC', 1900, 2]]);
    expect(row.taxas.map((t) => [t.nome, t.valor, t.quantidade, t.origem])).toEqual([
      ['THC', 1300, 2, 'versao_anterior'],
      ['DOC FEE', 50, 1, 'versao_anterior'],
    ]);
    expect([row.prazo.valor, row.freeTime.valor, row.validade.valor]).toEqual([40, 21, '2026-12-30']);
    expect([row.prazo.versaoAnterior, row.freeTime.versaoAnterior, row.validade.versaoAnterior]).toEqual([
      1, 1, 1,
    ]);
    expect(row.condicoesMantidas).toEqual({ trecho: 'Demais condições sem alteração.', versao: 1 });
    // The response card reads the carrier's words from the list (its serializer keeps the field).
    const list = (await call(kept, 'GET', `/api/quotes/${kept.quote.id}/respostas`)).json().data as {
      transportadorId: string;
      dadosExtraidos: { final: { condicoesMantidas?: { text: string } } } | null;
    }[];
    const entry = list.find((item) => item.transportadorId === kept.carriers[0]!.id)!;
    expect(entry.dadosExtraidos?.final.condicoesMantidas?.text).toBe('Demais condições sem alteração.');
    expect(row.variacao).toEqual({
      versaoAnterior: 1,
      custoTotalBRL: -1049.12,
      custoTotalUSD: -200,
      prazo: 0,
    });
    // Pacífico, Itajaí: 2 × 2.100 + 50 = 4.250 × 5,2456 + 2.600 + 2.070 = R$ 26.963,80. Atlântica is cheaper,
    // and "Doc fee per BL" is the charge Pacífico calls "BL fee": nothing is missing.
    expect(rowOf(body, kept, 1).custoTotalBRL).toBe(26963.8);
    expect(row.taxasAusentes).toBeUndefined();
    expect(row.destaque.menorCusto).toBe(true);

    const { cell, workbook } = await excelSummaryRow(kept, 'Atlântica Cargas');
    // Unit price apart from the freight counted: 2 × 1.900 = 3.800 + fees 50 = the USD 3.850 above.
    expect(cell('Frete 40HC (unitário)')).toBe(1900);
    expect(cell('Frete (USD)')).toBe(3800);
    expect(cell('Taxas (USD)')).toBe(50);
    expect(cell('Taxas (BRL)')).toBe(2600);
    expect(cell('Total (BRL)')).toBe(24865.56);
    expect(cell('Total (USD)')).toBe(4740.27);
    expect(cell('Da versão anterior')).toBe(
      'Mantido da versão 1 (a revisão não repetiu): destino, transit time, free time, validade, taxas THC, Doc fee',
    );
    // The detail sheet says where each line was read, in words: the v2 body, or version 1.
    const detail = workbook.getWorksheet('Detalhamento')!;
    const detailHeaders = (detail.getRow(1).values as unknown[]).map(String);
    const origins = [...Array(detail.rowCount).keys()]
      .map((i) => detail.getRow(i + 1))
      .filter((r) => r.getCell(detailHeaders.indexOf('Agente de carga')).value === 'Atlântica Cargas')
      .map((r) => [
        r.getCell(detailHeaders.indexOf('Item')).value,
        r.getCell(detailHeaders.indexOf('Origem')).value,
      ]);
    expect(origins).toEqual([
      ['Frete 40HC', 'Corpo do e-mail'],
      ['THC', 'Versão 1 desta transportadora'],
      ['Doc fee', 'Versão 1 desta transportadora'],
    ]);

    const flat = await pdfText(kept);
    expect(flat).toContain(formatNumber(24865.56));
    expect(flat).toContain('THC 2 × R$ 1.300,00 = R$ 2.600,00');
    expect(flat).toContain(
      'Mantido da versão 1 (a revisão não repetiu): destino, transit time, free time, validade, taxas THC, Doc fee',
    );

    // The approval restates v1's terms the revision kept; the carrier's charges: R$ 2.600 + 3.850 × 5,2456
    // = 22.795,56; US$ 2.600 ÷ 5,2456 + 3.850 = 4.345,65.
    const approved = await call(kept, 'POST', `/api/quotes/${kept.quote.id}/approve`, {
      responseId: row.respostaId,
      destino: 'Navegantes',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(kept.carriers[0]!.email) && m.subject === `Cotação ${kept.quote.codigo} aprovada`,
      ),
    );
    for (const line of [
      'Destino: Navegantes',
      'Frete 40HC: 2 × US$ 1.900,00 = US$ 3.800,00',
      'THC: 2 × R$ 1.300,00 = R$ 2.600,00',
      'Doc fee: 1 × US$ 50,00 = US$ 50,00',
      'Total: R$ 22.795,56 (US$ 4.345,65)',
      'Transit time: 40 dias',
      'Free time no destino: 21 dias',
      'Validade da proposta: 30/12/2026',
    ])
      expect(mail.text).toContain(line);
  });
});

describe('a revision of one port or type that keeps the rest (ADR 0024 addendum, the QA pass)', () => {
  it('keeps the 20DV price and the other ports: the screen, Excel, PDF and the approval e-mail agree', async () => {
    // At 5,2456. Atlântica v2 "melhorar para Santos: 40HC USD 1.650,00 … Demais condições mantidas":
    //   Santos: USD 2 × 1.650 + 1.100 (v1's 20DV) + BL 60 = 4.460 × 5,2456 = 23.395,38 + THC 3 × 1.500 = 4.500
    //   → R$ 27.895,38; US$ 4.460 + 4.500 ÷ 5,2456 = 5.317,86. Against v1 (USD 4.760): −USD 300 = −R$ 1.573,68.
    //   Itapoá (v1's, unchanged): USD 2 × 1.700 + 1.050 + 60 = 4.510 × 5,2456 = 23.657,66 + 4.500 + road
    //   3 × 2.100 = 6.300 → R$ 34.457,66.
    // Pacífico v2 "Nova opção com destino Navegantes: 40HC 1.700 / 20DV 1.100, THC R$ 1.250 … sem alteração":
    //   Navegantes: USD 2 × 1.700 + 1.100 + BL 60 (v1) = 4.560 × 5,2456 = 23.919,94 + THC 3 × 1.250 = 3.750
    //   + road 3 × 1.035 = 3.105 → R$ 30.774,94. Santos (v1's): USD 2 × 1.850 + 1.150 + 60 = 4.910 × 5,2456
    //   = 25.755,90 + 4.500 → R$ 30.255,90. Itapoá (v1's): 4.660 × 5,2456 = 24.444,50 + 4.500 + 6.300 → R$ 35.244,50.
    const body = await comparison(partial);
    const totals = body.linhas.map((row) => [
      row.transportador.nome,
      row.destino,
      row.versao,
      row.custoTotalBRL,
      row.destinoVersaoAnterior ?? null,
    ]);
    expect(totals).toEqual([
      ['Atlântica Cargas', 'Santos', 2, 27895.38, null],
      ['Pacífico Logística', 'Santos', 2, 30255.9, 1],
      ['Pacífico Logística', 'Navegantes', 2, 30774.94, null],
      ['Atlântica Cargas', 'Itapoá', 2, 34457.66, 1],
      ['Pacífico Logística', 'Itapoá', 2, 35244.5, 1],
    ]);
    const santos = rowOf(body, partial, 0, 'Santos');
    expect(santos.custoTotalUSD).toBe(5317.86);
    expect(santos.fretes.map((f) => [f.tipo, f.valor, f.quantidade, f.versaoAnterior ?? null])).toEqual([
      ['40HC', 1650, 2, null],
      ['20DV', 1100, 1, 1],
    ]);
    expect(santos.variacao).toMatchObject({
      versaoAnterior: 1,
      custoTotalBRL: -1573.68,
      custoTotalUSD: -300,
    });
    expect(santos.destaque.menorCusto).toBe(true);
    expect(rowOf(body, partial, 0, 'Itapoá').variacao).toMatchObject({ custoTotalBRL: 0 });

    const excel = await call(partial, 'GET', `/api/quotes/${partial.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const excelTotals = [...Array(summary.rowCount).keys()]
      .map((i) => summary.getRow(i + 1))
      .filter((r) => r.number > SUMMARY_HEADER_ROW && r.getCell(headers.indexOf('Agente de carga')).value)
      .map((r) => [
        r.getCell(headers.indexOf('Agente de carga')).value,
        r.getCell(headers.indexOf('Destino')).value,
        r.getCell(headers.indexOf('Total (BRL)')).value,
      ]);
    expect(excelTotals).toEqual(totals.map(([nome, destino, , total]) => [nome, destino, total]));

    const flat = await pdfText(partial);
    for (const [, , , total] of totals) expect(flat).toContain(formatNumber(total as number));

    const approved = await call(partial, 'POST', `/api/quotes/${partial.quote.id}/approve`, {
      responseId: santos.respostaId,
      destino: 'Santos',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(partial.carriers[0]!.email) &&
          m.subject === `Cotação ${partial.quote.codigo} aprovada`,
      ),
    );
    for (const line of [
      'Destino: Santos',
      'Frete 40HC: 2 × US$ 1.650,00 = US$ 3.300,00',
      'Frete 20DV: 1 × US$ 1.100,00 = US$ 1.100,00',
      'THC: 3 × R$ 1.500,00 = R$ 4.500,00',
      'BL fee: 1 × US$ 60,00 = US$ 60,00',
      'Total: R$ 27.895,38 (US$ 5.317,86)',
    ])
      expect(mail.text).toContain(line);
  });
});

describe('a reply written as an HTML table only (the QA pass)', () => {
  it('each port its own freight per type and THC: the screen and the Excel agree with the hand computation', async () => {
    const scenario = await quoteScenario(ctx, {
      quote: {
        destino: 'Santos ou Itapoá, BR',
        itens: [
          { mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null },
        ],
      },
      carriers: [{ nome: 'Ômega Shipping', email: 'rates@omega-h.com' }],
    });
    // As an HTML mail client writes it: the markup over several lines, no text part.
    const html = [
      '<html><body>',
      '<p>Dear team,</p>',
      '<p>Please see our rates Ningbo x Santos / Itapoá:</p>',
      '<table border="1">',
      '  <tr><th>POD</th><th>20DV</th><th>40HC</th><th>THC destination</th><th>Transit</th></tr>',
      '  <tr>',
      '    <td>Santos</td>',
      '    <td>USD 1,150.00</td>',
      '    <td>USD 1,850.00</td>',
      '    <td>BRL 1,350.00 / cntr</td>',
      '    <td>32 days</td>',
      '  </tr>',
      '  <tr>',
      '    <td>Itapoá</td>',
      '    <td>USD 1,100.00</td>',
      '    <td>USD 1,780.00</td>',
      '    <td>BRL 1,250.00 / cntr</td>',
      '    <td>35 days</td>',
      '  </tr>',
      '</table>',
      '<p>BL fee USD 75.00 per BL<br>Free time 14 days<br>Validity 30/12/2026</p>',
      '<p>Best regards,<br>Ômega Shipping</p>',
      '</body></html>',
    ].join('\r\n');
    const raw = Buffer.from(
      [
        `From: Rates <${scenario.carriers[0]!.email}>`,
        `To: ${scenario.replyTo(0)}`,
        'Subject: RE: Cotação',
        `Message-ID: <html-table-${Date.now()}@omega-h.com>`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        html,
        '',
      ].join('\r\n'),
    );
    await ctx.app.services.inbound.ingest(raw, { source: 'imap' });
    await waitFor(async () => {
      const list = (await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/respostas`)).json()
        .data as {
        atual: { extracao: string } | null;
      }[];
      return list[0]?.atual?.extracao === 'concluida';
    }, 30_000);
    // At 5,2456: Santos USD 2 × 1.850 + 1.150 + BL 75 = 4.925 × 5,2456 = 25.834,58 + THC 3 × 1.350 = 4.050
    // → R$ 29.884,58. Itapoá USD 2 × 1.780 + 1.100 + 75 = 4.735 × 5,2456 = 24.837,92 + THC 3 × 1.250 = 3.750
    // + road 3 × 2.100 = 6.300 → R$ 34.887,92.
    const body = await comparison(scenario);
    expect(
      body.linhas.map((row) => [
        row.destino,
        row.valorUSD,
        row.valorBRL,
        row.custoRodoviario,
        row.custoTotalBRL,
      ]),
    ).toEqual([
      ['Santos', 4925, 4050, 0, 29884.58],
      ['Itapoá', 4735, 3750, 6300, 34887.92],
    ]);
    const santos = body.linhas[0]!;
    expect(santos.fretes.map((f) => [f.tipo, f.valor, f.quantidade])).toEqual([
      ['20DV', 1150, 1],
      ['40HC', 1850, 2],
    ]);
    expect(santos.taxasAusentes).toBeUndefined();
    expect(santos.destaque.menorCusto).toBe(true);
    const { cell } = await excelSummaryRow(scenario, 'Ômega Shipping');
    expect(cell('Total (BRL)')).toBe(29884.58);
  });
});

describe("the winner's e-mail (issue 30)", () => {
  it('restates what was agreed at the margin approved from: freight per unit, fees, total, rate, transit, free time, validity, destination', async () => {
    // Pacífico to Navegantes, approved from the Comparação tab at a 3 % margin: 5,1177 × 1,03 = 5,2712.
    // Its charges: USD 2 × 1.390 + BL 50 = 2.830; BRL THC 2 × 1.300 = 2.600. BRL 2.600 + 2.830 × 5,2712 =
    // 17.517,50; USD 2.600 ÷ 5,2712 + 2.830 = 3.323,25. The road estimate (2 × 1.035 = 2.070) is the
    // importer's, in the tab's total (19.587,50 at this margin) but not in what the carrier charges.
    const row = rowOf(await comparison(fcl), fcl, 1, 'Navegantes');
    const approved = await call(fcl, 'POST', `/api/quotes/${fcl.quote.id}/approve`, {
      responseId: row.respostaId,
      destino: 'Navegantes',
      exchangeMargin: 3,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) => m.to.includes(fcl.carriers[1]!.email) && m.subject === `Cotação ${fcl.quote.codigo} aprovada`,
      ),
    );
    for (const line of [
      'Condições aprovadas:',
      'Origem: Shanghai, CN',
      'Destino: Navegantes',
      'Incoterm: FOB',
      'Frete 40HC: 2 × US$ 1.390,00 = US$ 2.780,00',
      'THC: 2 × R$ 1.300,00 = R$ 2.600,00',
      'BL fee: 1 × US$ 50,00 = US$ 50,00',
      'Total: R$ 17.517,50 (US$ 3.323,25)',
      'Câmbio: USD 1 = R$ 5,2712 (PTAX 5,1177 + margem de 3%)',
      'Transit time: 45 dias',
      'Free time no destino: 14 dias',
      'Validade da proposta: 30/12/2026',
    ])
      expect(mail.text).toContain(line);
    expect(mail.text).not.toMatch(/rodovi|2\.070/);
  });
});

describe('replies as QA pass 4 wrote them, through the pipeline to the documents', () => {
  it('"Conseguimos USD 2.250/40HC. Demais condições mantidas." is the new freight, the fees kept: ▼ R$ 1.573,68', async () => {
    const row = rowOf(await comparison(pass4), pass4, 0);
    expect(row.versao).toBe(2);
    expect(row.fretes.map((f) => [f.tipo, f.valor, f.quantidade])).toEqual([['40HC', 2250, 2]]);
    // No fee named "Conseguimos": THC and Doc fee of v1, kept.
    expect(row.taxas.map((t) => [t.nome, t.valor, t.origem])).toEqual([
      ['THC', 1450, 'versao_anterior'],
      ['DOC FEE', 50, 'versao_anterior'],
    ]);
    // v2: (2 × 2.250 + 50) × 5,2456 + 2 × 1.450 = 23.867,48 + 2.900 = R$ 26.767,48;
    // v1: (2 × 2.400 + 50) × 5,2456 + 2.900 = R$ 28.341,16 → ▼ R$ 1.573,68, USD 300 less.
    expect(row.custoTotalBRL).toBe(26767.48);
    expect(row.variacao).toMatchObject({ versaoAnterior: 1, custoTotalBRL: -1573.68, custoTotalUSD: -300 });
    // The documents show the total and the change too (QA pass 4: they showed only a version number).
    const { cell } = await excelSummaryRow(pass4, 'Navegação Pacífico');
    expect(cell('Total (BRL)')).toBe(26767.48);
    expect(cell('Variação frente à versão anterior (BRL)')).toBe(-1573.68);
    expect(cell('Variação frente à versão anterior (USD)')).toBe(-300);
    const flat = await pdfText(pass4);
    expect(flat).toContain(formatNumber(26767.48));
    expect(flat).toContain(`-${formatNumber(1573.68)} vs v1`);
    expect(flat).toContain(`-${formatNumber(300)} vs v1`);
  });

  it('"POD Santos" / "POD Paranagua" under "offer Shanghai to Brazil:": each port its own row, on screen, Excel and PDF', async () => {
    const body = await comparison(pass4);
    // (2 × 2.300 + 75) × 5,2456 + 2 × 1.450 = 24.523,18 + 2.900 = R$ 27.423,18, 32 days;
    // (2 × 2.000 + 75) × 5,2456 + 2.900 = 21.375,82 + 2.900 = R$ 24.275,82, 36 days.
    expect(rowOf(body, pass4, 1, 'Santos')).toMatchObject({ custoTotalBRL: 27423.18, prazo: { valor: 32 } });
    expect(rowOf(body, pass4, 1, 'Paranaguá')).toMatchObject({
      custoTotalBRL: 24275.82,
      prazo: { valor: 36 },
    });
    const { workbook } = await excelSummaryRow(pass4, 'Maré Alta');
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const totals = [...Array(summary.rowCount).keys()]
      .map((i) => summary.getRow(i + 1))
      .filter((r) => r.getCell(headers.indexOf('Agente de carga')).value === 'Maré Alta')
      .map((r) => r.getCell(headers.indexOf('Total (BRL)')).value);
    expect(totals.sort()).toEqual([24275.82, 27423.18]);
    const flat = await pdfText(pass4);
    expect(flat).toContain(formatNumber(27423.18));
    expect(flat).toContain(formatNumber(24275.82));
  });
});

describe('air on one basis per quote (QA pass 13), through the pipeline to the documents', () => {
  it('"450 kg / 2,8 m³" in the weight field: 467 kg chargeable (466,67 up to 0,5 kg) on every row; "C.W. 467 kgs" read', async () => {
    const air = await quoteScenario(ctx, {
      quote: {
        tipoFrete: 'AÉREO',
        destino: 'Viracopos, BR',
        pesoBrutoTotal: '450 kg / 2,8 m³',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '3 volumes', dimensoes: null }],
      },
      carriers: [
        { nome: 'Skyway Air', email: 'rates@skyway-b.com' },
        { nome: 'Céu Claro', email: 'aereo@ceuclaro-b.com.br' },
      ],
    });
    await reply(
      air,
      0,
      [
        'Dear team,',
        '',
        'Air freight FRA/VCP: USD 3,85/kg (min USD 150,00)',
        'FSC: USD 0,95/kg',
        'AWB fee: USD 35,00',
      ].join('\n'),
    );
    await reply(
      air,
      1,
      ['Prezados,', '', 'All-in USD 4,90/kg, C.W. 467 kgs', 'AWB fee: USD 40,00'].join('\n'),
    );
    const body = await comparison(air);
    const [sky, claro] = [0, 1].map((carrier) => rowOf(body, air, carrier));
    // Skyway: (3,85 + 0,95) × 467 + 35 = USD 2.276,60 × 5,2456 = R$ 11.942,13 (at 450 kg it read 2.195,00).
    expect(sky).toMatchObject({ valorUSD: 2276.6, custoTotalBRL: 11942.13 });
    expect(sky!.fretes[0]).toMatchObject({ quantidade: 467, valorTotal: 1797.95 });
    // Céu Claro: 4,90 × 467 + 40 = USD 2.328,30 × 5,2456 = R$ 12.213,33.
    expect(claro).toMatchObject({ valorUSD: 2328.3, custoTotalBRL: 12213.33 });
    expect((await excelSummaryRow(air, 'Skyway Air')).cell('Total (BRL)')).toBe(11942.13);
    const flat = await pdfText(air);
    expect(flat).toContain(formatNumber(11942.13));
    expect(flat).toContain(formatNumber(12213.33));
  });
});

describe('QA pass 6: air on the chargeable weight, LCL per tonne, through the pipeline to the documents', () => {
  it('air: 180 kg in 5 boxes of 80x60x50 cm is 200 kg chargeable; "incl. FSC/SSC" is complete and the cheapest', async () => {
    const air = await quoteScenario(ctx, {
      quote: {
        tipoFrete: 'AÉREO',
        destino: 'Guarulhos, BR',
        pesoBrutoTotal: '180 kg',
        itens: [
          { mercadoria: 'Peças eletrônicas', quantidadeVolumes: '5 caixas', dimensoes: '5 x 80x60x50 cm' },
        ],
      },
      carriers: [
        { nome: 'Céu Azul Cargas', email: 'ops@ceuazul-a.com.br' },
        { nome: 'Maré Alta Air', email: 'air@marealta-a.com' },
        { nome: 'Pacífico Aéreo', email: 'aereo@pacifico-a.com.br' },
      ],
    });
    await reply(
      air,
      0,
      [
        'Dear Sirs,',
        '',
        'Segue cotação aérea PVG > GRU',
        '',
        'Peso taxável: 200 kg (cubado 1:6000)',
        'Air freight: USD 4,80/kg (+45 kg), min USD 95,00',
        'Fuel surcharge (FSC): USD 1,10/kg',
        'Security (SSC): USD 0,15/kg',
        'AWB fee: USD 35,00',
        'Handling origem: USD 60,00',
        'Liberação GRU: R$ 450,00',
        '',
        'Transit time: 4-6 dias via FRA',
        'Validade: 31/12/2026',
      ].join('\n'),
    );
    await reply(
      air,
      1,
      [
        'Hello,',
        '',
        'Air freight rates PVG/GRU, chargeable weight 200 kgs:',
        '',
        'A/F: USD 5.20 per kg (incl. FSC/SSC)',
        'Min charge USD 120.00',
        'AWB: USD 40.00',
        'Terminal charges GRU: BRL 1,85/kg min BRL 280,00',
        '',
        'TT: 3 days direct flight',
        'Valid until 31/12/2026',
      ].join('\n'),
    );
    await reply(
      air,
      2,
      [
        'Prezados,',
        '',
        'Aéreo Shanghai (PVG) x Guarulhos (GRU):',
        'Peso bruto 180 kg / peso cubado 200 kg -> chargeable 200 kg',
        '',
        'Frete aéreo: USD 4,50/kg (faixa +100 kg), mín. USD 150,00',
        'Fuel: USD 0,95/kg',
        'AWB fee: USD 30,00',
        'Capatazia GRU: R$ 3,20/kg',
        '',
        'TT 5 dias',
        'Validade 31/12/2026',
      ].join('\n'),
    );
    const body = await comparison(air);
    // At 5,2456: Céu Azul (4,80 + 1,10 + 0,15) × 200 + 35 + 60 = USD 1.305 × 5,2456 + R$ 450 = R$ 7.295,51;
    // Maré 5,20 × 200 + 40 = USD 1.080 + BRL 1,85 × 200 = 370 → R$ 6.035,25 (FSC/SSC in its rate);
    // Pacífico (4,50 + 0,95) × 200 + 30 = USD 1.120 + BRL 3,20 × 200 = 640 → R$ 6.515,07.
    const [ceu, mare, pac] = [0, 1, 2].map((carrier) => rowOf(body, air, carrier));
    expect(ceu).toMatchObject({
      valorUSD: 1305,
      valorBRL: 450,
      custoTotalBRL: 7295.51,
      custoTotalUSD: 1390.79,
    });
    expect(ceu!.fretes[0]).toMatchObject({ quantidade: 200, base: 'pesoTaxado', valorTotal: 960 });
    expect(mare).toMatchObject({
      valorUSD: 1080,
      valorBRL: 370,
      custoTotalBRL: 6035.25,
      custoTotalUSD: 1150.54,
    });
    expect(mare!.taxasAusentes).toBeUndefined();
    expect(pac).toMatchObject({ valorUSD: 1120, valorBRL: 640, custoTotalBRL: 6515.07 });
    expect(body.linhas.filter((row) => row.destaque.menorCusto).map((row) => row.transportador.nome)).toEqual(
      ['Maré Alta Air'],
    );
    // Céu Azul quotes no terminal charge at GRU, which the other two do: it says so.
    expect(ceu!.taxasAusentes).toEqual(['THC']);

    const { cell } = await excelSummaryRow(air, 'Maré Alta Air');
    // The 3-day direct flight is also the shortest.
    expect([cell('Total (BRL)'), cell('Total (USD)'), cell('Destaque')]).toEqual([
      6035.25,
      1150.54,
      'Menor custo, Menor prazo',
    ]);
    const flat = await pdfText(air);
    expect(flat).toContain(formatNumber(6035.25));
    expect(flat).toContain('200 kg × US$ 4,80 = US$ 960,00');
  });

  it('LCL: "USD 25,00/ton" and "BRL 60,00 por tonelada" on 300 kg count 0,3 t; free time "7 dias armazenagem no CFS"', async () => {
    const scenario = await quoteScenario(ctx, {
      quote: {
        tipoFrete: 'LCL',
        pesoBrutoTotal: '300 kg',
        itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 pallets', dimensoes: 'total 1,2 m³' }],
      },
      carriers: [{ nome: 'Atlântico LCL', email: 'pricing@atlantico-t.com.br' }],
    });
    await reply(
      scenario,
      0,
      [
        'Prezados,',
        '',
        'Segue proposta LCL Ningbo x Santos:',
        '',
        'O/F: USD 41,00/W/M, min 1 W/M',
        'BL fee: USD 75,00',
        'Handling origem: USD 25,00/ton',
        'Armazenagem Santos (1º período): BRL 60,00 por tonelada',
        'Desconsolidação: BRL 380,00',
        '',
        'TT 38 dias',
        'Free time: 7 dias armazenagem no CFS',
        'Validade 31/12/2026',
      ].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    // 41 × 1,2 W/M = 49,20 + 75 + 25 × 0,3 t = 7,50 → USD 131,70; BRL 60 × 0,3 = 18 + 380 = 398.
    // 131,70 × 5,2456 + 398 = R$ 1.088,85 (US$ 207,57).
    expect(row).toMatchObject({
      valorUSD: 131.7,
      valorBRL: 398,
      custoTotalBRL: 1088.85,
      custoTotalUSD: 207.57,
    });
    expect(fee(row, 'HANDLING')).toMatchObject({ quantidade: 0.3, base: 'tonelada', valorTotal: 7.5 });
    expect(row.freeTime.valor).toBe(7);
    const flat = await pdfText(scenario);
    expect(flat).toContain('0,3 t × US$ 25,00 = US$ 7,50');
    expect(flat).toContain(formatNumber(1088.85));
  });
});

describe('an Excel-format quote: the containers its file asks (QA pass 8)', () => {
  /** The analyst's request spreadsheet, as the QA pass wrote it: the mix is only in the file. */
  async function requestWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('Pedido')
      .addRows([
        ['PEDIDO DE COTAÇÃO DE FRETE MARÍTIMO'],
        ['Modal', 'FCL'],
        ['Portos de origem', 'Shanghai / Ningbo'],
        ['Portos de destino', 'Santos'],
        ['Equipamento', '2 x 40HC + 1 x 20DV'],
        ['Peso bruto total', '38.500 kg'],
      ]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  it('counts 2 × 40HC + 1 × 20DV from the spreadsheet, not 3 × 40HC; screen, Excel and PDF agree', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Atlântico Planilha', email: 'pricing@atlantico-xls.com.br' }],
      arquivo: { filename: 'pedido.xlsx', content: await requestWorkbook() },
      // The Excel format's content step: no route, no cargo items (spec 001, wizard step 2).
      quote: { metodoEnvio: 'EXCEL', origem: undefined, destino: undefined, itens: [] },
    });
    const db = ctx.app.services.database.db;
    const texto = await waitFor(async () => {
      const [row] = await db
        .select({ texto: cotacoes.textoArquivo })
        .from(cotacoes)
        .where(eq(cotacoes.id, scenario.quote.id));
      return row?.texto ?? undefined;
    }, 30_000);
    expect(texto).toContain('Equipamento\t2 x 40HC + 1 x 20DV');
    // The quote's page says what was read (and counts).
    const detail = (await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}`)).json();
    expect(detail.conteineresDoArquivo).toEqual([
      { tipo: '40HC', quantidade: 2 },
      { tipo: '20DV', quantidade: 1 },
    ]);
    await reply(
      scenario,
      0,
      [
        'Bom dia,',
        '',
        'Conforme planilha recebida, segue:',
        '',
        'Frete Shanghai x Santos: USD 2.300,00 por 40HC e USD 1.400,00 por 20DV',
        'THC: R$ 1.450,00/cntr',
        'BL fee: USD 60,00/BL',
        'Transit time: 33 dias',
        'Free time: 14 dias',
        'Validade: 31/12/2026',
      ].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    expect(row.fretes.map((f) => [f.tipo, f.quantidade, f.valorTotal])).toEqual([
      ['40HC', 2, 4600],
      ['20DV', 1, 1400],
    ]);
    expect(fee(row, 'THC')).toMatchObject({ quantidade: 3, valorTotal: 4350 });
    // USD 2 × 2.300 + 1 × 1.400 + 60 = 6.060; BRL 3 × 1.450 = 4.350
    // 6.060 × 5,2456 = 31.788,34 + 4.350 + road cost → the total; US$ = total ÷ 5,2456
    expect([row.valorUSD, row.valorBRL]).toEqual([6060, 4350]);
    const total = Math.round((6060 * 5.2456 + 4350 + row.custoRodoviario) * 100) / 100;
    expect(row.custoTotalBRL).toBe(total);
    const { cell } = await excelSummaryRow(scenario, 'Atlântico Planilha');
    expect(cell('Total (BRL)')).toBe(total);
    const flat = await pdfText(scenario);
    expect(flat).toContain('40HC 2 × US$ 2.300,00 = US$ 4.600,00');
    expect(flat).toContain('20DV 1 × US$ 1.400,00 = US$ 1.400,00');
    expect(flat).toContain(formatNumber(total));
  });
});

describe('route lines: each port priced with its own line, two origins told apart (QA pass 8)', () => {
  const POL_POD = [
    'Dear team,',
    '',
    'Please find our offer below.',
    '',
    'POL Shanghai / POD Santos: 40HC USD 2,200.00 ; 20DV USD 1,380.00',
    'POL Ningbo / POD Santos: 40HC USD 2,150.00 ; 20DV USD 1,350.00',
    'POL Shanghai / POD Itajai: 40HC USD 2,400.00 ; 20DV USD 1,500.00',
    '',
    'Local charges at destination:',
    'THC BRL 1,380.00 per container',
    'Doc fee USD 50.00 per BL',
    'Seal fee USD 12.00 per container',
    '',
    'T/T: 30 days Santos, 34 days Itajai',
    'Free time: 21 days at destination',
    'Valid until Dec 31, 2026',
    '',
    'Best regards,',
    'Navegação Pacífico Cargas',
  ].join('\n');

  it('Itajaí counts 2 × 2.400 + 1 × 1.500, not Santos’s prices; screen and PDF agree', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Pacífico Rotas', email: 'cotacoes@pacifico-rotas.com.br' }],
      quote: {
        itens: [
          { mercadoria: 'Peças automotivas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null },
        ],
      },
    });
    await reply(scenario, 0, POL_POD);
    const body = await comparison(scenario);
    const santos = rowOf(body, scenario, 0, 'Santos');
    const itajai = rowOf(body, scenario, 0, 'Itajaí');
    const counted = (row: typeof santos) =>
      row.fretes
        .filter((f) => f.quantidade)
        .map((f) => [f.tipo, f.origem ?? null, f.quantidade, f.valorTotal]);
    // Santos: Shanghai's line (the first origin), Ningbo's shown beside it, named, not counted.
    expect(counted(santos)).toEqual([
      ['40HC', 'Shanghai', 2, 4400],
      ['20DV', 'Shanghai', 1, 1380],
    ]);
    expect(santos.fretes.filter((f) => !f.quantidade).map((f) => [f.tipo, f.origem, f.valor])).toEqual([
      ['40HC', 'Ningbo', 2150],
      ['20DV', 'Ningbo', 1350],
    ]);
    // Itajaí: one origin, nothing to tell apart: no origin said.
    expect(counted(itajai)).toEqual([
      ['40HC', null, 2, 4800],
      ['20DV', null, 1, 1500],
    ]);
    // Santos USD 4.400 + 1.380 + 50 + 3 × 12 = 5.866; Itajaí 4.800 + 1.500 + 50 + 36 = 6.386; BRL 3 × 1.380 = 4.140
    expect([santos.valorUSD, santos.valorBRL]).toEqual([5866, 4140]);
    expect([itajai.valorUSD, itajai.valorBRL]).toEqual([6386, 4140]);
    // 5.866 × 5,2456 = 30.770,69; 6.386 × 5,2456 = 33.498,40 (+ 4.140 + each port's road cost)
    const santosTotal = Math.round((30770.69 + 4140 + santos.custoRodoviario) * 100) / 100;
    const itajaiTotal = Math.round((33498.4 + 4140 + itajai.custoRodoviario) * 100) / 100;
    expect([santos.custoTotalBRL, itajai.custoTotalBRL]).toEqual([santosTotal, itajaiTotal]);
    const flat = await pdfText(scenario);
    expect(flat).toContain('40HC (de Shanghai) 2 × US$ 2.200,00 = US$ 4.400,00');
    expect(flat).toContain('40HC (de Ningbo) US$ 2.150,00');
    expect(flat).toContain('40HC 2 × US$ 2.400,00 = US$ 4.800,00');
    expect(flat).toContain(formatNumber(itajaiTotal));
  });

  it("a quote from Ningbo counts Ningbo's prices to Santos, not the first line's (Shanghai)", async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Pacífico Ningbo', email: 'cotacoes@pacifico-ningbo.com.br' }],
      quote: {
        origem: 'Ningbo, CN',
        itens: [
          { mercadoria: 'Peças automotivas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null },
        ],
      },
    });
    await reply(scenario, 0, POL_POD);
    const santos = rowOf(await comparison(scenario), scenario, 0, 'Santos');
    expect(santos.fretes.map((f) => [f.tipo, f.origem, f.quantidade])).toEqual([
      ['40HC', 'Ningbo', 2],
      ['20DV', 'Ningbo', 1],
      ['40HC', 'Shanghai', 0],
      ['20DV', 'Shanghai', 0],
    ]);
    // USD 2 × 2.150 + 1.350 + 50 + 3 × 12 = 5.736; BRL 3 × 1.380 = 4.140
    expect([santos.valorUSD, santos.valorBRL]).toEqual([5736, 4140]);
  });
});

describe('a transit range is said as written (QA pass 9, ADR 0024 addendum)', () => {
  it("'Transit time: 25-30 dias' is '25–30' on the row, in the Excel and the PDF; 30 sorts", async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Faixa Cargas', email: 'pricing@faixa-q.com.br' }],
    });
    await reply(
      scenario,
      0,
      ['Prezados,', '', 'Frete 40HC: USD 2.500,00', 'Transit time: 25-30 dias', 'Free time: 14 dias'].join(
        '\n',
      ),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    expect(row.prazo).toMatchObject({ valor: 30, minimoDias: 25 });
    const { cell } = await excelSummaryRow(scenario, 'Faixa Cargas');
    expect(cell('Transit time (dias)')).toBe('25–30');
    expect(await pdfText(scenario)).toContain(' 25–30 ');
  });
});

describe('a reply that names no port: the quote’s only port, said to be the quote’s (known-left item)', () => {
  it("'Navegantes (da cotação)' with its road cost on the screen, the Excel and the PDF; 'Não informado' for two ports", async () => {
    const answer = [
      'Prezados,',
      '',
      'Frete 40HC: USD 2.000,00',
      'THC: R$ 1.400,00 por contêiner',
      'BL fee: USD 50,00',
      'Transit time: 35 dias',
    ].join('\n');
    const one = await quoteScenario(ctx, {
      carriers: [{ nome: 'Sem Porto Cargas', email: 'pricing@semporto-q.com.br' }],
      quote: { destino: 'Navegantes, BR' },
    });
    await reply(one, 0, answer);
    const row = rowOf(await comparison(one), one, 0);
    // USD 2 × 2.000 + 50 = 4.050; BRL THC 2 × 1.400 + road 2 × 1.035 = 4.870
    // 4.050 × 5,2456 + 4.870 = 26.114,68
    expect(row).toMatchObject({
      destino: null,
      destinoDaCotacao: 'Navegantes',
      custoRodoviario: 2070,
      valorUSD: 4050,
      valorBRL: 2800,
      custoTotalBRL: 26114.68,
    });
    const { cell } = await excelSummaryRow(one, 'Sem Porto Cargas');
    expect(cell('Destino')).toBe('Navegantes (da cotação)');
    expect(cell('Total (BRL)')).toBe(26114.68);
    const pdf = await pdfText(one);
    expect(pdf).toContain('Navegantes (da cotação)');
    expect(pdf).toContain('26.114,68');

    const two = await quoteScenario(ctx, {
      carriers: [{ nome: 'Dois Portos Cargas', email: 'pricing@doisportos-q.com.br' }],
      quote: { destino: 'Santos, BR / Navegantes, BR' },
    });
    await reply(two, 0, answer);
    const unnamed = rowOf(await comparison(two), two, 0);
    expect(unnamed.destino).toBeNull();
    expect(unnamed.destinoDaCotacao).toBeUndefined();
    // No port: no road cost. 4.050 × 5,2456 + 2.800 = 24.044,68
    expect(unnamed).toMatchObject({ custoRodoviario: 0, custoTotalBRL: 24044.68 });
    expect((await excelSummaryRow(two, 'Dois Portos Cargas')).cell('Destino')).toBe('Não informado');
  });
});

describe('replies written inside the e-mails the platform sent (QA pass 11)', () => {
  /** The message the platform sent to a carrier, as the carrier's mail client quotes it under a reply. */
  async function sentTo(scenario: Scenario, carrier: number, subject: (codigo: string) => boolean) {
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) => m.to.includes(scenario.carriers[carrier]!.email) && subject(m.subject),
      ),
    );
    return mail.text.replace(/\r/g, '');
  }
  const quoted = (text: string) =>
    text
      .split('\n')
      .map((line) => (line ? `> ${line}` : '>'))
      .join('\n');
  const INTRO =
    'Em sáb., 6 de dez. de 2026 às 09:30, Sistema de Cotações <nao-responda@cotacoes.local> escreveu:';

  it('the request\'s "SUA PROPOSTA" lines filled in: the offer on the screen, the Excel and the PDF', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Preenche Cargas', email: 'pricing@preenche-q.com.br' }],
    });
    const request = await sentTo(scenario, 0, (s) => s.includes(scenario.quote.codigo));
    expect(request).toContain('SUA PROPOSTA');
    const filled = request
      .replace(/^Frete: *$/m, 'Frete: USD 2.200,00 por 40HC')
      .replace(/^Taxas: *$/m, 'Taxas: THC R$ 1.450,00/cntr; Doc fee USD 50,00/BL')
      .replace(/^Transit time: *$/m, 'Transit time: 35 dias');
    expect(filled).not.toBe(request);
    await reply(
      scenario,
      0,
      ['Prezados, segue proposta preenchida abaixo.', '', 'Carlos', '', INTRO, quoted(filled)].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    // USD 2 × 2.200 + 50 = 4.450; BRL THC 2 × 1.450 = 2.900 → 4.450 × 5,2456 + 2.900 = 26.242,92
    expect(row).toMatchObject({ valorUSD: 4450, valorBRL: 2900, custoTotalBRL: 26242.92, precificada: true });
    expect(row.prazo.valor).toBe(35);
    expect((await excelSummaryRow(scenario, 'Preenche Cargas')).cell('Total (BRL)')).toBe(26242.92);
    expect(await pdfText(scenario)).toContain(formatNumber(26242.92));
  });

  it('a request for two container types asks one freight line per type; both filled in are both priced (QA pass 40c)', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Dois Tipos Cargas', email: 'pricing@doistipos-q.com.br' }],
      quote: { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null }] },
    });
    const request = await sentTo(scenario, 0, (s) => s.includes(scenario.quote.codigo));
    expect(request).toMatch(/^SUA PROPOSTA\nFrete 40HC: \nFrete 20DV: \nTaxas: /m);
    const filled = request
      .replace(/^Frete 40HC: *$/m, 'Frete 40HC: USD 2.200,00')
      .replace(/^Frete 20DV: *$/m, 'Frete 20DV: USD 1.300,00')
      .replace(/^Taxas: *$/m, 'Taxas: THC R$ 1.450,00/cntr; Doc fee USD 50,00/BL');
    await reply(
      scenario,
      0,
      ['Prezados, segue proposta preenchida abaixo.', '', 'Carlos', '', INTRO, quoted(filled)].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    // USD 2 × 2.200 + 1.300 + 50 = 5.750 × 5,2456 = 30.162,20 + BRL THC 3 × 1.450 = 4.350 → R$ 34.512,20
    expect(row).toMatchObject({ valorUSD: 5750, valorBRL: 4350, custoTotalBRL: 34512.2, precificada: true });
    expect((await excelSummaryRow(scenario, 'Dois Tipos Cargas')).cell('Total (BRL)')).toBe(34512.2);
    expect(await pdfText(scenario)).toContain(formatNumber(34512.2));
  });

  it('"Demais condições mantidas" over the revision request: its target prices are not fees; v1\'s fees kept', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Revisa Cargas', email: 'pricing@revisa-q.com.br' }],
    });
    await reply(
      scenario,
      0,
      [
        'Prezados,',
        '',
        'Frete 40HC: USD 2.400,00',
        'THC: R$ 1.450,00 por contêiner',
        'BL fee: USD 50,00',
        'Transit time: 32 dias',
      ].join('\n'),
    );
    const asked = await call(scenario, 'POST', `/api/quotes/${scenario.quote.id}/request-revision`, {
      transportadorId: scenario.carriers[0]!.id,
      revisarTodos: false,
      mensagem:
        'Conseguem chegar a USD 2.000,00 no 40HC? Temos oferta de USD 1.950,00 por 40HC e USD 1.250,00 por 20DV.',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const revision = await sentTo(
      scenario,
      0,
      (s) => s.startsWith('Re:') && s.includes(scenario.quote.codigo),
    );
    expect(revision).toContain('Conseguem chegar a USD 2.000,00');
    await reply(
      scenario,
      0,
      [
        'Conseguimos USD 2.100,00 no 40HC. Demais condições mantidas.',
        '',
        'Att,',
        'Carlos',
        '',
        INTRO,
        quoted(revision),
      ].join('\n'),
      2,
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    // v2: USD 2 × 2.100 + BL 50 (kept) = 4.250; THC 2 × 1.450 (kept) = 2.900 → 4.250 × 5,2456 + 2.900 = 25.193,80
    expect(row).toMatchObject({ versao: 2, valorUSD: 4250, valorBRL: 2900, custoTotalBRL: 25193.8 });
    expect(row.taxas.map((t) => t.nome).sort()).toEqual(['BL FEE', 'THC']);
    expect(row.taxasAusentes).toBeUndefined();
    expect((await excelSummaryRow(scenario, 'Revisa Cargas')).cell('Total (BRL)')).toBe(25193.8);
    const pdf = await pdfText(scenario);
    expect(pdf).toContain(formatNumber(25193.8));
    expect(pdf).not.toMatch(/CONSEGUEM/i);
  });

  it('"Ok, de acordo com o valor solicitado": the asked price, v1\'s fees kept; screen, Excel, PDF and approval agree', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Aceita Cargas', email: 'pricing@aceita-q.com.br' },
        { nome: 'Outra Linha', email: 'pricing@outra-q.com' },
      ],
    });
    await reply(
      scenario,
      0,
      [
        'Prezados,',
        '',
        'Frete 40HC: USD 2.400,00',
        'THC: R$ 1.450,00 por contêiner',
        'BL fee: USD 50,00',
      ].join('\n'),
    );
    // The other carrier: 2 × 2.150 × 5,2456 + 2 × 1.450 = 22.556,08 + 2.900 = 25.456,08, cheaper than v1's
    // (2 × 2.400 + 50) × 5,2456 + 2.900 = 28.341,16, dearer than the agreed price below.
    await reply(scenario, 1, ['Frete 40HC: USD 2.150,00', 'THC: R$ 1.450,00 por contêiner'].join('\n'));
    const asked = await call(scenario, 'POST', `/api/quotes/${scenario.quote.id}/request-revision`, {
      transportadorId: scenario.carriers[0]!.id,
      revisarTodos: false,
      mensagem:
        'Conseguem chegar a USD 2.000,00 no 40HC? Temos oferta de USD 1.950,00 por 40HC e USD 1.250,00 por 20DV.',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const revision = await sentTo(
      scenario,
      0,
      (s) => s.startsWith('Re:') && s.includes(scenario.quote.codigo),
    );
    await reply(
      scenario,
      0,
      ['Ok, de acordo com o valor solicitado.', '', 'Att,', 'Carlos', '', INTRO, quoted(revision)].join('\n'),
      2,
    );
    const table = await comparison(scenario);
    const row = rowOf(table, scenario, 0);
    // v2: USD 2 × 2.000 + BL 50 (kept) = 4.050; THC 2 × 1.450 (kept) = 2.900 → 4.050 × 5,2456 + 2.900 = 24.144,68
    expect(row).toMatchObject({ versao: 2, valorUSD: 4050, valorBRL: 2900, custoTotalBRL: 24144.68 });
    expect(row.taxas.map((t) => t.nome).sort()).toEqual(['BL FEE', 'THC']);
    expect(row.destaque.menorCusto).toBe(true);
    expect(rowOf(table, scenario, 1).destaque.menorCusto).toBe(false);
    expect((await excelSummaryRow(scenario, 'Aceita Cargas')).cell('Total (BRL)')).toBe(24144.68);
    expect(await pdfText(scenario)).toContain(formatNumber(24144.68));

    // The approval restates the agreed price: R$ 2.900 + 4.050 × 5,2456 = 24.144,68; US$ 2.900 ÷ 5,2456 + 4.050 = 4.602,84.
    const approved = await call(scenario, 'POST', `/api/quotes/${scenario.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(scenario.carriers[0]!.email) &&
          m.subject === `Cotação ${scenario.quote.codigo} aprovada`,
      ),
    );
    for (const line of [
      'Frete 40HC: 2 × US$ 2.000,00 = US$ 4.000,00',
      'THC: 2 × R$ 1.450,00 = R$ 2.900,00',
      'Total: R$ 24.144,68 (US$ 4.602,84)',
    ])
      expect(mail.text).toContain(line);
  });
});

describe('the origin THC is its own charge beside the destination THC (QA pass 13)', () => {
  it('"Origin THC USD 150/cntr" and "Destination THC USD 260/cntr": both counted; the cheapest is the right one', async () => {
    const scenario = await quoteScenario(ctx, {
      quote: {
        itens: [
          { mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null },
        ],
      },
      carriers: [
        { nome: 'Pacífico Lados', email: 'pricing@pacifico-lados-q.com' },
        { nome: 'Atlântica Lados', email: 'pricing@atlantica-lados-q.com' },
      ],
    });
    await reply(
      scenario,
      0,
      [
        'Dear team,',
        '',
        'Ocean freight 20DV USD 1,280.00 / 40HC USD 2,050.00',
        'Origin THC USD 150.00/cntr',
        'Destination THC USD 260.00/cntr',
        'Doc fee USD 55.00/BL',
      ].join('\n'),
    );
    await reply(
      scenario,
      1,
      [
        'Prezados,',
        '',
        'Frete 20DV USD 1.300,00 / 40HC USD 2.100,00',
        'THC USD 270,00/cntr',
        'BL fee USD 50,00',
      ].join('\n'),
    );
    const table = await comparison(scenario);
    const pacifico = rowOf(table, scenario, 0);
    // 1.280 + 2 × 2.050 + origin THC 3 × 150 + destination THC 3 × 260 + doc 55 = USD 6.665 × 5,2456 = 34.961,92
    // (without the origin THC it read 6.215 × 5,2456 = 32.601,40 and was called the cheapest)
    expect(pacifico).toMatchObject({ valorUSD: 6665, custoTotalBRL: 34961.92 });
    expect(fee(pacifico, 'THC ORIGEM')).toMatchObject({ quantidade: 3, valorTotal: 450 });
    expect(fee(pacifico, 'THC')).toMatchObject({ quantidade: 3, valorTotal: 780 });
    // 1.300 + 2 × 2.100 + THC 3 × 270 + BL 50 = USD 6.360 × 5,2456 = 33.362,02: the cheapest.
    const atlantica = rowOf(table, scenario, 1);
    expect(atlantica).toMatchObject({ valorUSD: 6360, custoTotalBRL: 33362.02 });
    expect(atlantica.destaque.menorCusto).toBe(true);
    expect(pacifico.destaque.menorCusto).toBe(false);
    expect((await excelSummaryRow(scenario, 'Pacífico Lados')).cell('Total (BRL)')).toBe(34961.92);
    expect(await pdfText(scenario)).toContain(formatNumber(34961.92));
  });
});

describe('an all-in price that leaves a charge to the importer is not the whole cost (QA pass 13)', () => {
  it('"all in … Taxas de terminal no destino por conta do importador": incompleta sem THC, never "Menor custo"', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Tudo Incluso', email: 'pricing@tudo-incluso-q.com.br' },
        { nome: 'Com Taxas', email: 'pricing@com-taxas-q.com.br' },
        { nome: 'Outra Taxa', email: 'pricing@outra-taxa-q.com.br' },
      ],
    });
    await reply(
      scenario,
      0,
      [
        'Prezados,',
        '',
        // One line, two sentences, as the QA pass wrote it.
        'Frete 40HC USD 2.300,00 all in. Taxas de terminal no destino por conta do importador.',
        'Transit time 30 dias',
      ].join('\n'),
    );
    await reply(
      scenario,
      1,
      ['Frete 40HC USD 2.150,00', 'THC R$ 1.450,00 por contêiner', 'BL fee USD 50,00'].join('\n'),
    );
    await reply(scenario, 2, ['Frete 40HC USD 2.200,00', 'THC R$ 1.400,00 por contêiner'].join('\n'));
    const table = await comparison(scenario);
    const allIn = rowOf(table, scenario, 0);
    // 2 × 2.300 = 4.600 × 5,2456 = 24.129,76: the lowest figure, but without the terminal charges.
    expect(allIn).toMatchObject({ custoTotalBRL: 24129.76, freteAllIn: true, taxasAusentes: ['THC'] });
    expect(allIn.destaque.menorCusto).toBe(false);
    // (2 × 2.150 + 50) × 5,2456 + 2 × 1.450 = 25.718,36: the cheapest complete total.
    const complete = rowOf(table, scenario, 1);
    expect(complete.custoTotalBRL).toBe(25718.36);
    expect(complete.destaque.menorCusto).toBe(true);
    expect(await pdfText(scenario)).toMatch(/Incompleta: sem THC/);
  });
});

describe('a document fee written beside each container type is one charge', () => {
  it('"BL fee 20DV BRL 350,00 / 40HC BRL 350,00" on 2 × 40HC + 1 × 20DV: R$ 350 once; screen, Excel and PDF agree', async () => {
    const scenario = await quoteScenario(ctx, {
      quote: {
        itens: [
          { mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null },
        ],
      },
      carriers: [{ nome: 'Porto Tipos', email: 'ana@porto-tipos-q.com.br' }],
    });
    await reply(
      scenario,
      0,
      [
        'Prezados,',
        '',
        'Frete 20DV USD 1.250,00 / 40HC USD 2.100,00',
        'THC 20DV BRL 1.100,00 / 40HC BRL 1.450,00',
        'BL fee 20DV BRL 350,00 / 40HC BRL 350,00',
        'Transit time 32 dias',
      ].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    // USD 2 × 2.100 + 1 × 1.250 = 5.450; BRL THC 2 × 1.450 + 1 × 1.100 + BL 350 (once) = 4.350
    // → 5.450 × 5,2456 + 4.350 = 28.588,52 + 4.350 = 32.938,52
    expect(row).toMatchObject({ valorUSD: 5450, valorBRL: 4350, custoTotalBRL: 32938.52 });
    expect(fee(row, 'BL FEE')).toMatchObject({ quantidade: 1, valorTotal: 350 });
    expect((await excelSummaryRow(scenario, 'Porto Tipos')).cell('Total (BRL)')).toBe(32938.52);
    expect(await pdfText(scenario)).toContain(formatNumber(32938.52));
  });
});

describe('a combined free time is said to be combined (QA pass 11)', () => {
  it('"14 days combined": the row, the Excel, the PDF and the approval e-mail say combined, not at the port', async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Combina Lines', email: 'pricing@combina-q.com' }],
    });
    await reply(
      scenario,
      0,
      [
        'Dear team,',
        '',
        '40HC USD 2,150.00',
        'T/T 31 days, 14 days combined free time.',
        'Valid until Dec 31st',
      ].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    expect(row.freeTime.valor).toBe(14);
    expect(row.freeTimeCombinado).toBe(true);
    expect(row.prazo.valor).toBe(31);
    const excel = await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const cell = summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(headers.indexOf('Free time (dias)'));
    expect(cell.value).toBe(14);
    expect(cell.numFmt).toBe('0" (combinado)"');
    expect(await pdfText(scenario)).toContain('14 comb.');
    const approved = await call(scenario, 'POST', `/api/quotes/${scenario.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) =>
          m.to.includes(scenario.carriers[0]!.email) &&
          m.subject === `Cotação ${scenario.quote.codigo} aprovada`,
      ),
    );
    expect(mail.text).toContain('Free time combinado (demurrage + detention): 14 dias');
    expect(mail.text).not.toContain('Free time no destino');
  });
});

describe('an all-in offer says all in in the documents (QA pass 11)', () => {
  it("its fee columns read 'all in' in the Excel (the number stays 0) and the PDF, not 0,00", async () => {
    const scenario = await quoteScenario(ctx, {
      carriers: [{ nome: 'Tudo Incluso Lines', email: 'pricing@allin-q.com' }],
    });
    await reply(
      scenario,
      0,
      ['Dear team,', '', '40HC USD 2,500.00 all in', 'Transit time: 30 days'].join('\n'),
    );
    const row = rowOf(await comparison(scenario), scenario, 0);
    expect(row.freteAllIn).toBe(true);
    // 2 × 2.500 = 5.000 × 5,2456 = 26.228,00
    expect(row).toMatchObject({ valorUSD: 5000, valorBRL: 0, custoTotalBRL: 26228 });
    const excel = await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/comparative-excel`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const cell = summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(headers.indexOf('Taxas (USD)'));
    expect(cell.value).toBe(0);
    expect(cell.numFmt).toBe('#,##0.00;-#,##0.00;"all in"');
    expect(await pdfText(scenario)).toMatch(/all in all in/);
  });
});

describe('a reply priced in its body and in an attached proposal (QA pass 18)', () => {
  /** The carrier's proposal PDF: 20DC / 40HC / Base columns, THC in both, a BL fee per BL. */
  const proposal = () =>
    Buffer.from(
      buildPdf([
        [
          'ORIENTE LOGISTICA - PROPOSTA COMERCIAL',
          '',
          [
            [50, 'Descrição'],
            [250, '20DC'],
            [330, '40HC'],
            [420, 'Base'],
          ],
          [
            [50, 'Frete marítimo'],
            [250, 'USD 1.750,00'],
            [330, 'USD 2.600,00'],
            [420, 'Per container'],
          ],
          [
            [50, 'THC'],
            [250, 'BRL 1.450,00'],
            [330, 'BRL 1.450,00'],
            [420, 'Per container'],
          ],
          [
            [50, 'BL fee'],
            [250, 'BRL 420,00'],
            [420, 'Per BL'],
          ],
          '',
          'Transit time: 35 dias',
        ],
      ]),
    );

  async function replyWithProposal(scenario: Scenario, carrier: number, text: string) {
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: scenario.carriers[carrier]!.email,
        to: scenario.replyTo(carrier),
        text,
        attachments: [
          { filename: 'Proposta_Oriente.pdf', content: proposal(), contentType: 'application/pdf' },
        ],
      }),
      { source: 'imap' },
    );
    await waitFor(async () => {
      const list = (await call(scenario, 'GET', `/api/quotes/${scenario.quote.id}/respostas`)).json()
        .data as {
        transportadorId: string;
        atual: { extracao: string } | null;
      }[];
      return (
        list.find((e) => e.transportadorId === scenario.carriers[carrier]!.id)?.atual?.extracao ===
        'concluida'
      );
    }, 60_000);
  }

  it("the body's THC is the THC (not also the PDF's twice); a body revising the 40HC takes the 20DC from the PDF", async () => {
    const scenario = await quoteScenario(ctx, {
      quote: {
        itens: [
          { mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC + 1 x 20DV', dimensoes: null },
        ],
      },
      carriers: [
        { nome: 'Oriente Corpo', email: 'pricing@oriente-c.com.br' },
        { nome: 'Oriente Revisa', email: 'pricing@oriente-r.com.br' },
      ],
    });
    await replyWithProposal(
      scenario,
      0,
      [
        'Prezados,',
        '',
        'Frete 40HC USD 2.400,00 / 20DC USD 1.600,00',
        'THC BRL 1.300,00/cntr',
        'Demais condições conforme proposta em anexo.',
      ].join('\n'),
    );
    await replyWithProposal(
      scenario,
      1,
      [
        'Prezados,',
        '',
        'Atualizamos o 40HC: USD 2.400,00.',
        'Demais valores conforme proposta em anexo.',
      ].join('\n'),
    );
    const body = await comparison(scenario);
    const both = rowOf(body, scenario, 0)!;
    const revised = rowOf(body, scenario, 1)!;
    // Body and PDF: 2 × 2.400 + 1.600 = USD 6.400; THC 3 × 1.300 = 3.900 + BL fee 420 = BRL 4.320;
    // 6.400 × 5,2456 = 33.571,84 + 4.320 = R$ 37.891,84 (it counted the PDF's THC too: BRL 8.670).
    expect([both.valorUSD, both.valorBRL]).toEqual([6400, 4320]);
    expect(both.custoTotalBRL).toBe(Math.round((37891.84 + both.custoRodoviario) * 100) / 100);
    // The 40HC revised, the rest from the PDF: 2 × 2.400 + 1.750 = USD 6.550; THC 3 × 1.450 = 4.350 +
    // 420 = BRL 4.770; 6.550 × 5,2456 = 34.358,68 + 4.770 = R$ 39.128,68 (it lacked the 20DC price).
    expect([revised.valorUSD, revised.valorBRL]).toEqual([6550, 4770]);
    expect(revised.faltando ?? []).not.toContain('frete20');
    expect(revised.custoTotalBRL).toBe(Math.round((39128.68 + revised.custoRodoviario) * 100) / 100);
    expect(revised.fretes.find((f) => f.tipo.startsWith('20'))!.fonte?.origin).toBe(
      'attachment:Proposta_Oriente.pdf',
    );
    expect((await excelSummaryRow(scenario, 'Oriente Corpo')).cell('Total (BRL)')).toBe(both.custoTotalBRL);
    expect((await excelSummaryRow(scenario, 'Oriente Revisa')).cell('Total (BRL)')).toBe(
      revised.custoTotalBRL,
    );
    const flat = await pdfText(scenario);
    expect(flat).toContain(formatNumber(both.custoTotalBRL));
    expect(flat).toContain(formatNumber(revised.custoTotalBRL));
  });
});
