import type { Comparison } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuote, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * A quote to two ports ("Santos, BR / Itapoá, BR", 2 × 40HC; QA pass 27): a reply serving only Itapoá is
 * Itapoá's row, with its road cost; one rate "for both ports" is a row per port. Over the real pipeline;
 * the fake Banco Central gives PTAX 5.1177, with the margin of 2.5 % every total at 5.2456. Road cost of the
 * defaults: Itapoá R$ 2.100,00 per container, Santos none.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let quote: Scenario;

const ONLY_ITAPOA = [
  'Prezada Ana,',
  '',
  'Conseguimos atender somente Itapoá (Santos sem espaço no momento).',
  'Ocean freight 40HC: USD 1.850,00',
  'THC: BRL 1.200,00 per container',
  'Doc fee: USD 50,00',
  '',
  'Att,',
  'Maré Alta Logística',
].join('\n');

const BOTH_PORTS = [
  'Prezada Ana,',
  '',
  'Frete 40HC USD 2.100,00 – mesmo valor para Santos ou Itapoá',
  'THC: R$ 1.380,00 por contêiner',
  'BL fee: USD 55,00',
  '',
  'Att,',
  'Pacífico Logística',
].join('\n');

const PER_LINE = [
  'Prezada Ana,',
  '',
  'Frete 40HC Santos: USD 2.300,00',
  'Frete 40HC Itapoá: USD 2.250,00',
  'THC Santos R$ 1.300,00 / THC Itapoá R$ 1.150,00 por contêiner',
  'BL fee: USD 60,00',
  '',
  'Att,',
  'Rota Sul',
].join('\n');

const NO_PORT = [
  'Prezada Ana,',
  '',
  'Frete 40HC: USD 2.200,00',
  'THC: R$ 1.300,00 por contêiner',
  '',
  'Att,',
  'Boreal',
].join('\n');

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${quote.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  quote = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Maré Alta Logística', email: 'quotes@marealta-sp.com.br' },
      { nome: 'Pacífico Logística', email: 'quotes@pacifico-sp.com.br' },
      { nome: 'Rota Sul', email: 'pricing@rotasul-sp.com.br' },
      { nome: 'Boreal Cargas', email: 'pricing@boreal-sp.com.br' },
    ],
    quote: { destino: 'Santos, BR / Itapoá, BR' },
  });
  await answerQuote(ctx, quote, [
    { carrier: 0, text: ONLY_ITAPOA },
    { carrier: 1, text: BOTH_PORTS },
    { carrier: 2, text: PER_LINE },
    { carrier: 3, text: NO_PORT },
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a quote to two ports', () => {
  it("a reply serving only Itapoá is Itapoá's row; one rate for both ports and a price per port on each line are a row per port", async () => {
    const response = await call('GET', `/api/quotes/${quote.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as Comparison).linhas.map((row) => [
      row.transportador.nome,
      row.destino,
      row.custoRodoviario,
      row.custoTotalBRL,
    ]);
    expect(rows).toEqual([
      // Pacífico Santos: USD 2 × 2.100 + 55 = 4.255 × 5,2456 = 22.320,03 + R$ 2 × 1.380 = R$ 25.080,03.
      ['Pacífico Logística', 'Santos', 0, 25080.03],
      // Rota Sul Santos: USD 2 × 2.300 + 60 = 4.660 × 5,2456 = 24.444,50 + R$ 2 × 1.300 = R$ 27.044,50.
      // Rota Sul Itapoá: USD 2 × 2.250 + 60 = 4.560 × 5,2456 = 23.919,94 + R$ 2 × 1.150 + road 2 × 2.100
      // = R$ 30.419,94.
      // Maré Alta Itapoá: USD 2 × 1.850 + 50 = 3.750 × 5,2456 = 19.671,00 + R$ 2 × 1.200 + road 2 × 2.100
      // = R$ 26.271,00 (QA pass 27: no port, no road cost, R$ 22.071,00 and "Menor custo").
      // Boreal names no port: USD 2 × 2.200 = 4.400 × 5,2456 = 23.080,64 + R$ 2 × 1.300 = R$ 25.680,64, no road
      // cost, and an alert says so (QA pass 31: it shared 'Menor custo' unflagged).
      ['Boreal Cargas', null, 0, 25680.64],
      ['Maré Alta Logística', 'Itapoá', 4200, 26271],
      ['Rota Sul', 'Santos', 0, 27044.5],
      // Pacífico Itapoá: R$ 25.080,03 + road 2 × 2.100 = R$ 29.280,03.
      ['Pacífico Logística', 'Itapoá', 4200, 29280.03],
      ['Rota Sul', 'Itapoá', 4200, 30419.94],
    ]);
    const boreal = (response.json() as Comparison).linhas.find(
      (row) => row.transportador.nome === 'Boreal Cargas',
    );
    expect(boreal?.alertas).toContainEqual({
      tipo: 'destinoNaoInformado',
      texto:
        'A resposta não diz para qual porto é (Santos / Itapoá): o total não inclui custo rodoviário; confirme o porto com o agente',
    });
  });
});
