import type { Dashboard } from '@cotacoes/shared/schemas/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { cotacaoDestinatarios, cotacoes } from '../../db/schema/index.js';
import { applyDeadlines } from '../../deadlines/deadlines.js';
import { replyAddress } from '../../mail/reply-address.js';

/*
 * Known answers: one company with three live carriers (and a deleted one), two groups and nine quotes in
 * known states (waiting, due in 12 hours, awaiting approval before and after the deadline, every carrier
 * answered with the deadline 20 hours away, a revision pending past the deadline, closed, deleted, deadline
 * passed without any answer); another company whose data never shows. Everything goes through the API
 * and the inbound pipeline; only deadlines are moved (SQL).
 */

let ctx: TestContext;
let s: Scenario;
let other: Scenario;
const quotes: Record<string, string> = {};
const HOUR = 3_600_000;
const db = () => ctx.app.services.database.db;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = s.token) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

async function dashboard(token = s.token): Promise<Dashboard> {
  const response = await call('GET', '/api/dashboard', undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function sendQuote(label: string, prazo: Date): Promise<string> {
  const response = await call('POST', '/api/quotes', {
    nomeSolicitante: 'Analista',
    referenciaProcesso: `REF-${label}`,
    tipoFrete: 'FCL',
    prazoResposta: prazo.toISOString(),
    metodoEnvio: 'EMAIL',
    modoEnvio: 'individual',
    idiomaEmail: 'pt',
    origem: 'Shanghai',
    destino: 'Santos',
    destinatarios: { transportadores: s.carriers.slice(0, 2).map((carrier) => carrier.id), grupos: [] },
  });
  expect(response.statusCode, response.body).toBe(201);
  quotes[label] = response.json().id;
  return response.json().id;
}

async function answerAll(cotacaoId: string) {
  for (const [index, carrier] of s.carriers.slice(0, 2).entries()) {
    const [recipient] = await db()
      .select()
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.cotacaoId, cotacaoId))
      .then((rows) => rows.filter((row) => row.transportadorId === carrier.id));
    const result = await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[index]!.email,
        to: replyAddress(ctx.config.MAIL_REPLY_ADDRESS, recipient!.replyToken),
      }),
      { source: 'imap' },
    );
    expect(result.outcome).toBe('resposta');
  }
}

const moveDeadline = (cotacaoId: string, prazo: Date) =>
  db().update(cotacoes).set({ prazoResposta: prazo }).where(eq(cotacoes.id, cotacaoId));

beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  // The scenario's company, three carriers (created through the API) and one quote to all of them.
  s = await quoteScenario(ctx, { label: 'dash' });
  quotes.inicial = s.quote.id;
  const removed = await call('POST', '/api/transporters', {
    nome: 'Removida Ltda',
    email: 'x@removida.com.br',
    grupos: [],
    ativo: true,
  });
  expect((await call('DELETE', `/api/transporters/${removed.json().id}`)).statusCode).toBe(200);
  for (const nome of ['Marítimo Ásia', 'Aéreo Europa'])
    expect((await call('POST', '/api/groups', { nome, cor: '#0066CC', ativo: true })).statusCode).toBe(201);

  const now = Date.now();
  await sendQuote('aguardando', new Date(now + 10 * 24 * HOUR));
  await sendQuote('urgente', new Date(now + 12 * HOUR));
  await answerAll(await sendQuote('aprovacaoNoPrazo', new Date(now + 8 * 24 * HOUR)));
  await answerAll(await sendQuote('aprovacaoVencida', new Date(now + 9 * 24 * HOUR)));
  await moveDeadline(quotes.aprovacaoVencida!, new Date(now - 2 * HOUR));
  // Every carrier answered, the deadline 20 hours away: nothing to chase any more (not urgent).
  await answerAll(await sendQuote('prontaUrgente', new Date(now + 20 * HOUR)));
  // A revision asked after the answers, then the deadline passed: still open, overdue.
  await answerAll(await sendQuote('revisaoVencida', new Date(now + 9 * 24 * HOUR)));
  const revision = await call('POST', `/api/quotes/${quotes.revisaoVencida}/request-revision`, {
    transportadorId: s.carriers[0]!.id,
    mensagem: 'Favor confirmar o free time.',
  });
  expect(revision.statusCode, revision.body).toBe(200);
  await moveDeadline(quotes.revisaoVencida!, new Date(now - 3 * HOUR));
  await sendQuote('fechada', new Date(now + 5 * 24 * HOUR));
  expect((await call('PATCH', `/api/quotes/${quotes.fechada}`, { status: 'FECHADA' })).statusCode).toBe(200);
  await sendQuote('excluida', new Date(now + 3 * HOUR));
  expect((await call('DELETE', `/api/quotes/${quotes.excluida}`)).statusCode).toBe(200);
  await sendQuote('vencida', new Date(now + 6 * 24 * HOUR));
  await moveDeadline(quotes.vencida!, new Date(now - 26 * HOUR));
  // The scenario's own quote: 7 days ahead.

  other = await quoteScenario(ctx, {
    label: 'outra',
    carriers: [{ nome: 'Outra Cargas', email: 'o@outra.com.br' }],
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/dashboard', () => {
  it('counts exactly: carriers, open quotes, groups, waiting for answers, overdue (answered or not)', async () => {
    const { stats } = await dashboard();
    expect(stats).toEqual({
      transportadores: 3,
      // inicial, aguardando, urgente, aprovacaoNoPrazo, aprovacaoVencida, prontaUrgente, revisaoVencida, vencida
      cotacoesAbertas: 8,
      grupos: 2,
      // inicial, aguardando, urgente, vencida
      cotacoesAguardandoResposta: 4,
      // aprovacaoVencida, revisaoVencida and vencida (0 of 2 answered: it stays open, ADR 0018)
      cotacoesVencidasAguardandoAprovacao: 3,
    });
    const part = await call('GET', '/api/dashboard/stats');
    expect(part.json()).toEqual(stats);
  });

  it("counts as overdue exactly the quotes the sent list shows with 'Somente com prazo vencido'", async () => {
    const { stats } = await dashboard();
    // The card opens /sent-quotes?vencidas=true: the 'Cotações Enviadas' tab, past deadlines only.
    const list = await call('GET', '/api/quotes?tab=enviadas&vencidas=true&page=1&limit=100');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { total: number; data: { id: string }[] };
    expect(body.total).toBe(stats.cotacoesVencidasAguardandoAprovacao);
    expect(body.data.map((quote) => quote.id).sort()).toEqual(
      [quotes.aprovacaoVencida, quotes.revisaoVencida, quotes.vencida].sort(),
    );
  });

  it('lists the nearest deadlines of open quotes, urgent within 48 hours', async () => {
    const { proximosVencimentos } = await dashboard();
    expect(proximosVencimentos.map((item) => [item.id, item.urgente])).toEqual([
      [quotes.urgente, true],
      [quotes.prontaUrgente, false],
      [quotes.inicial, false],
      [quotes.aprovacaoNoPrazo, false],
      [quotes.aguardando, false],
    ]);
    const urgent = proximosVencimentos[0]!;
    expect(urgent.codigo).toMatch(/^COT-\d{4}-\d{4}$/);
    expect(urgent.descricao).toBe('REF-urgente · 0 de 2 responderam');
    expect(Date.parse(urgent.prazo) - Date.now()).toBeGreaterThan(11 * HOUR);
    const part = await call('GET', '/api/dashboard/vencimentos');
    expect(part.json()).toEqual(proximosVencimentos);
  });

  it('is not urgent once every carrier answered: the quote awaits the decision, and says so', async () => {
    const { proximosVencimentos } = await dashboard();
    const ready = proximosVencimentos.find((item) => item.id === quotes.prontaUrgente)!;
    expect(Date.parse(ready.prazo) - Date.now()).toBeLessThan(48 * HOUR);
    expect(ready).toMatchObject({
      urgente: false,
      descricao: 'REF-prontaUrgente · 2 de 2 responderam · Aguardando Aprovação',
    });
    expect(proximosVencimentos.find((item) => item.id === quotes.aprovacaoNoPrazo)!.descricao).toBe(
      'REF-aprovacaoNoPrazo · 2 de 2 responderam · Aguardando Aprovação',
    );
  });

  it('lists real events newest first with the spec colours; deleted quotes and other companies never show', async () => {
    const { atividadesRecentes } = await dashboard();
    expect(atividadesRecentes.length).toBe(10);
    const times = atividadesRecentes.map((item) => Date.parse(item.timestamp));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const text = atividadesRecentes.map((item) => item.descricao).join('\n');
    // The newest: the last quote sent, then the earlier ones and the replies.
    expect(atividadesRecentes[0]).toMatchObject({
      tipo: 'cotacao_enviada',
      cor: 'text-blue-600',
      cotacaoId: quotes.vencida,
      descricao: expect.stringMatching(/^Cotação COT-\d{4}-\d{4} enviada a 2 agente\(s\) de carga$/),
    });
    expect(
      atividadesRecentes.filter((item) => item.tipo === 'resposta_recebida').map((item) => item.cor),
    ).not.toContain('text-blue-600');
    expect(text).toContain('Resposta de Atlântica Cargas recebida na cotação');
    expect(atividadesRecentes.some((item) => item.cotacaoId === quotes.excluida)).toBe(false);
    expect(text).not.toContain('Outra');
    const part = await call('GET', '/api/dashboard/atividades');
    expect(part.json()).toEqual(atividadesRecentes);
  });

  it('shows each kind: deadlines passed (red), replies (green), carriers added, revisions and approvals', async () => {
    // A company with few events, so every kind is among the ten newest; one of its two carriers answers.
    const t = await quoteScenario(ctx, {
      label: 'tipos',
      carriers: [
        { nome: 'Única Cargas', email: 'u@unica.com.br' },
        { nome: 'Calada Cargas', email: 'c@calada.com.br' },
      ],
    });
    const codigo = t.quote.codigo;
    const [recipient] = await db()
      .select()
      .from(cotacaoDestinatarios)
      .where(eq(cotacaoDestinatarios.cotacaoId, t.quote.id))
      .then((rows) => rows.filter((row) => row.transportadorId === t.carriers[0]!.id));
    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: 'u@unica.com.br',
        to: replyAddress(ctx.config.MAIL_REPLY_ADDRESS, recipient!.replyToken),
      }),
      { source: 'imap' },
    );
    const prazo = new Date(Date.now() - HOUR);
    await moveDeadline(t.quote.id, prazo);
    const passed = [
      'prazo_vencido',
      'text-red-600',
      `Prazo de resposta da cotação ${codigo} encerrado (1 de 2 responderam)`,
    ];
    const kinds = async () =>
      (await dashboard(t.token)).atividadesRecentes.map((item) => [item.tipo, item.cor, item.descricao]);
    // Still waiting for answers: read from the quote, at its deadline.
    expect((await kinds()).at(-1)).toEqual(passed);
    // Overdue before the deadline job runs too (answered or not, the deadline passed).
    expect((await dashboard(t.token)).stats.cotacoesVencidasAguardandoAprovacao).toBe(1);

    // The deadline job moves it (one answer: to approval) and records it: still one event, at the deadline.
    await applyDeadlines(db());
    const afterJob = await dashboard(t.token);
    expect(afterJob.atividadesRecentes.filter((item) => item.tipo === 'prazo_vencido')).toEqual([
      expect.objectContaining({ cor: 'text-red-600', descricao: passed[2], timestamp: prazo.toISOString() }),
    ]);
    expect(afterJob.stats.cotacoesVencidasAguardandoAprovacao).toBe(1);

    // The decisions (issue 14) and an import through their own routes, a few milliseconds apart.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const as = (method: 'GET' | 'POST', url: string, payload?: object) => call(method, url, payload, t.token);
    const revision = await as('POST', `/api/quotes/${t.quote.id}/request-revision`, {
      transportadorId: t.carriers[0]!.id,
      mensagem: 'Favor informar o free time.',
    });
    expect(revision.statusCode, revision.body).toBe(200);
    await pause();
    const current = (await as('GET', `/api/quotes/${t.quote.id}/respostas`)).json().data;
    const answered = current.find(
      (entry: { transportadorId: string }) => entry.transportadorId === t.carriers[0]!.id,
    );
    const approval = await as('POST', `/api/quotes/${t.quote.id}/approve`, { responseId: answered.id });
    expect(approval.statusCode, approval.body).toBe(200);
    await pause();
    const lines = ['Norte', 'Sul', 'Leste', 'Oeste'].map((nome, index) => ({
      linha: index + 2,
      nome: `Agente ${nome}`,
      emails: [`${nome.toLowerCase()}@importados.com.br`],
    }));
    expect((await as('POST', '/api/transporters/import', { linhas: lines })).json()).toMatchObject({
      criados: 4,
    });
    await pause();
    // The same file again only updates: nobody was added.
    expect((await as('POST', '/api/transporters/import', { linhas: lines })).json()).toMatchObject({
      criados: 0,
    });

    const { atividadesRecentes } = await dashboard(t.token);
    expect(atividadesRecentes.map((item) => [item.tipo, item.cor, item.descricao])).toEqual([
      ['transportador_adicionado', 'text-blue-600', '4 agente(s) de carga importado(s) de planilha'],
      ['cotacao_aprovada', 'text-green-600', `Cotação ${codigo} aprovada: Única Cargas`],
      ['revisao_solicitada', 'text-yellow-600', `Revisão solicitada a Única Cargas na cotação ${codigo}`],
      ['resposta_recebida', 'text-green-600', `Resposta de Única Cargas recebida na cotação ${codigo}`],
      ['cotacao_enviada', 'text-blue-600', `Cotação ${codigo} enviada a 2 agente(s) de carga`],
      ['transportador_adicionado', 'text-blue-600', 'Agente de carga Calada Cargas cadastrado'],
      ['transportador_adicionado', 'text-blue-600', 'Agente de carga Única Cargas cadastrado'],
      // At the deadline, an hour ago; approved since, it stays in the history.
      passed,
    ]);
    expect(atividadesRecentes[1]!.cotacaoId).toBe(t.quote.id);
  });

  it('lists the passed deadline of a quote waiting for a revision (QA pass 39: it left no trace)', async () => {
    const r = await quoteScenario(ctx, {
      label: 'revisao',
      carriers: [
        { nome: 'Revisa Cargas', email: 'r@revisa-cargas.com.br' },
        { nome: 'Quieta Fretes', email: 'q@quieta-fretes.com.br' },
      ],
    });
    await answer(ctx, r, 0);
    const asked = await call(
      'POST',
      `/api/quotes/${r.quote.id}/request-revision`,
      { transportadorId: r.carriers[0]!.id },
      r.token,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const prazo = new Date(Date.now() - 20 * 60_000);
    await moveDeadline(r.quote.id, prazo);
    const passed = (await dashboard(r.token)).atividadesRecentes.filter(
      (item) => item.tipo === 'prazo_vencido',
    );
    expect(passed.map((item) => [item.descricao, item.cotacaoId, item.timestamp])).toEqual([
      [
        `Prazo de resposta da cotação ${r.quote.codigo} encerrado (1 de 2 responderam)`,
        r.quote.id,
        prazo.toISOString(),
      ],
    ]);
  });

  it('shows a deadline passed without answers as overdue, and keeps it so after the deadline job', async () => {
    const n = await quoteScenario(ctx, {
      label: 'semresposta',
      carriers: [
        { nome: 'Muda Cargas', email: 'm@muda.com.br' },
        { nome: 'Calada Fretes', email: 'c@calada-fretes.com.br' },
      ],
    });
    const prazo = new Date(Date.now() - 30 * 60_000);
    await moveDeadline(n.quote.id, prazo);
    const noAnswers = [
      'prazo_vencido',
      'text-red-600',
      `Prazo vencido sem respostas na cotação ${n.quote.codigo} (0 de 2 responderam)`,
    ];
    const check = async () => {
      const body = await dashboard(n.token);
      // Still waiting for answers (a late one counts), and overdue.
      expect(body.stats).toMatchObject({
        cotacoesAbertas: 1,
        cotacoesAguardandoResposta: 1,
        cotacoesVencidasAguardandoAprovacao: 1,
      });
      expect(body.proximosVencimentos).toEqual([]);
      const passed = body.atividadesRecentes.filter((item) => item.tipo === 'prazo_vencido');
      expect(passed.map((item) => [item.tipo, item.cor, item.descricao])).toEqual([noAnswers]);
      expect(passed[0]).toMatchObject({ cotacaoId: n.quote.id, timestamp: prazo.toISOString() });
      const list = await call('GET', '/api/quotes?tab=enviadas&vencidas=true', undefined, n.token);
      expect(list.json().data.map((quote: { id: string }) => quote.id)).toEqual([n.quote.id]);
    };
    await check();
    // Nobody answered: the job leaves it open (ADR 0018) and nothing changes.
    await applyDeadlines(db());
    await check();
    // A late answer moves the quote on; the passed deadline stays in the activity, as it was when it passed
    // (QA pass 41a: it vanished), once, beside the late answer.
    await answer(ctx, n, 0);
    await applyDeadlines(db());
    const after = await dashboard(n.token);
    expect(after.stats).toMatchObject({ cotacoesAguardandoResposta: 0 });
    const passed = after.atividadesRecentes.filter(
      (item) => item.tipo === 'prazo_vencido' && item.cotacaoId === n.quote.id,
    );
    expect(passed.map((item) => [item.cor, item.descricao, item.timestamp])).toEqual([
      [noAnswers[1], noAnswers[2], prazo.toISOString()],
    ]);
    expect(
      after.atividadesRecentes.filter(
        (item) => item.tipo === 'resposta_recebida' && item.cotacaoId === n.quote.id,
      ),
    ).toHaveLength(1);
  });

  it('lists a cancellation (red) and a closing with their quotes; closing a quote is no cancellation', async () => {
    const c = await quoteScenario(ctx, {
      label: 'cancelada',
      carriers: [{ nome: 'Cancelada Cargas', email: 'c@cancelada-cargas.com.br' }],
    });
    const closed = await quoteScenario(ctx, { in: c });
    expect(
      (await call('PATCH', `/api/quotes/${closed.quote.id}`, { status: 'FECHADA' }, c.token)).statusCode,
    ).toBe(200);
    const cancelled = await call('PATCH', `/api/quotes/${c.quote.id}`, { status: 'CANCELADA' }, c.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { atividadesRecentes } = await dashboard(c.token);
    expect(atividadesRecentes[0]).toMatchObject({
      tipo: 'cotacao_cancelada',
      cor: 'text-red-600',
      descricao: `Cotação ${c.quote.codigo} cancelada`,
      cotacaoId: c.quote.id,
    });
    expect(atividadesRecentes.filter((item) => item.tipo === 'cotacao_cancelada')).toHaveLength(1);
    // The closing is listed as such (QA pass 38: it was in no list).
    expect(atividadesRecentes.filter((item) => item.tipo === 'cotacao_encerrada')).toEqual([
      expect.objectContaining({
        cor: 'text-yellow-600',
        descricao: `Cotação ${closed.quote.codigo} encerrada`,
        cotacaoId: closed.quote.id,
      }),
    ]);
    // And the closed quote's detail says who closed it and when; the cancelled one's who cancelled it.
    const closedDetail = (await call('GET', `/api/quotes/${closed.quote.id}`, undefined, c.token)).json();
    expect(closedDetail.encerramento).toEqual({
      encerradoEm: expect.any(String),
      encerradoPor: expect.any(String),
    });
    expect(closedDetail.cancelamento).toBeNull();
    const cancelledDetail = (await call('GET', `/api/quotes/${c.quote.id}`, undefined, c.token)).json();
    expect(cancelledDetail.encerramento).toBeNull();
    expect(cancelledDetail.cancelamento.canceladoPor).toBe(closedDetail.encerramento.encerradoPor);
  });

  it('is empty for a company that has done nothing yet, and needs a company', async () => {
    const u = await quoteScenario(ctx, { label: 'vazia', carriers: [{ nome: 'V', email: 'v@v.com.br' }] });
    await db().delete(cotacoes).where(eq(cotacoes.empresaId, u.empresaId));
    const body = await dashboard(u.token);
    expect(body.proximosVencimentos).toEqual([]);
    expect(body.stats).toMatchObject({
      cotacoesAbertas: 0,
      cotacoesAguardandoResposta: 0,
      transportadores: 1,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it("counts only the caller's company", async () => {
    const { stats, proximosVencimentos } = await dashboard(other.token);
    expect(stats).toEqual({
      transportadores: 1,
      cotacoesAbertas: 1,
      grupos: 0,
      cotacoesAguardandoResposta: 1,
      cotacoesVencidasAguardandoAprovacao: 0,
    });
    expect(proximosVencimentos.map((item) => item.id)).toEqual([other.quote.id]);
  });
});
