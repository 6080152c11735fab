import type { Comparison, ComparisonRow } from '@cotacoes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerQuote,
  approvalMail,
  comparativeExcelRows,
  comparativePdfText,
  quoteScenario,
  type Scenario,
} from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';

/*
 * QA pass 32: an analyst corrects version 1 (a fee's amount, a fee's basis, the transit time); the carrier
 * revises its freight in an Outlook reply written above its own earlier offer, quoted whole ("De: …
 * Enviado em: …"), "demais condições mantidas". The engine reads the quoted offer's fees and transit, as
 * first written: the corrections were lost, and the lost correction showed as the carrier's saving. Over the
 * real pipeline, the revision keeps version 1 as the analyst corrected it: on the screen's data, the Excel,
 * the PDF and the approval e-mail. The fake Banco Central gives PTAX 5,1177; with the margin of 2,5 % every
 * total uses 5,2456. Two 40HC to Santos.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let sea: Scenario;

const OFFER = [
  'Prezados,',
  '',
  'Segue nossa proposta Shanghai x Santos:',
  '',
  'Frete 40HC: USD 2.650,00 por contêiner',
  'BL fee: USD 60,00 por BL',
  'THC destino: BRL 1.400,00 por contêiner',
  'Desconsolidação: BRL 250,00 por BL',
  'Transit time: 35 dias',
  '',
  'Att.,',
  'Juliana Prado',
  'Maré Alta Logística',
];

const revision = (codigo: string) =>
  [
    'Bom dia,',
    '',
    'Revisamos o frete para USD 2.550,00 por contêiner. Demais condições mantidas.',
    '',
    'Att.,',
    'Juliana Prado',
    'Pricing | Maré Alta Logística',
    '',
    'De: Juliana Prado <quotes@marealta-qr.com.br>',
    'Enviado em: segunda-feira, 7 de dezembro de 2026 10:15',
    'Para: cotacoes@importador.com.br',
    `Assunto: RE: Cotação ${codigo} - IMP-001`,
    '',
    ...OFFER,
  ].join('\n');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${sea.token}` } });

const rowOf = async (): Promise<ComparisonRow> => {
  const response = await call('GET', `/api/quotes/${sea.quote.id}/comparison`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Comparison).linhas[0]!;
};

const feeNamed = (row: ComparisonRow, name: RegExp) => row.taxas.find((taxa) => name.test(taxa.rotulo))!;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  sea = await quoteScenario(ctx, {
    carriers: [{ nome: 'Maré Alta Logística', email: 'quotes@marealta-qr.com.br' }],
    quote: { itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '2 x 40HC', dimensoes: null }] },
  });
  await answerQuote(ctx, sea, [{ carrier: 0, text: OFFER.join('\n') }]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a revision written above its own quoted offer keeps the analyst’s corrections', () => {
  it('version 1 as read, then as corrected: BL fee 65, Desconsolidação per container, 38 days', async () => {
    // By hand: USD 2 × 2.650 + 60 = 5.360 × 5,2456 = 28.116,42; BRL 2 × 1.400 + 250 = 3.050 → R$ 31.166,42.
    const read = await rowOf();
    expect(read).toMatchObject({ versao: 1, valorUSD: 5360, valorBRL: 3050, custoTotalBRL: 31166.42 });
    expect(read.custoRodoviario).toBe(0);

    const bl = feeNamed(read, /^BL fee/i);
    const desconsolidacao = feeNamed(read, /^Desconsolida/i);
    for (const [campo, valor] of [
      [bl.campo!, 65],
      [desconsolidacao.campo!.replace(/\.valor$/, '.unidade'), 'CNTR'],
      [read.prazo.campo!, 38],
    ] as const) {
      const corrected = await call(
        'PUT',
        `/api/quotes/${sea.quote.id}/respostas/${read.respostaId}/correcoes`,
        {
          campo,
          valor,
        },
      );
      expect(corrected.statusCode, `${campo}: ${corrected.body}`).toBe(200);
    }
    // USD 2 × 2.650 + 65 = 5.365 × 5,2456 = 28.142,64; BRL 2 × 1.400 + 2 × 250 = 3.300 → R$ 31.442,64.
    const corrected = await rowOf();
    expect(corrected).toMatchObject({ valorUSD: 5365, valorBRL: 3300, custoTotalBRL: 31442.64 });
    expect(corrected.prazo.valor).toBe(38);
    // The basis correction is marked as one (the files said "Corrigido: Não" beside it).
    expect(feeNamed(corrected, /^Desconsolida/i).corrigido).toBe(true);
  });

  it('version 2 takes its new freight and keeps the corrected rest, marked corrected', async () => {
    const asked = await call('POST', `/api/quotes/${sea.quote.id}/request-revision`, {
      transportadorId: sea.carriers[0]!.id,
      revisarTodos: false,
      mensagem: 'Conseguem melhorar o frete?',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    await answerQuote(ctx, sea, [{ carrier: 0, text: revision(sea.quote.codigo) }]);
    await waitFor(async () => (await rowOf()).versao === 2);

    // By hand: USD 2 × 2.550 + 65 = 5.165 × 5,2456 = 27.093,52; BRL 2 × 1.400 + 2 × 250 = 3.300
    // → R$ 30.393,52. The saving is the freight's alone: 2 × 100 × 5,2456 = R$ 1.049,12.
    const row = await rowOf();
    expect(row).toMatchObject({ versao: 2, valorUSD: 5165, valorBRL: 3300, custoTotalBRL: 30393.52 });
    expect(row.fretes.find((frete) => frete.valor !== null)).toMatchObject({ valor: 2550, quantidade: 2 });
    expect(feeNamed(row, /^BL fee/i)).toMatchObject({ valor: 65, corrigido: true });
    expect(feeNamed(row, /^Desconsolida/i)).toMatchObject({ valor: 250, quantidade: 2, corrigido: true });
    expect(row.prazo).toMatchObject({ valor: 38, corrigido: true, versaoAnterior: 1 });
    expect(row.variacao).toMatchObject({ custoTotalBRL: -1049.12, custoTotalUSD: -200 });

    expect((await comparativeExcelRows(ctx, sea))[0]!['Total (BRL)']).toBe(30393.52);
    expect(await comparativePdfText(ctx, sea)).toContain('30.393,52');
  });

  it('the approval e-mail states the corrected figures the total counts', async () => {
    const row = await rowOf();
    const approved = await call('POST', `/api/quotes/${sea.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await approvalMail(ctx, sea, 0);
    expect(mail.text).toContain('2 × US$ 2.550,00 = US$ 5.100,00');
    expect(mail.text).toContain('1 × US$ 65,00 = US$ 65,00');
    expect(mail.text).toContain('2 × R$ 250,00 = R$ 500,00');
    expect(mail.text).toContain('38 dias');
    expect(mail.text).toContain('30.393,52');
  });
});
