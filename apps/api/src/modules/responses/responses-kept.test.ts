import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, outboxSettled, quoteScenario, typicalAnswer } from '../../../test/factories/index.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { preferredEncoding, StampedCache } from '../../lib/stamped-cache.js';

/*
 * GET …/respostas keeps its answer in memory while the stamp of its rows is unchanged (lib/stamped-cache,
 * ADR 0015 addendum). These tests change each table the answer is built from, the way no route of ours
 * would (plain SQL, as another process or a migration could), and check the next read shows it: a kept
 * answer is never older than the database.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

type Entry = {
  transportadorId: string;
  status: string;
  estadoEnvio: string;
  transportador: { nome: string };
  dadosExtraidos: { final: { preco_por_container_40: number | null } } | null;
  atual: { extracao: string; flags: Record<string, unknown>; correcoes: { por: string | null }[] } | null;
};

const read = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

describe('GET /api/quotes/{id}/respostas, kept while its rows are unchanged', () => {
  it('shows every change of every table it reads, at once', async () => {
    const s = await quoteScenario(ctx);
    await outboxSettled(ctx);
    const db = ctx.app.services.database.db;
    const url = `/api/quotes/${s.quote.id}/respostas`;
    const carrier = s.carriers[0]!.id;
    const entry = async () =>
      ((await read(url, s.token)).json().data as Entry[]).find((e) => e.transportadorId === carrier)!;

    await ctx.app.services.inbound.ingest(
      await carrierReply({
        from: s.carriers[0]!.email,
        to: s.replyTo(0),
        text: typicalAnswer({ frete40: 2750 }),
      }),
      { source: 'imap' },
    );
    const answered = await waitFor(async () => {
      const found = await entry();
      return found.atual?.extracao === 'concluida' ? found : undefined;
    }, 20_000);
    expect(answered.dadosExtraidos!.final.preco_por_container_40).toBe(2750);
    // Read twice more: the kept answer is the same.
    expect(await entry()).toEqual(answered);
    expect(await entry()).toEqual(answered);

    // The recipient row.
    await db.execute(
      sql`update cotacao_destinatarios set nome = 'Renomeado Ltda' where cotacao_id = ${s.quote.id} and transportador_id = ${carrier}`,
    );
    expect((await entry()).transportador.nome).toBe('Renomeado Ltda');
    // The request e-mail's outbox row (the send state).
    await db.execute(
      sql`update mail_outbox set status = 'failed' where id in (select outbox_id from cotacao_destinatarios where cotacao_id = ${s.quote.id} and transportador_id = ${carrier})`,
    );
    expect((await entry()).estadoEnvio).toBe('falhou');
    // The answer itself.
    await db.execute(
      sql`update respostas set status = 'reprovado' where cotacao_id = ${s.quote.id} and transportador_id = ${carrier}`,
    );
    expect((await entry()).status).toBe('reprovado');
    // Its inbound message.
    await db.execute(
      sql`update inbound_messages set flags = '{"remetenteDesconhecido": true}'::jsonb where id in (select inbound_message_id from respostas where cotacao_id = ${s.quote.id})`,
    );
    expect((await entry()).atual!.flags).toEqual({ remetenteDesconhecido: true });
    // A correction, then the name of who made it.
    await db.execute(sql`
      insert into resposta_correcoes (empresa_id, resposta_id, campo, valor, valor_original, corrigido_por)
      select empresa_id, id, 'preco_por_container_40', '2600'::jsonb, '2750'::jsonb, ${s.userId}
      from respostas where cotacao_id = ${s.quote.id} and transportador_id = ${carrier}`);
    const corrected = await entry();
    expect(corrected.dadosExtraidos!.final.preco_por_container_40).toBe(2600);
    await db.execute(sql`update users set name = 'Ana Revisora' where id = ${s.userId}`);
    expect((await entry()).atual!.correcoes.map((c) => c.por)).toEqual(['Ana Revisora']);
    // The quote, deleted: gone.
    await db.execute(sql`update cotacoes set deleted_at = now() where id = ${s.quote.id}`);
    expect((await read(url, s.token)).statusCode).toBe(404);
  });

  it('answers compressed as asked, with an ETag a client can revalidate (304)', async () => {
    const s = await quoteScenario(ctx);
    const url = `/api/quotes/${s.quote.id}/respostas`;
    // The request e-mails are still being sent (their outbox rows are part of the answer).
    await outboxSettled(ctx);
    const plain = await read(url, s.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const br = await read(url, s.token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await read(url, s.token, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const unchanged = await read(url, s.token, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    await ctx.app.services.database.db.execute(
      sql`update cotacao_destinatarios set nome = nome || ' ' where cotacao_id = ${s.quote.id}`,
    );
    const changed = await read(url, s.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("another company's quote is not found, whatever is kept", async () => {
    const mine = await quoteScenario(ctx);
    const theirs = await quoteScenario(ctx);
    expect((await read(`/api/quotes/${theirs.quote.id}/respostas`, theirs.token)).statusCode).toBe(200);
    const probe = await read(`/api/quotes/${theirs.quote.id}/respostas`, mine.token);
    expect(probe.statusCode).toBe(404);
    expect(probe.body).not.toContain(theirs.carriers[0]!.email);
  });
});

describe('StampedCache and the encoding choice', () => {
  it('loads again when the stamp changes, and forgets the least recently used beyond its capacity', async () => {
    const cache = new StampedCache<{ n: number }>(2);
    let loads = 0;
    const load = (n: number) => async () => {
      loads++;
      return { n };
    };
    expect(await cache.get('a', 's1', load(1))).toEqual({ n: 1 });
    expect(await cache.get('a', 's1', load(99))).toEqual({ n: 1 });
    expect(await cache.get('a', 's2', load(2))).toEqual({ n: 2 });
    expect(loads).toBe(2);
    await cache.get('b', 's1', load(3));
    await cache.get('a', 's2', load(99)); // a is now the most recent
    await cache.get('c', 's1', load(4)); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('b', 's1', load(5))).toEqual({ n: 5 });
    // Kept values are frozen: a reader cannot change what the next one sees.
    const kept = await cache.get('b', 's1', load(99));
    expect(Object.isFrozen(kept)).toBe(true);
  });

  it('prefers br, then gzip, honouring q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
