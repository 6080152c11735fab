import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteScenario } from '../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../test/helpers.js';
import { cotacoes } from '../db/schema/index.js';
import { checkedTenant } from '../db/tenant.js';
import { applyQuoteEvent } from './quote-lifecycle.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.services.database.db;
async function rowOf(id: string) {
  const [row] = await db()
    .select({ status: cotacoes.status, respostasRecebidas: cotacoes.respostasRecebidas })
    .from(cotacoes)
    .where(eq(cotacoes.id, id));
  return row!;
}
/** The PostgreSQL error code however deep the driver nested it. */
async function errorCodeOf(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
      if (typeof current.code === 'string') return current.code;
      current = current.cause as typeof current;
    }
    return 'no code';
  }
  return 'accepted';
}

describe('quote lifecycle: the one writer of cotacoes.status', () => {
  it('the database refuses a status outside the lifecycle, on insert and on update (CHECK)', async () => {
    const s = await quoteScenario(ctx);
    expect(
      await errorCodeOf(db().execute(sql`update cotacoes set status = 'ABERTA' where id = ${s.quote.id}`)),
    ).toBe('23514');
    expect(
      await errorCodeOf(
        db().execute(sql`insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo,
            tipo_frete, prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token)
          select empresa_id, codigo || '-X', 'aguardando_resposta', nome_solicitante, referencia_processo,
            tipo_frete, prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token || 'x'
          from cotacoes where id = ${s.quote.id}`),
      ),
    ).toBe('23514');
    // The same insert with a status of the lifecycle goes in: only the status was refused.
    expect(
      await errorCodeOf(
        db().execute(sql`insert into cotacoes (empresa_id, codigo, status, nome_solicitante, referencia_processo,
            tipo_frete, prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token)
          select empresa_id, codigo || '-Y', 'FECHADA', nome_solicitante, referencia_processo,
            tipo_frete, prazo_resposta, metodo_envio, modo_envio, idioma_email, titulo_email, reply_token || 'y'
          from cotacoes where id = ${s.quote.id}`),
      ),
    ).toBe('accepted');
    expect((await rowOf(s.quote.id)).status).toBe('AGUARDANDO_RESPOSTA');
  });

  it('counts a first answer, moves by nextQuoteStatus, and leaves a final status where it is', async () => {
    const s = await quoteScenario(ctx);
    const tenant = checkedTenant(s.empresaId);
    const total = s.quote.destinatarios.length;
    expect(total).toBeGreaterThan(1);

    const first = await db().transaction((tx) =>
      applyQuoteEvent(tx, tenant, s.quote.id, { type: 'replyApplied', firstAnswer: true }),
    );
    expect(first).toEqual({ from: 'AGUARDANDO_RESPOSTA', to: 'AGUARDANDO_RESPOSTA' });
    expect(await rowOf(s.quote.id)).toEqual({ status: 'AGUARDANDO_RESPOSTA', respostasRecebidas: 1 });
    // A new version of the same carrier is not a new answer.
    await db().transaction((tx) =>
      applyQuoteEvent(tx, tenant, s.quote.id, { type: 'replyApplied', firstAnswer: false }),
    );
    expect((await rowOf(s.quote.id)).respostasRecebidas).toBe(1);

    const closed = await db().transaction((tx) =>
      applyQuoteEvent(tx, tenant, s.quote.id, { type: 'closedByUser', status: 'CANCELADA' }),
    );
    expect(closed).toEqual({ from: 'AGUARDANDO_RESPOSTA', to: 'CANCELADA' });
    for (const event of [
      { type: 'approved' },
      { type: 'revisionRequested' },
      { type: 'deadlinePassed' },
    ] as const)
      expect(await db().transaction((tx) => applyQuoteEvent(tx, tenant, s.quote.id, event))).toEqual({
        from: 'CANCELADA',
        to: 'CANCELADA',
      });
    expect((await rowOf(s.quote.id)).status).toBe('CANCELADA');
  });

  it("another company's quote is not found and not written", async () => {
    const mine = await quoteScenario(ctx);
    const theirs = await quoteScenario(ctx);
    await expect(
      db().transaction((tx) =>
        applyQuoteEvent(tx, checkedTenant(mine.empresaId), theirs.quote.id, { type: 'approved' }),
      ),
    ).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    expect((await rowOf(theirs.quote.id)).status).toBe('AGUARDANDO_RESPOSTA');
  });
});
