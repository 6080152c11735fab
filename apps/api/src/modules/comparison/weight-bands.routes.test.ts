import type { Comparison } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * Air weight bands over the real pipeline (QA pass 24): "M 95,00 / -45 7,10 / +45 5,60 / +100 4,35 / +300
 * 3,90 / +500 3,45" read the minimum and the band labels as rates and priced 565 kg at USD 95/kg
 * (R$ 289.465,75). Now the band of the chargeable weight counts, on the screen, in the Excel, the PDF and the
 * approval e-mail. The fake Banco Central gives PTAX 5.1177; with the margin of 2.5 % every total uses 5.2456.
 *
 * The quote: 410 kg gross, 4 boxes of 118 × 78 × 92 cm = 3,387072 m³ × 166,67 = 564,51 kg → 565 kg chargeable
 * (the IATA half kilogram up), band +500.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let air: Scenario;

const ONE_LINE = [
  'Prezados,',
  '',
  'Segue nossa cotação aérea Frankfurt x Viracopos:',
  '',
  'Frete aéreo FRA-VCP (USD/kg): M 95,00 / -45 7,10 / +45 5,60 / +100 4,35 / +300 3,90 / +500 3,45',
  'Fuel surcharge: USD 0,85/kg',
  'Security surcharge: USD 0,15/kg',
  'AWB fee: USD 35,00 por AWB',
  'Handling destino: R$ 180,00 por embarque',
  'Transit time: 3 dias',
  'Validade: 31/12/2026',
  '',
  'Att,',
  'Céu Azul Cargas',
].join('\n');

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${air.token}` } });

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
    carriers: [{ nome: 'Céu Azul Cargas', email: 'air@ceuazul-wb.com.br' }],
  });
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: air.carriers[0]!.email, to: air.replyTo(0), text: ONE_LINE }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call('GET', `/api/quotes/${air.quote.id}/respostas`)).json().data as {
      atual: { extracao: string } | null;
    }[];
    return list[0]?.atual?.extracao === 'concluida';
  }, 30_000);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('air weight bands through the pipeline', () => {
  it('565 kg counts the +500 band: the screen, the Excel, the PDF and the approval e-mail agree', async () => {
    const response = await call('GET', `/api/quotes/${air.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas[0]!;
    // 565 × 3,45 = 1.949,25 + fuel 565 × 0,85 = 480,25 + security 565 × 0,15 = 84,75 + AWB 35 = USD 2.549,25;
    // × 5,2456 = 13.372,35 + handling R$ 180 = R$ 13.552,35 (÷ 5,2456 = USD 2.583,56).
    expect(row).toMatchObject({
      valorUSD: 2549.25,
      valorBRL: 180,
      custoTotalBRL: 13552.35,
      custoTotalUSD: 2583.56,
    });
    expect(row.fretes.map((frete) => [frete.valor, frete.faixa, frete.valorTotal ?? null])).toEqual([
      [7.1, '-45 kg', null],
      [5.6, '+45 kg', null],
      [4.35, '+100 kg', null],
      [3.9, '+300 kg', null],
      [3.45, '+500 kg', 1949.25],
    ]);
    // The minimum is the minimum of every band, not a rate.
    expect(row.fretes.every((frete) => frete.minimo === 95)).toBe(true);

    const excel = await call('GET', `/api/quotes/${air.quote.id}/comparative-excel`);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    // The summary's unit price is the charged band's (QA pass 26 saw the -45 kg rate there).
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    expect(
      summary.getRow(SUMMARY_HEADER_ROW + 1).getCell(headers.indexOf('Frete por kg (unitário)')).value,
    ).toBe(3.45);
    const detail = workbook.getWorksheet('Detalhamento')!;
    const texts = [...Array(detail.rowCount).keys()].map((i) =>
      (detail.getRow(i + 1).values as unknown[]).map((value) => String(value ?? '')).join(' | '),
    );
    expect(texts.find((line) => line.includes('+500 kg'))).toContain('565 kg × US$ 3,45 = US$ 1.949,25');
    expect(texts.find((line) => line.includes('+45 kg'))).toContain('Outra faixa de peso');

    const pdf = await call('GET', `/api/quotes/${air.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const pdfText = text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('13.552,35');
    expect(pdfText).not.toContain('289.465');

    const approved = await call('POST', `/api/quotes/${air.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) => m.to.includes(air.carriers[0]!.email) && m.subject === `Cotação ${air.quote.codigo} aprovada`,
      ),
    );
    expect(mail.text).toContain('(faixa +500 kg): 565 kg × US$ 3,45 = US$ 1.949,25');
    expect(mail.text).toContain('13.552,35');
  });
});
