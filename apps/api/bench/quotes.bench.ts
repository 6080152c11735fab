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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config/env.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET = { p50: 10, p99: 50, lastOverFirst: 1.5 };

const url = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-bench-quotes-'));
const schema = `bench_${randomBytes(5).toString('hex')}`;
const database: DatabaseHandle = url
  ? await openDatabase({ kind: 'postgres', url, schema })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });

const config = parseConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  MAIL_TRANSPORT: 'local',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '1000000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});
const app = await buildApp({ config, database, workers: false, logger: false });
await app.ready();
const db = database.db;

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
if (url) await db.execute(sql`analyze`);
const user = await insertUser(db, { name: 'Bench', email: 'bench@bench.com', role: 'analista', empresaId });
const session = await app.services.sessions.create(db, user.id, {});
const headers = { authorization: `Bearer ${session.token}` };
const [some] = (await db.execute(sql`select id from cotacoes where empresa_id = ${empresaId} limit 1`))
  .rows as {
  id: string;
}[];
console.log(
  `seeded ${QUOTES} + ${Math.round(QUOTES / 5)} quotes on ${url ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (process.env.BENCH_EXPLAIN) {
  for (const query of [
    sql`explain analyze select * from cotacoes where empresa_id = ${empresaId} and status in ('AGUARDANDO_RESPOSTA','AGUARDANDO_APROVACAO','AGUARDANDO_REVISAO') order by created_at desc, id desc limit 10`,
    sql`explain analyze select count(*) from (select 1 from cotacoes where empresa_id = ${empresaId} and status in ('AGUARDANDO_RESPOSTA','AGUARDANDO_APROVACAO','AGUARDANDO_REVISAO') limit 1001) c`,
  ])
    console.log((await db.execute(query)).rows.map((row) => Object.values(row)[0]).join('\n'));
}
const first = await app.inject({ method: 'GET', url: '/api/quotes?tab=enviadas&page=1&limit=10', headers });
const lastPage = first.json().totalPages as number;

const calls: [string, string][] = [
  ['first page, enviadas', '/api/quotes?tab=enviadas&page=1&limit=10'],
  [`last page (${lastPage}), enviadas`, `/api/quotes?tab=enviadas&page=${lastPage}&limit=10`],
  ['finalizadas', '/api/quotes?tab=finalizadas&page=1&limit=10'],
  ['status filter', '/api/quotes?tab=enviadas&status=AGUARDANDO_REVISAO&page=1&limit=10'],
  ['search code', '/api/quotes?tab=enviadas&search=COT-2023-00042&page=1&limit=10'],
  ['search unaccented', '/api/quotes?tab=enviadas&search=importacao%20maquinas%2012&page=1&limit=10'],
  ['search, no match', '/api/quotes?search=zzzzzz&page=1&limit=10'],
  ['counter tab (limit 1)', '/api/quotes?tab=finalizadas&page=1&limit=1'],
  ['detail', `/api/quotes/${some!.id}`],
];
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const results: Record<string, { p50: number; p99: number }> = {};
let failed = false;
console.log(
  `\n${'call'.padEnd(26)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  (${CLIENTS} clients × ${ROUNDS} rounds)`,
);
for (const [label, path] of calls) {
  // Warm-up, then CLIENTS concurrent loops.
  for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: path, headers });
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: path, headers });
        times.push(performance.now() - t0);
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      }
    }),
  );
  times.sort((x, y) => x - y);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  results[label] = { p50, p99 };
  const miss = p50 > TARGET.p50 || p99 > TARGET.p99;
  if (miss) failed = true;
  console.log(
    `${label.padEnd(30)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}${miss ? '  MISS' : ''}`,
  );
}
const ratio = results[`last page (${lastPage}), enviadas`]!.p50 / results['first page, enviadas']!.p50;
console.log(`\nlast page / first page (p50): ${ratio.toFixed(2)} (target ≤ ${TARGET.lastOverFirst})`);
if (ratio > TARGET.lastOverFirst) failed = true;
console.log(failed ? 'RESULT: some targets missed' : 'RESULT: PASS');

await app.close();
await database.close();
if (url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
  await client.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
