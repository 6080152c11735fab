/**
 * Issue 36 (ADR 0030): the lane figures of a comparison and the 'Rotas' page with a year of history,
 * 100,000 lane points in one company (10,000 quotes, 50 lanes, a fifth of the points on the compared
 * lane). Two quotes with the same 12 carrier replies (real replies through the inbound pipeline and the
 * extraction engine): one on the seeded lane (its rows get the lane's 90-day median), the other without
 * an origin (no lane: the comparison without lane figures, the reference of the same run).
 *
 *   npm run bench:lanes                                                        # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:lanes   # PostgreSQL (the target)
 *
 * Prints p50/p95/p99 per call at 10 concurrent clients; exits 1 when the lane figures add more than 5 ms
 * to the comparison's p99 or a lane page's p99 is above 100 ms.
 */
import { randomUUID } from 'node:crypto';
import { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { checkedTenant } from '../src/db/tenant.js';
import { extractResponse } from '../src/inbound/extract-response.js';
import { QUEUES } from '../src/jobs/queue.js';
import { rebuildLaneMonths } from '../src/lanes/lanes.repository.js';
import { startFakePtaxServer } from '../test/fakes/ptax-server.js';
import { openBench } from './harness.js';

const POINTS = Number(process.env.BENCH_LANE_POINTS ?? 100_000);
const QUOTES = POINTS / 10;
const REPLIES = 12;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 10);
const TARGET = { laneFiguresP99: 5, pageP99: 100 };
const LANE = 'FCL|SHANGHAI|SANTOS';

const money = (value: number) => value.toLocaleString('pt-BR', { minimumFractionDigits: 2 });
const replyText = (i: number) =>
  [
    'Prezados,',
    '',
    `Segue nossa proposta (ref. ${i + 1}):`,
    '',
    `Frete marítimo 20DC: USD ${money(1700 + i * 23)}`,
    `Frete marítimo 40HC: USD ${money(2600 + ((i * 37) % 900))}`,
    `THC destino: BRL ${money(1400 + (i % 5) * 25)} por contêiner`,
    'BL fee: USD 75,00 por BL',
    `Transit time: ${28 + (i % 9)} dias`,
    'Free time: 14 dias no destino',
    'Validade: 30/12/2026',
    '',
    'Atenciosamente,',
    `Pricing Agente ${i}`,
  ].join('\n');

const ptax = await startFakePtaxServer();
const bench = await openBench('lanes', { env: { PTAX_API_URL: ptax.url, HTTP_TIMEOUT_MS: '2000' } });
const sandbox = new ExtractionSandbox({ workers: 1, timeoutMs: 60_000, heapMb: 512 });
const { app, db } = bench;
await app.services.jobs.boss.findJobs(QUEUES.inboundExtract, { id: randomUUID() });
const started = performance.now();

const [empresa] = (
  await db.execute(
    sql`insert into empresas (nome, codigo) values ('Bench Rotas', ${`BENCHLN${randomUUID().slice(0, 6)}`}) returning id`,
  )
).rows as { id: string }[];
const empresaId = empresa!.id;
const headers = await bench.signIn(empresaId);

// A year of history: quotes written directly, then ten points each.
await db.execute(sql`
  insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
    prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, origem, destino,
    created_at)
  select ${empresaId}, 'COT-H-' || g, 'APROVADA', 'Bench', 'HIST-' || g, 'FCL', now() - (g % 365) * interval '1 day',
    'EMAIL', 'individual', 'pt', 'Histórico', md5(random()::text), 'Shanghai', 'Santos',
    now() - (g % 365) * interval '1 day'
  from generate_series(1, ${QUOTES}) g`);
await db.execute(sql`
  with q as (
    select id, row_number() over (order by id) - 1 as n from cotacoes where empresa_id = ${empresaId}
  )
  insert into lane_points (empresa_id, lane, modal, origem, destino, origem_nome, destino_nome, unidade,
    cotacao_id, resposta_id, versao, transportador_id, transportador_nome, data, frete_usd, total_brl, taxa,
    transito_dias, free_time_dias, resposta_horas, aprovado)
  select ${empresaId},
    case when i % 5 = 0 then ${LANE} else 'FCL|ORIGEM ' || (i % 10) || '|DESTINO ' || (i % 49) end,
    'FCL',
    case when i % 5 = 0 then 'SHANGHAI' else 'ORIGEM ' || (i % 10) end,
    case when i % 5 = 0 then 'SANTOS' else 'DESTINO ' || (i % 49) end,
    case when i % 5 = 0 then 'Shanghai' else 'Origem ' || (i % 10) end,
    case when i % 5 = 0 then 'Santos' else 'Destino ' || (i % 49) end,
    case when i % 5 = 0 then (array['40HC', '40HC', '20DC'])[1 + (i / 5) % 3] else (array['20DC', '40DC', '40HC'])[1 + i % 3] end,
    q.id, gen_random_uuid(), 1, md5('carrier' || (i % 20))::uuid, 'Agente ' || (i % 20),
    now() - (i % 365) * interval '1 day' - (i % 24) * interval '1 hour',
    2000 + (i * 37) % 2000, 12000 + (i * 53) % 9000, 5.2456, 25 + i % 15, 7 + i % 14, (i % 96)::float8,
    i % 10 = 0
  from generate_series(0, ${POINTS - 1}) i
  join q on q.n = i % ${QUOTES}`);
// The monthly summary of the seeded points, as the backfill migration computes it (the seed bypasses
// the refresher, which keeps it for the points it writes).
await rebuildLaneMonths(db, checkedTenant(empresaId));
// As autovacuum leaves a table in service: the visibility map lets the median read the index alone.
await db.execute(sql`vacuum analyze lane_points`);
await db.execute(sql`vacuum analyze lane_months`);

// The carriers and the two compared quotes (the same request; the second has no origin: no lane).
for (let i = 0; i < REPLIES; i++) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/transporters',
    headers,
    payload: { nome: `Agente ${String(i).padStart(2, '0')}`, email: `pricing@agente-${i}.com.br` },
  });
  if (created.statusCode !== 201) throw new Error(`carrier: ${created.body}`);
}
async function comparedQuote(codigo: string, origem: string | null) {
  const [quote] = (
    await db.execute(sql`
      insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
        prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, origem, destino,
        itens, total_destinatarios, respostas_recebidas)
      values (${empresaId}, ${codigo}, 'AGUARDANDO_RESPOSTA', 'Bench', 'BENCH-1', 'FCL',
        now() + interval '7 days', 'EMAIL', 'individual', 'pt', 'Cotação bench', md5(random()::text),
        ${origem}, 'Santos, BR',
        ${JSON.stringify([{ mercadoria: 'Peças', quantidadeVolumes: '2 contêineres 40HC', dimensoes: null }])}::jsonb,
        ${REPLIES}, 0)
      returning id`)
  ).rows as { id: string }[];
  await db.execute(sql`
    insert into cotacao_destinatarios (empresa_id, cotacao_id, transportador_id, nome, emails, reply_token, message_id)
    select t.empresa_id, ${quote!.id}, t.id, t.nome, jsonb_build_array(e.email), md5(random()::text),
      '<' || md5(random()::text) || '@cotacoes.local>'
    from transportadores t
    join lateral (select email from transportador_emails where transportador_id = t.id limit 1) e on true
    where t.empresa_id = ${empresaId}`);
  const recipients = (
    await db.execute(sql`
      select reply_token, message_id, emails from cotacao_destinatarios
      where cotacao_id = ${quote!.id} order by nome`)
  ).rows as { reply_token: string; message_id: string | null; emails: string[] }[];
  const replyAddress = app.services.config.MAIL_REPLY_ADDRESS;
  const at = replyAddress.lastIndexOf('@');
  for (let i = 0; i < REPLIES; i++) {
    const recipient = recipients[i]!;
    const raw = await new MailComposer({
      from: `Pricing <${recipient.emails[0]}>`,
      to: `${replyAddress.slice(0, at)}+${recipient.reply_token}${replyAddress.slice(at)}`,
      subject: `RE: Solicitação de cotação ${codigo}`,
      messageId: `<bench-${randomUUID()}@agente.com.br>`,
      ...(recipient.message_id ? { inReplyTo: recipient.message_id, references: recipient.message_id } : {}),
      text: replyText(i),
    })
      .compile()
      .build();
    const result = await app.services.inbound.ingest(raw, { source: 'imap' });
    if (!result.responseId) throw new Error(`reply ${i} was not a response: ${result.outcome}`);
    await extractResponse(db, sandbox, result.responseId);
  }
  return quote!.id;
}
const withLane = await comparedQuote('COT-2026-0001', 'Shanghai, CN');
const withoutLane = await comparedQuote('COT-2026-0002', null);
for (let round = 0; round < 50 && (await app.services.laneRefresher.drain()) > 0; round++);

const withUrl = `/api/quotes/${withLane}/comparison`;
const check = (await app.inject({ method: 'GET', url: withUrl, headers })).json() as {
  linhas: { lane?: { mediana: number; quantidade: number } }[];
};
const laned = check.linhas.filter((row) => row.lane);
if (laned.length === 0) throw new Error('no row has lane figures');
const [counted] = (
  await db.execute(sql`select count(*)::int as n from lane_points where empresa_id = ${empresaId}`)
).rows as { n: number }[];
console.log(
  `seeded ${counted!.n} lane points in ${QUOTES} quotes, 2 compared quotes × ${REPLIES} replies, on ` +
    `${bench.onPostgres ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `${laned.length}/${check.linhas.length} rows with a lane median over ${laned[0]!.lane!.quantidade} points`,
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const browserHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };

async function measure(
  label: string,
  target: string,
  note = '',
  before?: () => Promise<unknown>,
): Promise<number> {
  const times: number[] = [];
  const loop = (rounds: number, record: boolean) =>
    Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < rounds; i++) {
          await before?.();
          const t0 = performance.now();
          const response = await app.inject({ method: 'GET', url: target, headers: browserHeaders });
          if (record) times.push(performance.now() - t0);
          if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode}`);
        }
      }),
    );
  await loop(WARMUP_ROUNDS, false);
  await loop(ROUNDS, true);
  times.sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p));
  console.log(
    `${label.padEnd(40)} ${p50!.toFixed(1).padStart(7)} ${p95!.toFixed(1).padStart(7)} ${p99!.toFixed(1).padStart(7)}${note}`,
  );
  return p99!;
}

console.log(
  `\n${'call'.padEnd(40)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)}   (${CLIENTS} clients × ${ROUNDS} rounds)`,
);
await measure('reference: GET /api/auth/me', '/api/auth/me', '  (the floor of this machine and run)');
/**
 * The two comparisons interleaved: each client alternates them, so both meet the same moments of the
 * machine (a GC pause, another process) and the difference of their p99 is the lane figures' cost, not
 * which one ran in the quieter second.
 */
async function measurePair(urls: [string, string], labels: [string, string]): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const loop = (rounds: number, record: boolean) =>
    Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < rounds * 2; i++) {
          const which = (i + client) % 2;
          const t0 = performance.now();
          const response = await app.inject({ method: 'GET', url: urls[which]!, headers: browserHeaders });
          if (record) times[which]!.push(performance.now() - t0);
          if (response.statusCode !== 200) throw new Error(`${urls[which]}: ${response.statusCode}`);
        }
      }),
    );
  await loop(WARMUP_ROUNDS, false);
  await loop(ROUNDS * 3, true);
  return times.map((list, which) => {
    list.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(list, p));
    console.log(
      `${labels[which]!.padEnd(40)} ${p50!.toFixed(1).padStart(7)} ${p95!.toFixed(1).padStart(7)} ${p99!.toFixed(1).padStart(7)}  (interleaved, ${list.length} calls)`,
    );
    return p99!;
  }) as [number, number];
}
const [without, withFigures] = await measurePair(
  [`/api/quotes/${withoutLane}/comparison`, withUrl],
  ['GET comparison, no lane (reference)', 'GET comparison with lane figures'],
);
const list = await measure('GET /api/lanes (365 days, page 1)', '/api/lanes');
const detail = await measure('GET /api/lanes/{key} (20k points)', `/api/lanes/${encodeURIComponent(LANE)}`);

// After a change: the company's stamp moves before each call (not timed), so the kept answers are not
// used and each call reads the summary and the points (what the first reader after a refresh waits).
const changed = () =>
  db.execute(sql`update lane_stamps set versao = versao + 1 where empresa_id = ${empresaId}`);
await measure('GET /api/lanes after a change (no kept)', '/api/lanes', '', changed);
await measure('GET /api/lanes/{key} after a change', `/api/lanes/${encodeURIComponent(LANE)}`, '', changed);

const added = withFigures - without;
const ok = added <= TARGET.laneFiguresP99 && list <= TARGET.pageP99 && detail <= TARGET.pageP99;
console.log(
  `\nlane figures add ${added.toFixed(1)} ms to the comparison's p99 (target ≤ ${TARGET.laneFiguresP99}); ` +
    `lane pages p99 ${list.toFixed(1)} / ${detail.toFixed(1)} ms (target ≤ ${TARGET.pageP99})`,
);
console.log(ok ? 'RESULT: PASS' : 'RESULT: some targets missed');
await sandbox.close();
await bench.close();
await ptax.close();
process.exit(ok ? 0 : 1);
