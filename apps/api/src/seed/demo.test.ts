import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { cotacoes, respostas } from '../db/schema/index.js';
import { DEMO_ACCOUNT, seedDemo } from './demo.js';
import { seedDemoReplies } from './demo-replies.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

it('seeds an empty database once with a demo company and a desenvolvedor who can sign in', async () => {
  expect(await seedDemo(ctx.app.services.database.db)).toBe(true);
  expect(await seedDemo(ctx.app.services.database.db)).toBe(false);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  expect(login.statusCode).toBe(200);
  expect(login.json().user).toMatchObject({ role: 'desenvolvedor', empresaId: expect.any(String) });
  const token = login.json().access_token;
  const list = await ctx.app.inject({
    method: 'GET',
    url: '/api/transporters?search=navegacao',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.json()).toEqual([
    expect.objectContaining({
      nome: 'Navegação Pacífico Cargas',
      grupos: [expect.objectContaining({ nome: 'Ásia - Marítimo' })],
    }),
  ]);
});

it("seeds the demo's replied quote: the sample request to three carriers, each answer a response", async () => {
  await seedDemoReplies(ctx.app);
  const db = ctx.app.services.database.db;
  const [quote] = await db
    .select({ id: cotacoes.id, origem: cotacoes.origem, destino: cotacoes.destino })
    .from(cotacoes)
    .where(eq(cotacoes.referenciaProcesso, 'IMP-DEMO-001'));
  expect(quote).toMatchObject({ origem: 'Shanghai, CN', destino: 'Santos, BR' });
  const answers = await db
    .select({ id: respostas.id })
    .from(respostas)
    .where(eq(respostas.cotacaoId, quote!.id));
  expect(answers).toHaveLength(3);
});
