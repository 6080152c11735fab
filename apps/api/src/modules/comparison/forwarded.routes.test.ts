import type { Comparison } from '@cotacoes/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuote, carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';

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

  it("forwarded by the analyst from her own mailbox to the platform: matched by the quote's code and the forwarded sender", async () => {
    // QA pass 35: a colleague's "ENC: RE: Cotação COT-…" to the platform's address reached no company.
    const analyst = await quoteScenario(ctx, {
      carriers: [
        { nome: 'Maré Alta', email: 'quotes@marealta-fw.com' },
        { nome: 'Porto Seguro Cargas', email: 'cotacao@portoseguro-fw.com.br' },
      ],
    });
    const db = ctx.app.services.database.db;
    const { rows } = await db.execute(sql`select email from users where id = ${analyst.userId}`);
    const analystEmail = (rows[0] as { email: string }).email;
    const forwarded = [
      'Segue a proposta da Porto Seguro, que veio no meu e-mail.',
      '',
      'De: Cotação Porto Seguro <cotacao@portoseguro-fw.com.br>',
      'Enviado em: segunda-feira, 7 de dezembro de 2026 09:12',
      `Para: ${analystEmail}`,
      `Assunto: RE: Cotação ${analyst.quote.codigo}`,
      '',
      'Prezada, segue:',
      'Frete marítimo: USD 1.880,00 por 40HC',
      'THC: R$ 1.250,00 por contêiner',
      'BL fee: USD 45,00',
      'Transit time: 34 dias',
    ].join('\n');
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: analystEmail,
        to: 'cotacoes@importador.example',
        subject: `ENC: RE: Cotação ${analyst.quote.codigo}`,
        text: forwarded,
      }),
      { source: 'imap' },
    );
    expect(result).toMatchObject({ outcome: 'resposta', cotacaoId: analyst.quote.id });
    const row = await waitFor(async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/quotes/${analyst.quote.id}/comparison`,
        headers: { authorization: `Bearer ${analyst.token}` },
      });
      return (response.json() as Comparison).linhas.find(
        (line) => line.transportadorId === analyst.carriers[1]!.id && line.precificada,
      );
    }, 30_000);
    // USD 2 × 1.880 + 45 = 3.805 × 5,2456 = 19.959,51 + R$ 2 × 1.250 = R$ 22.459,51.
    expect(row).toMatchObject({ valorUSD: 3805, valorBRL: 2500, custoTotalBRL: 22459.51 });
    // Matched by the code, not by the carrier's own mailbox: flagged for the analyst to confirm.
    const entries = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${analyst.quote.id}/respostas`,
      headers: { authorization: `Bearer ${analyst.token}` },
    });
    const entry = (
      entries.json().data as { transportadorId: string; atual: { remetenteNaoVerificado?: boolean } }[]
    ).find((item) => item.transportadorId === analyst.carriers[1]!.id);
    expect(entry!.atual.remetenteNaoVerificado).toBe(true);

    // The same forward without the carrier's address in it: the quote is identified, the message waits.
    const unnamed = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: analystEmail,
        to: 'cotacoes@importador.example',
        subject: `ENC: proposta ${analyst.quote.codigo}`,
        text: 'Segue a proposta que recebi por telefone: frete USD 1.900 por 40HC.',
      }),
      { source: 'imap' },
    );
    expect(unnamed).toMatchObject({ outcome: 'nao_identificada', cotacaoId: analyst.quote.id });

    // A user of another company forwarding the same text never reaches this company's quote (the code is
    // looked up in the user's own company, where COT-… may name another quote or none).
    const { rows: other } = await db.execute(sql`select email from users where id = ${quote.userId}`);
    const outsider = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: (other[0] as { email: string }).email,
        to: 'cotacoes@importador.example',
        subject: `ENC: RE: Cotação ${analyst.quote.codigo}`,
        text: forwarded,
      }),
      { source: 'imap' },
    );
    expect(outsider.cotacaoId).not.toBe(analyst.quote.id);
    const { rows: versions } = await db.execute(
      sql`select count(*)::int as n from respostas where cotacao_id = ${analyst.quote.id}`,
    );
    expect((versions[0] as { n: number }).n).toBe(1);
  });
});
