import type { Comparison } from '@cotacoes/shared';
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
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * QA pass 33: an LCL reply "USD 38.00 per cbm / USD 55.00 per ton, whichever is greater, min 2 cbm" on a
 * heavy shipment (2 m³, 4.500 kg) was counted per m³ (USD 76): the cheapest by far, wrongly. The greater of
 * the two counts: 4,5 t × 55 = USD 247,50 against 2 m³ × 38 = USD 76. Over the real pipeline to the screen's
 * data, the Excel, the PDF and the approval e-mail. The fake Banco Central gives PTAX 5,1177; with the margin
 * of 2,5 % every total uses 5,2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let lcl: Scenario;

const REPLY = [
  'Dear Sirs,',
  '',
  'Ocean freight: USD 38.00 per cbm / USD 55.00 per ton, whichever is greater, min 2 cbm',
  'CFS: USD 8.00 W/M',
  'Doc fee: USD 40.00 per BL',
  'T/T 35 days. Valid till 31-Dec-2026.',
  '',
  'John Lee',
  'Maré Alta Comércio Exterior',
].join('\n');

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${lcl.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  lcl = await quoteScenario(ctx, {
    carriers: [{ nome: 'Maré Alta Comércio Exterior', email: 'lcl@marealta-wm.com' }],
    quote: {
      tipoFrete: 'LCL',
      pesoBrutoTotal: '4.500 kg',
      itens: [{ mercadoria: 'Chapas de aço', quantidadeVolumes: '2 pallets', dimensoes: 'total 2 m³' }],
    },
  });
  await answerQuote(ctx, lcl, [{ carrier: 0, text: REPLY }]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('LCL per m³ or per ton, whichever is greater', () => {
  it('counts the greater: 4,5 t × 55; CFS on the W/M; the files and the approval e-mail agree', async () => {
    const response = await call('GET', `/api/quotes/${lcl.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas[0]!;
    // By hand: max(2 × 38 = 76 (min 2 cbm = 76), 4,5 × 55 = 247,50) = 247,50; CFS 8 × W/M max(4,5 t; 2 m³)
    // = 36; doc fee 40 → USD 323,50 × 5,2456 = R$ 1.696,95.
    expect(row).toMatchObject({ valorUSD: 323.5, custoTotalBRL: 1696.95 });
    const counted = row.fretes.filter((frete) => (frete.quantidade ?? 0) > 0);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ valor: 55, quantidade: 4.5 });
    // The per-m³ price is shown, not counted.
    expect(row.fretes.find((frete) => frete.valor === 38)?.quantidade ?? 0).toBe(0);

    expect((await comparativeExcelRows(ctx, lcl))[0]!['Total (BRL)']).toBe(1696.95);
    expect(await comparativePdfText(ctx, lcl)).toContain('1.696,95');

    const approved = await call('POST', `/api/quotes/${lcl.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await approvalMail(ctx, lcl, 0);
    expect(mail.text).toContain('1.696,95');
    expect(mail.text).toContain('US$ 247,50');
    expect(mail.text).not.toContain('US$ 76,00');
  });
});
