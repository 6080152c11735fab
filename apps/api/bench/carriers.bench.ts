/**
 * P1 for the carrier lists: seeds 5,000 carriers (1–3 addresses each, 20 groups) in one company and
 * 5,000 in another, then measures the list, search and filter calls through the whole HTTP stack
 * (app.inject: routing, auth, validation, queries, serialisation) at 10 concurrent clients.
 *
 *   npm run bench:carriers                      # embedded PGlite (temporary)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:carriers   # PostgreSQL (P1's target)
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

const CARRIERS = 5_000;
const GROUPS = 20;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const TARGET = { p50: 10, p99: 50, lastOverFirst: 1.5 };

const url = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-bench-carriers-'));
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

async function seedCompany(label: string): Promise<string> {
  const [empresa] = (
    await db.execute(
      sql`insert into empresas (nome, codigo) values (${`Bench ${label}`}, ${`BENCH${label}${randomBytes(3).toString('hex')}`}) returning id`,
    )
  ).rows as { id: string }[];
  const empresaId = empresa!.id;
  await db.execute(sql`
    insert into grupos (empresa_id, nome, descricao)
    select ${empresaId}, 'Grupo ' || g || case when g % 2 = 0 then ' Marítimo' else ' Aéreo' end, 'Região ' || g
    from generate_series(1, ${GROUPS}) g`);
  await db.execute(sql`
    insert into transportadores (empresa_id, nome)
    select ${empresaId},
      (array['Navegação','Logística','Transportes','Cargas','Comércio Exterior'])[1 + n % 5] || ' ' ||
      (array['São Paulo','Atlântico','Pacífico','Ásia','Européia','Ágil','Rápida'])[1 + (n / 5) % 7] || ' ' || n
    from generate_series(1, ${CARRIERS}) n`);
  await db.execute(sql`
    insert into transportador_emails (empresa_id, transportador_id, email, posicao)
    select t.empresa_id, t.id, 'contato' || k || '.' || replace(t.id::text, '-', '') || '@agente.com.br', k
    from transportadores t, generate_series(0, 2) k
    where t.empresa_id = ${empresaId} and k <= (hashtext(t.id::text) & 3) % 3`);
  await db.execute(sql`
    update transportadores t set emails_busca = (select string_agg(e.email, ' ' order by e.posicao)
      from transportador_emails e where e.transportador_id = t.id)
    where t.empresa_id = ${empresaId}`);
  await db.execute(sql`
    insert into grupo_transportadores (grupo_id, transportador_id, empresa_id)
    select g.id, t.id, t.empresa_id
    from transportadores t join grupos g on g.empresa_id = t.empresa_id
    where t.empresa_id = ${empresaId} and (hashtext(t.id::text || g.id::text) & 7) = 0`);
  return empresaId;
}

const started = performance.now();
const empresaId = await seedCompany('A');
await seedCompany('B');
if (url) await db.execute(sql`analyze`);
const user = await insertUser(db, { name: 'Bench', email: 'bench@bench.com', role: 'analista', empresaId });
const session = await app.services.sessions.create(db, user.id, {});
const headers = { authorization: `Bearer ${session.token}` };
const [grupo] = (
  await db.execute(sql`select id from grupos where empresa_id = ${empresaId} order by nome limit 2`)
).rows as { id: string }[];
const grupoIds = (
  (await db.execute(sql`select id from grupos where empresa_id = ${empresaId} limit 3`)).rows as {
    id: string;
  }[]
).map((row) => row.id);
console.log(
  `seeded 2 × ${CARRIERS} carriers, ${GROUPS} groups each, on ${url ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const lastPage = Math.ceil(CARRIERS / 50);
const calls: [string, string][] = [
  ['first page (50)', '/api/transporters?page=1&limit=50'],
  ['last page (50)', `/api/transporters?page=${lastPage}&limit=50`],
  ['search name, no accents', '/api/transporters?page=1&limit=50&search=navegacao%20sao'],
  ['search e-mail', '/api/transporters?page=1&limit=50&search=contato2.'],
  ['search, no match', '/api/transporters?page=1&limit=50&search=zzzzzz'],
  ['group filter', `/api/transporters?page=1&limit=50&grupos=${grupo!.id}`],
  ['3 groups + search', `/api/transporters?page=1&limit=50&grupos=${grupoIds.join(',')}&search=logistica`],
  ['ids for select-all', `/api/transporters/ids?grupos=${grupoIds.join(',')}`],
  ['groups (array)', '/api/groups'],
  ['whole array (5,000)', '/api/transporters'],
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
  const paged = label !== 'whole array (5,000)';
  const miss = paged && (p50 > TARGET.p50 || p99 > TARGET.p99);
  if (miss) failed = true;
  console.log(
    `${label.padEnd(26)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}${paged ? (miss ? '  MISS' : '') : '  (not a P1 call: the screen pages)'}`,
  );
}
const ratio = results['last page (50)']!.p50 / results['first page (50)']!.p50;
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
