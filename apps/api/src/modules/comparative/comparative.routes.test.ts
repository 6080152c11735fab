import { type Comparison, errorMessages, fieldMessages } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario, typicalAnswer } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { type SinkMessage, startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { auditLog, cotacaoMensagens, mailOutbox } from '../../db/schema/index.js';
import { exchangeLine, formatNumber } from './comparative-document.js';
import { SUMMARY_HEADER_ROW } from './excel.js';

/*
 * The comparative documents over the real pipeline: carrier replies ingested and extracted, the
 * comparison service at the PTAX of a fake Banco Central, the outbox delivering to a real SMTP sink.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let s: Scenario;

/** Two destinations with their own freight and transit (USD freight, BRL and USD fees). */
const TWO_DESTINATIONS = [
  'Prezados,',
  '',
  'Segue nossa proposta Shanghai x Santos / Itajaí:',
  '',
  'Frete 40HC: Santos USD 3.050,00 / Itajaí USD 2.900,00 por 40HC, MSC',
  'Transit time: Santos 33 dias, Itajaí 36 dias',
  'Free time: 21 dias',
  'Taxas destino: THC R$ 1.500,00/cntr, BL fee USD 80,00/BL',
  'Validade: 15/12/2026',
  '',
  'Atenciosamente,',
  'Pricing Pacífico',
].join('\n');

/** Everything in reais, no transit time. */
const IN_BRL = [
  'Bom dia,',
  '',
  'Cotação Shanghai x Santos, valores em reais:',
  '',
  'Frete 40HC: R$ 16.500,00 por contêiner',
  'THC: R$ 1.400,00 por contêiner',
  'Taxa de liberação: R$ 350,00 por BL',
  'Free time: 10 dias',
  'Validade: 20/12/2026',
  '',
  'Att,',
  'Rota Sul',
].join('\n');

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = s.token) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

/** Replies as the carrier and waits until `answered` answers of the quote are extracted. */
async function reply(scenario: Scenario, carrier: number, text: string, answered: number) {
  await ctx.app.services.inbound.ingest(
    await carrierReply({ from: scenario.carriers[carrier]!.email, to: scenario.replyTo(carrier), text }),
    { source: 'imap' },
  );
  await waitFor(async () => {
    const list = (
      await call('GET', `/api/quotes/${scenario.quote.id}/respostas`, undefined, scenario.token)
    ).json().data as { atual: { extracao: string } | null }[];
    return list.filter((entry) => entry.atual?.extracao === 'concluida').length === answered;
  }, 20_000);
}

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** The summary table of a comparative workbook, one object per row keyed by header. */
function summaryRows(workbook: ExcelJS.Workbook) {
  const sheet = workbook.getWorksheet('Comparativo')!;
  const headers = (sheet.getRow(SUMMARY_HEADER_ROW).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  for (let r = SUMMARY_HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value ?? null])));
  }
  return { sheet, rows };
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const comparativeMails = () => sink.messages.filter((m) => m.subject.startsWith('Comparativo de fretes'));

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  sink = await startSmtpSink();
  ctx = await createTestApp({
    PTAX_API_URL: ptax.url,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
  });
  s = await quoteScenario(ctx);
  await reply(s, 0, typicalAnswer(), 1);
  await reply(s, 1, TWO_DESTINATIONS, 2);
  await reply(s, 2, IN_BRL, 3);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
  await sink?.close();
});

describe('comparative documents', () => {
  it('the Comparação tab, the Excel and the PDF show the same numbers (mixed currencies, two destinations)', async () => {
    const screen = await call('GET', `/api/quotes/${s.quote.id}/comparison?exchangeMargin=3.5`);
    expect(screen.statusCode, screen.body).toBe(200);
    const comparison = screen.json() as Comparison;
    expect(comparison.linhas.length).toBeGreaterThanOrEqual(4);
    expect(new Set(comparison.linhas.map((row) => row.transportadorId)).size).toBe(3);
    expect(comparison.linhas.some((row) => row.destino === 'Itajaí')).toBe(true);
    expect(comparison.linhas.some((row) => row.fretes.some((frete) => frete.moeda === 'BRL'))).toBe(true);

    const excel = await call('GET', `/api/quotes/${s.quote.id}/comparative-excel?exchangeMargin=3.5`);
    expect(excel.statusCode, excel.body).toBe(200);
    expect(excel.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(excel.headers['content-disposition']).toBe(
      `attachment; filename="comparativo-${s.quote.codigo}.xlsx"`,
    );
    const workbook = await readWorkbook(excel.rawPayload);
    const { sheet, rows } = summaryRows(workbook);
    expect(sheet.getCell('B4').value).toBe(comparison.taxa.ptax);
    expect(sheet.getCell('B5').value).toBe(3.5);
    expect(sheet.getCell('E5').value).toBe(comparison.taxa.taxa);
    expect(rows).toHaveLength(comparison.linhas.length);
    comparison.linhas.forEach((line, index) => {
      const row = rows[index]!;
      expect(row['Agente de carga']).toBe(line.transportador.nome);
      expect(row.Destino).toBe(
        line.destino ?? (line.destinoDaCotacao ? `${line.destinoDaCotacao} (da cotação)` : 'Não informado'),
      );
      expect(row['Total (BRL)']).toBe(line.custoTotalBRL);
      expect(row['Total (USD)']).toBe(line.custoTotalUSD);
      expect(row['Taxas (USD)']).toBe(line.taxasPorMoeda.USD);
      expect(row['Taxas (BRL)']).toBe(line.taxasPorMoeda.BRL);
      expect(row['Rodoviário (BRL)']).toBe(line.custoRodoviario);
      expect(row['Transit time (dias)']).toBe(line.prazo.valor);
      expect(row['Free time (dias)']).toBe(line.freeTime.valor);
      for (const frete of line.fretes.filter((f) => f.valor !== null))
        expect(row[`Frete ${frete.tipo} (unitário)`], `${line.id} ${frete.tipo}`).toBe(frete.valor);
      // Unit prices are apart: the counted freight and the fees add up to each currency's amount.
      const sum = (a: unknown, b: unknown) => Math.round(((a as number) + (b as number)) * 100) / 100;
      expect(sum(row['Frete (USD)'], row['Taxas (USD)']), line.id).toBe(line.valorUSD);
      expect(sum(row['Frete (BRL)'], row['Taxas (BRL)']), line.id).toBe(line.valorBRL);
    });

    const pdf = await call('GET', `/api/quotes/${s.quote.id}/comparative-pdf?exchangeMargin=3.5`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="comparativo-${s.quote.codigo}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(exchangeLine(comparison.taxa));
    for (const line of comparison.linhas) {
      expect(text).toContain(formatNumber(line.custoTotalBRL));
      expect(text).toContain(formatNumber(line.custoTotalUSD));
      expect(text).toContain(formatNumber(line.taxasPorMoeda.BRL));
    }
  });

  it('uses the default margin of 2.5 % when none is given', async () => {
    const { rows, sheet } = summaryRows(
      await readWorkbook((await call('GET', `/api/quotes/${s.quote.id}/comparative-excel`)).rawPayload),
    );
    const comparison = (await call('GET', `/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
    expect(sheet.getCell('B5').value).toBe(2.5);
    expect(rows.map((row) => row['Total (BRL)'])).toEqual(
      comparison.linhas.map((line) => line.custoTotalBRL),
    );
  });

  it('answers a clear message instead of an empty file when nobody answered yet', async () => {
    const unanswered = await quoteScenario(ctx);
    for (const path of ['comparative-excel', 'comparative-pdf']) {
      const response = await call(
        'GET',
        `/api/quotes/${unanswered.quote.id}/${path}`,
        undefined,
        unanswered.token,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'COMPARATIVE_NO_RESPONSES',
        message: errorMessages.COMPARATIVE_NO_RESPONSES,
      });
    }
    const send = await call(
      'POST',
      `/api/quotes/${unanswered.quote.id}/send-comparative`,
      { exchangeMargin: 2.5, emails: ['gerencia@importadora.com.br'] },
      unanswered.token,
    );
    expect(send.statusCode).toBe(409);
  });

  it('refuses a margin outside 0–100 or with two decimals with the field message', async () => {
    for (const margin of ['abc', '-1', '100.1', '2.55']) {
      const response = await call(
        'GET',
        `/api/quotes/${s.quote.id}/comparative-pdf?exchangeMargin=${margin}`,
      );
      expect(response.statusCode, margin).toBe(400);
      expect(response.json().message).toBe(fieldMessages.exchangeMarginInvalid);
    }
    const send = await call('POST', `/api/quotes/${s.quote.id}/send-comparative`, {
      exchangeMargin: 101,
      emails: ['gerencia@importadora.com.br'],
    });
    expect(send.statusCode).toBe(400);
    expect(send.json().message).toBe(fieldMessages.exchangeMarginInvalid);
  });

  it("answers 404 for another company's quote and for a quote that does not exist", async () => {
    const other = await quoteScenario(ctx);
    for (const url of [
      `/api/quotes/${s.quote.id}/comparative-excel`,
      `/api/quotes/${s.quote.id}/comparative-pdf`,
      '/api/quotes/00000000-0000-4000-8000-000000000000/comparative-excel',
    ]) {
      const response = await call('GET', url, undefined, other.token);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('QUOTE_NOT_FOUND');
    }
    const send = await call(
      'POST',
      `/api/quotes/${s.quote.id}/send-comparative`,
      { emails: ['gerencia@importadora.com.br'] },
      other.token,
    );
    expect(send.statusCode).toBe(404);
  });

  it('validates the e-mails with the spec texts and queues nothing', async () => {
    const before = await ctx.app.services.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'quote.comparative'));
    const cases: [unknown, string][] = [
      [[], 'Adicione pelo menos um email'],
      [['  ', ''], 'Adicione pelo menos um email'],
      [['gerencia@importadora.com.br', 'compras', 'x@'], 'Emails inválidos: compras, x@'],
      [
        Array.from({ length: 21 }, (_, i) => `pessoa${i}@importadora.com.br`),
        'Informe no máximo 20 e-mails.',
      ],
      ['gerencia@importadora.com.br', 'Adicione pelo menos um email'],
    ];
    for (const [emails, message] of cases) {
      const response = await call('POST', `/api/quotes/${s.quote.id}/send-comparative`, { emails });
      expect(response.statusCode, JSON.stringify(emails)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const after = await ctx.app.services.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'quote.comparative'));
    expect(after).toHaveLength(before.length);
  });

  it('sends one message with both files through the outbox, in the conversation and the audit', async () => {
    const response = await call('POST', `/api/quotes/${s.quote.id}/send-comparative`, {
      exchangeMargin: 2.5,
      emails: ['Gerencia@Importadora.com.br', 'despachante@aduana.com.br', 'gerencia@importadora.com.br'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Comparativo (Excel e PDF) enviado por email com sucesso!',
      emails: ['gerencia@importadora.com.br', 'despachante@aduana.com.br'],
    });

    const mail: SinkMessage = await waitFor(() => comparativeMails()[0]);
    expect(comparativeMails()).toHaveLength(1);
    expect(mail.to.sort()).toEqual(['despachante@aduana.com.br', 'gerencia@importadora.com.br']);
    expect(mail.subject).toBe(`Comparativo de fretes ${s.quote.codigo} (Shanghai, CN x Santos, BR)`);
    expect(mail.replyTo).toContain('@importadora.com.br');
    expect(mail.text).toContain('Menor custo total:');
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [
        `comparativo-${s.quote.codigo}.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      [`comparativo-${s.quote.codigo}.pdf`, 'application/pdf'],
    ]);
    const comparison = (await call('GET', `/api/quotes/${s.quote.id}/comparison`)).json() as Comparison;
    const { rows } = summaryRows(await readWorkbook(mail.attachments[0]!.content));
    expect(rows.map((row) => row['Total (BRL)'])).toEqual(
      comparison.linhas.map((line) => line.custoTotalBRL),
    );
    expect(await pdfText(mail.attachments[1]!.content)).toContain(
      formatNumber(comparison.linhas[0]!.custoTotalBRL),
    );

    // The outbox row holds the whole message, files included: whichever process runs next delivers it (R1).
    const db = ctx.app.services.database.db;
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'quote.comparative'));
    expect(queued!.messageId).toBe(mail.messageId);
    expect(queued!.attachments.map((file) => Buffer.from(file.contentBase64!, 'base64'))).toEqual(
      mail.attachments.map((file) => file.content),
    );

    const history = (await call('GET', `/api/emails/by-cotacao/${s.quote.id}`)).json().items as {
      tipo: string;
      to: string[];
      anexos: number;
      direction: string;
      transportadorId: string | null;
    }[];
    const sent = history.filter((message) => message.tipo === 'comparativo');
    expect(sent).toEqual([
      expect.objectContaining({
        direction: 'sent',
        transportadorId: null,
        to: ['gerencia@importadora.com.br', 'despachante@aduana.com.br'],
        anexos: 2,
      }),
    ]);
    const [recorded] = await db
      .select({ outboxId: cotacaoMensagens.outboxId })
      .from(cotacaoMensagens)
      .where(and(eq(cotacaoMensagens.cotacaoId, s.quote.id), eq(cotacaoMensagens.tipo, 'comparativo')));
    expect(recorded!.outboxId).toBe(queued!.id);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cotacao.comparative.send'), eq(auditLog.entityId, s.quote.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ codigo: s.quote.codigo, exchangeMargin: 2.5 });
    expect(audit[0]!.userId).toBe(s.userId);
  });

  it('a charge in EUR is in the totals at the euro PTAX, and the Excel, PDF and e-mail say that rate', async () => {
    const q = await quoteScenario(ctx);
    await reply(q, 0, typicalAnswer({ frete40: 2900 }), 1);
    const euro = [
      'Dear partner,',
      '',
      'Ocean freight 40HC: USD 2.700,00',
      'THC destination: EUR 250,00 per container',
      'BL fee: USD 75,00 per BL',
      'Transit time: 30 days',
      '',
      'Best regards,',
      'Mar Azul',
    ].join('\n');
    await reply(q, 1, euro, 2);
    const get = (url: string) => call('GET', url, undefined, q.token);
    const comparison = (
      await get(`/api/quotes/${q.quote.id}/comparison?exchangeMargin=2.5`)
    ).json() as Comparison;
    // Dollar 5,1177 and euro 4,0174 (the fake's contract samples) + 2,5 % = 5,2456 and 4,1178.
    // (2 × 2.700 + 75) × 5,2456 = 28.719,66 + 2 × 250 × 4,1178 = 2.058,90 → R$ 30.778,56 (US$ 5.867,50).
    const row = comparison.linhas.find((line) => line.transportadorId === q.carriers[1]!.id)!;
    expect(row).toMatchObject({ custoTotalBRL: 30778.56, custoTotalUSD: 5867.5, valorEUR: 500 });
    expect(row.destaque.menorCusto).toBe(true);

    const workbook = await readWorkbook(
      (await get(`/api/quotes/${q.quote.id}/comparative-excel`)).rawPayload,
    );
    const { sheet, rows } = summaryRows(workbook);
    const excelRow = rows.find((line) => line['Agente de carga'] === q.carriers[1]!.nome)!;
    expect(excelRow).toMatchObject({ 'Taxas (EUR)': 500, 'Taxas (USD)': 75, 'Total (BRL)': 30778.56 });
    expect(excelRow['Total (USD)']).toBe(5867.5);
    const euroLine = 'Euro, para as cobranças em EUR: PTAX 4,0174 de';
    // The euro's rate is a number cell beside its label, as the dollar's is; its making beside it.
    const euroRow = sheet.getRow(SUMMARY_HEADER_ROW - 1);
    expect(euroRow.getCell(1).value).toBe('Câmbio aplicado (EUR)');
    expect(euroRow.getCell(2).value).toBe(4.1178);
    expect(String(euroRow.getCell(4).value)).toContain(euroLine);
    expect(String(euroRow.getCell(4).value)).toContain('+ margem 2,5% = 4,1178');
    // The legend names the carrier that did not answer, as the e-mail does (QA pass 39a).
    expect(String(sheet.getRow(SUMMARY_HEADER_ROW - 2).getCell(1).value)).toContain(
      `Sem resposta: ${q.carriers[2]!.nome}.`,
    );

    const pdf = await pdfText((await get(`/api/quotes/${q.quote.id}/comparative-pdf`)).rawPayload);
    expect(pdf).toContain('30.778,56');
    expect(pdf).toContain('5.867,50');
    expect(pdf).toContain(euroLine);
    expect(pdf).toContain('Taxas (EUR)');
    expect(pdf.replace(/\s+/g, ' ')).toContain(`Sem resposta: ${q.carriers[2]!.nome}.`);

    const sent = await call(
      'POST',
      `/api/quotes/${q.quote.id}/send-comparative`,
      { exchangeMargin: 2.5, emails: ['diretoria@importadora.com.br'] },
      q.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await waitFor(() =>
      comparativeMails().find((message) => message.to.includes('diretoria@importadora.com.br')),
    );
    expect(mail.text).toContain('R$ 30.778,56');
    expect(mail.text).toContain(`${euroLine} `);
    expect(mail.text).toContain('+ margem 2,5% = 4,1178.');
    // The carriers consulted that did not answer, by name (QA pass 39: only "de 3 consultado(s)").
    const silent = mail.text.split('\n').find((line) => line.startsWith('Sem resposta: '));
    expect(silent).toBe(`Sem resposta: ${q.carriers[2]!.nome}.`);
  });
});
