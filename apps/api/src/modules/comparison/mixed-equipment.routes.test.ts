import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerQuote,
  comparativePdfText,
  quoteScenario,
  type Scenario,
} from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * QA pass 33: a quote for 2 × 20DV + 1 × 40HC, answered as forwarders write. A table with the types as rows
 * and THC as a column counted the 40' THC on all three containers (R$ 600 too much, told to the carrier in
 * the approval e-mail); an English sentence made the 40' THC a freight line; an "all in" heading was not
 * read, and the row was called incomplete. Over the real pipeline, the totals an analyst computes, on the
 * screen's data and the PDF. The fake Banco Central gives PTAX 5,1177; with the margin of 2,5 % every total
 * uses 5,2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let mix: Scenario;

const TABLE = [
  'Prezados, boa tarde.',
  '',
  'Segue nossa cotação, Shanghai x Santos, FOB:',
  '',
  '| Equipamento | Frete marítimo (USD) | THC Santos (BRL/cntr) |',
  '|-------------|----------------------|-----------------------|',
  '| 20DV        | 1.250,00             | 1.100,00              |',
  '| 40HC        | 2.150,00             | 1.400,00              |',
  '',
  'BL fee: USD 75,00 por BL',
  'ISPS: USD 35,00 por contêiner',
  'Transit time: 32 dias',
  '',
  'Atenciosamente,',
  'Carla Mendes',
].join('\n');

const SENTENCE = [
  'Hi team,',
  '',
  "We can offer O/F USD 1,250 per 20' and USD 2,150 per 40'HC, THC BRL 1,100 per 20' and BRL 1,400 per 40', BL fee USD 50 per BL.",
  'T/T 31 days, 10 days free time at destination. Rates valid until Dec 31, 2026.',
  '',
  'Best regards,',
  'John Lee',
].join('\n');

const ALL_IN = [
  'Hola,',
  '',
  'Shanghai - Santos, tarifa all in (incluye THC destino y BL):',
  'USD 1.600 / 2.650 (20DV/40HC)',
  'Tránsito 33 días, 14 días libres.',
  'Validez: 31/12/2026',
  '',
  'Saludos,',
  'Marta Ruiz',
].join('\n');

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  mix = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Atlântico Logística', email: 'pricing@atlantico-mx.com.br' },
      { nome: 'Maré Alta Comércio Exterior', email: 'quotes@marealta-mx.com' },
      { nome: 'Rota Sul Freight', email: 'tarifas@rotasul-mx.com' },
    ],
    quote: { itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 20DV + 1 x 40HC', dimensoes: null }] },
  });
  await answerQuote(ctx, mix, [
    { carrier: 0, text: TABLE },
    { carrier: 1, text: SENTENCE },
    { carrier: 2, text: ALL_IN },
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('2 × 20DV + 1 × 40HC as forwarders write it', () => {
  it('counts each size its own freight and THC, the all-in complete; the PDF agrees', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${mix.quote.id}/comparison`,
      headers: { authorization: `Bearer ${mix.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as Comparison).linhas;
    const rowOf = (index: number): ComparisonRow =>
      rows.find((row) => row.transportadorId === mix.carriers[index]!.id)!;

    // Atlântico: USD 2 × 1.250 + 2.150 + 75 + 3 × 35 = 4.830 × 5,2456 = 25.336,25; BRL 2 × 1.100 + 1.400 =
    // 3.600 → R$ 28.936,25.
    expect(rowOf(0)).toMatchObject({ valorUSD: 4830, valorBRL: 3600, custoTotalBRL: 28936.25 });
    // Maré Alta: USD 2 × 1.250 + 2.150 + 50 = 4.700 × 5,2456 = 24.654,32; BRL 3.600 → R$ 28.254,32.
    expect(rowOf(1)).toMatchObject({ valorUSD: 4700, valorBRL: 3600, custoTotalBRL: 28254.32 });
    expect(rowOf(1).fretes.filter((frete) => frete.moeda === 'BRL')).toEqual([]);
    // Rota Sul, all in: USD 2 × 1.600 + 2.650 = 5.850 × 5,2456 = R$ 30.686,76, complete.
    expect(rowOf(2)).toMatchObject({ valorUSD: 5850, custoTotalBRL: 30686.76 });
    expect(rowOf(2).taxasAusentes).toBeUndefined();
    expect(rows.find((row) => row.destaque.menorCusto)?.transportadorId).toBe(mix.carriers[1]!.id);

    const flat = await comparativePdfText(ctx, mix);
    for (const total of ['28.936,25', '28.254,32', '30.686,76']) expect(flat).toContain(total);
  });
});
