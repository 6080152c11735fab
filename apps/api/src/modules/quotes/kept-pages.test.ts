import type { QuoteSummary } from '@cotacoes/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type Call, caller, quoteScenario } from '../../../test/factories/index.js';
import { createTestApp, type TestContext } from '../../../test/helpers.js';

/*
 * The quote list's pages are kept per company while its quote stamp is unchanged (migration 0033, ADR 0031
 * addendum 3). A carrier's reply, through the real pipeline, must show in the list's counter on the next
 * read; a deleted quote must leave a kept search page; the overdue list is never kept.
 */

let ctx: TestContext;
let call: Call;

beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
  call = caller(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

async function read(token: string, url: string) {
  const response = await call('GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: QuoteSummary[]; total: number };
  return { body, etag: response.headers.etag as string | undefined };
}

describe('kept quote list pages', () => {
  it("a carrier's reply shows in the kept page's counter; a deleted quote leaves a kept search", async () => {
    const s = await quoteScenario(ctx);
    const list = '/api/quotes?tab=enviadas&page=1&limit=10';
    const before = await read(s.token, list);
    expect(before.body.data.map((quote) => quote.id)).toEqual([s.quote.id]);
    expect(before.body.data[0]!.contadorRespostas).toEqual({ respondidas: 0, total: s.carriers.length });
    const again = await read(s.token, list);
    expect(again.etag).toBeDefined();
    expect(again.etag).toBe(before.etag);

    // The first carrier answers by e-mail, as forwarders write.
    await answer(ctx, s, 0);
    const after = await read(s.token, list);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.data[0]!.contadorRespostas).toEqual({ respondidas: 1, total: s.carriers.length });

    const search = `/api/quotes?search=${encodeURIComponent(s.quote.referenciaProcesso)}&page=1&limit=10`;
    expect((await read(s.token, search)).body.data.map((quote) => quote.id)).toEqual([s.quote.id]);
    const removed = await call('DELETE', `/api/quotes/${s.quote.id}`, s.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read(s.token, search)).body).toMatchObject({ data: [], total: 0 });
    expect((await read(s.token, list)).body).toMatchObject({ data: [], total: 0 });
  });

  it('the overdue list is read every time: a deadline passes with no write to the quote', async () => {
    const s = await quoteScenario(ctx);
    const overdue = '/api/quotes?vencidas=true&page=1&limit=10';
    const first = await read(s.token, overdue);
    expect(first.etag).toBeUndefined();
    expect(first.body.data).toEqual([]);
    // The deadline passes: moved back with the list's triggers off, as time would (no write bumps the stamp).
    const db = ctx.app.services.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table cotacoes disable trigger cotacoes_list_stamp`);
      await tx.execute(
        sql`update cotacoes set prazo_resposta = now() - interval '1 hour' where id = ${s.quote.id}`,
      );
      await tx.execute(sql`alter table cotacoes enable trigger cotacoes_list_stamp`);
    });
    expect((await read(s.token, overdue)).body.data.map((quote) => quote.id)).toEqual([s.quote.id]);
  });
});
