import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase, pgliteExtensions, pgliteTypes } from '../src/db/client.js';
import { carrierReply, typicalAnswer } from './factories/index.js';
import { freePort, type ServerProcess, startServerProcess } from './server-process.js';

/*
 * R4/R6 across a crash: 200 carrier replies arrive over the inbound SMTP listener of a real process, which
 * is killed with SIGKILL half-way and started again; the sender behaves like an MTA (a message is retried
 * until it gets 250). Every reply must be stored exactly once: one inbound message, one response version,
 * one answer counted. Store first (issue 29): the 250 comes once the raw message is stored; processing
 * follows, so the kill also cuts messages stored but not processed, or in the middle of processing. On PostgreSQL the process is `npm run worker` (src/worker.ts) in a fresh schema; on
 * the embedded database it is `npm start` (src/server.ts: the only process of its data directory runs the
 * workers and the listener), killed and restarted on the same directory.
 */
const databaseUrl = process.env.DATABASE_URL;
const schema = `icrash_${randomBytes(5).toString('hex')}`;
const REPLY_ADDRESS = 'cotacoes@importadora-crash.com.br';
const QUOTES = 10;
const CARRIERS = 20;
const REPLIES = QUOTES * CARRIERS;
/** The sender's parallel deliveries (a relay keeps several connections). */
const SENDERS = 6;
const KILL_AFTER = 70;

let dataDir: string;
let smtpPort: number;
type Recipient = { token: string; email: string };
let recipients: Recipient[];

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  // The embedded data directory starts as a copy of the migrated template (seconds saved on a busy machine).
  const database = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, schema })
    : await openDatabase({
        kind: 'pglite',
        instance: await PGlite.create(path.join(dataDir, 'pg'), {
          ...(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))
            ? {}
            : { loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) }),
          extensions: pgliteExtensions,
          ...pgliteTypes,
        }),
      });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** One company, 20 carriers and 10 quotes sent to all of them (written directly, as the benches do). */
async function seed(): Promise<Recipient[]> {
  return withDatabase(async (db) => {
    const [empresa] = (
      await db.execute(sql`insert into empresas (nome, codigo) values ('Crash', 'CRASH') returning id`)
    ).rows as { id: string }[];
    const empresaId = empresa!.id;
    await db.execute(sql`
      insert into transportadores (empresa_id, nome)
      select ${empresaId}, 'Agente ' || n from generate_series(1, ${CARRIERS}) n`);
    await db.execute(sql`
      insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo, tipo_frete,
        prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token,
        total_destinatarios, respostas_recebidas)
      select ${empresaId}, 'COT-2026-' || lpad(n::text, 4, '0'), 'AGUARDANDO_RESPOSTA', 'Crash', 'CRASH-' || n,
        'FCL', now() + interval '7 days', 'EMAIL', 'individual', 'pt', 'Cotação ' || n, md5(random()::text),
        ${CARRIERS}, 0
      from generate_series(1, ${QUOTES}) n`);
    await db.execute(sql`
      insert into cotacao_destinatarios (empresa_id, cotacao_id, transportador_id, nome, emails, reply_token)
      select c.empresa_id, c.id, t.id, t.nome,
        jsonb_build_array('pricing@' || replace(lower(t.nome), ' ', '-') || '.com.br'), md5(random()::text)
      from cotacoes c cross join transportadores t
      where c.empresa_id = ${empresaId} and t.empresa_id = ${empresaId}`);
    const { rows } = await db.execute<{ token: string; email: string }>(
      sql`select reply_token as token, emails->>0 as email from cotacao_destinatarios order by reply_token`,
    );
    return rows;
  });
}

type Counts = {
  inbound: number;
  distinctKeys: number;
  respostas: number;
  answeredRecipients: number;
  maxVersion: number;
  counted: number;
  processed: number;
};

const COUNTS = `select
  (select count(*)::int from inbound_messages) as inbound,
  (select count(distinct dedupe_key)::int from inbound_messages) as "distinctKeys",
  (select count(*)::int from respostas) as respostas,
  (select count(*)::int from cotacao_destinatarios where respondeu_em is not null) as "answeredRecipients",
  (select coalesce(max(versao), 0)::int from respostas) as "maxVersion",
  (select coalesce(sum(respostas_recebidas), 0)::int from cotacoes) as counted,
  (select count(*)::int from inbound_messages where status = 'processada') as processed`;

async function readCounts(): Promise<Counts> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      return (await client.query<Counts>(COUNTS)).rows[0]!;
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: pgliteExtensions });
  try {
    return (await client.query<Counts>(COUNTS)).rows[0]!;
  } finally {
    await client.close();
  }
}

async function waitForSmtp(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`process exited: ${server.output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(smtpPort, '127.0.0.1');
      socket.once('data', (banner) => {
        socket.destroy();
        resolve(banner.toString().startsWith('220'));
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`SMTP listener not up in time: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function start(): Promise<ServerProcess> {
  const env = {
    DATA_DIR: dataDir,
    MAIL_REPLY_ADDRESS: REPLY_ADDRESS,
    INBOUND_SMTP_PORT: String(smtpPort),
    // Every reply comes from 127.0.0.1, many at once: lift the per-address connection limit.
    INBOUND_SMTP_MAX_PER_ADDRESS: '1000',
    LOG_LEVEL: 'error',
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
      : { PORT: String(await freePort()) }),
  };
  const server = startServerProcess(env, { entry: databaseUrl ? 'worker' : 'server' });
  await waitForSmtp(server);
  return server;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-inbound-crash-'));
  smtpPort = await freePort();
  recipients = await seed();
}, 60_000);

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`,
    );
    await client.end();
  }
});

it('stores each of 200 replies exactly once when the process is killed with SIGKILL mid-way and restarted', async () => {
  expect(recipients).toHaveLength(REPLIES);
  const at = REPLY_ADDRESS.indexOf('@');
  const messages = await Promise.all(
    recipients.map(async (recipient, i) => {
      const to = `${REPLY_ADDRESS.slice(0, at)}+${recipient.token}${REPLY_ADDRESS.slice(at)}`;
      return {
        to,
        from: recipient.email,
        raw: await carrierReply({
          from: recipient.email,
          to,
          messageId: `<crash-${i}-${randomBytes(4).toString('hex')}@agente.com.br>`,
          text: typicalAnswer({ frete40: 2000 + i }),
        }),
      };
    }),
  );

  let server = await start();
  let accepted = 0;
  let failedAttempts = 0;
  let acceptedBeforeKill = 0;
  let killed: Promise<void> | undefined;
  let atKill: Counts | undefined;
  const transport = () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 20_000,
    });
  /** An MTA's delivery: retried until the listener answers 250 (after the pipeline committed). */
  async function deliver(message: (typeof messages)[number]): Promise<void> {
    for (;;) {
      try {
        await transport().sendMail({ envelope: { from: message.from, to: [message.to] }, raw: message.raw });
        accepted++;
        if (accepted === KILL_AFTER && !killed) {
          acceptedBeforeKill = accepted;
          // Kill while the other senders' messages are in flight, then start again on the same port.
          killed = (async () => {
            server.child.kill('SIGKILL');
            await server.exited;
            atKill = await readCounts();
            server = await start();
          })();
        }
        return;
      } catch {
        failedAttempts++;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
  const queue = [...messages];
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      for (let message = queue.shift(); message; message = queue.shift()) await deliver(message);
    }),
  );
  await killed;
  server.child.kill('SIGTERM');
  await server.exited;

  // Store first (issue 29): a 250 means stored, not processed. What the kill left stored but unprocessed
  // (and what a kill in the middle of processing rolled back) waits as 'pendente' for its grace period;
  // let that period pass, and each start's first sweep takes it, a batch of 20 at least before a graceful
  // stop: start again until nothing is pending.
  const dueNow = () =>
    withDatabase(async (db) => {
      const { rows } = await db.execute<{ n: number }>(sql`
        with due as (update inbound_messages set proxima_tentativa = now() - interval '1 second'
          where status = 'pendente' returning 1) select count(*)::int as n from due`);
      return rows[0]!.n;
    });
  const orphans = await dueNow();
  let restarts = 0;
  for (let pending = orphans; pending > 0 && restarts < 20; pending = await dueNow()) {
    restarts++;
    server = await start();
    server.child.kill('SIGTERM');
    await server.exited;
  }
  console.info(
    `inbound crash: ${atKill!.inbound} stored and ${atKill!.processed} processed at the kill; ${orphans} pending at the end, taken in ${restarts} restart(s)`,
  );

  // The kill happened half-way, with deliveries cut off (they were retried after the restart).
  expect(acceptedBeforeKill).toBe(KILL_AFTER);
  expect(failedAttempts).toBeGreaterThan(0);
  expect(accepted).toBe(REPLIES);
  expect(await readCounts()).toEqual({
    inbound: REPLIES,
    distinctKeys: REPLIES,
    respostas: REPLIES,
    answeredRecipients: REPLIES,
    maxVersion: 1,
    counted: REPLIES,
    processed: REPLIES,
  });
  // At the kill, every message acknowledged so far was stored (processing may have lagged behind).
  expect(atKill!.inbound).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(atKill!.processed).toBeLessThanOrEqual(atKill!.inbound);
}, 300_000);
