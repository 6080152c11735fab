import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundMessages, mailboxState } from '../src/db/schema/inbound.js';
import { ImapSource, parseImapUrl } from '../src/inbound/sources/imap.js';
import { type Dovecot, hasDovecot, startDovecot } from './fakes/dovecot.js';
import { createTestApp, type TestContext, waitFor } from './helpers.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres || !hasDovecot) {
  console.warn(
    'IMAP takeover across processes SKIPPED: it needs DATABASE_URL (npm run worker is PostgreSQL only) and /usr/sbin/dovecot.',
  );
}

function reply(n: number): string {
  return [
    'From: Pricing <pricing@atlantica.com.br>',
    'To: cotacoes+0123456789abcdef0123456789abcdef@importadora.com.br',
    `Subject: RE: Cotação ${n}`,
    `Message-ID: <takeover-${n}@atlantica.com.br>`,
    '',
    `Frete: USD ${n}00,00`,
    '',
  ].join('\r\n');
}

describe.skipIf(!onPostgres || !hasDovecot)('IMAP mailbox held by `npm run worker` processes', () => {
  let dovecot: Dovecot;
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dovecot = await startDovecot();
    ctx = await createTestApp({}, { workers: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-worker-'));
  });
  afterAll(async () => {
    await ctx?.close();
    await dovecot?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('another process takes the mailbox over after the holder is killed with SIGKILL', async () => {
    const db = ctx.app.services.database.db;
    const { rows } = await ctx.app.services.database.db.execute<{ schema: string }>(
      sql`select current_schema() as schema`,
    );
    const url = dovecot.url('INBOX');
    const mailboxId = parseImapUrl(url).id;
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: process.env.DATABASE_URL,
        DATABASE_SCHEMA: rows[0]!.schema,
        DATA_DIR: dataDir,
        IMAP_URL: url,
        IMAP_POLL_SECONDS: '1',
        MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    try {
      await dovecot.append(reply(1));
      const held = await waitFor(async () => {
        const [state] = await db.select().from(mailboxState).where(eq(mailboxState.id, mailboxId));
        return state && state.lastUid >= 1 ? state : undefined;
      }, 30_000);
      expect(held.leaseOwner).toContain(`:${worker.pid}:`);
    } finally {
      worker.kill('SIGKILL');
      await exited;
    }

    // The dead worker's lease is still there; a second process waits for it to expire, then takes over.
    const successor = new ImapSource({
      db,
      pipeline: ctx.app.services.inbound,
      url,
      log: pino({ level: 'silent' }),
      pollSeconds: 1,
      renewSeconds: 0.5,
      owner: 'sucessor',
    });
    successor.start();
    try {
      await dovecot.append(reply(2));
      const taken = await waitFor(async () => {
        const [state] = await db.select().from(mailboxState).where(eq(mailboxState.id, mailboxId));
        return state && state.lastUid >= 2 ? state : undefined;
      }, 30_000);
      expect(taken.leaseOwner).toBe('sucessor');
      const stored = await db
        .select({ messageId: inboundMessages.messageId })
        .from(inboundMessages)
        .where(sql`${inboundMessages.messageId} like '<takeover-%'`);
      expect(stored.map((row) => row.messageId).sort()).toEqual([
        '<takeover-1@atlantica.com.br>',
        '<takeover-2@atlantica.com.br>',
      ]);
    } finally {
      await successor.stop();
    }
  }, 90_000);
});
