import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type AppConfig, parseConfig } from '../src/config/env.js';
import { type DatabaseHandle, openDatabase, pgliteExtensions, pgliteTypes } from '../src/db/client.js';
import type { DnsResolver } from '../src/inbound/authenticity.js';
import type { MailTransport } from '../src/mail/transport.js';

export type TestContext = {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
};

/** A database for one test file: PGlite loaded from the migrated template, or a fresh PostgreSQL schema. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ kind: 'postgres', url, schema });
    return {
      database,
      async drop() {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(
          `DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`,
        );
        await client.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const instance = await PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(template)]),
    extensions: pgliteExtensions,
    ...pgliteTypes,
  });
  const database = await openDatabase({ kind: 'pglite', instance });
  return { database, drop: () => database.close() };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailTransport?: MailTransport;
    workers?: boolean;
    logger?: FastifyServerOptions['logger'];
    /** DNS of the inbound sender checks; default: offline (no lookups; CI has no network). */
    dnsResolver?: DnsResolver;
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'local',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://127.0.0.1:3000',
    RATES_API_URL: 'http://127.0.0.1:9/unreachable',
    PTAX_API_URL: 'http://127.0.0.1:9/unreachable',
    // Local fake services answer in milliseconds, but a test run shares two cores with its other workers:
    // the margin keeps a slow moment from failing a call that should succeed. Tests of a service that never
    // answers set their own, shorter timeout.
    HTTP_TIMEOUT_MS: '2000',
    // Tests read their own writes at once: the dashboard and indicators read every time unless a test
    // sets its own window (ADR 0031).
    SUMMARY_MAX_AGE_MS: '0',
    RATE_LIMIT_MAX: '10000',
    AUTH_RATE_LIMIT_MAX: '10000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    INBOUND_DNS: 'offline',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    workers: options.workers ?? true,
    workerPollSeconds: 0.5,
    logger: options.logger ?? false,
    mailTransport: options.mailTransport,
    dnsResolver: options.dnsResolver,
  });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type CapturedMail = { to: string; subject: string; text: string; messageId: string; file: string };

/** Messages the local transport wrote to `$DATA_DIR/mail/sent`. */
export async function readSentMail(config: AppConfig): Promise<CapturedMail[]> {
  const names = fs.existsSync(config.mailSentDir) ? fs.readdirSync(config.mailSentDir) : [];
  return Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = path.join(config.mailSentDir, name);
        const parsed = await simpleParser(fs.readFileSync(file));
        const to = [parsed.to]
          .flat()
          .filter(Boolean)
          .map((entry) => entry!.text)
          .join(', ');
        return {
          to,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          messageId: parsed.messageId ?? '',
          file,
        };
      }),
  );
}

export async function waitForMail(
  config: AppConfig,
  to: string,
  subjectIncludes: string,
): Promise<CapturedMail> {
  return waitFor(async () =>
    (await readSentMail(config)).find(
      (mail) => mail.to.includes(to) && mail.subject.includes(subjectIncludes),
    ),
  );
}

export function codeFrom(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail ${mail.subject}`);
  return match[1]!;
}

export function cookieHeader(
  response: { cookies: { name: string; value: string }[] },
  existing = '',
): string {
  const jar = new Map(
    existing ? existing.split('; ').map((pair) => pair.split('=') as [string, string]) : [],
  );
  for (const cookie of response.cookies) {
    if (cookie.value) jar.set(cookie.name, cookie.value);
    else jar.delete(cookie.name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Registers and signs in a new account through the real flow; returns its token and cookies. */
export async function registerUser(
  ctx: TestContext,
  email: string,
  password = 'senhaForte123',
  name = 'Pessoa Teste',
): Promise<{ token: string; user: { id: string; role: string; email: string }; cookies: string }> {
  const register = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email } });
  if (register.statusCode !== 200) throw new Error(`register failed: ${register.body}`);
  let cookies = cookieHeader(register);
  const mail = await waitForMail(ctx.config, email.toLowerCase(), 'código');
  const verify = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: { cookie: cookies },
    payload: { code: codeFrom(mail) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const complete = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/complete-registration',
    headers: { cookie: cookies },
    payload: { name, password, confirmPassword: password },
  });
  if (complete.statusCode !== 200) throw new Error(`complete failed: ${complete.body}`);
  cookies = cookieHeader(complete, cookies);
  const body = complete.json();
  return { token: body.access_token, user: body.user, cookies };
}

/** The smallest PDF that opens (one blank page), written once in the shared samples. */
export { MINIMAL_PDF } from '@cotacoes/shared/samples';
