import { type Comparison, errorMessages, formatMessage, type ResponseEntry } from '@cotacoes/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, quoteScenario, type Scenario, typicalAnswer } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { type SinkMessage, startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { cotacaoDestinatarios } from '../../db/schema/index.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * A carrier that declines the quote (QA pass: "…no momento não atendemos a rota Ningbo x Santos. Vamos
 * declinar desta cotação."), through the real pipeline: it counts as its answer, and it is shown as a
 * decline everywhere — the responses list, the comparison (not priced, never the cheapest), the approval
 * (refused), the comparative e-mail and files, the "não selecionado" e-mails.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

const DECLINE = [
  'Bom dia,',
  '',
  'Agradecemos o contato, mas no momento não atendemos a rota Ningbo x Santos. Vamos declinar desta cotação.',
  '',
  'Atenciosamente,',
  'Rota Sul Logística',
  '',
  'Em qua., 2 de dez. de 2026 às 10:12, Importadora <cotacoes@importadora.com.br> escreveu:',
  '> Prezados, solicitamos cotação de frete marítimo Shanghai x Santos, 2 x 40HC.',
  '> Frete 40HC, THC, transit time e validade.',
].join('\n');

const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const post = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

async function responsesOf(s: Scenario): Promise<ResponseEntry[]> {
  const response = await get(`/api/quotes/${s.quote.id}/respostas`, s.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const entryOf = (list: ResponseEntry[], s: Scenario, carrier: number) =>
  list.find((entry) => entry.transportadorId === s.carriers[carrier]!.id)!;
async function comparisonOf(s: Scenario): Promise<Comparison> {
  const response = await get(`/api/quotes/${s.quote.id}/comparison`, s.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const rowOf = (body: Comparison, s: Scenario, carrier: number) =>
  body.linhas.find((row) => row.transportadorId === s.carriers[carrier]!.id)!;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  sink = await startSmtpSink();
  ctx = await createTestApp({
    PTAX_API_URL: ptax.url,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
  await sink?.close();
});

describe('a carrier that declines the quote', () => {
  it('counts as its answer, is marked declined, is no proposal in the comparison, the approval or the e-mails', async () => {
    // The quote asks 2 × 40HC Shanghai → Santos of three carriers.
    const s = await quoteScenario(ctx);
    const cheap = await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2950, thc: 1450 }) });
    await answer(ctx, s, 1, { text: typicalAnswer({ frete40: 3400, thc: 1450 }) });
    const declined = await answer(ctx, s, 2, { text: DECLINE });

    // Counted as the carrier's answer: it answered, it is no longer awaited.
    const [recipient] = await ctx.app.services.database.db
      .select({ respondeuEm: cotacaoDestinatarios.respondeuEm })
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.id, s.recipients[2]!.id));
    expect(recipient!.respondeuEm).not.toBeNull();

    // The responses API: the version says it declined; the other answers do not.
    const list = await responsesOf(s);
    const decliner = entryOf(list, s, 2);
    expect(decliner).toMatchObject({ status: 'respondido', atual: { id: declined.respostaId } });
    expect(decliner.atual!.flags).toEqual({ declinou: true });
    expect(entryOf(list, s, 0).atual!.flags.declinou).toBeUndefined();
    expect(entryOf(list, s, 1).atual!.flags.declinou).toBeUndefined();

    // The comparison: a declined row, not priced, lacking nothing, never highlighted.
    const body = await comparisonOf(s);
    expect(body).toMatchObject({ respondidas: 3, total: 3, pendentes: [] });
    const row = rowOf(body, s, 2);
    expect(row).toMatchObject({
      declinou: true,
      precificada: false,
      faltando: [],
      destaque: { menorCusto: false, menorPrazo: false },
    });
    expect(row.taxasAusentes).toBeUndefined();
    // The cheapest is carrier 0's, by hand: (2 × USD 2.950 + BL USD 75) at the rate + 2 × THC R$ 1.450.
    const cheapest = rowOf(body, s, 0);
    const taxa = body.taxa.taxa;
    expect(cheapest.respostaId).toBe(cheap.respostaId);
    expect(cheapest.custoTotalBRL).toBeCloseTo(
      (2 * 2950 + 75) * taxa + 2 * 1450 + cheapest.custoRodoviario,
      2,
    );
    expect(cheapest.custoTotalBRL).toBeLessThan(rowOf(body, s, 1).custoTotalBRL);
    expect(body.linhas.filter((line) => line.destaque.menorCusto)).toEqual([cheapest]);
    expect(body.linhas.map((line) => line.transportadorId).at(-1)).toBe(s.carriers[2]!.id);

    // Approving the decline is refused, and nothing changes.
    const refused = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: declined.respostaId,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'APPROVAL_RESPONSE_DECLINED',
      message: formatMessage(errorMessages.APPROVAL_RESPONSE_DECLINED, { nome: s.carriers[2]!.nome }),
    });

    // Asking the decline alone to revise is refused too (the screen offers no "Revisar" on it).
    const revision = await post(`/api/quotes/${s.quote.id}/request-revision`, s.token, {
      transportadorId: s.carriers[2]!.id,
    });
    expect(revision.statusCode, revision.body).toBe(422);
    expect(revision.json()).toMatchObject({
      code: 'REVISION_RESPONSE_DECLINED',
      message: formatMessage(errorMessages.REVISION_RESPONSE_DECLINED, { nome: s.carriers[2]!.nome }),
    });

    // The comparative: two proposals of three carriers that answered; one declined, by name.
    const sent = await post(`/api/quotes/${s.quote.id}/send-comparative`, s.token, {
      exchangeMargin: 2.5,
      emails: ['gerencia@importadora.com.br'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail: SinkMessage = await waitFor(
      () => sink.messages.find((m) => m.subject.startsWith(`Comparativo de fretes ${s.quote.codigo}`)),
      15_000,
    );
    expect(mail.text).toContain(
      `2 proposta(s) de 3 agente(s) que responderam, de 3 consultado(s); 1 declinou(aram) a cotação: ${s.carriers[2]!.nome}.`,
    );
    expect(mail.text).toContain(`Menor custo total: ${s.carriers[0]!.nome}`);
    // The files list the carrier as declined: 'Declinou' in its status and totals, not empty figures.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Comparativo')!;
    const headers = (sheet.getRow(SUMMARY_HEADER_ROW).values as unknown[]).slice(1).map(String);
    const declinedRow = Array.from({ length: 3 }, (_, i) => sheet.getRow(SUMMARY_HEADER_ROW + 1 + i))
      .map((r) => Object.fromEntries(headers.map((h, c) => [h, r.getCell(c + 1).value])))
      .find((r) => r['Agente de carga'] === s.carriers[2]!.nome)!;
    expect(declinedRow.Situação).toBe('Declinou');
    expect(declinedRow['Total (BRL)']).toBe('Declinou');
    const { text: pdf } = await extractText(
      await getDocumentProxy(new Uint8Array(mail.attachments[1]!.content)),
      { mergePages: true },
    );
    expect(pdf).toContain('Declinou');
    expect(pdf).not.toContain('Frete não informado');

    // Approving carrier 0: the dearer carrier is told it was not selected; the one that declined is not.
    const approved = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: cheap.respostaId,
      notificarNaoSelecionados: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().notificados).toBe(1);
    const subject = `Cotação ${s.quote.codigo}: resultado`;
    await waitFor(
      () =>
        sink.messages.find(
          (m) =>
            m.to.includes(s.carriers[1]!.email) &&
            m.subject === subject &&
            m.text.includes(s.quote.referenciaProcesso),
        ),
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      sink.messages.filter(
        (m) =>
          m.to.includes(s.carriers[2]!.email) &&
          m.text.includes(s.quote.referenciaProcesso) &&
          m.subject === subject,
      ),
    ).toEqual([]);
  }, 120_000);

  it('registered by hand as text, the decline is marked; a later quote with prices is a proposal again', async () => {
    const s = await quoteScenario(ctx);
    await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2950 }) });
    const boundary = `----d${Date.now()}`;
    const fields = {
      transportadorId: s.carriers[1]!.id,
      modo: 'texto',
      texto: 'Unable to quote, no space.\n\nBR\nKevin',
    };
    const registered = await ctx.app.inject({
      method: 'POST',
      url: `/api/quotes/${s.quote.id}/respostas/registrar`,
      headers: {
        authorization: `Bearer ${s.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        ...Object.entries(fields).map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const first = await waitFor(async () => {
      const entry = entryOf(await responsesOf(s), s, 1);
      return entry.atual?.extracao === 'concluida' ? entry : undefined;
    }, 20_000);
    expect(first.atual!.flags.declinou).toBe(true);
    expect(rowOf(await comparisonOf(s), s, 1)).toMatchObject({ declinou: true, precificada: false });

    // The carrier finds space after all: its new version has prices, and the mark was that version's only.
    const later = await answer(ctx, s, 1, { text: typicalAnswer({ frete40: 2800 }) });
    const entry = entryOf(await responsesOf(s), s, 1);
    expect(entry.atual!.id).toBe(later.respostaId);
    expect(entry.atual!.flags.declinou).toBeUndefined();
    expect(entry.versoes[0]!.flags.declinou).toBe(true);
    const row = rowOf(await comparisonOf(s), s, 1);
    expect(row.declinou).toBeUndefined();
    expect(row).toMatchObject({ precificada: true, destaque: { menorCusto: true } });
  }, 120_000);
});
