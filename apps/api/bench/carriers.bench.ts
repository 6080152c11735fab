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
import { sql } from 'drizzle-orm';
import { type Call, firstReads, measure, openBench } from './harness.js';

const CARRIERS = 5_000;
const GROUPS = 20;

const bench = await openBench('carriers');
const { app, db } = bench;
const url = bench.onPostgres;

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
// The state autovacuum keeps the tables in after a bulk load (visibility map set, statistics fresh).
if (url)
  await db.execute(
    sql`vacuum analyze transportadores, transportador_emails, grupos, grupo_transportadores, transportador_contagens`,
  );
const headers = await bench.signIn(empresaId);
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
const calls: Call[] = [
  { label: 'first page (50)', url: '/api/transporters?page=1&limit=50' },
  { label: 'last page (50)', url: `/api/transporters?page=${lastPage}&limit=50` },
  { label: 'search name, no accents', url: '/api/transporters?page=1&limit=50&search=navegacao%20sao' },
  { label: 'search e-mail', url: '/api/transporters?page=1&limit=50&search=contato2.' },
  { label: 'search, no match', url: '/api/transporters?page=1&limit=50&search=zzzzzz' },
  { label: 'group filter', url: `/api/transporters?page=1&limit=50&grupos=${grupo!.id}` },
  {
    label: '3 groups + search',
    url: `/api/transporters?page=1&limit=50&grupos=${grupoIds.join(',')}&search=logistica`,
  },
  { label: 'ids for select-all', url: `/api/transporters/ids?grupos=${grupoIds.join(',')}` },
  // The group pickers (management screen, quote wizard) read the groups without their members.
  { label: 'groups (summary)', url: '/api/groups?resumo=true' },
  // The 'Grupos' tab: a page of cards, each group's count and first five members (issue 33).
  { label: 'groups tab, page of 20 cards', url: '/api/groups?resumo=true&page=1&limit=20' },
  {
    label: 'groups with members',
    url: '/api/groups',
    informative: "not a P1 call: the spec's form, every member of every group; no screen reads it",
  },
  { label: 'whole array (5,000)', url: '/api/transporters', informative: 'not a P1 call: the screen pages' },
];
// The pages, ids and group cards are kept per company while its carriers and groups are unchanged (migration 0033,
// ADR 0031 addendum 3): the rows above are what a repeated read costs; the first-read rows what the first
// read after a change costs.
calls.push(
  ...firstReads(
    calls,
    [
      'first page (50)',
      'last page (50)',
      'search name, no accents',
      '3 groups + search',
      'ids for select-all',
      'groups (summary)',
      'groups tab, page of 20 cards',
    ],
    (on) => app.services.transporters.keepAnswers(on),
  ),
);

const ok = await measure(app, headers, calls, { first: 'first page (50)', last: 'last page (50)' });
await bench.close();
process.exit(ok ? 0 : 1);
