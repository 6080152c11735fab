import { errorMessages, fieldMessages } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteScenario, signedInUser } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';
import { auditLog, extractionSettings } from '../../db/schema/index.js';

/*
 * GET/PUT /api/empresas/my-company/extraction (issue 32 item 3): the AI pass switch, off by default; any
 * member reads it, supervisors change it (audited), bad bodies change nothing, the server's provider is
 * named by its model only, and one company's switch is not another's.
 */

let ctx: TestContext;
const URL_OF_PROVIDER = 'http://127.0.0.1:9/v1';

beforeAll(async () => {
  ctx = await createTestApp({
    EXTRACTION_LLM_URL: URL_OF_PROVIDER,
    EXTRACTION_LLM_MODEL: 'gpt-4o-mini',
    EXTRACTION_LLM_API_KEY: 'sk-segredo-do-servidor',
  });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
const SETTINGS = '/api/empresas/my-company/extraction';
const call = (token: string, method: 'GET' | 'PUT', payload?: unknown) =>
  ctx.app.inject({
    method,
    url: SETTINGS,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
let people = 0;
const personIn = (empresaId: string, role: 'analista' | 'usuario' | 'supervisor' | 'desenvolvedor') =>
  signedInUser(ctx.app, {
    email: `pessoa-${role}-${Date.now()}-${++people}@importadora.com.br`,
    role,
    empresaId,
  });

describe('GET/PUT /api/empresas/my-company/extraction', () => {
  it('starts off; a supervisor turns it on, any member reads it; audited; never the URL or key', async () => {
    const s = await quoteScenario(ctx);
    const analyst = await personIn(s.empresaId, 'analista');
    const first = await call(analyst.token, 'GET');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ llmEnabled: false, servidorConfigurado: true, modelo: 'gpt-4o-mini' });
    expect(first.body).not.toContain(URL_OF_PROVIDER);
    expect(first.body).not.toContain('sk-segredo');

    const saved = await call(s.token, 'PUT', { llmEnabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ llmEnabled: true, servidorConfigurado: true, modelo: 'gpt-4o-mini' });
    expect((await call(analyst.token, 'GET')).json()).toMatchObject({ llmEnabled: true });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'empresa.extracao'), eq(auditLog.empresaId, s.empresaId)));
    expect(audit).toMatchObject({ userId: s.userId, entityId: s.empresaId });
    expect(audit!.details).toEqual({ antes: { llmEnabled: false }, depois: { llmEnabled: true } });

    // Another company is still off.
    const other = await quoteScenario(ctx);
    expect((await call(other.token, 'GET')).json()).toMatchObject({ llmEnabled: false });

    // And off again.
    expect((await call(s.token, 'PUT', { llmEnabled: false })).json()).toMatchObject({ llmEnabled: false });
    expect((await call(analyst.token, 'GET')).json()).toMatchObject({ llmEnabled: false });
  });

  it('a desenvolvedor in the company may change it; an analista or usuario may not (403), nothing changes', async () => {
    const s = await quoteScenario(ctx);
    for (const role of ['analista', 'usuario'] as const) {
      const person = await personIn(s.empresaId, role);
      const response = await call(person.token, 'PUT', { llmEnabled: true });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().message).toBe(errorMessages.FORBIDDEN);
    }
    expect(
      await db().select().from(extractionSettings).where(eq(extractionSettings.empresaId, s.empresaId)),
    ).toEqual([]);
    const developer = await personIn(s.empresaId, 'desenvolvedor');
    const response = await call(developer.token, 'PUT', { llmEnabled: true });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(s.token, 'GET')).json()).toMatchObject({ llmEnabled: true });
  });

  it('bad bodies answer 400 with the field’s pt-BR message and change nothing', async () => {
    const s = await quoteScenario(ctx);
    const wrongType = await call(s.token, 'PUT', { llmEnabled: 'sim' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toContainEqual({
      path: 'llmEnabled',
      message: fieldMessages.extractionFlagInvalid,
    });
    for (const body of [{}, { llmEnabled: true, url: 'http://evil' }]) {
      const response = await call(s.token, 'PUT', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(s.token, 'GET')).json()).toMatchObject({ llmEnabled: false });
  });

  it('needs a signed-in member of a company', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: SETTINGS });
    expect(anonymous.statusCode).toBe(401);
    const loner = await signedInUser(ctx.app, {
      email: `sem-empresa-${Date.now()}@x.com.br`,
      role: 'usuario',
    });
    expect((await call(loner.token, 'GET')).statusCode).toBe(403);
  });
});
