import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { hashPassword } from '../src/lib/passwords.js';
import { SHARED_FLUSH_MS } from '../src/lib/shared-limits.js';
import { freePort, type ServerProcess, startServerProcess, waitForHealth } from './server-process.js';

/*
 * R9, replicas act as one (issue 29): two API processes (`npm start`'s src/server.ts) on one PostgreSQL
 * schema. Whatever an attacker spreads over both must count as on one: the sign-in throttle, the per-IP
 * limits (a route's own and the global one), the verification-code attempts; a session revoked on one is
 * refused by the other. Each case speaks from its own address (X-Forwarded-For, TRUST_PROXY) so that the
 * per-IP limits of one case do not touch another. The embedded database has one process by design (its
 * data directory is locked), so this file needs DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const schema = `replicas_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'Replica!Senha-2026';
/** The global per-IP limit of both processes in this file (per minute). */
const RATE_LIMIT_MAX = 20;
/** The auth routes' own per-IP limit. */
const AUTH_RATE_LIMIT_MAX = 20;

let dataDirs: string[] = [];
let replicas: ServerProcess[] = [];

type Answer = { status: number; code?: string; body: Record<string, unknown>; cookie?: string };

async function call(
  replica: ServerProcess,
  method: string,
  url: string,
  options: { ip: string; body?: unknown; token?: string; cookie?: string },
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip, origin: replica.url };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${replica.url}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { status: response.status, code: body.code as string | undefined, body, cookie };
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl!, schema });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function createUser(email: string): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await withDatabase((db) =>
    db.execute(
      sql`insert into users (name, email, password_hash, role) values ('Réplica', ${email}, ${passwordHash}, 'usuario')`,
    ),
  );
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe.skipIf(!databaseUrl)('two API replicas on one PostgreSQL (R9)', () => {
  beforeAll(async () => {
    // Migrated once here, so that the two processes start on a ready schema.
    await withDatabase(async () => {});
    replicas = await Promise.all(
      [0, 1].map(async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-replica-'));
        dataDirs.push(dataDir);
        const replica = startServerProcess({
          DATABASE_URL: databaseUrl!,
          DATABASE_SCHEMA: schema,
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          TRUST_PROXY: 'true',
          RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
          AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_MAX),
          LOG_LEVEL: 'error',
        });
        await waitForHealth(replica, 60_000);
        return replica;
      }),
    );
  }, 90_000);

  afterAll(async () => {
    for (const replica of replicas) {
      replica.child.kill('SIGTERM');
      await replica.exited;
    }
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    dataDirs = [];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`,
    );
    await client.end();
  }, 30_000);

  it('checks 5 of 14 rapid wrong passwords spread over both replicas, as one replica would', async () => {
    const email = 'alvo.replicas@importadora.com.br';
    await createUser(email);
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        call(replicas[i % 2]!, 'POST', '/api/auth/login', {
          ip: '198.51.100.10',
          body: { email, password: `errada-${i}` },
        }),
      ),
    );
    const checked = answers.filter((answer) => answer.code === 'INVALID_CREDENTIALS');
    const throttled = answers.filter((answer) => answer.code === 'LOGIN_THROTTLED');
    // Two separate throttles would check 10 (5 each).
    expect(checked).toHaveLength(5);
    expect(throttled).toHaveLength(9);
    expect(throttled.every((answer) => answer.status === 429)).toBe(true);
  }, 60_000);

  it("shares a route's own per-IP limit: the 21st call over both replicas is refused", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      // An unreadable body: refused by validation (400) after the limit counted it.
      const answer = await call(replicas[i % 2]!, 'POST', '/api/auth/login', {
        ip: '198.51.100.20',
        body: { email: 'nao-e-email' },
      });
      statuses.push(answer.status);
    }
    // 12 per replica: each alone would let all of them through.
    expect(statuses).toEqual([...Array(AUTH_RATE_LIMIT_MAX).fill(400), 429, 429, 429, 429]);
  }, 60_000);

  it('shares the global per-IP limit (batched every SHARED_FLUSH_MS)', async () => {
    const [a, b] = replicas as [ServerProcess, ServerProcess];
    const ip = '198.51.100.30';
    const me = async (replica: ServerProcess) => (await call(replica, 'GET', '/api/auth/me', { ip })).status;
    const settle = () => sleep(SHARED_FLUSH_MS * 3);
    const fromA: number[] = [];
    for (let i = 0; i < 15; i++) fromA.push(await me(a));
    expect(fromA).toEqual(Array(15).fill(401));
    await settle();
    const fromB = [await me(b), await me(b), await me(b)];
    await settle();
    // B now knows the shared 18: two more fit in the 20 per minute, the third does not.
    fromB.push(await me(b), await me(b), await me(b));
    expect(fromB).toEqual([401, 401, 401, 401, 401, 429]);
    // Once B has added its hits, A learns the total at its own next flush and refuses too.
    await settle();
    await me(a);
    await settle();
    expect(await me(a)).toBe(429);
  }, 60_000);

  it('counts verification-code attempts once over both replicas: 14 parallel guesses, 5 compared', async () => {
    const email = 'novo.replicas@importadora.com.br';
    const ip = '198.51.100.40';
    const started = await call(replicas[0]!, 'POST', '/api/auth/register', { ip, body: { email } });
    expect(started.status).toBeLessThan(300);
    const registration = await withDatabase(async (db) => {
      const { rows } = await db.execute<{ id: string; code_hash: string }>(
        sql`select id, code_hash from pending_registrations where email = ${email}`,
      );
      return rows[0]!;
    });
    // 14 codes that are surely wrong (the stored hash is an HMAC of the code keyed by the registration).
    const wrong: string[] = [];
    for (let n = 0; wrong.length < 14; n++) {
      const code = String(n).padStart(6, '0');
      if (createHmac('sha256', registration.id).update(code).digest('hex') !== registration.code_hash)
        wrong.push(code);
    }
    const answers = await Promise.all(
      wrong.map((code, i) =>
        call(replicas[i % 2]!, 'POST', '/api/auth/verify-email', {
          ip,
          cookie: started.cookie,
          body: { code },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes).toEqual([...Array(4).fill('CODE_INVALID'), ...Array(10).fill('CODE_TOO_MANY_ATTEMPTS')]);
    const attempts = await withDatabase(async (db) => {
      const { rows } = await db.execute<{ attempts: number }>(
        sql`select attempts from pending_registrations where id = ${registration.id}`,
      );
      return rows[0]!.attempts;
    });
    // Checked then counted, 14 would have been compared.
    expect(attempts).toBe(5);
  }, 60_000);

  it('refuses on one replica a session signed out on the other', async () => {
    const [a, b] = replicas as [ServerProcess, ServerProcess];
    const email = 'sessao.replicas@importadora.com.br';
    const ip = '198.51.100.50';
    await createUser(email);
    const signedIn = await call(a, 'POST', '/api/auth/login', { ip, body: { email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token as string;
    // B reads the session and keeps it in its short cache (SESSION_CACHE_MS, 10 s by default).
    expect((await call(b, 'GET', '/api/auth/me', { ip, token })).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { ip, token })).status).toBeLessThan(300);
    // The NOTIFY at A's commit reaches B asynchronously: well under a second, far from the cache's 10 s.
    let status = 0;
    for (let i = 0; i < 20 && status !== 401; i++) {
      if (i > 0) await sleep(50);
      status = (await call(b, 'GET', '/api/auth/me', { ip, token })).status;
    }
    expect(status).toBe(401);
  }, 60_000);
});
