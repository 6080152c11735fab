import type { Comparison } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuote, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * A carrier's colleague forwards its offer to the quote's reply address (QA pass 29: "Nenhum valor
 * identificado", the row "Frete não informado"): the forwarded offer is read. Default quote: 2 × 40HC
 * Shanghai → Santos; the fake Banco Central gives PTAX 5.1177, with the margin of 2.5 % every total at 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let quote: Scenario;

const FORWARDED = [
  'Ana, bom dia.',
  '',
  'Encaminho a proposta do nosso time de pricing.',
  '',
  'Marcos',
  '',
  '---------- Mensagem encaminhada ----------',
  'De: Pricing Rota Sul <pricing@rotasul-fw.com.br>',
  'Data: seg., 7 de dez. de 2026 às 09:10',
  'Assunto: Cotação Shanghai x Santos',
  'Para: Marcos <vendas@rotasul-fw.com.br>',
  '',
  'Frete 40HC: USD 1.520,00',
  'BL fee: USD 50,00',
  'THC: R$ 990,00 por contêiner',
  'Transit time: 39 dias',
  '',
  'Pricing Rota Sul',
].join('\n');

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${quote.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  quote = await quoteScenario(ctx, {
    carriers: [{ nome: 'Rota Sul', email: 'pricing@rotasul-fw.com.br' }],
  });
  await answerQuote(ctx, quote, [
    {
      carrier: 0,
      from: 'vendas@rotasul-fw.com.br',
      subject: 'ENC: Cotação Shanghai x Santos',
      text: FORWARDED,
    },
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a forwarded offer', () => {
  it("is read: the row's totals are the forwarded figures", async () => {
    const response = await call('GET', `/api/quotes/${quote.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas[0]!;
    // USD 2 × 1.520 + 50 = 3.090 × 5,2456 = 16.208,90 + R$ 2 × 990 = R$ 18.188,90; transit 39 days.
    expect(row).toMatchObject({ valorUSD: 3090, valorBRL: 1980, custoTotalBRL: 18188.9, precificada: true });
    expect(row.prazo.valor).toBe(39);
  });
});
