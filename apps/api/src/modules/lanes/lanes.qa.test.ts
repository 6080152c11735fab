import { type LaneDetail, type LanesList, laneDetailSchema, lanesListSchema } from '@cotacoes/shared';
import { addDays, todayInSaoPaulo } from '@cotacoes/shared/comparison/index';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, quoteScenario, type Scenario, typicalAnswer } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { lanePoints } from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';
import { rebuildLaneMonths } from '../../lanes/lanes.repository.js';

/*
 * The lane history's QA pass of 2026-12-06 (ADR 0030 addendum) over the real pipeline; PTAX 5.1177 +
 * 2.5 % = 5.2456 BRL/USD. Each figure by hand:
 *
 * Company C, quote `isps` (2 × 40HC Shanghai → Santos; THC BRL 1.450 per container, BL fee USD 75):
 *   carrier 0: freight BRL 7.950 per 40HC and ISPS USD 25 per container → 7.950 / 5,2456 = 1.515,5559 USD;
 *   carrier 1: USD 3.000 and the ISPS;
 *   carrier 2: USD 2.700 without the ISPS, which both others quote: the comparison calls it 'incompleta:
 *     sem ISPS'. It adds no point (the rule is kept) and is told: 1 proposal left out.
 *   Points: 1.515,5559 and 3.000 → median 2.257,78, min 1.515,56, max 3.000.
 * Company D, quote `mixed` (2 × 20DV + 1 × 40HC): freight USD 1.350 per 20DV and USD 2.450 per 40HC,
 *   THC BRL 1.100 per 20DV and BRL 1.450 per 40HC, BL fee USD 75. Total (2.700 + 2.450 + 75) × 5,2456 +
 *   2.200 + 1.450 = 31.058,26. 20DV: (2.700 × 5,2456 + 2.200) / 2 = 8.181,56; 40HC: 2.450 × 5,2456 +
 *   1.450 = 14.301,72; the BL fee (393,42) over the 3 containers: 131,14 each → 20DV 8.312,70 and 40HC
 *   14.432,86 (2 × 8.312,70 + 14.432,86 = 31.058,26). The old figure: 31.058,26 / 3 = 10.352,75 for both.
 * Company D, seeded kg points of two air lanes: 4,05 and 4,10 (median 4,075) and 3,90 and 4,05 (median
 *   3,975): shown 4,08 and 3,98 (a float multiply gave 4,07 and 3,97).
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let isps: Scenario;
let mixed: Scenario;
/** Company E: one carrier quotes all in (USD 3.400 per 40HC with the charges), another ocean freight alone. */
let allIn: Scenario;
/** Company F: LCL, one carrier per W/M, another all in per m³ (approved) — its unit has no point at all. */
let lcl: Scenario;

const LANE = 'FCL|SHANGHAI|SANTOS';
const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function drained() {
  for (let round = 0; round < 50; round++) if ((await ctx.app.services.laneRefresher.drain()) === 0) return;
  throw new Error('lane marks do not clear');
}

const withIsps = (text: string) => text.replace('BL fee:', 'ISPS: USD 25,00 por contêiner\nBL fee:');

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  isps = await quoteScenario(ctx);
  await answer(ctx, isps, 0, {
    text: withIsps(typicalAnswer()).replace('40HC: USD 2.950,00', '40HC: BRL 7.950,00'),
  });
  await answer(ctx, isps, 1, { text: withIsps(typicalAnswer({ frete40: 3000 })) });
  await answer(ctx, isps, 2, { text: typicalAnswer({ frete40: 2700 }) });
  mixed = await quoteScenario(ctx, {
    quote: { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2x20DV + 1x40HC', dimensoes: null }] },
  });
  await answer(ctx, mixed, 0, {
    text: [
      'Prezados,',
      '',
      'Frete marítimo 20DV: USD 1.350,00',
      'Frete marítimo 40HC: USD 2.450,00',
      'THC destino: 20DV BRL 1.100,00 / 40HC BRL 1.450,00 por contêiner',
      'BL fee: USD 75,00 por BL',
      'Transit time: 32 dias',
    ].join('\n'),
  });
  allIn = await quoteScenario(ctx);
  await answer(ctx, allIn, 0, {
    text: [
      'Prezados,',
      '',
      'Shanghai x Santos, tarifa all in (inclui THC destino e BL fee):',
      'Frete 40HC: USD 3.400,00 all in',
      'Transit time: 33 dias',
    ].join('\n'),
  });
  await answer(ctx, allIn, 1, { text: typicalAnswer({ frete40: 2950 }) });
  lcl = await quoteScenario(ctx, {
    quote: {
      tipoFrete: 'LCL',
      origem: 'Shanghai, China',
      pesoBrutoTotal: '1.800 kg',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '6 pallets', dimensoes: 'total 3,2 m³' }],
    },
  });
  await answer(ctx, lcl, 0, {
    text: [
      'Prezados,',
      '',
      'Frete marítimo LCL: USD 45,00 por W/M',
      'THC destino: R$ 120,00 por m³',
      'BL fee: USD 50,00 por BL',
      'Transit time: 35 dias',
    ].join('\n'),
  });
  const pacifico = await answer(ctx, lcl, 1, {
    text: [
      'Prezados,',
      '',
      'Frete LCL: USD 68,00 por m³ all in (inclui THC e BL fee)',
      'Transit time: 34 dias',
    ].join('\n'),
  });
  const approved = await ctx.app.inject({
    method: 'POST',
    url: `/api/quotes/${lcl.quote.id}/approve`,
    payload: { responseId: pacifico.respostaId },
    headers: { authorization: `Bearer ${lcl.token}` },
  });
  if (approved.statusCode !== 200) throw new Error(approved.body);
  await drained();
  const db = ctx.app.services.database.db;
  await db.execute(sql`
    insert into lane_points (empresa_id, lane, modal, origem, destino, origem_nome, destino_nome, unidade,
      cotacao_id, resposta_id, versao, transportador_id, transportador_nome, data, frete_usd, total_brl, taxa)
    select ${mixed.empresaId}, d.lane, 'AÉREO', 'GUARULHOS', d.destino, 'Guarulhos', d.destino, 'kg',
      ${mixed.quote.id}, gen_random_uuid(), 1, ${mixed.carriers[0]!.id}::uuid, 'Carrier 0', now(), d.frete,
      d.frete * 6, 5.2456
    from (values ('AÉREO|GUARULHOS|MIAMI', 'MIAMI', 4.05::float8), ('AÉREO|GUARULHOS|MIAMI', 'MIAMI', 4.10),
      ('AÉREO|GUARULHOS|LISBOA', 'LISBOA', 3.90), ('AÉREO|GUARULHOS|LISBOA', 'LISBOA', 4.05))
      as d(lane, destino, frete)`);
  await rebuildLaneMonths(db, checkedTenant(mixed.empresaId));
}, 400_000);
afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a mixed shipment (item 1)', () => {
  it('gives each container type its own freight and THC, the BL fee shared per container', async () => {
    const points = await ctx.app.services.database.db
      .select({ unidade: lanePoints.unidade, freteUsd: lanePoints.freteUsd, totalBrl: lanePoints.totalBrl })
      .from(lanePoints)
      .where(and(eq(lanePoints.empresaId, mixed.empresaId), eq(lanePoints.cotacaoId, mixed.quote.id)))
      .orderBy(lanePoints.unidade);
    expect(points.filter((point) => point.unidade !== 'kg')).toEqual([
      { unidade: '20DC', freteUsd: 1350, totalBrl: 8312.7 },
      { unidade: '40HC', freteUsd: 2450, totalBrl: 14432.86 },
    ]);
  });
});

describe('an all-in freight (QA pass 34)', () => {
  it("is no point of the lane's freight (it holds the charges) and is listed as left out, with why", async () => {
    const list = (await get('/api/lanes', allIn.token)).json() as LanesList;
    // Only the ocean freight USD 2.950 is a point: the all-in USD 3.400 would have been the median's top.
    expect(list.data.map((row) => [row.unidade, row.pontos, row.mediana, row.incompletas])).toEqual([
      ['40HC', 1, 2950, 1],
    ]);
    const detail = (
      await get(`/api/lanes/${encodeURIComponent(LANE)}?unidade=40HC`, allIn.token)
    ).json() as LaneDetail;
    expect(detail.incompletas.propostas).toEqual([
      expect.objectContaining({
        transportador: allIn.carriers[0]!.nome,
        freteUsd: 3400,
        motivo: 'freteAllIn',
      }),
    ]);
  });
});

describe('a lane and unit whose every proposal is left out (QA pass 39b)', () => {
  it('is listed with its proposal and no median; its unit is a tab of the lane, where the proposal is', async () => {
    const list = (await get('/api/lanes', lcl.token)).json() as LanesList;
    expect(lanesListSchema.safeParse(list).success).toBe(true);
    // The W/M offer is the point (USD 45); the approved all-in per m³ was counted nowhere before.
    expect(
      list.data.map((row) => [
        row.origem,
        row.destino,
        row.unidade,
        row.pontos,
        row.mediana,
        row.incompletas,
      ]),
    ).toEqual([
      ['Shanghai', 'Santos', 'wm', 1, 45, 0],
      ['Shanghai', 'Santos', 'm3', 0, null, 1],
    ]);
    // The banner's count is the cells' sum.
    expect(list.incompletas).toBe(1);
    expect(list.total).toBe(2);
    const lane = list.data[1]!.chave;
    const detail = (
      await get(`/api/lanes/${encodeURIComponent(lane)}?unidade=m3`, lcl.token)
    ).json() as LaneDetail;
    expect(laneDetailSchema.safeParse(detail).success).toBe(true);
    expect(detail.unidades).toEqual([
      { unidade: 'wm', pontos: 1 },
      { unidade: 'm3', pontos: 0 },
    ]);
    expect(detail.series).toEqual([]);
    expect(detail.incompletas.propostas).toEqual([
      expect.objectContaining({ transportador: lcl.carriers[1]!.nome, freteUsd: 68, motivo: 'freteAllIn' }),
    ]);
  });
});

describe('proposals left out of the figures (item 2)', () => {
  it('the list says how many incomplete proposals the period leaves out, per lane and in all', async () => {
    const response = await get('/api/lanes', isps.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as LanesList;
    expect(lanesListSchema.safeParse(body).success).toBe(true);
    expect(body.incompletas).toBe(1);
    expect(
      body.data.map((row) => [row.unidade, row.pontos, row.mediana, row.minimo, row.maximo, row.incompletas]),
    ).toEqual([['40HC', 2, 2257.78, 1515.56, 3000, 1]]);
    // Another unit filtered out: nothing left out either.
    expect(((await get('/api/lanes?unidade=20DC', isps.token)).json() as LanesList).incompletas).toBe(0);
  });

  it("the lane page lists them with their quote, freight and reason; the chart's points carry their quote", async () => {
    const response = await get(`/api/lanes/${encodeURIComponent(LANE)}?unidade=40HC`, isps.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as LaneDetail;
    expect(laneDetailSchema.safeParse(body).success).toBe(true);
    expect(body.incompletas).toEqual({
      total: 1,
      propostas: [
        {
          data: todayInSaoPaulo(),
          transportador: isps.carriers[2]!.nome,
          cotacaoCodigo: isps.quote.codigo,
          freteUsd: 2700,
          motivo: 'taxasAusentes',
          detalhe: 'ISPS',
        },
      ],
    });
    const points = body.series.flatMap((carrier) => carrier.pontos);
    expect(points.map((point) => [point.freteUsd, point.cotacaoCodigo])).toEqual(
      expect.arrayContaining([
        [1515.56, isps.quote.codigo],
        [3000, isps.quote.codigo],
      ]),
    );
  });
});

describe('rounding (item 3)', () => {
  it('rounds a median ending in 5 up: 4,075 → 4,08 and 3,975 → 3,98', async () => {
    const body = (await get('/api/lanes?unidade=kg', mixed.token)).json() as LanesList;
    expect(Object.fromEntries(body.data.map((row) => [row.destino, row.mediana]))).toEqual({
      MIAMI: 4.08,
      LISBOA: 3.98,
    });
  });
});

describe('the period (item 6)', () => {
  it('answers the period it read: the default last 365 days, or the one asked', async () => {
    const today = todayInSaoPaulo();
    const list = (await get('/api/lanes', isps.token)).json() as LanesList;
    expect(list.periodo).toEqual({ inicio: addDays(today, -364), fim: today, padrao: true });
    const asked = (await get('/api/lanes?inicio=2026-01-01&fim=2026-06-30', isps.token)).json() as LanesList;
    expect(asked.periodo).toEqual({ inicio: '2026-01-01', fim: '2026-06-30', padrao: false });
    const detail = (await get(`/api/lanes/${encodeURIComponent(LANE)}?inicio=2026-01-01`, isps.token)).json();
    expect(detail.periodo).toEqual({ inicio: '2026-01-01', fim: today, padrao: false });
  });

  it('refuses a period that ends before it starts with a pt-BR 400, not an empty list', async () => {
    const response = await get('/api/lanes?inicio=2026-05-01&fim=2026-04-01', isps.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail ?? response.body).toContain(
      'O fim do período (01/04/2026) é anterior ao início (01/05/2026). Corrija as datas.',
    );
    // A start after today without an end (the end defaults to today) is the same mistake.
    const future = addDays(todayInSaoPaulo(), 10);
    expect(
      (await get(`/api/lanes/${encodeURIComponent(LANE)}?inicio=${future}`, isps.token)).statusCode,
    ).toBe(400);
    expect((await get(`/api/lanes/export.csv?inicio=2026-05-01&fim=2026-04-01`, isps.token)).statusCode).toBe(
      400,
    );
  });
});

describe('the CSV (item 7)', () => {
  it('appends the quote code, its reference and the freight as quoted; the old columns stay', async () => {
    const response = await get('/api/lanes/export.csv', isps.token);
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Modal;Origem;Destino;Unidade;Data;Agente de carga;Frete por unidade (USD);Total por unidade (BRL);Taxa (BRL/USD);Transit time (dias);Free time (dias);Aprovada;Código da cotação;Referência/processo;Moeda original do frete;Valor original do frete (por unidade)',
    );
    const fields = (line: string) => line.split(';').map((field) => field.replace(/^"(.*)"$/, '$1'));
    const rows = lines.slice(1).map(fields);
    const brl = rows.find((row) => row[5] === isps.carriers[0]!.nome)!;
    expect([brl[6], ...brl.slice(12)]).toEqual([
      // To the cent, as the screen (QA pass 41a: '1515,5559').
      '1515,56',
      isps.quote.codigo,
      isps.quote.referenciaProcesso,
      'BRL',
      '7950,00',
    ]);
    const usd = rows.find((row) => row[5] === isps.carriers[1]!.nome)!;
    expect(usd.slice(12)).toEqual([isps.quote.codigo, isps.quote.referenciaProcesso, 'USD', '3000,00']);
  });
});
