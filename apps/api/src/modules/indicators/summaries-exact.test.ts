import type { Dashboard, ResponseTimesResponse } from '@cotacoes/shared/schemas/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, quoteScenario, type Scenario } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * ADR 0031: the dashboard's counts and the indicators table come from kept figures (cotacao_contagens,
 * the monthly and yearly response-time cells), never from a scan per request. After every kind of change
 * made through the real routes and pipeline — answers, a revised answer, a bounce-free second quote, an
 * approval, a deleted quote, a deleted carrier — both answers equal a computation from scratch over the
 * quotes and recipients themselves.
 */

let ctx: TestContext;
let s: Scenario;

const db = () => ctx.app.services.database.db;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${s.token}` }, payload });

beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importador.com.br' });
  s = await quoteScenario(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

/** A quote sent through POST /quotes to `carriers` (all the scenario's by default). */
const sendQuote = (referenciaProcesso: string, carriers = s.carriers.map((carrier) => carrier.id)) =>
  call('POST', '/api/quotes', {
    nomeSolicitante: 'Analista',
    referenciaProcesso,
    tipoFrete: 'FCL',
    metodoEnvio: 'EMAIL',
    modoEnvio: 'individual',
    idiomaEmail: 'pt',
    origem: 'Shanghai',
    destino: 'Santos',
    destinatarios: { transportadores: carriers, grupos: [] },
  });

/** A carrier's reply through the inbound pipeline (its reply token): the new response's id. */
async function answer(cotacaoId: string, carrierIndex: number): Promise<string> {
  const [recipient] = (
    await db().execute(sql`
      select reply_token from cotacao_destinatarios
      where cotacao_id = ${cotacaoId} and transportador_id = ${s.carriers[carrierIndex]!.id}`)
  ).rows as { reply_token: string }[];
  const at = ctx.config.MAIL_REPLY_ADDRESS.lastIndexOf('@');
  const to = `${ctx.config.MAIL_REPLY_ADDRESS.slice(0, at)}+${recipient!.reply_token}${ctx.config.MAIL_REPLY_ADDRESS.slice(at)}`;
  const result = await ctx.app.services.inbound.ingest(
    await carrierReply({ from: s.carriers[carrierIndex]!.email, to }),
    { source: 'imap' },
  );
  expect(result.outcome).toBe('resposta');
  return result.responseId!;
}

/** The dashboard's five counts, from the quotes, carriers and groups themselves. */
async function statsFromScratch() {
  const [row] = (
    await db().execute(sql`
      select
        (select count(*)::int from transportadores where empresa_id = ${s.empresaId} and deleted_at is null) as transportadores,
        (select count(*)::int from grupos where empresa_id = ${s.empresaId}) as grupos,
        (select count(*)::int from cotacoes where empresa_id = ${s.empresaId} and deleted_at is null
          and status in ('AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO')) as abertas,
        (select count(*)::int from cotacoes where empresa_id = ${s.empresaId} and deleted_at is null
          and status = 'AGUARDANDO_RESPOSTA') as aguardando,
        (select count(*)::int from cotacoes where empresa_id = ${s.empresaId} and deleted_at is null
          and status in ('AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO')
          and prazo_resposta < now()) as vencidas`)
  ).rows as {
    transportadores: number;
    grupos: number;
    abertas: number;
    aguardando: number;
    vencidas: number;
  }[];
  return {
    transportadores: row!.transportadores,
    grupos: row!.grupos,
    cotacoesAbertas: row!.abertas,
    cotacoesAguardandoResposta: row!.aguardando,
    cotacoesVencidasAguardandoAprovacao: row!.vencidas,
  };
}

/**
 * Per carrier with requests this year (Brasília): sent, answered and the mean hours, from the recipients.
 * A recipient that never answered is not sent when its delivery failed, its quote ended (cancelled, closed,
 * approved) before the deadline — read here from the quote's status and the audit log's time of that
 * change, not the kept flag — or its live quote still waits within its deadline.
 */
async function tableFromScratch() {
  const rows = (
    await db().execute(sql`
      select r.transportador_id as id,
        count(*) filter (where r.respondeu_em is not null or not (r.falha_entrega is not null or (
          q.status in ('CANCELADA', 'APROVADA', 'FECHADA') and (select min(a.created_at) from audit_log a
            where a.entity_id = q.id::text and (a.action in ('cotacao.cancelamento', 'cotacao.encerramento', 'cotacao.aprovacao')
              or (a.action = 'cotacao.update' and a.details ->> 'status' in ('CANCELADA', 'FECHADA'))))
            < q.prazo_resposta)
          or (q.deleted_at is null and q.status in ('AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO')
            and q.prazo_resposta > now())))::int as enviados,
        count(*) filter (where r.respondeu_em is null and r.falha_entrega is null and q.deleted_at is null
          and q.status in ('AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO')
          and q.prazo_resposta > now())::int as aguardando,
        count(r.respondeu_em)::int as respondidos,
        count(*) filter (where r.respondeu_em > q.prazo_resposta)::int as atrasados,
        avg(greatest(0, extract(epoch from r.respondeu_em - r.created_at)))::float8 as media
      from cotacao_destinatarios r join cotacoes q on q.id = r.cotacao_id
      where r.empresa_id = ${s.empresaId}
        and extract(year from r.created_at at time zone 'America/Sao_Paulo') = extract(year from now() at time zone 'America/Sao_Paulo')
      group by r.transportador_id`)
  ).rows as {
    id: string;
    enviados: number;
    respondidos: number;
    aguardando: number;
    atrasados: number;
    media: number | null;
  }[];
  return new Map(rows.filter((row) => row.enviados > 0 || row.aguardando > 0).map((row) => [row.id, row]));
}

async function expectExact() {
  const dashboard = await call('GET', '/api/dashboard');
  expect(dashboard.statusCode, dashboard.body).toBe(200);
  const body = dashboard.json() as Dashboard;
  expect(body.stats).toEqual(await statsFromScratch());
  const stats = await call('GET', '/api/dashboard/stats');
  expect(stats.json()).toEqual(body.stats);

  const scratch = await tableFromScratch();
  // The whole year reads the kept cells; yesterday and today (every request here is from the last minutes;
  // two days, never a whole month) read the recipients themselves: both equal the computation from scratch.
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() + offset);
  let kept: ResponseTimesResponse | undefined;
  for (const range of ['', `&dataInicio=${day(-86_400_000)}&dataFim=${day(0)}`]) {
    const table = await call('GET', `/api/indicators/response-times?page=1&limit=100${range}`);
    expect(table.statusCode, table.body).toBe(200);
    const read = table.json() as ResponseTimesResponse;
    kept ??= read;
    expect(read.total, range).toBe(scratch.size);
    for (const record of read.data) {
      const own = scratch.get(record.transportadorId);
      expect(own, record.transportadorNome).toBeDefined();
      expect(record.totalCotacoes, `${record.transportadorNome} ${range}`).toBe(own!.enviados);
      expect(record.totalRespostas).toBe(own!.respondidos);
      expect(record.aguardandoNoPrazo).toBe(own!.aguardando);
      expect(record.respostasAposPrazo, `${record.transportadorNome} late ${range}`).toBe(own!.atrasados);
      if (own!.media === null) expect(record.tempoMedioRespostaHoras).toBeNull();
      else expect(record.tempoMedioRespostaHoras).toBeCloseTo(own!.media / 3600, 2);
    }
  }
  return { dashboard: body, table: kept! };
}

describe('kept dashboard and indicators figures (ADR 0031)', () => {
  it('equal a computation from scratch after answers, approvals and deletions made through the routes', async () => {
    const start = await expectExact();
    expect(start.dashboard.stats.cotacoesAguardandoResposta).toBeGreaterThanOrEqual(1);

    const first = await answer(s.quote.id, 0);
    await answer(s.quote.id, 1);
    await answer(s.quote.id, 0); // a revised answer: the first answer's time stays
    await expectExact();

    // A second quote to the same carriers, one of them answering. The two still within the deadline are
    // not counted yet: their chance is not over (QA pass 34: an hour-old request lowered the answer rate).
    const sentOf = (table: ResponseTimesResponse, index: number) =>
      table.data.find((record) => record.transportadorId === s.carriers[index]!.id)?.totalCotacoes ?? 0;
    const beforeSecond = await expectExact();
    const second = await sendQuote('EXACT-2');
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().id as string;
    await answer(secondId, 2);
    const afterSecond = await expectExact();
    expect(sentOf(afterSecond.table, 0)).toBe(sentOf(beforeSecond.table, 0));
    expect(sentOf(afterSecond.table, 2)).toBe(sentOf(beforeSecond.table, 2) + 1);

    // The approval moves the first quote out of the open ones.
    const [current] = (
      await db().execute(sql`
        select id from respostas where cotacao_id = ${s.quote.id} and destinatario_id =
          (select destinatario_id from respostas where id = ${first}) and atual`)
    ).rows as { id: string }[];
    const approved = await call('POST', `/api/quotes/${s.quote.id}/approve`, { responseId: current!.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const afterApproval = await expectExact();
    expect(afterApproval.dashboard.stats.cotacoesAbertas).toBe(start.dashboard.stats.cotacoesAbertas);
    // Approved before its deadline: the carrier that had not answered stays uncounted once the deadline
    // passes (its flag, kept by the trigger on the quote's status).
    const [ended] = (
      await db().execute(sql`
        select encerrada_no_prazo as ended from cotacao_destinatarios
        where cotacao_id = ${s.quote.id} and transportador_id = ${s.carriers[2]!.id}`)
    ).rows as { ended: boolean }[];
    expect(ended!.ended).toBe(true);

    // A deleted quote leaves the counts; its requests still count for the carriers (ADR 0019).
    const deleted = await call('DELETE', `/api/quotes/${secondId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const afterDelete = await expectExact();
    expect(afterDelete.dashboard.stats.cotacoesAbertas).toBe(start.dashboard.stats.cotacoesAbertas - 1);

    // A quote cancelled before its deadline: its carriers that had not answered are not counted as sent
    // (they had no chance to answer); the one that answered keeps its answer and its time.
    const beforeThird = await expectExact();
    const third = await sendQuote('EXACT-3');
    expect(third.statusCode, third.body).toBe(201);
    const thirdId = third.json().id as string;
    await answer(thirdId, 1);
    const cancelled = await call('PATCH', `/api/quotes/${thirdId}`, { status: 'CANCELADA' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await expectExact();
    expect(sentOf(afterCancel.table, 0)).toBe(sentOf(beforeThird.table, 0));
    expect(sentOf(afterCancel.table, 1)).toBe(sentOf(beforeThird.table, 1) + 1);
    expect(sentOf(afterCancel.table, 2)).toBe(sentOf(beforeThird.table, 2));

    // Cancelled after its deadline had passed unanswered: the silence counts, as for any late quote.
    const late = await sendQuote('EXACT-4', [s.carriers[0]!.id]);
    expect(late.statusCode, late.body).toBe(201);
    const lateId = late.json().id as string;
    await db().execute(
      sql`update cotacoes set prazo_resposta = now() - interval '1 day' where id = ${lateId}`,
    );
    const beforeLate = await expectExact();
    // Its deadline passed: the silence counts already.
    expect(sentOf(beforeLate.table, 0)).toBe(sentOf(afterCancel.table, 0) + 1);
    const lateCancel = await call('PATCH', `/api/quotes/${lateId}`, { status: 'CANCELADA' });
    expect(lateCancel.statusCode, lateCancel.body).toBe(200);
    const afterLate = await expectExact();
    expect(sentOf(afterLate.table, 0)).toBe(sentOf(beforeLate.table, 0));

    // An unmatched message assigned to a carrier that had not answered, then the assignment undone: its
    // answer counted, then not (its first-answer time cleared; QA pass 35).
    const fifth = await sendQuote('EXACT-5', [s.carriers[2]!.id]);
    expect(fifth.statusCode, fifth.body).toBe(201);
    const fifthId = fifth.json().id as string;
    const loose = await ctx.app.services.inbound.ingest(
      await carrierReply({ from: s.carriers[2]!.email, to: 'compras@importador.com.br', subject: 'Tabela' }),
      { source: 'imap' },
    );
    expect(loose.outcome).toBe('nao_identificada');
    const beforeAssign = await expectExact();
    const assigned = await call('POST', `/api/inbound/messages/${loose.inboundId}/assign`, {
      cotacaoId: fifthId,
      transportadorId: s.carriers[2]!.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const afterAssign = await expectExact();
    const answeredOf = (table: ResponseTimesResponse, index: number) =>
      table.data.find((record) => record.transportadorId === s.carriers[index]!.id)?.totalRespostas;
    expect(answeredOf(afterAssign.table, 2)).toBe(answeredOf(beforeAssign.table, 2)! + 1);
    const [version] = (
      await db().execute(sql`select id from respostas where inbound_message_id = ${loose.inboundId}`)
    ).rows as { id: string }[];
    const undone = await call('POST', `/api/quotes/${fifthId}/respostas/${version!.id}/desfazer-atribuicao`);
    expect(undone.statusCode, undone.body).toBe(200);
    const afterUndo = await expectExact();
    expect(answeredOf(afterUndo.table, 2)).toBe(answeredOf(beforeAssign.table, 2));
    expect(afterUndo.dashboard.stats).toEqual(beforeAssign.dashboard.stats);

    // An answer after the deadline counts as late (QA pass 42c); the deadline extended past it through the
    // route, it is on time again.
    const lateOf = (table: ResponseTimesResponse, index: number) =>
      table.data.find((record) => record.transportadorId === s.carriers[index]!.id)?.respostasAposPrazo ?? 0;
    const sixth = await sendQuote('EXACT-6', [s.carriers[1]!.id]);
    expect(sixth.statusCode, sixth.body).toBe(201);
    const sixthId = sixth.json().id as string;
    await db().execute(
      sql`update cotacoes set prazo_resposta = now() - interval '1 hour' where id = ${sixthId}`,
    );
    const beforeLateAnswer = await expectExact();
    await answer(sixthId, 1);
    const afterLateAnswer = await expectExact();
    expect(lateOf(afterLateAnswer.table, 1)).toBe(lateOf(beforeLateAnswer.table, 1) + 1);
    const extended = await call('PATCH', `/api/quotes/${sixthId}`, {
      prazoResposta: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const afterExtension = await expectExact();
    expect(lateOf(afterExtension.table, 1)).toBe(lateOf(beforeLateAnswer.table, 1));

    // A deleted carrier leaves the carriers' count.
    const removed = await call('DELETE', `/api/transporters/${s.carriers[2]!.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const afterCarrier = await expectExact();
    expect(afterCarrier.dashboard.stats.transportadores).toBe(start.dashboard.stats.transportadores - 1);
  });

  it('a kept answer says when it was read and is not read again inside its window', async () => {
    const windowed = await createTestApp({ SUMMARY_MAX_AGE_MS: '60000' });
    try {
      const other = await quoteScenario(windowed);
      const get = (url: string) =>
        windowed.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${other.token}` } });
      const before = (await get('/api/dashboard')).json() as Dashboard;
      expect(Date.now() - Date.parse(before.atualizadoEm!)).toBeLessThan(60_000);
      const table = (await get('/api/indicators/response-times')).json() as ResponseTimesResponse;
      expect(table.atualizadoEm).toBeDefined();
      // A change inside the window: the kept answer (and its read time) is still the one shown.
      const created = await windowed.app.inject({
        method: 'POST',
        url: '/api/transporters',
        headers: { authorization: `Bearer ${other.token}` },
        payload: { nome: 'Agente Novo', email: 'novo@agente-novo.com.br', grupos: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const again = (await get('/api/dashboard')).json() as Dashboard;
      expect(again).toEqual(before);
    } finally {
      await windowed.close();
    }
  });
});
