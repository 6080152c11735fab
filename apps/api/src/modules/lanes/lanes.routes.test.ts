import {
  type Comparison,
  type LaneDetail,
  type LanesList,
  laneDetailSchema,
  lanesListSchema,
} from '@cotacoes/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, quoteScenario, type Scenario, typicalAnswer } from '../../../test/factories/index.js';
import { type FakePtaxServer, startFakePtaxServer } from '../../../test/fakes/ptax-server.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { lanePoints, laneRefreshes } from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';
import { markLaneRefresh, rebuildLaneMonths } from '../../lanes/lanes.repository.js';
import { SUMMARY_HEADER_ROW } from '../comparative/excel.js';

/*
 * Issue 36 over the real pipeline: carriers answer by e-mail as forwarders write, the extraction reads
 * them, the comparison computes the rows, the refresher turns them into lane points. Every figure below
 * is computed by hand from the answers (PTAX 5.1177 + 2.5 % = 5.2456; each quote asks 2 × 40HC
 * Shanghai → Santos; THC BRL 1,450 per container, BL fee USD 75).
 *
 * Company A, lane FCL | SHANGHAI | SANTOS, unit 40HC:
 *   quote 1: carrier 0 USD 2,800; carrier 1 USD 3,000; carrier 2 USD 5,000, revised to USD 3,100
 *   quote 2: carrier 0 USD 3,200; carrier 1 USD 2,600 (approved)
 *   quote 3 (compared): carrier 0 USD 3,900; carrier 1 USD 3,050; carrier 2 USD 2,400
 * History seen by quote 3: 2,600 2,800 3,000 3,100 3,200 → median 3,000 over 5 (the 5,000 of the
 * superseded version would make it 3,050 over 6). 3,900: +30.0 % 'acima'; 3,050: +1.7 %, no flag;
 * 2,400: −20.0 % 'abaixo'.
 * Company B, the same lane: one earlier quote with two answers (2 points < 3): nothing is shown, and
 * none of A's points reach it.
 */

let ctx: TestContext;
let ptax: FakePtaxServer;
let q1: Scenario;
let q2: Scenario;
let q3: Scenario;
let b1: Scenario;
let b2: Scenario;

const LANE = 'FCL|SHANGHAI|SANTOS';
const TAXA = 5.2456;
/** Total in BRL per 40HC of a typical answer at `frete` USD: ((2 × frete + 75) × taxa + 2 × 1,450) / 2. */
const totalPerUnit = (frete: number) => Math.round((((2 * frete + 75) * TAXA + 2900) / 2) * 100) / 100;

const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Drains every mark (bounded: a mark that never clears fails the test instead of hanging it). */
async function drained() {
  for (let round = 0; round < 50; round++) if ((await ctx.app.services.laneRefresher.drain()) === 0) return;
  throw new Error('lane marks do not clear');
}

async function comparisonOf(s: Scenario): Promise<Comparison> {
  const response = await get(`/api/quotes/${s.quote.id}/comparison`, s.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Comparison;
}

const rowOf = (body: Comparison, s: Scenario, carrier: number) =>
  body.linhas.find((row) => row.transportadorId === s.carriers[carrier]!.id)!;

beforeAll(async () => {
  ptax = await startFakePtaxServer();
  ctx = await createTestApp({ PTAX_API_URL: ptax.url });
  q1 = await quoteScenario(ctx);
  await answer(ctx, q1, 0, { text: typicalAnswer({ frete40: 2800 }) });
  await answer(ctx, q1, 1, { text: typicalAnswer({ frete40: 3000 }) });
  await answer(ctx, q1, 2, { text: typicalAnswer({ frete40: 5000 }) });
  // The revision: the same carrier answers again; its new version replaces the first.
  await answer(ctx, q1, 2, { text: typicalAnswer({ frete40: 3100 }), inReplyTo: null });
  q2 = await quoteScenario(ctx, { in: q1 });
  await answer(ctx, q2, 0, { text: typicalAnswer({ frete40: 3200 }) });
  const approved = await answer(ctx, q2, 1, { text: typicalAnswer({ frete40: 2600 }) });
  const approval = await ctx.app.inject({
    method: 'POST',
    url: `/api/quotes/${q2.quote.id}/approve`,
    headers: { authorization: `Bearer ${q2.token}` },
    payload: { responseId: approved.respostaId },
  });
  expect(approval.statusCode, approval.body).toBe(200);
  q3 = await quoteScenario(ctx, { in: q1 });
  await answer(ctx, q3, 0, { text: typicalAnswer({ frete40: 3900 }) });
  await answer(ctx, q3, 1, { text: typicalAnswer({ frete40: 3050 }) });
  await answer(ctx, q3, 2, { text: typicalAnswer({ frete40: 2400 }) });

  b1 = await quoteScenario(ctx);
  await answer(ctx, b1, 0, { text: typicalAnswer({ frete40: 2000 }) });
  await answer(ctx, b1, 1, { text: typicalAnswer({ frete40: 2100 }) });
  b2 = await quoteScenario(ctx, { in: b1 });
  await answer(ctx, b2, 0, { text: typicalAnswer({ frete40: 9000 }) });
  await drained();
}, 400_000);
afterAll(async () => {
  await ctx?.close();
  await ptax?.close();
});

describe('lane points', () => {
  it('one point per current, priced answer and unit: the superseded version is replaced', async () => {
    const db = ctx.app.services.database.db;
    const points = await db
      .select({ freteUsd: lanePoints.freteUsd, versao: lanePoints.versao, totalBrl: lanePoints.totalBrl })
      .from(lanePoints)
      .where(and(eq(lanePoints.empresaId, q1.empresaId), eq(lanePoints.cotacaoId, q1.quote.id)));
    expect(points.map((point) => point.freteUsd).sort()).toEqual([2800, 3000, 3100]);
    expect(points.find((point) => point.freteUsd === 3100)?.versao).toBe(2);
    expect(points.find((point) => point.freteUsd === 3000)?.totalBrl).toBe(totalPerUnit(3000));
    expect(totalPerUnit(3000)).toBe(17383.51);
    const pending = await db.select().from(laneRefreshes).where(eq(laneRefreshes.empresaId, q1.empresaId));
    expect(pending).toEqual([]);
  });
});

describe('GET /api/quotes/{id}/comparison: the row lane', () => {
  it("gives each row its lane's 90-day median from the company's other quotes, with the flag", async () => {
    const body = await comparisonOf(q3);
    expect(rowOf(body, q3, 0).lane).toMatchObject({
      chave: LANE,
      unidade: '40HC',
      mediana: 3000,
      quantidade: 5,
      deltaPct: 30,
      flag: 'acima',
    });
    expect(rowOf(body, q3, 1).lane).toMatchObject({
      mediana: 3000,
      quantidade: 5,
      deltaPct: 1.7,
      flag: null,
    });
    expect(rowOf(body, q3, 2).lane).toMatchObject({ deltaPct: -20, flag: 'abaixo' });
    // The tooltip's points: the latest first, the approved one marked.
    const pontos = rowOf(body, q3, 0).lane!.pontos;
    expect(pontos.map((point) => point.freteUsd)).toEqual([2600, 3200, 3100, 3000, 2800]);
    expect(pontos.filter((point) => point.aprovado).map((point) => point.freteUsd)).toEqual([2600]);
  });

  it('shows nothing below 3 points, and never another company’s points', async () => {
    const body = await comparisonOf(b2);
    expect(body.linhas).toHaveLength(1);
    // Company A has 8 points on this lane: were they counted, the row would have a median.
    expect(body.linhas[0]!.lane).toBeUndefined();
  });
});

describe('GET /api/lanes, /api/lanes/{key}, /api/lanes/export.csv', () => {
  it('lists the lanes of the company by volume, with the median and range of the period', async () => {
    const response = await get('/api/lanes', q1.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as LanesList;
    expect(lanesListSchema.safeParse(body).success).toBe(true);
    // 2,400 2,600 2,800 3,000 3,050 3,100 3,200 3,900: median (3,000 + 3,050) / 2.
    expect(body).toMatchObject({ total: 1, page: 1 });
    expect(body.data).toEqual([
      {
        chave: LANE,
        modal: 'FCL',
        origem: 'Shanghai',
        destino: 'Santos',
        unidade: '40HC',
        cotacoes: 3,
        pontos: 8,
        mediana: 3025,
        minimo: 2400,
        maximo: 3900,
        ultimaData: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        incompletas: 0,
      },
    ]);
    const other = (await get('/api/lanes', b1.token)).json() as LanesList;
    expect(other.data.map((lane) => [lane.pontos, lane.mediana])).toEqual([[3, 2100]]);
    expect((await get('/api/lanes?unidade=20DC', q1.token)).json().data).toEqual([]);
    expect((await get('/api/lanes?modal=LCL', q1.token)).json().data).toEqual([]);
  });

  it("a lane: the carriers' series, the month's median and quartiles, wins and response times", async () => {
    const response = await get(`/api/lanes/${encodeURIComponent(LANE)}`, q1.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as LaneDetail;
    expect(laneDetailSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ chave: LANE, unidade: '40HC', unidades: [{ unidade: '40HC', pontos: 8 }] });
    const series = Object.fromEntries(
      body.series.map((carrier) => [carrier.transportadorId, carrier.pontos.map((point) => point.freteUsd)]),
    );
    expect(series).toEqual({
      [q1.carriers[0]!.id]: [2800, 3200, 3900],
      [q1.carriers[1]!.id]: [3000, 2600, 3050],
      [q1.carriers[2]!.id]: [3100, 2400],
    });
    const approved = body.series.flatMap((carrier) => carrier.pontos.filter((point) => point.aprovado));
    expect(approved.map((point) => [point.freteUsd, point.cotacaoId])).toEqual([[2600, q2.quote.id]]);
    // p25 at 1.75 of 0..7: 2,600 + 0.75 × 200; p75 at 5.25: 3,100 + 0.25 × 100.
    expect(body.meses).toEqual([
      { mes: expect.stringMatching(/^\d{4}-\d{2}$/), pontos: 8, mediana: 3025, p25: 2750, p75: 3125 },
    ]);
    const carrier1 = body.transportadores.find((c) => c.transportadorId === q1.carriers[1]!.id)!;
    expect(carrier1).toMatchObject({
      cotacoes: 3,
      vitorias: 1,
      participacaoVitorias: 100,
      medianaFreteUsd: 3000,
    });
    expect(carrier1.respostaHorasMedia).toBeGreaterThanOrEqual(0);
    const carrier0 = body.transportadores.find((c) => c.transportadorId === q1.carriers[0]!.id)!;
    expect(carrier0).toMatchObject({ vitorias: 0, participacaoVitorias: 0, medianaFreteUsd: 3200 });
    // Another company's view of the same key is its own lane.
    const fromB = (await get(`/api/lanes/${encodeURIComponent(LANE)}`, b1.token)).json() as LaneDetail;
    expect(fromB.series.flatMap((c) => c.pontos.map((p) => p.freteUsd)).sort()).toEqual([2000, 2100, 9000]);
  });

  it('exports every point as CSV with the hand-computed totals per unit', async () => {
    const response = await get('/api/lanes/export.csv', q1.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Modal;Origem;Destino;Unidade;Data;Agente de carga;Frete por unidade (USD);Total por unidade (BRL);Taxa (BRL/USD);Transit time (dias);Free time (dias);Aprovada;Código da cotação;Referência/processo;Moeda original do frete;Valor original do frete (por unidade)',
    );
    expect(lines).toHaveLength(9);
    // Fields with a decimal comma are quoted (lib/spreadsheet.ts csvField).
    const fields = (line: string) => line.split(';').map((field) => field.replace(/^"(.*)"$/, '$1'));
    const cents = (value: number) => value.toFixed(2).replace('.', ',');
    const of = (frete: number) => fields(lines.find((line) => fields(line)[6] === cents(frete))!);
    expect(of(3000).slice(3, 4)).toEqual(["40' HC"]);
    expect(of(3000).slice(7, 12)).toEqual(['17383,51', '5,2456', '32', '14', 'Não']);
    expect(of(3000).slice(12)).toEqual([q1.quote.codigo, q1.quote.referenciaProcesso, 'USD', '3000,00']);
    expect(of(2600)[7]).toBe(cents(totalPerUnit(2600)));
    expect(of(2600)[11]).toBe('Sim');
  });

  it('refuses a bad filter with a pt-BR 400', async () => {
    const response = await get('/api/lanes?inicio=ontem', q1.token);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('AAAA-MM-DD');
    expect((await get('/api/lanes?unidade=barril', q1.token)).statusCode).toBe(400);
    // A lane key too short says so in the product's words, not zod's (QA pass 41a).
    const short = await get('/api/lanes/xx', q1.token);
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Rota inválida.');
    expect(short.body).not.toContain('Pequeno demais');
  });
});

describe('the comparative documents', () => {
  it('print the lane median next to each proposal (Excel cells, PDF text)', async () => {
    const excel = await get(`/api/quotes/${q3.quote.id}/comparative-excel`, q3.token);
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Comparativo')!;
    const headers = (sheet.getRow(SUMMARY_HEADER_ROW).values as unknown[]).slice(1).map(String);
    const column = (name: string) => headers.indexOf(name) + 1;
    expect(column('Mediana da rota 90 dias (USD/unid.)')).toBeGreaterThan(0);
    const byCarrier = new Map<string, [unknown, unknown]>();
    for (let r = SUMMARY_HEADER_ROW + 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      byCarrier.set(String(row.getCell(column('Agente de carga')).value), [
        row.getCell(column('Mediana da rota 90 dias (USD/unid.)')).value,
        row.getCell(column('Frente à mediana')).value,
      ]);
    }
    expect(byCarrier.get(q3.carriers[0]!.nome)).toEqual([
      3000,
      '30 % acima da mediana de 90 dias, 5 propostas',
    ]);
    expect(byCarrier.get(q3.carriers[2]!.nome)).toEqual([
      3000,
      '20 % abaixo da mediana de 90 dias, 5 propostas',
    ]);
    expect(byCarrier.get(q3.carriers[1]!.nome)).toEqual([
      3000,
      'Perto da mediana de 90 dias (1,7 %), 5 propostas',
    ]);

    const pdf = await get(`/api/quotes/${q3.quote.id}/comparative-pdf`, q3.token);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain("Mediana 90 dias: US$ 3.000,00/40' HC");
    expect(flat).toContain('30 % acima da mediana de 90 dias, 5 propostas');
    expect(flat).toContain('20 % abaixo da mediana de 90 dias, 5 propostas');
  });
});

describe('the lane history follows the quotes', () => {
  it('a deleted quote leaves the history and the comparison ETag changes', async () => {
    const first = await get(`/api/quotes/${q3.quote.id}/comparison`, q3.token);
    const etag = first.headers.etag as string;
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/quotes/${q3.quote.id}/comparison`,
          headers: { authorization: `Bearer ${q3.token}`, 'if-none-match': etag },
        })
      ).statusCode,
    ).toBe(304);
    // Quote 2 is deleted: its two points leave the history (median of 2,800 3,000 3,100 = 3,000 over 3).
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/quotes/${q2.quote.id}`,
      headers: { authorization: `Bearer ${q2.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await drained();
    const after = await get(`/api/quotes/${q3.quote.id}/comparison`, q3.token);
    expect(after.headers.etag).not.toBe(etag);
    const body = after.json() as Comparison;
    expect(rowOf(body, q3, 0).lane).toMatchObject({ mediana: 3000, quantidade: 3, deltaPct: 30 });
  });
});

describe('the monthly summary (lane_months)', () => {
  const db = () => ctx.app.services.database.db;
  const rounded = (value: unknown) => Math.round(Number(value) * 1e6) / 1e6;

  /** lane_months as kept by the refresher, and as computed from scratch from every point now. */
  async function expectSummaryExact() {
    const kept = await db().execute<Record<string, unknown>>(sql`
      select empresa_id::text, lane, unidade, to_char(mes, 'YYYY-MM-DD') as mes, modal, origem_nome,
        destino_nome, pontos, aprovados, soma, minimo, maximo, ultima_data::text, mediana, p25, p75
      from lane_months order by 1, 2, 3, 4`);
    const scratch = await db().execute<Record<string, unknown>>(sql`
      select empresa_id::text, lane, unidade,
        to_char(date_trunc('month', data at time zone 'America/Sao_Paulo'), 'YYYY-MM-DD') as mes,
        min(modal) as modal, min(origem_nome) as origem_nome, min(destino_nome) as destino_nome,
        count(*)::int as pontos, (count(*) filter (where aprovado))::int as aprovados,
        sum(frete_usd) as soma, min(frete_usd) as minimo, max(frete_usd) as maximo,
        max(data)::text as ultima_data,
        percentile_cont(0.5) within group (order by frete_usd) as mediana,
        percentile_cont(0.25) within group (order by frete_usd) as p25,
        percentile_cont(0.75) within group (order by frete_usd) as p75
      from lane_points group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    const norm = (rows: Record<string, unknown>[]) =>
      rows.map((row) => ({
        ...row,
        soma: rounded(row.soma),
        minimo: rounded(row.minimo),
        maximo: rounded(row.maximo),
        mediana: rounded(row.mediana),
        p25: rounded(row.p25),
        p75: rounded(row.p75),
      }));
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(norm(kept.rows)).toEqual(norm(scratch.rows));
    return kept.rows;
  }

  /** Moves a carrier's answers to a quote `days` back and has the refresher replace the quote's points. */
  async function moveAnswer(s: Scenario, carrier: number, days: number) {
    await db().execute(sql`
      update respostas set created_at = now() - make_interval(days => ${days})
      where cotacao_id = ${s.quote.id} and transportador_id = ${s.carriers[carrier]!.id}`);
    await markLaneRefresh(db(), checkedTenant(s.empresaId), s.quote.id);
    await drained();
  }

  it('equals a from-scratch computation after refreshes, moves between months and deletions', async () => {
    // After the setup (a revision, an approval) and the deletion of quote 2 above.
    const before = await expectSummaryExact();
    expect(before.some((row) => row.aprovados === 0)).toBe(true);
    // Points move to earlier months: their old month's group is recomputed too.
    await moveAnswer(q1, 0, 40);
    await moveAnswer(q3, 1, 75);
    const moved = await expectSummaryExact();
    expect(new Set(moved.map((row) => row.mes)).size).toBeGreaterThanOrEqual(3);
    // A point moves back: an emptied month loses its row.
    await moveAnswer(q3, 1, 0);
    await expectSummaryExact();
    // The page's kept answer (same URL, same stamp) until the deletion bumps the company's stamp.
    const pontos = async () =>
      ((await get('/api/lanes', q1.token)).json() as LanesList).data.find(
        (row) => row.chave === LANE && row.unidade === '40HC',
      )?.pontos;
    expect(await pontos()).toBe(6);
    expect(await pontos()).toBe(6);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/quotes/${q3.quote.id}`,
      headers: { authorization: `Bearer ${q3.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await drained();
    await expectSummaryExact();
    expect(await pontos()).toBe(3);
  });

  it('a period cut inside months: the list and the months equal the points of the period', async () => {
    await moveAnswer(q1, 1, 75);
    // From 60 days ago (inside a month) to 20 days ago: only the answer moved 40 days back is in it.
    const day = (days: number) =>
      new Date(Date.now() - days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const list = (await get(`/api/lanes?inicio=${day(60)}&fim=${day(20)}`, q1.token)).json() as LanesList;
    expect(list.data.map((row) => [row.chave, row.unidade, row.pontos, row.mediana])).toEqual([
      [LANE, '40HC', 1, 2800],
    ]);
    const year = (await get(`/api/lanes?inicio=${day(100)}&fim=${day(0)}`, q1.token)).json() as LanesList;
    const row = year.data.find((lane) => lane.chave === LANE && lane.unidade === '40HC')!;
    // Quote 1 alone is left in company A: 2,800 (40 days back), 3,000 (75 days back), 3,100 (now).
    expect([row.pontos, row.cotacoes, row.mediana, row.minimo, row.maximo]).toEqual([3, 1, 3000, 2800, 3100]);
    const detail = (
      await get(`/api/lanes/${encodeURIComponent(LANE)}?inicio=${day(100)}&fim=${day(0)}`, q1.token)
    ).json() as LaneDetail;
    expect(detail.unidades).toEqual([{ unidade: '40HC', pontos: 3 }]);
    expect(detail.meses.map((month) => month.pontos).reduce((a, b) => a + b, 0)).toBe(3);
    expect(detail.meses.map((month) => month.mes)).toEqual(
      [...new Set([day(75), day(40), day(0)].map((d) => d.slice(0, 7)))].sort(),
    );
  });
});

describe('a busy lane: the chart draws weekly medians per carrier', () => {
  /*
   * 450 proposals in company B on FCL | NINGBO | SANTOS, 40HC (more than the 400 a chart draws one by
   * one). Proposal i (0..449): carrier i % 2; Tuesday 2026-03-03 when i % 4 < 2, else Tuesday
   * 2026-03-10; freight USD 1,000 + i; total BRL 5,000 + 2i; proposal 0 approved. By hand:
   *   carrier 0, week of 2026-03-02: i = 4, 8 … 448 (112 values) → median (1,224 + 1,228) / 2 = 1,226;
   *     the approved i = 0 apart → 1,000 (1 proposal);
   *   carrier 1, week of 2026-03-02: i = 1, 5 … 449 (113) → i = 225 → 1,225;
   *   carrier 0, week of 2026-03-09: i = 2, 6 … 446 (112) → (1,222 + 1,226) / 2 = 1,224;
   *   carrier 1, week of 2026-03-09: i = 3, 7 … 447 (112) → (1,223 + 1,227) / 2 = 1,225.
   * The carriers' table still reads every proposal: carrier 0 (i even, 225) → 1,224; carrier 1 → 1,225.
   */
  const BUSY = 'FCL|NINGBO|SANTOS';
  it('sends one point per carrier, week and approval with its median and count; the tables keep every proposal', async () => {
    const db = ctx.app.services.database.db;
    const [c0, c1] = [b1.carriers[0]!, b1.carriers[1]!];
    await db.execute(sql`
      insert into lane_points (empresa_id, lane, modal, origem, destino, origem_nome, destino_nome, unidade,
        cotacao_id, resposta_id, versao, transportador_id, transportador_nome, data, frete_usd, total_brl, taxa,
        aprovado)
      select ${b1.empresaId}, ${BUSY}, 'FCL', 'NINGBO', 'SANTOS', 'Ningbo', 'Santos', '40HC', ${b1.quote.id},
        gen_random_uuid(), 1,
        case when i % 2 = 0 then ${c0.id}::uuid else ${c1.id}::uuid end,
        case when i % 2 = 0 then 'Carrier 0' else 'Carrier 1' end,
        case when i % 4 < 2 then '2026-03-03T15:00:00Z'::timestamptz else '2026-03-10T15:00:00Z'::timestamptz end,
        1000 + i, 5000 + 2 * i, ${TAXA}, i = 0
      from generate_series(0, 449) i`);
    await rebuildLaneMonths(db, checkedTenant(b1.empresaId));
    const response = await get(
      `/api/lanes/${encodeURIComponent(BUSY)}?inicio=2026-03-01&fim=2026-03-31`,
      b1.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as LaneDetail;
    expect(laneDetailSchema.safeParse(body).success).toBe(true);
    expect(body.agrupamento).toBe('semana');
    const points = body.series.flatMap((carrier) =>
      carrier.pontos.map((point) => [
        carrier.transportadorId === c0.id ? 0 : 1,
        point.data,
        point.freteUsd,
        point.totalBrl,
        point.aprovado,
        point.quantidade,
        point.cotacaoId,
      ]),
    );
    expect(points.sort()).toEqual(
      [
        [0, '2026-03-02', 1000, 5000, true, 1, null],
        [0, '2026-03-02', 1226, 5452, false, 112, null],
        [0, '2026-03-09', 1224, 5448, false, 112, null],
        [1, '2026-03-02', 1225, 5450, false, 113, null],
        [1, '2026-03-09', 1225, 5450, false, 112, null],
      ].sort(),
    );
    expect(body.meses).toEqual([
      { mes: '2026-03', pontos: 450, mediana: 1224.5, p25: 1112.25, p75: 1336.75 },
    ]);
    expect(
      body.transportadores.map((carrier) => [
        carrier.transportadorId,
        carrier.cotacoes,
        carrier.vitorias,
        carrier.medianaFreteUsd,
      ]),
    ).toEqual([
      [c0.id, 1, 1, 1224],
      [c1.id, 1, 0, 1225],
    ]);
    // A quiet lane of the same company still gets one point per proposal.
    const quiet = (await get(`/api/lanes/${encodeURIComponent(LANE)}`, b1.token)).json() as LaneDetail;
    expect(quiet.agrupamento).toBeNull();
    expect(quiet.series.flatMap((c) => c.pontos.map((p) => p.quantidade))).toEqual([1, 1, 1]);
  });
});

describe("the comparison row's 90-day window", () => {
  /*
   * Company B's lane has 2 points in window (2,000 and 2,100, quote b1): quote b2's row (USD 9,000)
   * shows nothing. Two more points of quote b1: USD 2,300 89 days ago (inside the window, which starts
   * at the midnight of the São Paulo day 90 days back) and USD 1,000 91 days ago (outside). By hand: 3
   * points, median 2,100, 9,000 is (9,000 − 2,100) / 2,100 = +328.6 % 'acima'. Counted, the old point
   * would make 4 points and a median of 2,050.
   */
  it('counts the points of the last 90 São Paulo days only, and re-reads when the history changes', async () => {
    const db = ctx.app.services.database.db;
    expect((await comparisonOf(b2)).linhas[0]!.lane).toBeUndefined();
    await db.execute(sql`
      insert into lane_points (empresa_id, lane, modal, origem, destino, origem_nome, destino_nome, unidade,
        cotacao_id, resposta_id, versao, transportador_id, transportador_nome, data, frete_usd, total_brl, taxa)
      select ${b1.empresaId}, ${LANE}, 'FCL', 'SHANGHAI', 'SANTOS', 'Shanghai', 'Santos', '40HC', ${b1.quote.id},
        gen_random_uuid(), 1, ${b1.carriers[2]!.id}::uuid, 'Carrier 2', now() - make_interval(days => d.dias),
        d.frete, d.frete * 6, ${TAXA}
      from (values (89, 2300), (91, 1000)) as d(dias, frete)`);
    // Written without the refresher: the summary and the company's stamp are rebuilt as the backfill does.
    await rebuildLaneMonths(db, checkedTenant(b1.empresaId));
    expect((await comparisonOf(b2)).linhas[0]!.lane).toMatchObject({
      mediana: 2100,
      quantidade: 3,
      deltaPct: 328.6,
      flag: 'acima',
    });
  });
});

describe('without the day’s PTAX', () => {
  it('keeps the quote out of the history and says how many quotes wait, until the rate is read', async () => {
    // A server whose PTAX is unreachable: its comparisons use the fallback rate, which the history
    // never takes.
    const offline = await createTestApp();
    try {
      const s = await quoteScenario(offline);
      await answer(offline, s, 0, { text: typicalAnswer({ frete40: 2800 }) });
      const response = await offline.app.inject({
        method: 'GET',
        url: '/api/lanes',
        headers: { authorization: `Bearer ${s.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ data: [], total: 0, aguardando: 1 });
    } finally {
      await offline.close();
    }
    // With the rate read (this file's server), nothing waits.
    expect((await get('/api/lanes', q1.token)).json().aguardando).toBe(0);
  });

  it("a row with a charge in EUR waits for the euro's PTAX too (never at the fallback)", async () => {
    ptax.eurMode = 'error';
    const server = await createTestApp({ PTAX_API_URL: ptax.url });
    try {
      const s = await quoteScenario(server);
      await answer(server, s, 0, {
        text: 'Prezados,\n\nFrete 40HC: USD 2.700,00\nTHC destino: EUR 250,00 por contêiner\nTransit time: 30 dias',
      });
      const lanes = async () =>
        (
          await server.app.inject({
            method: 'GET',
            url: '/api/lanes',
            headers: { authorization: `Bearer ${s.token}` },
          })
        ).json();
      expect(await lanes()).toMatchObject({ data: [], aguardando: 1 });
    } finally {
      ptax.eurMode = 'ok';
      await server.close();
    }
  });
});
