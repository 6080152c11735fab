import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/fakes/smtp-sink.js';
import { openTestDatabase, waitFor } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { parseConfig } from '../config/env.js';

// ADR 0014: the dispatcher is woken by the commit that queues mail (not by its poll), and account mail
// overtakes a backlog of bulk mail.
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let app: FastifyInstance;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  // A slow server keeps a backlog waiting.
  sink = await startSmtpSink({ delayMs: 40 });
  cleanups.push(() => sink.close());
  const { database, drop } = await openTestDatabase();
  cleanups.push(drop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-dispatch-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    MAIL_CONCURRENCY: '2',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  // The backstop poll runs every 10 minutes: only the commit's NOTIFY can wake the dispatcher in time.
  app = await buildApp({ config, database, workers: true, workerPollSeconds: 600, logger: false });
  cleanups.push(() => app.close());
  await app.ready();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function queue(kind: string, to: string, subject: string): Promise<string> {
  const { db } = app.services.database;
  return db.transaction(async (tx) => {
    const { messageId } = await app.services.mailer.enqueue(tx, { kind, to: [to], subject, text: 'corpo' });
    return messageId;
  });
}

it('sends a message as soon as the transaction that queued it commits', async () => {
  const messageId = await queue('test', 'agora@empresa.com.br', 'Imediato');
  const sent = await waitFor(() => sink.messages.find((m) => m.messageId === messageId), 3_000);
  expect(sent.to).toEqual(['agora@empresa.com.br']);
});

it('puts a verification code ahead of a backlog of bulk mail', async () => {
  sink.messages.length = 0;
  const { db } = app.services.database;
  await db.transaction(async (tx) => {
    for (let i = 0; i < 30; i++) {
      await app.services.mailer.enqueue(tx, {
        kind: 'quote.request',
        to: [`agente${i}@transportadora.com.br`],
        subject: `Cotação ${i}`,
        text: 'corpo',
      });
    }
  });
  await waitFor(() => sink.messages.length >= 1 || undefined);
  const code = await queue('auth.verification', 'pessoa@importadora.com.br', 'Seu código de verificação');
  await waitFor(() => sink.messages.length >= 31 || undefined, 15_000);
  const position = sink.messages.findIndex((m) => m.messageId === code);
  // At most the two messages in flight and the ones that finished meanwhile go before it.
  expect(position).toBeGreaterThanOrEqual(0);
  expect(position).toBeLessThan(6);
  const row = await db.query.mailOutbox.findFirst({ where: (outbox, { eq }) => eq(outbox.messageId, code) });
  expect(row?.priority).toBeGreaterThan(0);
  expect(row?.status).toBe('sent');
});

it('retries a refused message after its backoff with the same Message-ID', async () => {
  sink.messages.length = 0;
  sink.controls.failNext = 1;
  const messageId = await queue('test', 'retry@empresa.com.br', 'Nova tentativa');
  const { db } = app.services.database;
  const failed = await waitFor(async () => {
    const row = await db.query.mailOutbox.findFirst({
      where: (outbox, { eq }) => eq(outbox.messageId, messageId),
    });
    return row?.lastError ? row : undefined;
  });
  expect(failed.status).toBe('pending');
  expect(sink.messages).toHaveLength(0);
  // Backoff 5 s; the poll is 10 minutes away, so the retry is the dispatcher's own timer.
  const sent = await waitFor(() => sink.messages.find((m) => m.to.includes('retry@empresa.com.br')), 15_000);
  expect(sent.messageId).toBe(messageId);
  const row = await db.query.mailOutbox.findFirst({
    where: (outbox, { eq }) => eq(outbox.messageId, messageId),
  });
  expect(row?.attempts).toBe(2);
}, 30_000);

it('a claim that fails is tried again within a second, not at the next poll', async () => {
  sink.messages.length = 0;
  const { db } = app.services.database;
  // The message is queued and, in the same commit, the outbox disappears: the claim its NOTIFY triggers
  // fails. The poll is 10 minutes away; the table is back 300 ms later.
  const messageId = await db.transaction(async (tx) => {
    const queued = await app.services.mailer.enqueue(tx, {
      kind: 'auth.password-reset',
      to: ['esqueci@empresa.com.br'],
      subject: 'Código para redefinir',
      text: 'corpo',
    });
    await tx.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    return queued.messageId;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
  const sent = await waitFor(() => sink.messages.find((m) => m.messageId === messageId), 5_000);
  expect(sent.to).toEqual(['esqueci@empresa.com.br']);
});
