import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgliteExtensions } from '../src/db/client.js';
import { startSmtpSink } from './fakes/smtp-sink.js';
import { waitFor } from './helpers.js';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process.js';

// R1: kill -9 the process while mail is queued, restart, and every enqueued message is delivered,
// each Message-ID exactly as enqueued; P8: the restarted process resumes the pending mail within seconds.
// On the embedded database (the process owns its data dir) or, with DATABASE_URL, in a fresh schema of
// PostgreSQL, where the dead process's claims must expire (ADR 0014).
const databaseUrl = process.env.DATABASE_URL;
const schema = `crash_${randomBytes(5).toString('hex')}`;
/** P8 asks 10 s; the claim lease (6 s) and the poll (2 s) give at most 8 s, plus start-up on a busy machine. */
const RESUME_WITHIN_MS = 15_000;
const MAIL_CONCURRENCY = '4';

let dataDir: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-crash-'));
  // A slow server keeps messages in flight when the process is killed.
  sink = await startSmtpSink({ delayMs: 150 });
});
afterAll(async () => {
  await sink?.close();
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

async function readOutbox(): Promise<{ message_id: string; status: string }[]> {
  const query = 'select message_id, status from mail_outbox';
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await client.connect();
    const { rows } = await client.query<{ message_id: string; status: string }>(query);
    await client.end();
    return rows;
  }
  const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: pgliteExtensions });
  const { rows } = await client.query<{ message_id: string; status: string }>(query);
  await client.close();
  return rows;
}

async function burst(server: ServerProcess, from: number, count: number): Promise<number> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `pessoa${from + index}@crash.com.br` }),
      }),
    ),
  );
  return responses.filter((response) => response.ok).length;
}

async function start(): Promise<ServerProcess> {
  const port = String(await freePort());
  const server = startServerProcess({
    PORT: port,
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    MAIL_CONCURRENCY,
    RATE_LIMIT_MAX: '10000',
    AUTH_RATE_LIMIT_MAX: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
  });
  await waitForHealth(server, 60_000);
  return server;
}

it('delivers every queued message once by Message-ID across kill -9 and restart, resuming within seconds', async () => {
  let accepted = 0;
  for (const round of [0, 1]) {
    const server = await start();
    accepted += await burst(server, round * 100, 12);
    server.child.kill('SIGKILL');
    await server.exited;
  }
  const deliveredBeforeRecovery = new Set(sink.messages.map((m) => m.messageId)).size;
  expect(deliveredBeforeRecovery).toBeLessThan(accepted);

  const server = await start();
  await waitFor(
    () => new Set(sink.messages.map((m) => m.messageId)).size >= accepted || undefined,
    RESUME_WITHIN_MS,
  );
  if (databaseUrl) {
    // A message a killed process sent without recording it is sent again once its claim expires.
    await waitFor(async () => (await readOutbox()).every((row) => row.status === 'sent'), RESUME_WITHIN_MS);
  }
  server.child.kill('SIGTERM');
  await server.exited;

  const rows = await readOutbox();
  expect(rows.length).toBe(accepted);
  expect(rows.every((row) => row.status === 'sent')).toBe(true);
  const delivered = new Set(sink.messages.map((m) => m.messageId));
  expect([...delivered].sort()).toEqual(rows.map((row) => row.message_id).sort());
  // A repeat can only come from the SMTP end-of-data gap of a delivery in flight at a kill (at most
  // MAIL_CONCURRENCY per kill), with the same Message-ID.
  expect(sink.messages.length - delivered.size).toBeLessThanOrEqual(2 * Number(MAIL_CONCURRENCY));
  // The kills reset connections in the middle of messages; nothing else went wrong on the server's side.
  expect(sink.errors).toEqual([]);
}, 180_000);
