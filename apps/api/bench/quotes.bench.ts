/**
 * P1 for the quote list: seeds 100,000 quotes in one company (and 20,000 in another), then measures
 * GET /api/quotes through the whole HTTP stack at 10 concurrent clients.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:quotes   # PostgreSQL (P1's target)
 *   npm run bench:quotes                                                        # embedded PGlite
 *
 * Prints p50/p99 per call and the last-page/first-page ratio; exits 1 when a target is missed.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Call, firstReads, measure, openBench } from './harness.js';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);

const bench = await openBench('quotes');
const { app, db } = bench;
const url = bench.onPostgres;

async function seedCompany(label: string, quotes: number): Promise<string> {
  const [empresa] = (
    await db.execute(
      sql`insert into empresas (nome, codigo) values (${`Bench ${label}`}, ${`BENCH${label}${randomBytes(3).toString('hex')}`}) returning id`,
    )
  ).rows as { id: string }[];
  const empresaId = empresa!.id;
  const statuses = [
    'AGUARDANDO_RESPOSTA',
    'AGUARDANDO_APROVACAO',
    'AGUARDANDO_REVISAO',
    'APROVADA',
    'FECHADA',
    'CANCELADA',
  ];
  await db.execute(sql`
    insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, fti, tipo_frete,
      prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token, total_destinatarios,
      respostas_recebidas, created_at)
    select ${empresaId}, 'COT-' || (2020 + n / 20000) || '-' || lpad((n % 20000)::text, 5, '0'),
      (${sql.raw(`array['${statuses.join("','")}']`)})[1 + (n * 7) % 6],
      (array['Ana Souza','Bruno Lima','Cláudia Ribeiro','João Araújo'])[1 + n % 4],
      (array['Importação Máquinas','Peças São Paulo','Tecidos Ásia','Eletrônicos'])[1 + (n / 4) % 4] || ' ' || n,
      case when n % 3 = 0 then 'FTI-' || n end, 'FCL', now() + interval '7 days', 'EMAIL', 'bcc', 'pt',
      'Cotação ' || n, md5(${empresaId} || n::text), 5, n % 5, now() - (n || ' minutes')::interval
    from generate_series(1, ${quotes}) n`);
  return empresaId;
}

const started = performance.now();
const empresaId = await seedCompany('A', QUOTES);
await seedCompany('B', Math.round(QUOTES / 5));
// The state autovacuum keeps a table in after a bulk load (visibility map set, statistics fresh).
if (url) await db.execute(sql`vacuum analyze cotacoes`);
const headers = await bench.signIn(empresaId);
const [some] = (await db.execute(sql`select id from cotacoes where empresa_id = ${empresaId} limit 1`))
  .rows as {
  id: string;
}[];
console.log(
  `seeded ${QUOTES} + ${Math.round(QUOTES / 5)} quotes on ${url ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (process.env.BENCH_EXPLAIN) {
  for (const query of [
    // A tab's page reads one newest-first range per status (PAGE_BY_STATUS) and its total the counters.
    sql`explain analyze select id from cotacoes where empresa_id = ${empresaId} and deleted_at is null and status = 'AGUARDANDO_RESPOSTA' order by created_at desc, id desc limit 10`,
    sql`explain analyze select coalesce(sum(total), 0) from cotacao_contagens where empresa_id = ${empresaId} and status in ('AGUARDANDO_RESPOSTA','AGUARDANDO_APROVACAO','AGUARDANDO_REVISAO')`,
  ])
    console.log((await db.execute(query)).rows.map((row) => Object.values(row)[0]).join('\n'));
}
const first = await app.inject({ method: 'GET', url: '/api/quotes?tab=enviadas&page=1&limit=10', headers });
const lastPage = first.json().totalPages as number;

const calls: Call[] = [
  { label: 'first page, enviadas', url: '/api/quotes?tab=enviadas&page=1&limit=10' },
  { label: `last page (${lastPage}), enviadas`, url: `/api/quotes?tab=enviadas&page=${lastPage}&limit=10` },
  { label: 'finalizadas', url: '/api/quotes?tab=finalizadas&page=1&limit=10' },
  { label: 'status filter', url: '/api/quotes?tab=enviadas&status=AGUARDANDO_REVISAO&page=1&limit=10' },
  { label: 'search code', url: '/api/quotes?tab=enviadas&search=COT-2023-00042&page=1&limit=10' },
  {
    label: 'search unaccented',
    url: '/api/quotes?tab=enviadas&search=importacao%20maquinas%2012&page=1&limit=10',
  },
  { label: 'search reference', url: '/api/quotes?tab=enviadas&search=pecas%20sao%20paulo%2054324' },
  { label: 'search FTI', url: '/api/quotes?search=fti-4242&page=1&limit=10' },
  { label: 'search requester (common)', url: '/api/quotes?tab=enviadas&search=joao%20araujo' },
  { label: 'search, no match', url: '/api/quotes?search=zzzzzz&page=1&limit=10' },
  { label: 'counter tab (limit 1)', url: '/api/quotes?tab=finalizadas&page=1&limit=1' },
  { label: 'detail', url: `/api/quotes/${some!.id}` },
];
// The pages are kept per company while its quotes are unchanged (migration 0033, ADR 0031 addendum 3):
// the rows above are what a repeated read costs; the first-read rows what the first read after a change
// costs.
calls.push(
  ...firstReads(calls, ['first page, enviadas', 'search unaccented', 'search requester (common)'], (on) =>
    app.services.quotes.keepAnswers(on),
  ),
);

const ok = await measure(app, headers, calls, {
  first: 'first page, enviadas',
  last: `last page (${lastPage}), enviadas`,
});
await bench.close();
process.exit(ok ? 0 : 1);
