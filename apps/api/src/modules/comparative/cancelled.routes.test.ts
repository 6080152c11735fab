import { uiDecisions } from '@cotacoes/shared/messages/ui-decisions';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuote, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from './excel.js';

/*
 * The comparative files of a cancelled quote (QA pass 30): the figures as they came, no row marked 'Menor
 * custo' or 'Menor prazo', and the legend says the quote was cancelled, as the screen does.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let quote: Scenario;

const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${quote.token}` } });

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  quote = await quoteScenario(ctx, {
    carriers: [
      { nome: 'Atlântico Cargas', email: 'pricing@atlantico-cx.com.br' },
      { nome: 'Pacífico Logística', email: 'quotes@pacifico-cx.com.br' },
    ],
  });
  const texts = [
    'Prezada Ana,\n\nFrete 40HC: USD 2.100,00\nTHC: R$ 1.400,00 por contêiner\nTransit time: 30 dias\n\nAtt,\nAtlântico',
    'Prezada Ana,\n\nFrete 40HC: USD 2.300,00\nTHC: R$ 1.300,00 por contêiner\nTransit time: 34 dias\n\nAtt,\nPacífico',
  ];
  await answerQuote(
    ctx,
    quote,
    texts.map((text, carrier) => ({ carrier, text })),
  );
  const cancelled = await call('PATCH', `/api/quotes/${quote.quote.id}`, { status: 'CANCELADA' });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('the comparative files of a cancelled quote', () => {
  it('keep the figures, mark no row and say the quote was cancelled', async () => {
    const excel = await call('GET', `/api/quotes/${quote.quote.id}/comparative-excel`);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const rows = [1, 2].map((offset) => summary.getRow(SUMMARY_HEADER_ROW + offset));
    // Atlântico: 2 × 2.100 × 5,2456 = 22.031,52 + 2 × 1.400 = R$ 24.831,52 (the cheapest, unmarked);
    // Pacífico: 2 × 2.300 × 5,2456 = 24.129,76 + 2 × 1.300 = R$ 26.729,76.
    expect(rows.map((row) => row.getCell(headers.indexOf('Total (BRL)')).value)).toEqual([
      24831.52, 26729.76,
    ]);
    expect(rows.map((row) => row.getCell(headers.indexOf('Destaque')).value)).toEqual([null, null]);
    expect(String(summary.getRow(SUMMARY_HEADER_ROW - 2).getCell(1).value)).toBe(
      uiDecisions.comparison.cancelledNote,
    );

    const pdf = await call('GET', `/api/quotes/${quote.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('24.831,52');
    expect(flat).toContain(uiDecisions.comparison.cancelledNote);
    expect(flat).not.toContain('Menor custo');
    expect(flat).not.toContain('Em verde');
  });
});
