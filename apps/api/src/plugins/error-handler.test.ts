import { Writable } from 'node:stream';
import { errorMessage } from '@cotacoes/shared';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from './error-handler.js';

/*
 * A failed statement in a route: the user gets a pt-BR problem, and the log gets the SQL and the
 * database's reason, never the statement's parameters (a reply's body, addresses: ADR 0021). A unique
 * violation is two people doing the same thing at once: 409, not 500 (the inbox QA's race on one
 * 'Não identificadas' message).
 */
const BODY = 'Frete marítimo: USD 2.640,00 — corpo do e-mail do agente';
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const app = Fastify({ logger: { level: 'info', stream } });

const failedQuery = (code: string, message: string) =>
  new DrizzleQueryError(
    'insert into "respostas" ("conteudo", "remetente") values ($1, $2)',
    [BODY, 'pricing@marealta.com.br'],
    Object.assign(new Error(message), { code, constraint: 'respostas_inbound_message_id_key' }),
  );

beforeAll(async () => {
  await app.register(errorHandler);
  app.post('/duplicate', async () => {
    throw failedQuery(
      '23505',
      'duplicate key value violates unique constraint "respostas_inbound_message_id_key"',
    );
  });
  app.post('/broken', async () => {
    throw failedQuery('42P01', 'relation "respostas" does not exist');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('errors of the database in a route', () => {
  it('a unique violation (a concurrent duplicate) is a 409 with the pt-BR message', async () => {
    const response = await app.inject({ method: 'POST', url: '/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONCURRENT_CHANGE',
      message: errorMessage('CONCURRENT_CHANGE'),
    });
    expect(response.body).not.toContain(BODY);
  });

  it('another failed statement is a 500 whose log names the SQL and the reason, not the parameters', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'POST', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(BODY);
    const log = lines.join('');
    expect(log).toContain('relation \\"respostas\\" does not exist');
    expect(log).toContain('42P01');
    expect(log).toContain('insert into');
    expect(log).not.toContain(BODY);
    expect(log).not.toContain('pricing@marealta.com.br');
  });
});
