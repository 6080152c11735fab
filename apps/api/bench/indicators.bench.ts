/**
 * The dashboard and the response-time indicators at scale (issue 16): one company with 100,000 quotes over
 * three years sent to 1,000,000 recipients (500 carriers, 10 a quote; 60 % answered, 2 % bounced), its
 * replies, 300,000 audit rows, and a second company a fifth of its size. Seeded with generate_series; the
 * recipients go in by batches of 100,000 through the triggers that keep the monthly cells (migration 0012).
 * Measures every dashboard and indicators call through the whole HTTP stack at 10 concurrent clients.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:indicators   # PostgreSQL (the target)
 *   npm run bench:indicators                                                        # embedded PGlite
 *
 * Prints p50/p99 per call; exits 1 when a call misses p99 ≤ 50 ms (or P1's p50 ≤ 10 ms).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { measure, openBench } from './harness.js';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);
const PER_QUOTE = 10;
const CARRIERS = 500;
const BATCH = 10_000;

const bench = await openBench('indicators');
const { app, db } = bench;
const url = bench.onPostgres;
const statuses = [
  'AGUARDANDO_RESPOSTA',
  'AGUARDANDO_APROVACAO',
  'AGUARDANDO_REVISAO',
  'APROVADA',
  'FECHADA',
  'CANCELADA',
];

async function seedCompany(label: string, quotes: number): Promise<string> {
  const [empresa] = (
    await db.execute(
      sql`insert into empresas (nome, codigo) values (${`Bench ${label}`}, ${`BENCH${label}${randomBytes(3).toString('hex')}`}) returning id`,
    )
  ).rows as { id: string }[];
  const empresaId = empresa!.id;
  await db.execute(sql`
    insert into grupos (empresa_id, nome) select ${empresaId}, 'Grupo ' || g from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into transportadores (empresa_id, nome, created_at)
    select ${empresaId}, 'Agente de Carga ' || lpad(n::text, 3, '0'), now() - (n || ' days')::interval
    from generate_series(1, ${CARRIERS}) n`);
  await db.execute(sql`
    insert into transportador_emails (empresa_id, transportador_id, email, posicao)
    select empresa_id, id, 'pricing.' || replace(id::text, '-', '') || '@agente.com.br', 0
    from transportadores where empresa_id = ${empresaId}`);
  // One quote every 15 minutes back from now (about three years), deadline 7 days after; the quotes
  // whose deadline is still ahead wait for answers, the older ones are spread over every status.
  await db.execute(sql`
    insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
      prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, total_destinatarios,
      respostas_recebidas, created_at)
    select ${empresaId}, 'COT-' || n, case when n < 672 then 'AGUARDANDO_RESPOSTA'
        else (${sql.raw(`array['${statuses.join("','")}']`)})[1 + (n * 7) % 6] end,
      'Ana Souza', 'PROC-' || n, 'FCL', now() - (n * 15 || ' minutes')::interval + interval '7 days',
      'EMAIL', 'individual', 'pt', 'Cotação ' || n, md5(${empresaId} || n::text), ${PER_QUOTE}, 6,
      now() - (n * 15 || ' minutes')::interval
    from generate_series(1, ${quotes}) n`);
  const carriers = (
    await db.execute(sql`select id from transportadores where empresa_id = ${empresaId} order by nome`)
  ).rows as { id: string }[];
  const carrierArray = sql.raw(`array['${carriers.map((row) => row.id).join("','")}']::uuid[]`);
  // Recipients in batches of quotes: the insert trigger folds each batch into the monthly cells.
  for (let from = 1; from <= quotes; from += BATCH) {
    await db.execute(sql`
      insert into cotacao_destinatarios (empresa_id, cotacao_id, transportador_id, nome, emails, reply_token,
        created_at, respondeu_em, falha_entrega)
      select q.empresa_id, q.id, (${carrierArray})[1 + ((q.n * 7 + k * 37) % ${CARRIERS})],
        'Agente', '[]'::jsonb, md5(q.id::text || k::text), q.created_at,
        case when (q.n + k) % 10 < 6
          then q.created_at + ((1 + (hashtext(q.id::text || k::text) & 1023) / 5.0) || ' hours')::interval end,
        case when (q.n + k) % 50 = 7 then '550 5.1.1 User unknown' end
      from (select id, empresa_id, created_at, substr(codigo, 5)::int as n from cotacoes
            where empresa_id = ${empresaId} and substr(codigo, 5)::int between ${from} and ${from + BATCH - 1}) q,
        generate_series(0, ${PER_QUOTE - 1}) k`);
  }
  // The replies of one quote in five (version 1 each).
  await db.execute(sql`
    insert into respostas (empresa_id, cotacao_id, destinatario_id, transportador_id, versao, created_at)
    select d.empresa_id, d.cotacao_id, d.id, d.transportador_id, 1, d.respondeu_em
    from cotacao_destinatarios d join cotacoes c on c.id = d.cotacao_id
    where d.empresa_id = ${empresaId} and d.respondeu_em is not null and substr(c.codigo, 5)::int % 5 = 0`);
  // Audit rows: mostly sign-ins and edits, a few of the kinds the activity list shows.
  await db.execute(sql`
    insert into audit_log (empresa_id, action, entity, entity_id, details, created_at)
    select ${empresaId}, case when n % 100 = 0 then 'transportador.create' else 'auth.login' end,
      'transportador', null, jsonb_build_object('nome', 'Agente ' || n), now() - (n || ' minutes')::interval
    from generate_series(1, ${quotes * 3}) n`);
  return empresaId;
}

const started = performance.now();
const empresaId = await seedCompany('A', QUOTES);
await seedCompany('B', Math.round(QUOTES / 5));
// Statistics, as autovacuum keeps them on PostgreSQL. PGlite has no autovacuum (ADR 0019): without this
// its planner guesses one row per company and walks whole ranges.
await db.execute(url ? sql`vacuum analyze` : sql`analyze`);
const counts = (
  await db.execute(
    sql`select (select count(*) from cotacoes where empresa_id = ${empresaId})::int as quotes,
      (select count(*) from cotacao_destinatarios where empresa_id = ${empresaId})::int as recipients,
      (select count(*) from resposta_tempos_mensais where empresa_id = ${empresaId})::int as cells`,
  )
).rows[0] as { quotes: number; recipients: number; cells: number };
console.log(
  `seeded ${counts.quotes} quotes, ${counts.recipients} recipients (${counts.cells} monthly cells) + a company a fifth of that, on ${url ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const headers = await bench.signIn(empresaId);
const year = new Date().getFullYear();
const [carrier] = (
  await db.execute(sql`select id from transportadores where empresa_id = ${empresaId} order by nome limit 1`)
).rows as { id: string }[];
if (process.env.BENCH_EXPLAIN) {
  // The plans of the dashboard's and the table's reads, with this database's statistics.
  const { explainDashboard } = await import('./indicators-explain.js');
  await explainDashboard(db, empresaId);
}
const indicators = '/api/indicators/response-times';
const first = await app.inject({ method: 'GET', url: `${indicators}?page=1&limit=10`, headers });
const lastPage = first.json().totalPages as number;
console.log(`indicators of ${year}: ${first.json().total} carriers, ${lastPage} pages`);

const calls = [
  {
    label: 'GET /auth/me (control)',
    url: '/api/auth/me',
    informative: 'a one-row route: what the machine gives any call right now',
  },
  { label: 'GET /dashboard', url: '/api/dashboard' },
  { label: 'GET /dashboard/stats', url: '/api/dashboard/stats' },
  { label: 'GET /dashboard/atividades', url: '/api/dashboard/atividades' },
  { label: 'GET /dashboard/vencimentos', url: '/api/dashboard/vencimentos' },
  { label: 'indicators, this year, page 1', url: `${indicators}?page=1&limit=10` },
  { label: `indicators, this year, page ${lastPage}`, url: `${indicators}?page=${lastPage}&limit=10` },
  {
    label: 'indicators, sorted by average',
    url: `${indicators}?page=1&limit=10&sortField=tempoMedioRespostaHoras&sortDirection=desc`,
  },
  {
    label: 'indicators, last year',
    url: `${indicators}?page=1&limit=10&dataInicio=${year - 1}-01-01&dataFim=${year - 1}-12-31`,
  },
  { label: 'indicators, one carrier', url: `${indicators}?page=1&limit=10&transportadorId=${carrier!.id}` },
  {
    label: 'indicators, 3 years',
    url: `${indicators}?page=1&limit=10&dataInicio=${year - 2}-01-01&dataFim=${year}-12-31`,
  },
  {
    label: 'indicators, partial months',
    // Held to the targets like the rest since issue 33 (ADR 0031): its first read in a window still
    // reads the days outside whole months from the recipients; the screen sends whole months.
    url: `${indicators}?page=1&limit=10&dataInicio=${year - 1}-03-15&dataFim=${year - 1}-09-20`,
  },
  ...[
    ['this year, page 1', `${indicators}?page=1&limit=10`],
    ['3 years', `${indicators}?page=1&limit=10&dataInicio=${year - 2}-01-01&dataFim=${year}-12-31`],
    [
      'partial months',
      `${indicators}?page=1&limit=10&dataInicio=${year - 1}-03-15&dataFim=${year - 1}-09-20`,
    ],
  ].map(([name, url]) => ({
    label: `indicators, ${name}, first read`,
    url: url!,
    // What the first reader after a kept table's window (SUMMARY_MAX_AGE_MS) waits for; readers in
    // steady use are answered the kept table while it refreshes in the background.
    informative: 'kept tables forgotten before each call: the read itself',
    before: () => app.services.indicators.clearKept(),
  })),
];

const ok = await measure(app, headers, calls, {
  first: 'indicators, this year, page 1',
  last: `indicators, this year, page ${lastPage}`,
});
await bench.close();
process.exit(ok ? 0 : 1);
