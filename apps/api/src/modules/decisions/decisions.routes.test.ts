import type { Comparison, ComparisonRow, QuoteDetail, ResponseEntry } from '@cotacoes/shared';
import { formatQuoteDeadline } from '@cotacoes/shared';
import { revisionMessageFor } from '@cotacoes/shared/comparison/index';
import { moneyText } from '@cotacoes/shared/comparison/quantity-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  carrierReply,
  quoteScenario,
  type Scenario,
  twoDestinationAnswer,
  typicalAnswer,
} from '../../../test/factories/index.js';
import { type SinkMessage, startSmtpSink } from '../../../test/fakes/smtp-sink.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import {
  auditLog,
  cotacaoAprovacoes,
  cotacaoMensagens,
  cotacoes,
  mailOutbox,
  respostas,
  users,
} from '../../db/schema/index.js';
import { formatPercent } from './decision-mail.js';
import { percentAbove } from './proposal-total.js';

/*
 * Revision and approval over the real pipeline and a real SMTP sink: the e-mails carriers receive
 * (recipients, subjects, threading headers, bodies), the conversation, statuses and audit rows; the
 * bad inputs and two approvals at once. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const REPLY_BASE = 'cotacoes@importadora.com.br';

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: REPLY_BASE, MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

const db = () => ctx.app.services.database.db;
const post = (url: string, token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function quoteOf(id: string) {
  const [row] = await db().select().from(cotacoes).where(eq(cotacoes.id, id));
  return row!;
}
async function responseRow(id: string) {
  const [row] = await db().select().from(respostas).where(eq(respostas.id, id));
  return row!;
}
/**
 * The message the sink received for carrier `index` of scenario `s` with this subject (companies share
 * quote codes and carrier addresses, so the quote's unique process reference must be in the text too).
 */
function mailTo(s: Scenario, index: number, subject: string): Promise<SinkMessage> {
  return waitFor(
    () =>
      sink.messages.find(
        (m) =>
          m.to.includes(s.carriers[index]!.email) &&
          m.subject === subject &&
          m.text.includes(s.quote.referenciaProcesso),
      ),
    15_000,
  );
}
async function sentOf(cotacaoId: string, tipo: string) {
  return db()
    .select()
    .from(cotacaoMensagens)
    .where(and(eq(cotacaoMensagens.cotacaoId, cotacaoId), eq(cotacaoMensagens.tipo, tipo)));
}
/** Decision e-mails queued for a company (revision, approval, not selected). */
async function decisionMailCount(empresaId: string) {
  const rows = await db()
    .select({ kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.empresaId, empresaId));
  return rows.filter((row) => row.kind !== 'quote.request').length;
}
const replyAddressOf = (s: Scenario, index: number) => s.replyTo(index);

describe('POST /api/quotes/{id}/request-revision', () => {
  it('mails the carrier in its thread, marks its answer and the quote; its reply becomes version 2', async () => {
    const s = await quoteScenario(ctx);
    const answers = [];
    for (const index of [0, 1, 2]) answers.push(await answer(ctx, s, index));
    expect((await quoteOf(s.quote.id)).status).toBe('AGUARDANDO_APROVACAO');
    // The message the revision modal prefills: the ask only, the e-mail greets and signs once.
    const mensagem = revisionMessageFor(['freeTime']);

    const response = await post(`/api/quotes/${s.quote.id}/request-revision`, s.token, {
      transportadorId: s.carriers[1]!.id,
      mensagem,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'AGUARDANDO_REVISAO',
      solicitadas: [{ transportadorId: s.carriers[1]!.id, nome: s.carriers[1]!.nome }],
    });

    const mail = await mailTo(s, 1, `Re: ${s.quote.tituloEmail}`);
    expect(mail.to).toEqual([s.carriers[1]!.email]);
    expect(mail.inReplyTo).toBe(answers[1]!.messageId);
    expect(mail.references).toEqual([s.recipients[1]!.messageId, answers[1]!.messageId]);
    expect(mail.replyTo).toBe(replyAddressOf(s, 1));
    expect(mail.text).toContain(mensagem);
    expect(mail.text).toContain(s.quote.codigo);
    expect(mail.text.match(/Prezados,/g)).toHaveLength(1);
    expect(mail.text.match(/Atenciosamente,/g)).toHaveLength(1);
    expect(mail.text.match(/Agradecemos/g)).toHaveLength(1);
    // By when: the quote's deadline, still ahead, in Brasília time as the request wrote it.
    expect(mail.text).toContain(
      `Pedimos a proposta revisada até ${formatQuoteDeadline(new Date(s.quote.prazoResposta), 'pt')} (horário de Brasília).`,
    );
    // Its own portal link, as the request and the reminders carry (QA pass 40a), and it opens the portal.
    const link = /Ou responda pelo portal: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).pathname.split('/').at(-1)!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/portal/${token}` })).statusCode).toBe(200);
    // Only that carrier was asked.
    expect(sink.messages.filter((m) => m.subject === `Re: ${s.quote.tituloEmail}`)).toHaveLength(1);

    const [recorded] = await sentOf(s.quote.id, 'revisao');
    expect(recorded).toMatchObject({
      direction: 'sent',
      transportadorId: s.carriers[1]!.id,
      messageId: mail.messageId,
      subject: `Re: ${s.quote.tituloEmail}`,
    });
    expect((await responseRow(answers[1]!.respostaId)).status).toBe('revisao_solicitada');
    expect((await responseRow(answers[0]!.respostaId)).status).toBe('respondido');
    expect((await quoteOf(s.quote.id)).status).toBe('AGUARDANDO_REVISAO');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cotacao.revisao'), eq(auditLog.entityId, s.quote.id)));
    expect(audit).toMatchObject({ userId: s.userId, empresaId: s.empresaId });

    // The carrier answers the revision e-mail: version 2 is current, version 1 stays.
    const revised = await carrierReply({
      from: s.carriers[1]!.email,
      to: mail.replyTo,
      subject: `RE: ${mail.subject}`,
      text: typicalAnswer({ frete40: 2700 }),
      inReplyTo: mail.messageId,
      references: [...mail.references, mail.messageId],
    });
    const result = await ctx.app.services.inbound.ingest(revised, { source: 'smtp' });
    expect(result.outcome).toBe('resposta');
    const versions = await db()
      .select()
      .from(respostas)
      .where(and(eq(respostas.cotacaoId, s.quote.id), eq(respostas.transportadorId, s.carriers[1]!.id)));
    expect(versions.map((v) => [v.versao, v.atual, v.status]).sort()).toEqual([
      [1, false, 'revisao_solicitada'],
      [2, true, 'respondido'],
    ]);
    // No revision pending and everyone answered: back to waiting for approval (ADR 0015).
    expect((await quoteOf(s.quote.id)).status).toBe('AGUARDANDO_APROVACAO');
    const entry = await waitFor(async () => {
      const list: ResponseEntry[] = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token)).json().data;
      const found = list.find((e) => e.transportadorId === s.carriers[1]!.id)!;
      return found.atual?.extracao === 'concluida' ? found : undefined;
    }, 20_000);
    expect(entry.versao).toBe(2);
    expect(entry.dadosExtraidos!.final.preco_por_container_40).toBe(2700);
    expect(entry.atual!.versao).toBe(2);
    expect(entry.versoes.map((v) => v.versao)).toEqual([1]);
    // The earlier version keeps its own extraction (the list sends the current one at the top level).
    expect(entry.versoes[0]!.dadosExtraidos!.final.preco_por_container_40).not.toBe(2700);
  });

  it('a revision asked after the deadline passed does not restate the passed deadline', async () => {
    const s = await quoteScenario(ctx);
    await answer(ctx, s, 0);
    await db()
      .update(cotacoes)
      .set({ prazoResposta: new Date(Date.now() - 3_600_000) })
      .where(eq(cotacoes.id, s.quote.id));
    const response = await post(`/api/quotes/${s.quote.id}/request-revision`, s.token, {
      transportadorId: s.carriers[0]!.id,
      mensagem: 'Favor rever o frete.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await mailTo(s, 0, `Re: ${s.quote.tituloEmail}`);
    expect(mail.text).toContain('Favor rever o frete.');
    expect(mail.text).not.toContain('Pedimos a proposta revisada até');
    // The portal takes no answer after the deadline: no link to it.
    expect(mail.text).not.toContain('pelo portal');
  });

  it("'Revisar Todos' asks every carrier that answered, each in its own thread; a revised reply before the deadline with answers missing goes back to waiting for answers", async () => {
    const s = await quoteScenario(ctx, { modoEnvio: 'bcc' });
    const a0 = await answer(ctx, s, 0);
    const a2 = await answer(ctx, s, 2);
    const response = await post(`/api/quotes/${s.quote.id}/request-revision`, s.token, {
      revisarTodos: true,
      mensagem: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().solicitadas.map((c: { nome: string }) => c.nome)).toEqual([
      s.carriers[0]!.nome,
      s.carriers[2]!.nome,
    ]);
    for (const [index, reply] of [
      [0, a0],
      [2, a2],
    ] as const) {
      const mail = await mailTo(s, index, `Re: ${s.quote.tituloEmail}`);
      expect(mail.inReplyTo).toBe(reply.messageId);
      // The carrier's own token even though the request went in bcc: its answer names the carrier.
      expect(mail.replyTo).toBe(`cotacoes+${s.recipients[index]!.replyToken}@importadora.com.br`);
      expect(mail.text).toMatch(/revisem os valores e as condições/);
      expect(mail.text).toMatch(/Pedimos a proposta revisada até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(horário/);
    }
    expect(
      sink.messages.some(
        (m) => m.subject === `Re: ${s.quote.tituloEmail}` && m.to.includes(s.carriers[1]!.email),
      ),
    ).toBe(false);
    expect(await sentOf(s.quote.id, 'revisao')).toHaveLength(2);

    await answer(ctx, s, 0, { to: `cotacoes+${s.recipients[0]!.replyToken}@importadora.com.br` });
    expect((await quoteOf(s.quote.id)).status).toBe('AGUARDANDO_REVISAO');
    await answer(ctx, s, 2, { to: `cotacoes+${s.recipients[2]!.replyToken}@importadora.com.br` });
    expect((await quoteOf(s.quote.id)).status).toBe('AGUARDANDO_RESPOSTA');
  });

  it('refuses what cannot be revised with a pt-BR message and sends nothing', async () => {
    const s = await quoteScenario(ctx);
    const url = `/api/quotes/${s.quote.id}/request-revision`;
    const before = await decisionMailCount(s.empresaId);
    const nobody = await post(url, s.token, { revisarTodos: true });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(
      'Nenhum agente de carga respondeu ainda: não há proposta para revisar.',
    );
    const scope = await post(url, s.token, { mensagem: 'x' });
    expect(scope.statusCode).toBe(400);
    expect(JSON.stringify(scope.json())).toContain(
      'Escolha um agente de carga ou marque \\"Revisar Todos\\".',
    );
    const notAnswered = await post(url, s.token, { transportadorId: s.carriers[0]!.id });
    expect(notAnswered.statusCode).toBe(409);
    expect(notAnswered.json().code).toBe('REVISION_NOT_ANSWERED');
    const other = await quoteScenario(ctx);
    const stranger = await post(url, s.token, { transportadorId: other.carriers[0]!.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Este agente de carga não recebeu esta cotação.');
    const tooLong = await post(url, s.token, { revisarTodos: true, mensagem: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('A mensagem pode ter no máximo 5000 caracteres.');
    const foreign = await post(`/api/quotes/${other.quote.id}/request-revision`, s.token, {
      revisarTodos: true,
    });
    expect(foreign.statusCode).toBe(404);

    await answer(ctx, s, 0);
    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { status: 'CANCELADA' },
    });
    expect(cancel.statusCode).toBe(200);
    const final = await post(url, s.token, { revisarTodos: true });
    expect(final.statusCode).toBe(409);
    expect(final.json()).toMatchObject({
      code: 'REVISION_QUOTE_FINAL',
      message: 'A cotação está Cancelada: não é possível solicitar revisão.',
    });
    expect(await decisionMailCount(s.empresaId)).toBe(before);
    expect((await quoteOf(s.quote.id)).status).toBe('CANCELADA');
  });
});

describe('POST /api/quotes/{id}/approve', () => {
  it('approves one answer: quote APROVADA, statuses, the carrier notified in its thread, the others told without the winner', async () => {
    const s = await quoteScenario(ctx);
    const chosen = await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2950, thc: 1450 }) });
    const dearer = await answer(ctx, s, 1, { text: typicalAnswer({ frete40: 3400, thc: 1450 }) });
    const cheaper = await answer(ctx, s, 2, { text: typicalAnswer({ frete40: 2500, thc: 1450 }) });
    // The feedback uses the totals the Comparação tab shows (same rules, PTAX and default margin).
    const comparison = (await get(`/api/quotes/${s.quote.id}/comparison`, s.token)).json() as Comparison;
    const totalOf = (respostaId: string) =>
      comparison.linhas.find((row) => row.respostaId === respostaId)!.custoTotalBRL;
    const expectedPercent = percentAbove(totalOf(dearer.respostaId), totalOf(chosen.respostaId))!;
    expect(expectedPercent).toBeGreaterThan(0);

    const response = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: chosen.respostaId,
      assuntoPersonalizado: 'Aprovação do embarque IMP-42',
      notificarNaoSelecionados: true,
      incluirFeedbackPreco: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: s.quote.id,
      status: 'APROVADA',
      aprovacao: {
        respostaId: chosen.respostaId,
        transportadorId: s.carriers[0]!.id,
        transportadorNome: s.carriers[0]!.nome,
        destino: 'Santos',
        aprovadoEm: expect.any(String),
        aprovadoPor: expect.stringMatching(/^Analista /),
      },
      notificados: 2,
    });

    const approved = await mailTo(s, 0, 'Aprovação do embarque IMP-42');
    expect(approved.inReplyTo).toBe(chosen.messageId);
    expect(approved.references).toContain(chosen.messageId);
    expect(approved.replyTo).toBe(replyAddressOf(s, 0));
    expect(approved.text).toMatch(/foi aprovada/);
    // The destination is said once, first in the approved terms (QA pass 15: it was said twice).
    expect(approved.text).toContain('Destino: Santos');
    expect(approved.text).not.toContain('Destino aprovado');

    const subject = `Cotação ${s.quote.codigo}: resultado`;
    const toDearer = await mailTo(s, 1, subject);
    const toCheaper = await mailTo(s, 2, subject);
    expect(toDearer.inReplyTo).toBe(dearer.messageId);
    expect(toCheaper.inReplyTo).toBe(cheaper.messageId);
    expect(toDearer.text).toContain(
      `ficou ${formatPercent('pt', expectedPercent)} acima do custo da proposta escolhida`,
    );
    // Cheaper than the chosen one: no percentage to give.
    expect(toCheaper.text).not.toMatch(/acima/);
    for (const mail of [toDearer, toCheaper]) {
      const body = `${mail.text}\n${mail.html}`;
      expect(body).not.toContain(s.carriers[0]!.nome);
      expect(body).not.toMatch(/2[.,]?950/);
      expect(body).toMatch(/optamos por outra proposta/);
    }

    expect((await quoteOf(s.quote.id)).status).toBe('APROVADA');
    expect((await responseRow(chosen.respostaId)).status).toBe('aprovado');
    expect((await responseRow(dearer.respostaId)).status).toBe('reprovado');
    expect((await responseRow(cheaper.respostaId)).status).toBe('reprovado');
    expect(await sentOf(s.quote.id, 'aprovacao')).toHaveLength(1);
    expect((await sentOf(s.quote.id, 'reprovacao')).map((m) => m.transportadorId).sort()).toEqual(
      [s.carriers[1]!.id, s.carriers[2]!.id].sort(),
    );
    const detail: QuoteDetail = (await get(`/api/quotes/${s.quote.id}`, s.token)).json();
    expect(detail.status).toBe('APROVADA');
    expect(detail.aprovacao).toMatchObject({ transportadorNome: s.carriers[0]!.nome, destino: 'Santos' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cotacao.aprovacao'), eq(auditLog.entityId, s.quote.id)));
    expect(audit).toMatchObject({ userId: s.userId, empresaId: s.empresaId });

    const again = await post(`/api/quotes/${s.quote.id}/approve`, s.token, { responseId: dearer.respostaId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      new RegExp(
        `^Esta cotação já foi aprovada por Analista .+ para ${s.carriers[0]!.nome}\\. Recarregue a página\\.$`,
      ),
    );
    const revision = await post(`/api/quotes/${s.quote.id}/request-revision`, s.token, {
      revisarTodos: true,
    });
    expect(revision.statusCode).toBe(409);
    expect(revision.json().message).toBe('A cotação está Aprovada: não é possível solicitar revisão.');
  });

  it('the price feedback compares the approved port only: a carrier that priced another port gets none (QA pass 39)', async () => {
    const s = await quoteScenario(ctx, { quote: { destino: 'Santos, BR / Itapoá, BR' } });
    const chosen = await answer(ctx, s, 0, { text: twoDestinationAnswer(2500, 2000) });
    await answer(ctx, s, 1, { text: typicalAnswer({ frete40: 2300 }) });
    const dearer = await answer(ctx, s, 2, { text: twoDestinationAnswer(3400, 3500) });
    const comparison = (await get(`/api/quotes/${s.quote.id}/comparison`, s.token)).json() as Comparison;
    const itapoa = (respostaId: string) => {
      const row = comparison.linhas.find((r) => r.respostaId === respostaId && r.destino === 'Itapoá')!;
      return row.custoTotalBRL - (row.custoRodoviario ?? 0);
    };
    // Carrier 1 priced Santos alone: no Itapoá row.
    expect(
      comparison.linhas
        .filter((r) => r.respostaId !== chosen.respostaId && r.transportadorId === s.carriers[1]!.id)
        .map((r) => r.destino),
    ).toEqual(['Santos']);
    const response = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: chosen.respostaId,
      destino: 'Itapoá',
      notificarNaoSelecionados: true,
      incluirFeedbackPreco: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const subject = `Cotação ${s.quote.codigo}: resultado`;
    const santosOnly = await mailTo(s, 1, subject);
    expect(santosOnly.text).toMatch(/optamos por outra proposta/);
    expect(santosOnly.text).not.toMatch(/acima/);
    const expected = percentAbove(itapoa(dearer.respostaId), itapoa(chosen.respostaId))!;
    expect(expected).toBeGreaterThan(0);
    expect((await mailTo(s, 2, subject)).text).toContain(
      `ficou ${formatPercent('pt', expected)} acima do custo da proposta escolhida`,
    );
  });

  it('with the opt-in, a carrier that never answered is told the quote is closed (QA pass 38: it heard nothing)', async () => {
    const s = await quoteScenario(ctx);
    const chosen = await answer(ctx, s, 0);
    const other = await answer(ctx, s, 1);
    const response = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: chosen.respostaId,
      notificarNaoSelecionados: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    // One 'not selected' (it answered) and one 'closed' (it never answered).
    expect(response.json().notificados).toBe(2);
    const toOther = await mailTo(s, 1, `Cotação ${s.quote.codigo}: resultado`);
    expect(toOther.inReplyTo).toBe(other.messageId);
    const silent = await waitFor(async () =>
      sink.messages.find(
        (m) => m.to.includes(s.carriers[2]!.email) && /^Cotação encerrada: /.test(m.subject),
      ),
    );
    expect(silent.text).toContain(
      `A cotação ${s.quote.codigo} (processo ${s.quote.referenciaProcesso}) foi encerrada`,
    );
    expect(silent.text).toContain('Não é necessário enviar nem atualizar propostas para esta cotação.');
    expect(silent.text).not.toContain(s.carriers[0]!.nome);
    // In its own thread: a reply to the request it received.
    expect(silent.inReplyTo).toBe(s.recipients[2]!.messageId);
    expect((await sentOf(s.quote.id, 'encerramento')).map((m) => m.transportadorId)).toEqual([
      s.carriers[2]!.id,
    ]);
    // The answered carrier gets no 'closed' notice on top of its result.
    expect(
      sink.messages.some((m) => m.to.includes(s.carriers[1]!.email) && /^Cotação encerrada/.test(m.subject)),
    ).toBe(false);
  });

  it('without the opt-in, the carriers not chosen hear nothing; the default subject names the quote', async () => {
    const s = await quoteScenario(ctx);
    const chosen = await answer(ctx, s, 2);
    await answer(ctx, s, 0);
    const response = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: chosen.respostaId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().notificados).toBe(0);
    await mailTo(s, 2, `Cotação ${s.quote.codigo} aprovada`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      sink.messages.some((m) => m.text.includes(s.quote.referenciaProcesso) && /resultado/.test(m.subject)),
    ).toBe(false);
    expect(await sentOf(s.quote.id, 'reprovacao')).toHaveLength(0);
  });

  it('two approvals at once: exactly one wins, the other gets a clear message naming who approved', async () => {
    const s = await quoteScenario(ctx);
    const a = await answer(ctx, s, 0);
    const b = await answer(ctx, s, 1);
    const [first, second] = await Promise.all([
      post(`/api/quotes/${s.quote.id}/approve`, s.token, { responseId: a.respostaId }),
      post(`/api/quotes/${s.quote.id}/approve`, s.token, { responseId: b.respostaId }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    const winner = first.statusCode === 200 ? first : second;
    expect(loser.json().code).toBe('APPROVAL_ALREADY_APPROVED');
    expect(loser.json().message).toContain(winner.json().aprovacao.transportadorNome);
    expect(loser.json().message).toMatch(/aprovada por Analista /);
    const approvals = await db()
      .select()
      .from(cotacaoAprovacoes)
      .where(eq(cotacaoAprovacoes.cotacaoId, s.quote.id));
    expect(approvals).toHaveLength(1);
    expect(await sentOf(s.quote.id, 'aprovacao')).toHaveLength(1);
    const statusesOfResponses = [
      (await responseRow(a.respostaId)).status,
      (await responseRow(b.respostaId)).status,
    ].sort();
    expect(statusesOfResponses).toEqual(['aprovado', 'reprovado']);
  });

  it('a total changed after the confirmation opened (a correction): refused, nothing sent; the new total approves', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 0);
    const comparisonOf = async () =>
      (await get(`/api/quotes/${s.quote.id}/comparison`, s.token)).json().linhas as ComparisonRow[];
    const seen = (await comparisonOf()).find((row) => row.respostaId === respostaId)!;
    // A colleague corrects the freight while the approver's confirmation is open.
    const frete = seen.fretes.find(
      (line) => line.valor !== null && line.campo && (line.quantidade ?? 0) > 0,
    )!;
    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { campo: frete.campo, valor: (frete.valor ?? 0) - 100 },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const now = (await comparisonOf()).find((row) => row.respostaId === respostaId)!;
    expect(now.custoTotalBRL).toBeLessThan(seen.custoTotalBRL);

    const stale = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: respostaId,
      totalConfirmadoBRL: seen.custoTotalBRL,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe('APPROVAL_FIGURES_CHANGED');
    expect(stale.json().message).toContain(`O total agora é ${moneyText(now.custoTotalBRL, 'BRL')}`);
    expect((await quoteOf(s.quote.id)).status).not.toBe('APROVADA');
    expect(await sentOf(s.quote.id, 'aprovacao')).toHaveLength(0);

    const fresh = await post(`/api/quotes/${s.quote.id}/approve`, s.token, {
      responseId: respostaId,
      totalConfirmadoBRL: now.custoTotalBRL,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const mail = await mailTo(s, 0, `Cotação ${s.quote.codigo} aprovada`);
    expect(mail.text).toContain(moneyText(now.custoTotalBRL, 'BRL'));

    // Once approved, the figures the carrier was told cannot be corrected: refused, nothing stored.
    const late = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quotes/${s.quote.id}/respostas/${respostaId}/correcoes`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { campo: frete.campo, valor: (frete.valor ?? 0) - 300 },
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(
      'Esta proposta já foi aprovada e o agente de carga recebeu estes valores no e-mail de aprovação: eles não podem mais ser corrigidos.',
    );
    expect((await comparisonOf()).find((row) => row.respostaId === respostaId)!.custoTotalBRL).toBe(
      now.custoTotalBRL,
    );
  });

  it('a proposal with several destinations needs one of them', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 1, { text: twoDestinationAnswer() });
    const url = `/api/quotes/${s.quote.id}/approve`;
    const before = await decisionMailCount(s.empresaId);
    const none = await post(url, s.token, { responseId: respostaId });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'APPROVAL_DESTINATION_REQUIRED',
      message: 'Por favor, selecione um destino específico para aprovar a cotação.',
    });
    const wrong = await post(url, s.token, { responseId: respostaId, destino: 'Recife' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('O destino "Recife" não faz parte desta proposta.');
    expect(await decisionMailCount(s.empresaId)).toBe(before);
    expect((await quoteOf(s.quote.id)).status).not.toBe('APROVADA');

    const ok = await post(url, s.token, { responseId: respostaId, destino: 'ITAPOA' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().aprovacao.destino).toBe('Itapoá');
    const mail = await mailTo(s, 1, `Cotação ${s.quote.codigo} aprovada`);
    expect(mail.text).toContain('Destino: Itapoá');
    expect(mail.text).not.toContain('Destino aprovado');
    // Only the approved port's row is 'aprovado' (the comparison, and the documents built from it).
    const comparison = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${s.quote.id}/comparison`,
      headers: { authorization: `Bearer ${s.token}` },
    });
    const rows = (comparison.json() as Comparison).linhas.filter((row) => row.respostaId === respostaId);
    expect(rows.map((row) => [row.destino, row.status]).sort()).toEqual([
      ['Itapoá', 'aprovado'],
      ['Santos', 'reprovado'],
    ]);
  });

  it('the approval e-mail lists a fee in EUR as agreed and in the total, at the euro rate it states', async () => {
    const s = await quoteScenario(ctx);
    const text = [
      'Prezados,',
      '',
      'Frete marítimo 40HC: USD 2.300,00',
      'THC destino: R$ 1.450,00 por contêiner',
      'Documentation fee: EUR 45,00 per BL',
      'Transit time: 33 dias',
    ].join('\n');
    const { respostaId } = await answer(ctx, s, 0, { text });
    const ok = await post(`/api/quotes/${s.quote.id}/approve`, s.token, { responseId: respostaId });
    expect(ok.statusCode, ok.body).toBe(200);
    const mail = await mailTo(s, 0, `Cotação ${s.quote.codigo} aprovada`);
    expect(mail.text).toContain('Frete 40HC: 2 × US$ 2.300,00 = US$ 4.600,00');
    expect(mail.text).toContain('THC destino: 2 × R$ 1.450,00 = R$ 2.900,00');
    expect(mail.text).toContain('Documentation fee: 1 × € 45,00 = € 45,00');
    expect(mail.text).not.toContain('fora do total');
    // 4.600 × the dollar's rate + 2 × R$ 1.450 + 45 × the euro's rate; with PTAX unreachable here the
    // fallbacks 5,20 and 5,60 + 2,5 %: 24.518,00 + 2.900,00 + 258,30 = R$ 27.676,30.
    const rate = Number(/Câmbio: USD 1 = R\$ (\d+,\d{4})/.exec(mail.text)![1]!.replace(',', '.'));
    const euro = Number(/Câmbio do euro: EUR 1 = R\$ (\d+,\d{4})/.exec(mail.text)![1]!.replace(',', '.'));
    expect([rate, euro]).toEqual([5.33, 5.74]);
    const brl = Math.round((4600 * rate + 2900 + 45 * euro) * 100) / 100;
    expect(brl).toBe(27676.3);
    const brlText = brl.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(mail.text).toContain(`Total: R$ ${brlText} (US$ `);
  });

  it('the approval e-mail of an all-in freight says so', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 1, {
      text: 'Prezados,\n\nFrete 40HC all in: USD 3.100,00\nTransit time: 30 dias',
    });
    const ok = await post(`/api/quotes/${s.quote.id}/approve`, s.token, { responseId: respostaId });
    expect(ok.statusCode, ok.body).toBe(200);
    const mail = await mailTo(s, 1, `Cotação ${s.quote.codigo} aprovada`);
    expect(mail.text).toContain(
      'Frete 40HC (all in, com as taxas incluídas): 2 × US$ 3.100,00 = US$ 6.200,00',
    );
  });

  it('an all-in freight with charges counted on top does not say the charges are included (QA pass 21)', async () => {
    const s = await quoteScenario(ctx);
    const { respostaId } = await answer(ctx, s, 1, {
      text: 'Prezados,\n\nFrete 40HC USD 1.850,00 (all in origem)\nTHC destino: R$ 1.500,00 por contêiner\nTransit time: 30 dias',
    });
    const ok = await post(`/api/quotes/${s.quote.id}/approve`, s.token, { responseId: respostaId });
    expect(ok.statusCode, ok.body).toBe(200);
    const mail = await mailTo(s, 1, `Cotação ${s.quote.codigo} aprovada`);
    expect(mail.text).not.toContain('com as taxas incluídas');
    expect(mail.text).toContain(
      'Frete 40HC (all in, exceto as taxas abaixo): 2 × US$ 1.850,00 = US$ 3.700,00',
    );
    expect(mail.text).toContain('THC destino: 2 × R$ 1.500,00 = R$ 3.000,00');
    // (2 × 1.850) × 5,33 + 2 × 1.500 = 19.721,00 + 3.000,00 = R$ 22.721,00, the THC in it.
    expect(mail.text).toContain('Total: R$ 22.721,00 (US$ ');
  });

  it('answers 404 for a response of another quote or company, 409 for a carrier that has not answered or a closed quote, and changes nothing', async () => {
    const s = await quoteScenario(ctx);
    const mine = await answer(ctx, s, 0);
    const sibling = await quoteScenario(ctx);
    const other = await answer(ctx, sibling, 0);
    const url = `/api/quotes/${s.quote.id}/approve`;
    const before = await decisionMailCount(s.empresaId);

    const crossed = await post(url, s.token, { responseId: other.respostaId });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe('Resposta não encontrada.');
    const foreignQuote = await post(`/api/quotes/${sibling.quote.id}/approve`, s.token, {
      responseId: other.respostaId,
    });
    expect(foreignQuote.statusCode).toBe(404);
    expect(foreignQuote.json().message).toBe('Cotação não encontrada');

    // An earlier version is not a proposal any more.
    await answer(ctx, s, 0, { text: typicalAnswer({ frete40: 2800 }) });
    const old = await post(url, s.token, { responseId: mine.respostaId });
    expect(old.statusCode).toBe(404);

    const [pending] = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
      .json()
      .data.filter((e: ResponseEntry) => e.status === 'pendente');
    const notAnswered = await post(url, s.token, { responseId: pending.id });
    expect(notAnswered.statusCode).toBe(409);
    expect(notAnswered.json().code).toBe('APPROVAL_RESPONSE_NOT_ANSWERED');
    const invalid = await post(url, s.token, { responseId: 'não-é-uuid', notificarNaoSelecionados: 'sim' });
    expect(invalid.statusCode).toBe(400);

    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${s.quote.id}`,
      headers: { authorization: `Bearer ${s.token}` },
      payload: { status: 'FECHADA' },
    });
    const current = (await get(`/api/quotes/${s.quote.id}/respostas`, s.token))
      .json()
      .data.find((e: ResponseEntry) => e.transportadorId === s.carriers[0]!.id).id;
    const closed = await post(url, s.token, { responseId: current });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('A cotação está Fechada: não pode mais ser aprovada.');
    expect(await decisionMailCount(s.empresaId)).toBe(before);
    expect(
      await db().select().from(cotacaoAprovacoes).where(eq(cotacaoAprovacoes.cotacaoId, s.quote.id)),
    ).toEqual([]);
  });

  it("a user without a company gets the spec's 'Acesso Negado' text", async () => {
    const [user] = await db()
      .insert(users)
      .values({ name: 'Sem Empresa', email: `sem-empresa-${Date.now()}@teste.com.br`, role: 'usuario' })
      .returning();
    const { token } = await ctx.app.services.sessions.create(db(), user!.id, {});
    const response = await post('/api/quotes/00000000-0000-4000-8000-000000000000/approve', token, {
      responseId: '00000000-0000-4000-8000-000000000001',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'APPROVAL_NO_COMPANY',
      message: 'Você precisa estar vinculado a uma empresa para aprovar cotações.',
    });
  });
});
