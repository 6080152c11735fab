import type { QuoteDetail } from '@cotacoes/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, quoteScenario, type Scenario } from '../../test/factories/index.js';
import { createTestApp, type TestContext, waitFor } from '../../test/helpers.js';
import { auditLog, cotacaoContagens, cotacaoDestinatarios, cotacoes } from '../db/schema/index.js';
import { QUEUES } from '../jobs/queue.js';
import { DEADLINES_CRON } from './deadlines.jobs.js';
import { applyDeadlines } from './deadlines.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const call = (s: Scenario, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${s.token}` }, payload });

/** Another quote of the scenario's company, to the same carriers. */
async function anotherQuote(s: Scenario): Promise<string> {
  const response = await call(s, 'POST', '/api/quotes', {
    nomeSolicitante: 'Prazo',
    referenciaProcesso: `PRAZO-${Date.now()}-${Math.random()}`,
    tipoFrete: 'FCL',
    origem: 'Ningbo',
    destino: 'Itajaí',
    destinatarios: { transportadores: s.carriers.map((c) => c.id), grupos: [] },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id;
}
/** The scenario for a quote of the same company (answers go to its recipients). */
async function scenarioOf(s: Scenario, quoteId: string): Promise<Scenario> {
  const detail: QuoteDetail = (await call(s, 'GET', `/api/quotes/${quoteId}`)).json();
  const rows = await db()
    .select()
    .from(cotacaoDestinatarios)
    .where(eq(cotacaoDestinatarios.cotacaoId, quoteId));
  const recipients = s.carriers.map((carrier) => rows.find((row) => row.transportadorId === carrier.id)!);
  return {
    ...s,
    quote: detail,
    recipients,
    replyTo: (index) => `cotacoes+${recipients[index]!.replyToken}@importadora.com.br`,
  };
}
async function expire(quoteId: string) {
  await db()
    .update(cotacoes)
    .set({ prazoResposta: new Date(Date.now() - 3_600_000) })
    .where(eq(cotacoes.id, quoteId));
}
async function statusOf(quoteId: string) {
  const [row] = await db().select({ status: cotacoes.status }).from(cotacoes).where(eq(cotacoes.id, quoteId));
  return row!.status;
}
/** The counters the list's tabs read, and the live quotes they count: they must agree. */
async function countersAgree(empresaId: string) {
  const counters = await db()
    .select({ status: cotacaoContagens.status, total: cotacaoContagens.total })
    .from(cotacaoContagens)
    .where(eq(cotacaoContagens.empresaId, empresaId));
  const actual = await db()
    .select({ status: cotacoes.status, total: sql<number>`count(*)::int` })
    .from(cotacoes)
    .where(and(eq(cotacoes.empresaId, empresaId), isNull(cotacoes.deletedAt)))
    .groupBy(cotacoes.status);
  const byStatus = (rows: { status: string; total: number }[]) =>
    Object.fromEntries(rows.filter((row) => row.total !== 0).map((row) => [row.status, row.total]));
  expect(byStatus(counters)).toEqual(byStatus(actual));
  return byStatus(actual);
}
async function listTotal(s: Scenario, query: string): Promise<number> {
  const response = await call(s, 'GET', `/api/quotes?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().total;
}

describe('deadline job (ADR 0015 transition table)', () => {
  it('at the deadline a quote with answers waits for approval; one without stays open; idempotent; counters exact', async () => {
    const a = await quoteScenario(ctx);
    const b = await quoteScenario(ctx);
    // A: due with an answer, due without answers, not due yet, due but waiting for a revision.
    const dueAnswered = a.quote.id;
    await answer(ctx, a, 0, { extracted: false });
    const dueSilent = await anotherQuote(a);
    const notDue = await anotherQuote(a);
    await answer(ctx, await scenarioOf(a, notDue), 1, { extracted: false });
    const inRevision = await anotherQuote(a);
    const revised = await scenarioOf(a, inRevision);
    await answer(ctx, revised, 2);
    const revision = await call(a, 'POST', `/api/quotes/${inRevision}/request-revision`, {
      transportadorId: a.carriers[2]!.id,
    });
    expect(revision.statusCode, revision.body).toBe(200);
    // B: due with an answer.
    await answer(ctx, b, 1, { extracted: false });
    for (const id of [dueAnswered, dueSilent, inRevision, b.quote.id]) await expire(id);

    expect(await countersAgree(a.empresaId)).toEqual({ AGUARDANDO_RESPOSTA: 3, AGUARDANDO_REVISAO: 1 });
    const enviadasBefore = await listTotal(a, 'tab=enviadas');

    // (The scheduled run may get there first: either way each quote moves once.)
    await applyDeadlines(db());
    expect(await statusOf(dueAnswered)).toBe('AGUARDANDO_APROVACAO');
    expect(await statusOf(b.quote.id)).toBe('AGUARDANDO_APROVACAO');
    expect(await statusOf(dueSilent)).toBe('AGUARDANDO_RESPOSTA');
    expect(await statusOf(notDue)).toBe('AGUARDANDO_RESPOSTA');
    expect(await statusOf(inRevision)).toBe('AGUARDANDO_REVISAO');

    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'cotacao.prazo_encerrado'));
    const mine = audit.filter((row) => [dueAnswered, b.quote.id].includes(row.entityId!));
    expect(mine.map((row) => [row.entityId, row.userId, row.empresaId]).sort()).toEqual(
      [
        [dueAnswered, null, a.empresaId],
        [b.quote.id, null, b.empresaId],
      ].sort(),
    );
    expect(mine[0]!.details).toMatchObject({ de: 'AGUARDANDO_RESPOSTA', para: 'AGUARDANDO_APROVACAO' });

    // Again: nothing left to do, no second audit row.
    expect(await applyDeadlines(db())).toEqual({ quotes: 0, companies: 0 });
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.action, 'cotacao.prazo_encerrado'))).length,
    ).toBe(audit.length);

    // The tabs and status filters read the same counters: exact after the job.
    expect(await countersAgree(a.empresaId)).toEqual({
      AGUARDANDO_RESPOSTA: 2,
      AGUARDANDO_APROVACAO: 1,
      AGUARDANDO_REVISAO: 1,
    });
    expect(await listTotal(a, 'tab=enviadas')).toBe(enviadasBefore);
    expect(await listTotal(a, 'status=AGUARDANDO_APROVACAO')).toBe(1);
    expect(await listTotal(a, 'status=AGUARDANDO_RESPOSTA')).toBe(2);
    expect(await listTotal(a, 'tab=finalizadas')).toBe(0);

    // Closing and cancelling by hand keep working after the job, and move the counts.
    expect((await call(a, 'PATCH', `/api/quotes/${dueAnswered}`, { status: 'FECHADA' })).statusCode).toBe(
      200,
    );
    expect((await call(a, 'PATCH', `/api/quotes/${dueSilent}`, { status: 'CANCELADA' })).statusCode).toBe(
      200,
    );
    expect(await countersAgree(a.empresaId)).toEqual({
      AGUARDANDO_RESPOSTA: 1,
      AGUARDANDO_REVISAO: 1,
      FECHADA: 1,
      CANCELADA: 1,
    });
    expect(await listTotal(a, 'tab=finalizadas')).toBe(2);
    expect(await listTotal(a, 'tab=enviadas')).toBe(enviadasBefore - 2);
    expect(await countersAgree(b.empresaId)).toEqual({ AGUARDANDO_APROVACAO: 1 });
  });

  it('runs as a scheduled pg-boss job in the worker process', async () => {
    const schedules = await ctx.app.services.jobs.boss.getSchedules();
    expect(schedules.find((item) => item.name === QUEUES.quoteDeadlines)).toMatchObject({
      cron: DEADLINES_CRON,
    });
    const s = await quoteScenario(ctx);
    await answer(ctx, s, 0, { extracted: false });
    await expire(s.quote.id);
    // The job as the cron sends it, worked by the registered handler.
    await ctx.app.services.jobs.send(QUEUES.quoteDeadlines, {});
    await waitFor(async () => (await statusOf(s.quote.id)) === 'AGUARDANDO_APROVACAO' || undefined, 15_000);
  });

  it('a first answer arriving after the deadline moves the quote at once', async () => {
    const s = await quoteScenario(ctx);
    await expire(s.quote.id);
    await answer(ctx, s, 2, { extracted: false });
    expect(await statusOf(s.quote.id)).toBe('AGUARDANDO_APROVACAO');
  });
});
