import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgliteExtensions } from '../src/db/client.js';
import { startSmtpSink } from './fakes/smtp-sink.js';
import { waitFor } from './helpers.js';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process.js';

// R1: kill -9 the process while mail is queued, restart, and every enqueued message is delivered,
// each Message-ID exactly as enqueued. Runs on the embedded database (the process owns its data dir).
const skip = Boolean(process.env.DATABASE_URL);

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
});

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
    RATE_LIMIT_MAX: '10000',
    AUTH_RATE_LIMIT_MAX: '10000',
  });
  await waitForHealth(server, 60_000);
  return server;
}

it.skipIf(skip)(
  'delivers every queued message once by Message-ID across kill -9 and restart',
  async () => {
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
    await waitFor(() => new Set(sink.messages.map((m) => m.messageId)).size >= accepted || undefined, 60_000);
    server.child.kill('SIGTERM');
    await server.exited;

    const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: pgliteExtensions });
    const { rows } = await client.query<{ message_id: string; status: string }>(
      'select message_id, status from mail_outbox',
    );
    await client.close();
    expect(rows.length).toBe(accepted);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    const delivered = new Set(sink.messages.map((m) => m.messageId));
    expect([...delivered].sort()).toEqual(rows.map((row) => row.message_id).sort());
    // A repeat can only come from the SMTP end-of-data gap of a killed delivery, with the same Message-ID.
    expect(sink.messages.length - delivered.size).toBeLessThanOrEqual(2);
  },
  180_000,
);
