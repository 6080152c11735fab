import type { Comparison, LanesList } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { lanePoints } from '../../db/schema/index.js';

/*
 * Air rates in the lane history (ADR 0030 addendum 2026-12-07) over the real pipeline; PTAX 5.1177 + 2.5 % =
 * 5.2456. One air quote Frankfurt → Viracopos, 565 kg chargeable (410 kg gross; 4 boxes of 118 × 78 × 92 cm =
 * 3,387072 m³ × 166,67 = 564,51 → 565), three carriers answering as forwarders write:
 *   Céu Azul:  USD 3,45/kg + fuel USD 0,85/kg + security USD 0,15/kg, AWB USD 35, handling R$ 180
 *              → lane freight 3,45 + 0,85 + 0,15 = USD 4,45/kg; total (565 × 4,45 + 35) × 5,2456 + 180 =
 *              2.549,25 × 5,2456 = 13.372,35 + 180 = R$ 13.552,35 → R$ 23,99/kg.
 *   Nuvem:     USD 4,40/kg all in (inclui fuel e security), AWB USD 35, handling R$ 180
 *              → USD 4,40/kg; (2.486 + 35) × 5,2456 = 13.224,16 + 180 = R$ 13.404,16 → R$ 23,72/kg.
 *   Vento Sul: USD 4,30/kg incl. FSC/SSC, AWB USD 35, handling R$ 180
 *              → USD 4,30/kg; (2.429,50 + 35) × 5,2456 = 12.927,78 + 180 = R$ 13.107,78 → R$ 23,20/kg.
 * Before: Céu Azul's point was its USD 3,45 (the lowest, though its rate is the dearest) and Nuvem's all in
 * was left out as an ocean all in; the median 3,875 of two points.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let air: Scenario;

const reply = (frete: string) =>
  [
    'Prezados,',
    '',
    'Segue nossa cotação aérea Frankfurt x Viracopos:',
    '',
    frete,
    'AWB fee: USD 35,00 por AWB',
    'Handling destino: R$ 180,00 por embarque',
    'Transit time: 3 dias',
    'Validade: 31/12/2026',
    '',
    'Att,',
  ].join('\n');

const REPLIES = [
  reply('Frete aéreo: USD 3,45/kg\nFuel surcharge: USD 0,85/kg\nSecurity surcharge: USD 0,15/kg'),
  reply('Frete aéreo: USD 4,40/kg all in (inclui fuel e security)'),
  reply('Frete aéreo: USD 4,30/kg incl. FSC/SSC'),
];

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${air.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  air = await quoteScenario(ctx, {
    quote: {
      tipoFrete: 'AÉREO',
      origem: 'Frankfurt, DE',
      destino: 'Viracopos, BR',
      pesoBrutoTotal: '410 kg',
      itens: [
        { mercadoria: 'Peças', quantidadeVolumes: '4 caixas', dimensoes: '4 caixas de 118 x 78 x 92 cm' },
      ],
    },
    carriers: [
      { nome: 'Céu Azul Cargas', email: 'air@ceuazul-lane.com.br' },
      { nome: 'Nuvem Air', email: 'rates@nuvem-lane.com.br' },
      { nome: 'Vento Sul Logística', email: 'air@ventosul-lane.com.br' },
    ],
  });
  for (const [index, text] of REPLIES.entries())
    await ctx.app.services.inbound.ingest(
      await carrierReply({ from: air.carriers[index]!.email, to: air.replyTo(index), text }),
      { source: 'imap' },
    );
  await waitFor(async () => {
    const list = (await get(`/api/quotes/${air.quote.id}/respostas`)).json().data as {
      atual: { extracao: string } | null;
    }[];
    return list.length === 3 && list.every((entry) => entry.atual?.extracao === 'concluida');
  }, 60_000);
  for (let round = 0; round < 50; round++) if ((await ctx.app.services.laneRefresher.drain()) === 0) break;
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('air rates in the lane history', () => {
  it('the rate per kg with its fuel and security, quoted apart, all in or "incl."', async () => {
    const comparison = (await get(`/api/quotes/${air.quote.id}/comparison`)).json() as Comparison;
    const totals = Object.fromEntries(
      comparison.linhas.map((row) => [row.transportador.nome, [row.custoTotalBRL, row.taxasAusentes ?? []]]),
    );
    expect(totals).toEqual({
      'Céu Azul Cargas': [13552.35, []],
      'Nuvem Air': [13404.16, []],
      'Vento Sul Logística': [13107.78, []],
    });
    const points = await ctx.app.services.database.db
      .select({
        transportadorId: lanePoints.transportadorId,
        freteUsd: lanePoints.freteUsd,
        totalBrl: lanePoints.totalBrl,
      })
      .from(lanePoints)
      .where(and(eq(lanePoints.empresaId, air.empresaId), eq(lanePoints.unidade, 'kg')));
    const byCarrier = Object.fromEntries(
      points.map((point) => [
        air.carriers.find((carrier) => carrier.id === point.transportadorId)!.nome,
        [point.freteUsd, point.totalBrl],
      ]),
    );
    expect(byCarrier).toEqual({
      'Céu Azul Cargas': [4.45, 23.99],
      'Nuvem Air': [4.4, 23.72],
      'Vento Sul Logística': [4.3, 23.2],
    });
    const list = (await get('/api/lanes?unidade=kg')).json() as LanesList;
    expect(
      list.data.map((lane) => [lane.pontos, lane.mediana, lane.minimo, lane.maximo, lane.incompletas]),
    ).toEqual([[3, 4.4, 4.3, 4.45, 0]]);
  });
});
