import type { Comparison } from '@cotacoes/shared';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, readSentMail, type TestContext, waitFor } from '../../../test/helpers.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * A carrier asked to revise answers that it cannot, and that its offer stands (QA pass 28: the reply became
 * version 2 with no price, and the row lost the standing offer: "Frete não informado", no way to approve
 * it). Over the real pipeline: the row keeps version 1's figures and says why, on the screen's data, the
 * Excel, the PDF and the approval e-mail. The fake Banco Central gives PTAX 5.1177; with the margin of
 * 2.5 % every total uses 5.2456.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let sea: Scenario;

const OFFER = [
  'Dear Ana,',
  '',
  'Please find our offer Shanghai to Santos:',
  'Ocean freight: USD 2,150.00 per 40HC',
  'BAF: USD 30.00 per cntr',
  'ISPS: USD 15.00 per cntr',
  'BL fee: USD 75.00 per BL',
  'THC destination: BRL 1,380.00 per cntr',
  'Transit time: 33 days',
  'Validity: 31/12/2026',
  '',
  'Best regards,',
  'Maré Alta Logística',
].join('\n');

const CANNOT_REVISE = [
  'Dear Ana,',
  '',
  'Unfortunately we are not able to revise our rates at this moment.',
  'Our previous offer remains valid as sent.',
  '',
  'Best regards,',
  'Maré Alta Logística',
].join('\n');

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${sea.token}` } });

async function reply(text: string, versao: number) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: sea.carriers[0]!.email, to: sea.replyTo(0), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (await call('GET', `/api/quotes/${sea.quote.id}/respostas`)).json().data as {
      atual: { extracao: string; versao: number } | null;
    }[];
    return list[0]?.atual?.versao === versao && list[0].atual.extracao === 'concluida';
  }, 30_000);
}

// By hand: USD 3 × 2.150 + 3 × 30 + 3 × 15 + 75 = 6.660 × 5,2456 = 34.935,70; BRL 3 × 1.380 = 4.140
// → R$ 39.075,70.
const TOTAL = 39075.7;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  sea = await quoteScenario(ctx, {
    carriers: [{ nome: 'Maré Alta Logística', email: 'quotes@marealta-so.com.br' }],
    quote: { itens: [{ mercadoria: 'Peças de máquinas', quantidadeVolumes: '3 x 40HC', dimensoes: null }] },
  });
  await reply(OFFER, 1);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('a revision the carrier cannot make: its offer stands', () => {
  it('version 1 as read: R$ 39.075,70', async () => {
    const row = (await call('GET', `/api/quotes/${sea.quote.id}/comparison`)).json().linhas[0];
    expect(row).toMatchObject({ versao: 1, valorUSD: 6660, valorBRL: 4140, custoTotalBRL: TOTAL });
  });

  it('after "our previous offer remains valid", the row keeps version 1 and says so', async () => {
    const asked = await call('POST', `/api/quotes/${sea.quote.id}/request-revision`, {
      transportadorId: sea.carriers[0]!.id,
      revisarTodos: false,
      mensagem: 'Conseguem melhorar o frete?',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    await reply(CANNOT_REVISE, 2);
    const response = await call('GET', `/api/quotes/${sea.quote.id}/comparison`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as Comparison).linhas[0]!;
    expect(row).toMatchObject({
      versao: 1,
      precificada: true,
      valorUSD: 6660,
      valorBRL: 4140,
      custoTotalBRL: TOTAL,
      versaoSemValores: { versao: 2 },
    });
    expect(row.destaque.menorCusto).toBe(true);
    const alert = row.alertas?.find((alerta) => alerta.tipo === 'versaoSemValores');
    expect(alert?.texto).toMatch(
      /^A versão 2 não (traz valores|revisa a proposta): vale a (proposta )?da versão 1$/,
    );

    // The files say the same total and the alert.
    const excel = await call('GET', `/api/quotes/${sea.quote.id}/comparative-excel`);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Comparativo')!;
    const headers = (summary.getRow(SUMMARY_HEADER_ROW).values as unknown[]).map(String);
    const first = summary.getRow(SUMMARY_HEADER_ROW + 1);
    expect(first.getCell(headers.indexOf('Total (BRL)')).value).toBe(TOTAL);
    expect(String(first.getCell(headers.indexOf('Alertas')).value)).toContain(alert!.texto);
    const pdf = await call('GET', `/api/quotes/${sea.quote.id}/comparative-pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const pdfText = text.replace(/\s+/g, ' ');
    expect(pdfText).toContain('39.075,70');
    expect(pdfText).toContain(alert!.texto);
  });

  it('the standing offer can be approved, and the approval e-mail states its figures', async () => {
    const row = (await call('GET', `/api/quotes/${sea.quote.id}/comparison`)).json().linhas[0];
    const approved = await call('POST', `/api/quotes/${sea.quote.id}/approve`, {
      responseId: row.respostaId,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const mail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find(
        (m) => m.to.includes(sea.carriers[0]!.email) && m.subject === `Cotação ${sea.quote.codigo} aprovada`,
      ),
    );
    expect(mail.text).toContain('3 × US$ 2.150,00 = US$ 6.450,00');
    expect(mail.text).toContain('39.075,70');
  });
});
