import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CompletedRequest, loggedUrl, RequestLog } from './request-log.js';

/** A pino logger writing into `chunks` (one entry per write), at a fixed time. */
function capture(options: pino.LoggerOptions = {}) {
  const chunks: string[] = [];
  const logger = pino(
    {
      level: 'info',
      timestamp: () => ',"time":1795765711197',
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...options,
    },
    { write: (chunk: string) => chunks.push(chunk) },
  );
  return { logger, chunks };
}

const request: CompletedRequest = {
  reqId: 'pedido-12345678',
  method: 'GET',
  url: '/api/quotes?search=%22a%22&x=\\',
  statusCode: 200,
  responseTime: 0.5941309999998339,
  remoteAddress: '127.0.0.1',
};

/** The line pino itself writes for a request, as the app logged it before RequestLog. */
function pinoLine(logger: pino.Logger, completed: CompletedRequest): void {
  const { reqId, ...fields } = completed;
  logger.child({ reqId }).info(fields, 'request completed');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RequestLog', () => {
  it('writes byte for byte the line pino writes, for awkward URLs and numbers too', () => {
    const requests: CompletedRequest[] = [
      request,
      { ...request, url: '/api/x?q=São "Paulo" \\ \u0001 \u2028', method: 'POST', statusCode: 404 },
      { ...request, url: '/api/x?q=%ED%A0%80', responseTime: Number.NaN, remoteAddress: '::ffff:10.0.0.1' },
      { ...request, reqId: '3c3ae7f8-dba3-42bb-b6c4-fcf1f2724729', responseTime: 12 },
    ];
    const theirs = capture();
    for (const completed of requests) pinoLine(theirs.logger, completed);
    const ours = capture();
    const log = RequestLog.forLogger(ours.logger as unknown as FastifyBaseLogger)!;
    expect(log).toBeDefined();
    for (const completed of requests) log.add(completed);
    log.close();
    expect(ours.chunks.join('')).toBe(theirs.chunks.join(''));
    expect(theirs.chunks).toHaveLength(4);
    // Each line is JSON on its own line.
    expect(
      ours.chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).url),
    ).toEqual(requests.map((completed) => completed.url));
  });

  it('escapes a lone surrogate where pino writes it raw (an invalid character once encoded)', () => {
    const { logger, chunks } = capture();
    const log = RequestLog.forLogger(logger as unknown as FastifyBaseLogger)!;
    log.add({ ...request, url: '/api/x?q=\ud800' });
    log.close();
    expect(chunks[0]).toContain('"url":"/api/x?q=\\ud800"');
    expect(JSON.parse(chunks[0]!).url).toBe('/api/x?q=\ud800');
  });

  it('holds lines for at most 200 ms, then writes them in one write', () => {
    vi.useFakeTimers();
    const { logger, chunks } = capture();
    const log = RequestLog.forLogger(logger as unknown as FastifyBaseLogger)!;
    log.add(request);
    log.add({ ...request, statusCode: 201 });
    vi.advanceTimersByTime(150);
    expect(chunks).toHaveLength(0);
    vi.advanceTimersByTime(60);
    expect(chunks).toHaveLength(1);
    expect(
      chunks[0]!
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).statusCode),
    ).toEqual([200, 201]);
    log.close();
  });

  it('writes a batch as soon as it holds 16 kB, and at once after close', () => {
    vi.useFakeTimers();
    const { logger, chunks } = capture();
    const log = RequestLog.forLogger(logger as unknown as FastifyBaseLogger)!;
    let added = 0;
    while (chunks.length === 0 && added < 1000) {
      log.add(request);
      added++;
    }
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.length).toBeGreaterThanOrEqual(16 * 1024);
    expect(chunks[0]!.length).toBeLessThan(17 * 1024);
    expect(chunks[0]!.split('\n').filter(Boolean)).toHaveLength(added);
    log.add(request);
    log.close();
    expect(chunks).toHaveLength(2);
    log.add({ ...request, statusCode: 503 });
    expect(chunks).toHaveLength(3);
    expect(JSON.parse(chunks[2]!).statusCode).toBe(503);
  });

  it('writes nothing while the level is above info, and is not used for a logger it cannot copy', () => {
    const { logger, chunks } = capture();
    const log = RequestLog.forLogger(logger as unknown as FastifyBaseLogger)!;
    logger.level = 'warn';
    log.add(request);
    log.close();
    expect(chunks).toEqual([]);

    const forOptions = (options: pino.LoggerOptions) =>
      RequestLog.forLogger(capture(options).logger as unknown as FastifyBaseLogger);
    expect(forOptions({ level: 'warn' })).toBeUndefined();
    expect(forOptions({ mixin: () => ({ app: 'cotacoes' }) })).toBeUndefined();
    expect(forOptions({ msgPrefix: '[api] ' })).toBeUndefined();
    expect(forOptions({ formatters: { log: (object) => ({ ...object, extra: 1 }) } })).toBeUndefined();
    expect(forOptions({ redact: ['url'] })).toBeUndefined();
    expect(forOptions({ serializers: { remoteAddress: () => 'x' } })).toBeUndefined();
    expect(forOptions({ crlf: true })).toBeUndefined();
    const notPino = { info() {}, warn() {}, error() {}, child() {} } as unknown as FastifyBaseLogger;
    expect(RequestLog.forLogger(notPino)).toBeUndefined();
    // A custom level formatter is followed: the line starts as pino starts it.
    const labelled = capture({ formatters: { level: (label) => ({ severity: label }) } });
    const labelledLog = RequestLog.forLogger(labelled.logger as unknown as FastifyBaseLogger)!;
    labelledLog.add(request);
    labelledLog.close();
    pinoLine(labelled.logger, request);
    expect(labelled.chunks[0]).toBe(labelled.chunks[1]);
    expect(JSON.parse(labelled.chunks[0]!).severity).toBe('info');
  });

  it('writes what it holds when the process exits', () => {
    const result = runScript(`
      const log = RequestLog.forLogger(pino({ level: 'info' }));
      log.add({ reqId: 'r1', method: 'GET', url: '/a', statusCode: 200, responseTime: 1, remoteAddress: '::1' });
      log.add({ reqId: 'r2', method: 'GET', url: '/b', statusCode: 204, responseTime: 2, remoteAddress: '::1' });
      process.exit(0);`);
    const lines = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.reqId, line.statusCode, line.msg])).toEqual([
      ['r1', 200, 'request completed'],
      ['r2', 204, 'request completed'],
    ]);
    expect(result.status).toBe(0);
  });

  it('does not throw at exit when the stream has already ended', () => {
    const result = runScript(`
      const stream = pino.destination({ dest: '/dev/null', sync: true });
      const log = RequestLog.forLogger(pino({ level: 'info' }, stream));
      stream.end();
      setTimeout(() => {
        log.add({ reqId: 'r1', method: 'GET', url: '/a', statusCode: 200, responseTime: 1, remoteAddress: '::1' });
        process.exit(0);
      }, 50);`);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

/** Runs `body` in a new Node process (TypeScript through tsx) with `pino` and `RequestLog` imported. */
function runScript(body: string) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const script = `
    import pino from 'pino';
    import { RequestLog } from ${JSON.stringify(path.join(here, 'request-log.ts'))};
    ${body}`;
  return spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
    cwd: here,
    encoding: 'utf8',
  });
}

describe('loggedUrl', () => {
  it("writes an OAuth callback's code and state, and a link's token, as [redacted] (QA pass 12)", () => {
    expect(loggedUrl('/auth/gmail/callback?code=4/0AeaYSHB-secret&state=abc123&scope=email')).toBe(
      '/auth/gmail/callback?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(loggedUrl('/api/portal/open?token=eyJhbGci')).toBe('/api/portal/open?token=[redacted]');
    expect(loggedUrl('/api/quotes?page=2&search=code')).toBe('/api/quotes?page=2&search=code');
    expect(loggedUrl('/api/auth/me')).toBe('/api/auth/me');
  });
});
