import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, waitFor } from '../test/helpers.js';
import { defaultLogger } from './app.js';
import { RequestLog } from './lib/request-log.js';

/** A stream that parses the JSON lines written to it into `lines`. */
function lineCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Sistema de Cotações</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('platform', () => {
  it('reports health with the database reachable and the version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: 'ok',
    });
  });

  it('sends the security headers of S11 and no-store on API answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // JSON and downloads load nothing: the API's policy allows nothing at all.
    expect(csp).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with problem+json in pt-BR', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'Rota não encontrada.',
      status: 404,
    });
  });

  it('serves the SPA with an index.html fallback for client routes, and its assets', async () => {
    for (const url of ['/', '/login', '/quotes/123', '/configuracoes/alterar-senha']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('publishes the OpenAPI document of the route schemas at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/health', '/api/rates']),
    );
    expect(document.paths['/api/auth/login'].post.requestBody).toBeDefined();
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('declares an access rule for every API route', () => {
    const routes = [...ctx.app.routeAccess.keys()];
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'GET /api/auth/me', 'GET /api/rates']),
    );
    expect(ctx.app.routeAccess.get('GET /api/auth/me')).toEqual({ kind: 'user' });
  });

  it('refuses to register a route without an access rule', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: accessPlugin } = await import('./plugins/access.js');
    const bare = Fastify();
    await bare.register(accessPlugin, { sessions: ctx.app.services.sessions });
    expect(() => bare.get('/api/sem-regra', async () => 'x')).toThrow(/declares no access rule/);
    await bare.close();
  });
});

describe('production and logs', () => {
  it('sends HSTS for a year only in production', async () => {
    const development = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(development.headers['strict-transport-security']).toBeUndefined();
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await production.close();
    }
  });

  it("writes the access log in batches with the production logger's options", async () => {
    const { default: Fastify } = await import('fastify');
    const { parseConfig } = await import('./config/env.js');
    const production = parseConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      APP_URL: 'https://cotacoes.example',
    });
    const bare = Fastify({ logger: defaultLogger(production, false) });
    try {
      expect(RequestLog.forLogger(bare.log)).toBeDefined();
    } finally {
      await bare.close();
    }
  });

  it('logs through request.log, with the same fields, when the logger is one RequestLog cannot copy', async () => {
    const { lines, stream } = lineCapture();
    // A mixin changes every line: the template could not follow it.
    const logger = { level: 'info', stream, mixin: () => ({ servico: 'api' }) };
    const logged = await createTestApp({}, { logger });
    try {
      expect(RequestLog.forLogger(logged.app.log)).toBeUndefined();
      await logged.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'direto-12345678' },
      });
      // Written at once (no batch), by pino, with the mixin.
      expect(lines.filter((line) => line.msg === 'request completed')).toEqual([
        expect.objectContaining({
          reqId: 'direto-12345678',
          servico: 'api',
          method: 'GET',
          url: '/api/health',
          statusCode: 200,
          responseTime: expect.any(Number),
          remoteAddress: '127.0.0.1',
        }),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('reports a request line that cannot be written and keeps answering', async () => {
    const { lines, stream } = lineCapture();
    // A logger that fails on the request line alone (pino calls the mixin for every line it writes).
    const mixin = (fields: object) => {
      if ('statusCode' in fields) throw new Error('log sink refused the line');
      return {};
    };
    const logged = await createTestApp({}, { logger: { level: 'info', stream, mixin } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await logged.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const reported = lines.filter((line) => line.msg === 'request log line not written');
      expect(reported).toHaveLength(2);
      expect(reported[0]).toMatchObject({ level: 50, err: { message: 'log sink refused the line' } });
    } finally {
      await logged.close();
    }
  });

  it('logs every request in one line with its request id, taken from X-Request-Id when well formed', async () => {
    const { lines, stream } = lineCapture();
    const logged = await createTestApp({}, { logger: { level: 'info', stream } });
    try {
      await logged.app.inject({
        method: 'GET',
        url: '/api/nao-existe',
        headers: { 'x-request-id': 'pedido-12345678' },
      });
      await logged.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id!' } });
      // The lines are written in batches (RequestLog): within 200 ms on a quiet server.
      const completed = await waitFor(() => {
        const found = lines.filter((line) => line.msg === 'request completed');
        return found.length === 2 ? found : undefined;
      }, 2_000);
      const ids = completed.map((line) => line.reqId);
      expect(ids[0]).toBe('pedido-12345678');
      // A malformed one is replaced by the app's own: its random prefix and a counter.
      expect(ids[1]).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
      // One line per request, holding what was asked, by whom, the answer and its time.
      expect(lines.filter((line) => line.reqId === 'pedido-12345678')).toHaveLength(1);
      expect(completed[0]).toMatchObject({
        method: 'GET',
        url: '/api/nao-existe',
        remoteAddress: '127.0.0.1',
        statusCode: 404,
        responseTime: expect.any(Number),
      });
      expect(completed[1]).toMatchObject({ url: '/api/health', statusCode: 200 });
      // app.ts asks the same question: Fastify's pino is accepted, so these came through RequestLog.
      expect(RequestLog.forLogger(logged.app.log)).toBeDefined();
      // What is held when the app closes is written then, without waiting for the batch.
      await logged.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'ultimo-12345678' },
      });
      await logged.app.close();
      expect(lines.filter((line) => line.reqId === 'ultimo-12345678')).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});

describe('rate limits', () => {
  it('limits requests per IP with a pt-BR 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const login = [];
      for (let i = 0; i < 3; i++) {
        login.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'x@y.com', password: 'abc' },
            remoteAddress: '10.0.0.9',
          }),
        );
      }
      expect(login.map((r) => r.statusCode)).toEqual([401, 401, 429]);
      expect(login[2]!.json()).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect(login[2]!.json().message).toMatch(/^Muitas tentativas/);
    } finally {
      await limited.close();
    }
  });
});
