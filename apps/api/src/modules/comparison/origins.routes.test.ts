import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuote, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';

/*
 * A quote from two origins ("Shanghai, CN / Ningbo, CN" → Santos, 1 × 40HC; QA pass 27): a carrier pricing
 * both is counted from its cheaper origin, and says so; one pricing only Ningbo competes with that. Over the
 * real pipeline; the fake Banco Central gives PTAX 5.1177, with the margin of 2.5 % every total at 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let quote: Scenario;

const BOTH = [
  'Prezada Ana,',
  '',
  'Seguem nossas tarifas:',
  'Shanghai x Santos: USD 2.300,00/40HC',
  'Ningbo x Santos: USD 2.100,00/40HC',
  'THC destino: R$ 1.450,00 por contêiner',
  'BL fee: USD 50,00',
  'Transit time: 35 dias',
  '',
  'Att,',
  'Atlântico Cargas',
].join('\n');

const NINGBO_ONLY = [
  'Prezada Ana,',
  '',
  'Segue cotação Ningbo x Santos:',
  'Frete 40HC: USD 2.180,00',
  'BL fee: USD 60,00',
  'THC destino: R$ 1.400,00 por contêiner',
  'Transit time: 33 dias',
  '',
  'Att,',
  'Pacífico Logística',
].join('\n');

const EX_ORIGINS = [
  'Dear Ana,',
  '',
  'Ex Shanghai: USD 2,450.00 per 40HC',
  'Ex Ningbo: USD 2,300.00 per 40HC',
  'THC destination: BRL 1,400.00 per container',
  'BL fee: USD 60.00',
  '',
  'Best regards,',
  'Maré Alta',
].join('\n');

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${quote.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  quote = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Atlântico Cargas', email: 'pricing@atlantico-or.com.br' },
      { nome: 'Pacífico Logística', email: 'quotes@pacifico-or.com.br' },
      { nome: 'Maré Alta', email: 'quotes@marealta-or.com.br' },
    ],
    quote: {
      origem: 'Shanghai, CN / Ningbo, CN',
      itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '1 x 40HC', dimensoes: null }],
    },
  });
  await answerQuote(ctx, quote, [
    { carrier: 0, text: BOTH },
    { carrier: 1, text: NINGBO_ONLY },
    { carrier: 2, text: EX_ORIGINS },
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a quote from two origins', () => {
  it("counts each carrier's cheaper origin, says which, and marks the true cheapest", async () => {
    const response = await call('GET', `/api/quotes/${quote.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as Comparison).linhas;
    const rowOf = (nome: string) => rows.find((row) => row.transportador.nome === nome) as ComparisonRow;
    // Atlântico via Ningbo: USD 2.100 + 50 = 2.150 × 5,2456 = 11.278,04 + R$ 1.450 = R$ 12.728,04
    // (via Shanghai it would be 2.350 × 5,2456 + 1.450 = R$ 13.777,16).
    const atlantico = rowOf('Atlântico Cargas');
    expect(atlantico).toMatchObject({ valorUSD: 2150, valorBRL: 1450, custoTotalBRL: 12728.04 });
    expect(atlantico.origemContada).toEqual({ origem: 'Ningbo', outras: ['Shanghai'] });
    // Its route starts at the counted origin (QA pass 30: "Rota Shanghai → Santos" on a Ningbo count).
    expect(atlantico.rota).toBe('Ningbo → Santos');
    expect(atlantico.alertas?.map((alerta) => alerta.texto)).toContain(
      'Contada a origem Ningbo, a mais barata das cotadas por este agente; fora da conta: Shanghai',
    );
    // Pacífico, Ningbo only: USD 2.180 + 60 = 2.240 × 5,2456 = 11.750,14 + R$ 1.400 = R$ 13.150,14.
    const pacifico = rowOf('Pacífico Logística');
    expect(pacifico).toMatchObject({ valorUSD: 2240, custoTotalBRL: 13150.14 });
    expect(pacifico.origemContada).toBeUndefined();
    // Maré Alta, "Ex Shanghai / Ex Ningbo" (QA pass 30: both read as fees, "Frete não informado"): via Ningbo
    // USD 2.300 + 60 = 2.360 × 5,2456 = 12.379,62 + R$ 1.400 = R$ 13.779,62.
    const mare = rowOf('Maré Alta');
    expect(mare).toMatchObject({
      valorUSD: 2360,
      valorBRL: 1400,
      custoTotalBRL: 13779.62,
      precificada: true,
    });
    expect(mare.origemContada).toEqual({ origem: 'Ningbo', outras: ['Shanghai'] });
    expect(atlantico.destaque.menorCusto).toBe(true);
    expect(pacifico.destaque.menorCusto).toBe(false);
  });
});

describe('approving an offer that priced one of the two origins (QA pass 41c)', () => {
  it('the approval e-mail names the origin priced, not both the quote asked', async () => {
    const rows = ((await call('GET', `/api/quotes/${quote.quote.id}/comparison`)).json() as Comparison)
      .linhas;
    const pacifico = rows.find((row) => row.transportador.nome === 'Pacífico Logística')!;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.quote.id}/approve`,
      headers: { authorization: `Bearer ${quote.token}` },
      payload: { responseId: pacifico.respostaId, assuntoPersonalizado: 'Aprovação origens Q41' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find((m) => m.subject === 'Aprovação origens Q41'),
    );
    // Pacífico quoted "Ningbo x Santos" only: USD 2.240 × 5,2456 + R$ 1.400 = R$ 13.150,14.
    expect(mail.text).toContain('Origem: Ningbo');
    expect(mail.text).not.toContain('Shanghai');
    expect(mail.text).toContain('13.150,14');
  });
});
