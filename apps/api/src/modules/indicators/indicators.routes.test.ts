import type { ResponseTimeRecord, ResponseTimesResponse } from '@cotacoes/shared/schemas/dashboard';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierReply,
  deliveryFailureReport,
  quoteScenario,
  type Scenario,
} from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { cotacaoDestinatarios, cotacoes } from '../../db/schema/index.js';
import { replyAddress } from '../../mail/reply-address.js';
import { currentYear } from './indicators.service.js';

/*
 * Known answers: four carriers of one company, requests in three months of a past year with first answers
 * after known delays, one carrier that never answers and one whose first request bounced. The requests and
 * answers go through the real API and inbound pipeline; only their times are moved into the past (SQL),
 * which the triggers of migration 0012 must follow.
 */

let ctx: TestContext;
let a: Scenario;
let b: Scenario;
const Y = currentYear() - 2;
const HOUR = 3_600_000;
/** Brasília is UTC-3 all year (no daylight saving since 2019). */
const brt = (local: string) => new Date(`${local}-03:00`);

const db = () => ctx.app.services.database.db;
const get = (url: string, token = a.token) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
async function indicators(query: string, token = a.token): Promise<ResponseTimesResponse> {
  const response = await get(`/api/indicators/response-times${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const byName = (body: ResponseTimesResponse, nome: string) =>
  body.data.find((row) => row.transportadorNome === nome) as ResponseTimeRecord;

/** The scenario's own quote made history too: its deadline passed (see `sendQuote`). */
async function asHistory(s: Scenario): Promise<Scenario> {
  await db().execute(
    sql`update cotacoes set prazo_resposta = now() - interval '1 minute' where id = ${s.quote.id}`,
  );
  return s;
}

/** A new quote of the scenario's company to some of its carriers (individual mode): its id. */
async function sendQuote(s: Scenario, carrierIds: string[]): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/quotes',
    headers: { authorization: `Bearer ${s.token}` },
    payload: {
      nomeSolicitante: 'Analista',
      referenciaProcesso: `IND-${Date.now()}`,
      tipoFrete: 'FCL',
      metodoEnvio: 'EMAIL',
      modoEnvio: 'individual',
      idiomaEmail: 'pt',
      origem: 'Shanghai',
      destino: 'Santos',
      destinatarios: { transportadores: carrierIds, grupos: [] },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  // History: its deadline passed (a request still within its deadline and unanswered is not counted yet;
  // summaries-exact.test.ts follows that rule).
  await db().execute(sql`update cotacoes set prazo_resposta = now() - interval '1 minute' where id = ${id}`);
  return id;
}

async function recipientOf(cotacaoId: string, transportadorId: string) {
  const [row] = await db()
    .select()
    .from(cotacaoDestinatarios)
    .where(
      and(
        eq(cotacaoDestinatarios.cotacaoId, cotacaoId),
        eq(cotacaoDestinatarios.transportadorId, transportadorId),
      ),
    );
  return row!;
}

/** The carrier answers through the inbound pipeline (its reply token). */
async function answer(s: Scenario, cotacaoId: string, carrierIndex: number) {
  const recipient = await recipientOf(cotacaoId, s.carriers[carrierIndex]!.id);
  const result = await ctx.app.services.inbound.ingest(
    await carrierReply({
      from: s.carriers[carrierIndex]!.email,
      to: replyAddress(ctx.config.MAIL_REPLY_ADDRESS, recipient.replyToken),
    }),
    { source: 'imap' },
  );
  expect(result.outcome).toBe('resposta');
}

/** The carrier's mail server bounces the request (a real DSN through the pipeline). */
async function bounce(s: Scenario, cotacaoId: string, carrierIndex: number) {
  const recipient = await recipientOf(cotacaoId, s.carriers[carrierIndex]!.id);
  const dsn = deliveryFailureReport({
    replyTo: replyAddress(ctx.config.MAIL_REPLY_ADDRESS, recipient.replyToken),
    messageId: recipient.messageId!,
    email: s.carriers[carrierIndex]!.email,
  });
  const result = await ctx.app.services.inbound.ingest(dsn, { source: 'imap' });
  expect(result.outcome).toBe('devolucao');
}

/** Moves a request (and its first answer, `hours` later) to `sentAt`. */
async function moveTo(cotacaoId: string, transportadorId: string, sentAt: Date, hours?: number) {
  await db()
    .update(cotacaoDestinatarios)
    .set({
      createdAt: sentAt,
      respondeuEm: hours === undefined ? null : new Date(sentAt.getTime() + hours * HOUR),
    })
    .where(
      and(
        eq(cotacaoDestinatarios.cotacaoId, cotacaoId),
        eq(cotacaoDestinatarios.transportadorId, transportadorId),
      ),
    );
}

/** The monthly cells as a full recount from the recipients would make them. */
async function recount(empresaId: string) {
  const kept = await db().execute(
    sql`select mes::text, transportador_id::text, enviados, respondidos, soma_segundos::float8 as soma,
        min_segundos, max_segundos, (extract(epoch from ultima_resposta) * 1000)::float8 as ultima, atrasados
      from resposta_tempos_mensais where empresa_id = ${empresaId} order by 1, 2`,
  );
  const recounted = await db().execute(
    sql`select resposta_tempos_mes(created_at)::text as mes, transportador_id::text,
        count(*) filter (where respondeu_em is not null or falha_entrega is null)::int as enviados,
        count(respondeu_em)::int as respondidos,
        coalesce(sum(resposta_segundos(created_at, respondeu_em)), 0)::float8 as soma,
        min(resposta_segundos(created_at, respondeu_em)) as min_segundos,
        max(resposta_segundos(created_at, respondeu_em)) as max_segundos,
        (extract(epoch from max(respondeu_em)) * 1000)::float8 as ultima,
        count(*) filter (where respondeu_em > (select q.prazo_resposta from cotacoes q where q.id = cotacao_id))::int
          as atrasados
      from cotacao_destinatarios where empresa_id = ${empresaId}
      group by 1, 2
      having count(*) filter (where respondeu_em is not null or falha_entrega is null) > 0
      order by 1, 2`,
  );
  const years = await db().execute(
    sql`select ano, transportador_id::text, enviados, respondidos, soma_segundos::float8 as soma, min_segundos,
        max_segundos, atrasados from resposta_tempos_anuais where empresa_id = ${empresaId} order by 1, 2`,
  );
  const yearsRecounted = await db().execute(
    sql`select extract(year from mes)::int as ano, transportador_id::text, sum(enviados)::int as enviados,
        sum(respondidos)::int as respondidos, sum(soma_segundos)::float8 as soma, min(min_segundos) as min_segundos,
        max(max_segundos) as max_segundos, sum(atrasados)::int as atrasados
      from resposta_tempos_mensais where empresa_id = ${empresaId} group by 1, 2 order by 1, 2`,
  );
  return { kept: [...kept.rows, ...years.rows], recounted: [...recounted.rows, ...yearsRecounted.rows] };
}

beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  a = await asHistory(
    await quoteScenario(ctx, {
      carriers: [
        { nome: 'Alfa Cargas', email: 'pricing@alfa-cargas.com.br;comercial@alfa-cargas.com.br' },
        { nome: 'Beta Logística', email: 'cotacoes@beta-log.com.br' },
        { nome: 'Gama Transportes', email: 'import@gama-transportes.com.br' },
        { nome: 'Delta Frete Internacional', email: 'ops@delta-frete.com.br' },
      ],
    }),
  );
  const [alfa, beta, gama, delta] = a.carriers.map((carrier) => carrier.id) as [
    string,
    string,
    string,
    string,
  ];

  // Q1, 10 January: Alfa answers in 2 h, Beta in 30 h, Gama never.
  const q1 = await sendQuote(a, [alfa, beta, gama]);
  await answer(a, q1, 0);
  await answer(a, q1, 1);
  await moveTo(q1, alfa, brt(`${Y}-01-10T12:00:00`), 2);
  await moveTo(q1, beta, brt(`${Y}-01-10T12:00:00`), 30);
  await moveTo(q1, gama, brt(`${Y}-01-10T12:00:00`));
  // Q2 (the scenario's quote, to all four), 5 February: Alfa 10 h, Beta 100 h, Gama never, Delta bounced.
  const q2 = a.quote.id;
  await answer(a, q2, 0);
  await answer(a, q2, 1);
  await bounce(a, q2, 3);
  for (const [carrier, hours] of [
    [alfa, 10],
    [beta, 100],
    [gama, undefined],
    [delta, undefined],
  ] as const)
    await moveTo(q2, carrier, brt(`${Y}-02-05T09:00:00`), hours);
  // Its deadline was 48 h: Beta's answer after 100 h came late (QA pass 42c), Alfa's after 10 h on time.
  await db().execute(
    sql`update cotacoes set prazo_resposta = ${brt(`${Y}-02-07T09:00:00`).toISOString()}::timestamptz where id = ${q2}`,
  );
  // Q3, 31 March 23:30 in Brasília (1 April in UTC): Alfa 45 min, Delta 50 h.
  const q3 = await sendQuote(a, [alfa, delta]);
  await answer(a, q3, 0);
  await answer(a, q3, 3);
  await moveTo(q3, alfa, brt(`${Y}-03-31T23:30:00`), 0.75);
  await moveTo(q3, delta, brt(`${Y}-03-31T23:30:00`), 50);

  // Another company: a carrier that answers in 1 h this year, never visible to the first.
  b = await asHistory(
    await quoteScenario(ctx, { carriers: [{ nome: 'Ômega Outra Empresa', email: 'x@omega.com.br' }] }),
  );
  await answer(b, b.quote.id, 0);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/indicators/response-times', () => {
  it('answers every figure of every carrier for a year', async () => {
    const body = await indicators(`?dataInicio=${Y}-01-01&dataFim=${Y}-12-31`);
    expect(body).toMatchObject({
      total: 4,
      totalPages: 1,
      page: 1,
      dataInicio: `${Y}-01-01`,
      dataFim: `${Y}-12-31`,
    });
    expect(body.data.map((row) => row.transportadorNome)).toEqual([
      'Alfa Cargas',
      'Beta Logística',
      'Delta Frete Internacional',
      'Gama Transportes',
    ]);
    const { mensal: _alfaMonths, ...alfa } = byName(body, 'Alfa Cargas');
    expect(alfa).toEqual({
      transportadorId: a.carriers[0]!.id,
      transportadorNome: 'Alfa Cargas',
      transportadorEmail: 'pricing@alfa-cargas.com.br; comercial@alfa-cargas.com.br',
      totalCotacoes: 3,
      totalRespostas: 3,
      aguardandoNoPrazo: 0,
      respostasAposPrazo: 0,
      tempoMedioRespostaHoras: 4.25,
      tempoMedioRespostaDias: 0.18,
      tempoMinimoRespostaHoras: 0.75,
      tempoMaximoRespostaHoras: 10,
      taxaResposta: 100,
      ultimaResposta: new Date(brt(`${Y}-03-31T23:30:00`).getTime() + 0.75 * HOUR).toISOString(),
    });
    expect(byName(body, 'Beta Logística')).toMatchObject({
      totalCotacoes: 2,
      totalRespostas: 2,
      respostasAposPrazo: 1,
      tempoMedioRespostaHoras: 65,
      tempoMedioRespostaDias: 2.71,
      tempoMinimoRespostaHoras: 30,
      tempoMaximoRespostaHoras: 100,
      taxaResposta: 100,
      ultimaResposta: new Date(brt(`${Y}-02-05T09:00:00`).getTime() + 100 * HOUR).toISOString(),
    });
    // Never answered: counted as asked, no times.
    expect(byName(body, 'Gama Transportes')).toMatchObject({
      totalCotacoes: 2,
      totalRespostas: 0,
      tempoMedioRespostaHoras: null,
      tempoMedioRespostaDias: null,
      tempoMinimoRespostaHoras: null,
      tempoMaximoRespostaHoras: null,
      taxaResposta: 0,
      ultimaResposta: null,
    });
    // The bounced request never reached Delta: only Q3 counts.
    expect(byName(body, 'Delta Frete Internacional')).toMatchObject({
      totalCotacoes: 1,
      totalRespostas: 1,
      tempoMedioRespostaHoras: 50,
      taxaResposta: 100,
    });
  });

  it("gives each carrier's monthly average across the period", async () => {
    const body = await indicators(`?dataInicio=${Y}-01-01&dataFim=${Y}-12-31`);
    const alfa = byName(body, 'Alfa Cargas').mensal;
    expect(alfa).toHaveLength(12);
    expect(alfa.slice(0, 4)).toEqual([
      { mes: `${Y}-01`, totalCotacoes: 1, totalRespostas: 1, tempoMedioRespostaHoras: 2 },
      { mes: `${Y}-02`, totalCotacoes: 1, totalRespostas: 1, tempoMedioRespostaHoras: 10 },
      { mes: `${Y}-03`, totalCotacoes: 1, totalRespostas: 1, tempoMedioRespostaHoras: 0.75 },
      { mes: `${Y}-04`, totalCotacoes: 0, totalRespostas: 0, tempoMedioRespostaHoras: null },
    ]);
    expect(byName(body, 'Gama Transportes').mensal[0]).toEqual({
      mes: `${Y}-01`,
      totalCotacoes: 1,
      totalRespostas: 0,
      tempoMedioRespostaHoras: null,
    });
  });

  it('filters by period: whole months, partial months and single days give the same figures as the raw requests', async () => {
    const febMar = await indicators(`?dataInicio=${Y}-02-01&dataFim=${Y}-03-31`);
    expect(byName(febMar, 'Alfa Cargas')).toMatchObject({
      totalCotacoes: 2,
      tempoMedioRespostaHoras: 5.375,
      tempoMinimoRespostaHoras: 0.75,
      tempoMaximoRespostaHoras: 10,
    });
    expect(byName(febMar, 'Alfa Cargas').mensal.map((month) => month.mes)).toEqual([`${Y}-02`, `${Y}-03`]);
    // Partial first month: from the request day on, the same; from the next day on, Q2 is out.
    const { mensal: _a, ...fromTheFifth } = byName(
      await indicators(`?dataInicio=${Y}-02-05&dataFim=${Y}-03-31`),
      'Alfa Cargas',
    );
    const { mensal: _b, ...wholeMonths } = byName(febMar, 'Alfa Cargas');
    expect(fromTheFifth).toEqual(wholeMonths);
    const fromTheSixth = await indicators(`?dataInicio=${Y}-02-06&dataFim=${Y}-12-31`);
    expect(byName(fromTheSixth, 'Alfa Cargas')).toMatchObject({
      totalCotacoes: 1,
      tempoMedioRespostaHoras: 0.75,
    });
    expect(fromTheSixth.data.map((row) => row.transportadorNome)).toEqual([
      'Alfa Cargas',
      'Delta Frete Internacional',
    ]);
    // Q3 was sent on 31 March in Brasília (1 April in UTC).
    const lastOfMarch = await indicators(`?dataInicio=${Y}-03-31&dataFim=${Y}-03-31`);
    expect(lastOfMarch.data.map((row) => [row.transportadorNome, row.totalCotacoes])).toEqual([
      ['Alfa Cargas', 1],
      ['Delta Frete Internacional', 1],
    ]);
    const april = await indicators(`?dataInicio=${Y}-04-01&dataFim=${Y}-04-30`);
    expect(april).toMatchObject({ data: [], total: 0, totalPages: 0 });
  });

  it('defaults to the current year, where only this year’s requests count', async () => {
    const body = await indicators('');
    const year = currentYear();
    expect(body).toMatchObject({ dataInicio: `${year}-01-01`, dataFim: `${year}-12-31`, total: 0, data: [] });
    const fromStart = await indicators(`?dataInicio=${Y}-01-01`);
    expect(fromStart).toMatchObject({ dataFim: `${Y}-12-31`, total: 4 });
    const untilEnd = await indicators(`?dataFim=${Y}-01-31`);
    expect(untilEnd).toMatchObject({ dataInicio: `${Y}-01-01`, total: 3 });
  });

  it('filters by carrier; the carrier list offers every carrier of the period, by name', async () => {
    const body = await indicators(
      `?dataInicio=${Y}-01-01&dataFim=${Y}-12-31&transportadorId=${a.carriers[1]!.id}`,
    );
    expect(body.data.map((row) => row.transportadorNome)).toEqual(['Beta Logística']);
    expect(body).toMatchObject({ total: 1, totalPages: 1 });

    const carriers = async (query: string, token = a.token) => {
      const response = await get(`/api/indicators/response-times/transportadores${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { id: string; nome: string }[] }).data;
    };
    expect(await carriers(`?dataInicio=${Y}-01-01&dataFim=${Y}-12-31`)).toEqual(
      [0, 1, 3, 2].map((index) => ({ id: a.carriers[index]!.id, nome: a.carriers[index]!.nome })),
    );
    expect(
      (await carriers(`?dataInicio=${Y}-03-01&dataFim=${Y}-03-31`)).map((carrier) => carrier.nome),
    ).toEqual(['Alfa Cargas', 'Delta Frete Internacional']);
    expect(await carriers('')).toEqual([]);
    expect(await carriers(`?dataInicio=${Y}-01-01`, b.token)).toEqual([]);
    const bad = await get(`/api/indicators/response-times/transportadores?dataInicio=${Y}-02-30`);
    expect(bad.statusCode).toBe(400);
  });

  it('sorts by each column both ways, carriers without an answer last, and paginates', async () => {
    const names = async (query: string) =>
      (await indicators(`?dataInicio=${Y}-01-01&dataFim=${Y}-12-31${query}`)).data.map(
        (row) => row.transportadorNome.split(' ')[0],
      );
    expect(await names('&sortField=tempoMedioRespostaHoras&sortDirection=desc')).toEqual([
      'Beta',
      'Delta',
      'Alfa',
      'Gama',
    ]);
    expect(await names('&sortField=tempoMedioRespostaHoras&sortDirection=asc')).toEqual([
      'Alfa',
      'Delta',
      'Beta',
      'Gama',
    ]);
    expect(await names('&sortField=totalRespostas&sortDirection=desc')).toEqual([
      'Alfa',
      'Beta',
      'Delta',
      'Gama',
    ]);
    expect(await names('&sortField=totalRespostas&sortDirection=asc')).toEqual([
      'Gama',
      'Delta',
      'Beta',
      'Alfa',
    ]);
    expect(await names('&sortField=tempoMinimoRespostaHoras&sortDirection=asc')).toEqual([
      'Alfa',
      'Beta',
      'Delta',
      'Gama',
    ]);
    expect(await names('&sortField=tempoMaximoRespostaHoras&sortDirection=desc')).toEqual([
      'Beta',
      'Delta',
      'Alfa',
      'Gama',
    ]);
    expect(await names('&sortField=transportadorNome&sortDirection=desc')).toEqual([
      'Gama',
      'Delta',
      'Beta',
      'Alfa',
    ]);
    // A column without a direction starts descending (the screen's rule).
    expect(await names('&sortField=totalRespostas')).toEqual(['Alfa', 'Beta', 'Delta', 'Gama']);

    const first = await indicators(
      `?dataInicio=${Y}-01-01&dataFim=${Y}-12-31&limit=3&sortField=totalRespostas&sortDirection=desc`,
    );
    expect(first).toMatchObject({ total: 4, totalPages: 2, page: 1 });
    expect(first.data).toHaveLength(3);
    const second = await indicators(
      `?dataInicio=${Y}-01-01&dataFim=${Y}-12-31&limit=3&page=2&sortField=totalRespostas&sortDirection=desc`,
    );
    expect(second.data.map((row) => row.transportadorNome)).toEqual(['Gama Transportes']);
    const beyond = await indicators(`?dataInicio=${Y}-01-01&dataFim=${Y}-12-31&limit=3&page=3`);
    expect(beyond).toMatchObject({ data: [], total: 4, page: 3 });
  });

  it("shows only the caller's company", async () => {
    const own = await indicators('', b.token);
    expect(own.data.map((row) => row.transportadorNome)).toEqual(['Ômega Outra Empresa']);
    expect(own.data[0]).toMatchObject({ totalCotacoes: 1, totalRespostas: 1 });
    // The other company's carrier as the filter matches nothing; nothing of it leaks.
    const foreign = await indicators(
      `?dataInicio=${Y}-01-01&dataFim=${Y}-12-31&transportadorId=${a.carriers[0]!.id}`,
      b.token,
    );
    expect(foreign).toMatchObject({ data: [], total: 0 });
    const all = await indicators(`?dataInicio=${Y}-01-01&dataFim=${currentYear()}-12-31`);
    expect(JSON.stringify(all)).not.toContain('Ômega');
  });

  it('refuses bad input with a pt-BR message per field', async () => {
    const cases: [string, string, RegExp][] = [
      ['?dataInicio=2025-02-30', 'dataInicio', /Data inválida/],
      ['?dataInicio=01/02/2025', 'dataInicio', /AAAA-MM-DD/],
      ['?dataInicio=2025-03-01&dataFim=2025-02-01', 'dataFim', /anterior à data inicial/],
      ['?dataInicio=2015-01-01&dataFim=2025-12-31', 'dataFim', /no máximo 5 anos/],
      ['?sortField=preco', 'sortField', /ordenação inválida/],
      ['?sortField=totalRespostas&sortDirection=up', 'sortDirection', /asc ou desc/],
      ['?limit=1000', 'limit', /máximo é 100/],
      ['?page=0', 'page', /Página inválida/],
      ['?transportadorId=abc', 'transportadorId', /Identificador inválido/],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/api/indicators/response-times${query}`);
      expect(response.statusCode, query).toBe(400);
      const problem = response.json();
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors, query).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: field, message: expect.stringMatching(message) }),
        ]),
      );
    }
  });

  it('refuses a caller without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/indicators/response-times' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/indicators/response-times/export', () => {
  it('gives the whole table of the filters and order as CSV for Excel (pt-BR numbers, Brasília time)', async () => {
    const response = await get(
      `/api/indicators/response-times/export?dataInicio=${Y}-01-01&dataFim=${Y}-12-31&sortField=tempoMedioRespostaHoras&sortDirection=desc`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tempo-de-resposta-${Y}-01-01-a-${Y}-12-31.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Agente de carga;E-mail;Cotações recebidas;Respostas;Taxa de resposta (%);Tempo médio (h);Tempo médio (dias);Tempo mínimo (h);Tempo máximo (h);Última resposta;Pedidos no prazo sem resposta;Respostas após o prazo',
    );
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual([
      'Beta Logística',
      'Delta Frete Internacional',
      'Alfa Cargas',
      'Gama Transportes',
    ]);
    expect(lines[3]).toBe(
      `Alfa Cargas;"pricing@alfa-cargas.com.br; comercial@alfa-cargas.com.br";3;3;100;"4,25";"0,18";"0,75";10;01/04/${Y} 00:15;0;0`,
    );
    expect(lines[4]).toBe('Gama Transportes;import@gama-transportes.com.br;2;0;0;;;;;;0;0');
    expect(lines[1]!.split(';').at(-1)).toBe('1');
    const one = await get(
      `/api/indicators/response-times/export?dataInicio=${Y}-01-01&transportadorId=${a.carriers[2]!.id}`,
    );
    expect(one.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('neutralises cells a spreadsheet would run as formulas, and shows only the caller’s company', async () => {
    const s = await asHistory(
      await quoteScenario(ctx, {
        carriers: [{ nome: '=HYPERLINK("http://x")', email: 'f@formula.com.br' }],
      }),
    );
    const body = (await get('/api/indicators/response-times/export', s.token)).body;
    expect(body).toContain(`"'=HYPERLINK(""http://x"")";f@formula.com.br;1;0;0`);
    expect(body).not.toContain('Alfa');
    const bad = await get('/api/indicators/response-times/export?dataInicio=2025-13-01', s.token);
    expect(bad.statusCode).toBe(400);
  });
});

describe('monthly cells (migration 0012 triggers)', () => {
  it('match a full recount after requests, answers, bounces and moves', async () => {
    const { kept, recounted } = await recount(a.empresaId);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(recounted);
  });

  it('follow concurrent requests to one carrier and a deleted quote (extremes recomputed)', async () => {
    const s = await asHistory(
      await quoteScenario(ctx, { carriers: [{ nome: 'Zeta', email: 'z@zeta.com.br' }] }),
    );
    const zeta = s.carriers[0]!.id;
    const quotes = await Promise.all(Array.from({ length: 5 }, () => sendQuote(s, [zeta])));
    await answer(s, quotes[0]!, 0);
    await answer(s, quotes[1]!, 0);
    await moveTo(quotes[0]!, zeta, brt(`${Y}-06-10T10:00:00`), 1);
    await moveTo(quotes[1]!, zeta, brt(`${Y}-06-11T10:00:00`), 9);
    await moveTo(quotes[2]!, zeta, brt(`${Y}-06-12T10:00:00`));
    let body = await indicators(`?dataInicio=${Y}-06-01&dataFim=${Y}-06-30`, s.token);
    expect(body.data[0]).toMatchObject({
      totalCotacoes: 3,
      tempoMinimoRespostaHoras: 1,
      tempoMaximoRespostaHoras: 9,
    });
    expect((await indicators('', s.token)).data[0]).toMatchObject({ totalCotacoes: 3, totalRespostas: 0 });

    // Removing the fastest answer's request (a hard delete cascades to its recipient) recomputes the minimum.
    await db().delete(cotacoes).where(eq(cotacoes.id, quotes[0]!));
    body = await indicators(`?dataInicio=${Y}-06-01&dataFim=${Y}-06-30`, s.token);
    expect(body.data[0]).toMatchObject({
      totalCotacoes: 2,
      totalRespostas: 1,
      tempoMinimoRespostaHoras: 9,
      tempoMaximoRespostaHoras: 9,
      taxaResposta: 50,
    });
    const { kept, recounted } = await recount(s.empresaId);
    expect(kept).toEqual(recounted);
  });
});
