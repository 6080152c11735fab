import net from 'node:net';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierReply,
  inThreadOf,
  type SentQuote,
  sendQuoteToCarrier,
} from '../../../../test/factories/index.js';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft-server.js';
import { createTestApp, registerUser, type TestContext, waitFor } from '../../../../test/helpers.js';
import { inboundMessages, respostas } from '../../../db/schema/inbound.js';
import { mailConnections } from '../../../db/schema/mail-connections.js';
import { MicrosoftStatusProvider } from './microsoft-source.js';

/**
 * The Microsoft 365 mailbox (issue 34 part 2) against a local Microsoft identity platform + Graph fake
 * built from the contracts (test/fakes/microsoft-server.ts): the connect flow through the routes, carrier
 * replies through delta sync and change notifications into the real pipeline, throttling, a forgotten
 * delta token, a revoked grant, forged notifications and the validationToken echo. The app listens on a
 * real port so that the fake can call it back (handshake, notifications).
 */

const MAILBOX = 'caixa@importadora.com.br';
const OTHER = 'outra@importadora.com.br';

let fake: FakeMicrosoft;
let ctx: TestContext;
let dev: { token: string };
const logLines: string[] = [];
const bodies: string[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await ctx.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { authorization: `Bearer ${dev.token}` },
  });
  bodies.push(response.body);
  return response;
}

async function connect(address: string) {
  const link = await call('GET', '/api/microsoft/auth-url');
  expect(link.statusCode, link.body).toBe(200);
  const { code } = await fake.consent(link.json().url, address);
  return call('POST', '/api/microsoft/exchange-code', { email: address.toUpperCase(), code });
}

async function rowOf(address: string) {
  const [row] = await ctx.app.services.database.db
    .select()
    .from(mailConnections)
    .where(and(eq(mailConnections.provider, 'microsoft'), eq(mailConnections.email, address)));
  return row!;
}

async function rowsWith(messageId: string) {
  return ctx.app.services.database.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.messageId, messageId));
}

/** Waits until the message was stored and processed; answers its one row. */
async function processed(messageId: string, timeoutMs = 15_000) {
  const rows = await waitFor(async () => {
    const found = await rowsWith(messageId);
    return found.length > 0 && found.every((row) => row.status !== 'pendente') ? found : undefined;
  }, timeoutMs);
  return rows;
}

let sequence = 0;
async function replyTo(quote: SentQuote) {
  const messageId = `<m365-${++sequence}-${Date.now()}@atlantica.com.br>`;
  return { messageId, raw: await carrierReply({ ...inThreadOf(quote), messageId }) };
}

beforeAll(async () => {
  fake = await startFakeMicrosoft();
  fake.addMailbox(MAILBOX);
  fake.addMailbox(OTHER);
  const port = await freePort();
  ctx = await createTestApp(
    {
      MICROSOFT_CLIENT_ID: FAKE_CLIENT_ID,
      MICROSOFT_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      MICROSOFT_ISSUER_URL: fake.issuer,
      GRAPH_API_URL: fake.graphUrl,
      MICROSOFT_NOTIFICATION_URL: `http://127.0.0.1:${port}/api/microsoft/notifications`,
      MICROSOFT_POLL_SECONDS: '3600',
      MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
      ADMIN_EMAILS: 'dev@importadora.com.br',
    },
    {
      logger: {
        level: 'debug',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    },
  );
  await ctx.app.listen({ port, host: '127.0.0.1' });
  dev = await registerUser(ctx, 'dev@importadora.com.br');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('Microsoft 365 mailbox', () => {
  it('connects from the pasted code (PKCE), subscribes with the validation handshake, and keeps tokens sealed', async () => {
    const missing = await call('POST', '/api/microsoft/exchange-code', { email: MAILBOX });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Informe email e code');

    const link = await call('GET', '/api/microsoft/auth-url');
    const authorize = new URL(link.json().url);
    expect(authorize.searchParams.get('scope')).toBe(
      'openid email offline_access https://graph.microsoft.com/Mail.Read',
    );
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // Consent given by another account than the one typed: refused, nothing stored.
    const wrong = await fake.consent(authorize.href, OTHER);
    const mismatch = await call('POST', '/api/microsoft/exchange-code', { email: MAILBOX, code: wrong.code });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(`A autorização foi concedida para ${OTHER}, não para ${MAILBOX}.`);

    const connected = await connect(MAILBOX);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().message).toContain(MAILBOX);
    const row = await rowOf(MAILBOX);
    expect(row).toMatchObject({
      state: 'ok',
      watchId: expect.any(String),
      watchSecretHash: expect.any(String),
    });
    const subscription = fake.subscriptions.get(row.watchId!)!;
    expect(subscription.notificationUrl).toMatch(/\/api\/microsoft\/notifications$/);
    expect(subscription.resource).toBe("me/mailFolders('inbox')/messages");
    // At most the contract's mail lifetime; renewed a day before the end.
    expect(Date.parse(subscription.expirationDateTime) - Date.now()).toBeLessThanOrEqual(10080 * 60_000);
    for (const token of fake.issuedTokens) expect(row.tokens).not.toContain(token);
    expect(row.watchSecretHash).not.toContain(subscription.clientState);
    // The code exchange sent no scope; every refresh must resend it (checked by the fake).
    expect(fake.tokenRequests.some((r) => r.grant_type === 'authorization_code')).toBe(true);

    const list = await call('GET', '/api/microsoft/mailboxes');
    expect(list.json()).toMatchObject({
      configured: true,
      data: [{ email: MAILBOX, state: 'ok', notifications: true }],
    });
    // The first delta round (started by the connection) ends with a deltaLink cursor.
    await waitFor(async () => (await rowOf(MAILBOX)).syncCursor?.includes('$deltatoken'));
  });

  it('a carrier reply in the inbox reaches its quote through delta sync, exactly once', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 3401, carrierEmail: 'pricing@atlantica.com.br' });
    const { messageId, raw } = await replyTo(quote);
    fake.deliver(MAILBOX, raw);
    const sync = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().received).toBe(1);
    const [row] = await processed(messageId);
    expect(row).toMatchObject({
      source: 'microsoft',
      outcome: 'resposta',
      cotacaoId: quote.quoteId,
      empresaId: quote.empresaId,
    });
    const [response] = await ctx.app.services.database.db
      .select()
      .from(respostas)
      .where(eq(respostas.inboundMessageId, row!.id));
    expect(response).toMatchObject({ cotacaoId: quote.quoteId });

    const again = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(again.json().received).toBe(0);
    expect(await rowsWith(messageId)).toHaveLength(1);
    expect((await rowOf(MAILBOX)).messagesReceived).toBeGreaterThanOrEqual(1);
  });

  it('a change notification with the right clientState triggers the sync (202); with the sync too, still once', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 3402, carrierEmail: 'pricing@notifica.com.br' });
    const { messageId, raw } = await replyTo(quote);
    fake.deliver(MAILBOX, raw);
    const [status, sync] = await Promise.all([
      fake.notify(MAILBOX),
      call('POST', '/api/microsoft/sync', { email: MAILBOX }),
    ]);
    expect(status).toBe(202);
    expect(sync.statusCode).toBe(200);
    await processed(messageId);
    expect(await fake.notify(MAILBOX)).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows = await rowsWith(messageId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'microsoft', cotacaoId: quote.quoteId });

    // Only a notification (no sync asked): it alone brings the next reply in.
    const next = await replyTo(quote);
    fake.deliver(MAILBOX, next.raw);
    expect(await fake.notify(MAILBOX)).toBe(202);
    expect(await processed(next.messageId)).toHaveLength(1);
  });

  it('a forged notification is refused (401) and starts nothing; the validationToken is echoed as text/plain', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 3403, carrierEmail: 'pricing@forjada.com.br' });
    const { messageId, raw } = await replyTo(quote);
    fake.deliver(MAILBOX, raw);
    expect(await fake.notify(MAILBOX, { clientState: 'adivinhado' })).toBe(401);
    expect(await fake.notify(MAILBOX, { subscriptionId: 'nao-existe' })).toBe(401);
    const noState = await ctx.app.inject({
      method: 'POST',
      url: '/api/microsoft/notifications',
      payload: { value: [{ subscriptionId: (await rowOf(MAILBOX)).watchId, changeType: 'created' }] },
    });
    expect(noState.statusCode).toBe(401);
    expect(noState.json().message).toBe('Notificação recusada: origem não verificada.');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await rowsWith(messageId)).toHaveLength(0);

    const echo = await ctx.app.inject({
      method: 'POST',
      url: '/api/microsoft/notifications?validationToken=Validation%3A%20Testing%20%3Cb%3E',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(echo.statusCode).toBe(200);
    expect(echo.headers['content-type']).toMatch(/^text\/plain/);
    expect(echo.body).toBe('Validation: Testing <b>');
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/microsoft/notifications',
      payload: { value: 'x' },
    });
    expect(garbage.statusCode).toBe(400);
    // The message is still in the inbox: the next real sync brings it, once.
    await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(await processed(messageId)).toHaveLength(1);
  });

  it('honours 429 + Retry-After: state erro with the wait, no call before it ends, then recovers', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 3404, carrierEmail: 'pricing@pausa.com.br' });
    const { messageId, raw } = await replyTo(quote);
    fake.deliver(MAILBOX, raw);
    fake.throttle(1, 2);
    const before = fake.graphRequests.length;
    const sync = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(sync.statusCode).toBe(503);
    expect(sync.json().message).toBe(
      'Microsoft 365 pediu uma pausa nas consultas. Nova tentativa em 2 segundos.',
    );
    const failed = await rowOf(MAILBOX);
    expect(failed.state).toBe('erro');
    expect(failed.lastError).toContain('pausa');
    // Asked again during the wait: answered at once, without calling Graph.
    const during = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(during.statusCode).toBe(503);
    expect(await processed(messageId, 20_000)).toHaveLength(1);
    const calls = fake.graphRequests.slice(before);
    expect(calls[0]!.status).toBe(429);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1900);
    await waitFor(async () => (await rowOf(MAILBOX)).state === 'ok');
    expect((await rowOf(MAILBOX)).lastError).toBeNull();
  });

  it('a delta token Graph forgot (410) restarts a bounded round without storing anything twice', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 3405, carrierEmail: 'pricing@reinicio.com.br' });
    const { messageId, raw } = await replyTo(quote);
    fake.forgetDeltaTokens(MAILBOX);
    fake.deliver(MAILBOX, raw);
    const old = fake.deliver(MAILBOX, (await replyTo(quote)).raw, new Date(Date.now() - 90 * 86_400_000));
    fake.remove(MAILBOX, old);
    const before = (await ctx.app.services.database.db.select().from(inboundMessages)).length;
    const sync = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().received).toBe(1);
    expect(await processed(messageId)).toHaveLength(1);
    expect((await ctx.app.services.database.db.select().from(inboundMessages)).length).toBe(before + 1);
    expect((await rowOf(MAILBOX)).syncCursor).toContain('$deltatoken');
  });

  it('"Sincronizar agora" while another process reads the mailbox says so (409), and claims no read', async () => {
    const row = await rowOf(MAILBOX);
    const connections = ctx.app.services.microsoftMailbox.connections;
    expect(await connections.acquireLease(row.id, 'another-process', 60_000)).toBe(true);
    try {
      const busy = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
      expect(busy.statusCode, busy.body).toBe(409);
      expect(busy.json().message).toBe(
        'Outro processo do servidor lê esta caixa agora. A sincronização acontece por lá; tente novamente em instantes.',
      );
      const status = new MicrosoftStatusProvider(ctx.app.services.microsoftMailbox);
      await expect(status.sync(`microsoft:${row.id}`)).rejects.toMatchObject({ code: 'INBOUND_SOURCE_BUSY' });
    } finally {
      await connections.releaseLease(row.id, 'another-process');
    }
    const free = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(free.statusCode, free.body).toBe(200);
  });

  it('a delta token Graph forgot after 45 days waiting for reconnection still reads the reply of 40 days ago', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: 3408, carrierEmail: 'pricing@ausente.com.br' });
    const { messageId, raw } = await replyTo(quote);
    const row = await rowOf(MAILBOX);
    await ctx.app.services.database.db
      .update(mailConnections)
      .set({ lastSyncAt: new Date(Date.now() - 45 * 86_400_000) })
      .where(eq(mailConnections.id, row.id));
    fake.forgetDeltaTokens(MAILBOX);
    // Received after the last good sync, and older than the first round's 30 days.
    fake.deliver(MAILBOX, raw, new Date(Date.now() - 40 * 86_400_000));
    const sync = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().received).toBe(1);
    expect(await processed(messageId)).toHaveLength(1);
  });

  it('replies to two companies through the one mailbox land each in its own quote (the reply token decides)', async () => {
    const a = await sendQuoteToCarrier(ctx, { seed: 3406, carrierEmail: 'pricing@alfa-log.com.br' });
    const b = await sendQuoteToCarrier(ctx, { seed: 3407, carrierEmail: 'pricing@beta-log.com.br' });
    expect(a.empresaId).not.toBe(b.empresaId);
    const ra = await replyTo(a);
    const rb = await replyTo(b);
    fake.deliver(MAILBOX, ra.raw);
    fake.deliver(MAILBOX, rb.raw);
    await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect((await processed(ra.messageId))[0]).toMatchObject({
      empresaId: a.empresaId,
      cotacaoId: a.quoteId,
    });
    expect((await processed(rb.messageId))[0]).toMatchObject({
      empresaId: b.empresaId,
      cotacaoId: b.quoteId,
    });
  });

  it("a revoked grant sets 'reconectar' on that mailbox only; the other keeps syncing", async () => {
    expect((await connect(OTHER)).statusCode).toBe(200);
    fake.revoke(OTHER);
    const sync = await call('POST', '/api/microsoft/sync', { email: OTHER });
    expect(sync.statusCode).toBe(409);
    expect(sync.json().message).toBe(
      `A autorização de ${OTHER} foi revogada ou expirou. Conecte a caixa novamente.`,
    );
    expect((await rowOf(OTHER)).state).toBe('reconectar');
    const list = (await call('GET', '/api/microsoft/mailboxes')).json();
    expect(list.data.find((m: { email: string }) => m.email === OTHER).state).toBe('reconectar');
    // The status view's provider: the same rows and 'Sincronizar agora' by row id.
    const status = new MicrosoftStatusProvider(ctx.app.services.microsoftMailbox);
    const rows = await status.list();
    expect(rows.find((r) => r.label === OTHER)).toMatchObject({ state: 'reconectar', canSync: false });
    const mine = rows.find((r) => r.label === MAILBOX)!;
    expect(mine).toMatchObject({
      id: `microsoft:${(await rowOf(MAILBOX)).id}`,
      kind: 'microsoft',
      state: 'ok',
    });
    await expect(status.sync(mine.id)).resolves.toBeUndefined();
    await expect(status.sync(rows.find((r) => r.label === OTHER)!.id)).rejects.toMatchObject({
      code: 'MAILBOX_RECONNECT',
    });
    await expect(status.sync('microsoft:nao-existe')).rejects.toMatchObject({
      code: 'MAILBOX_NOT_CONNECTED',
    });

    // The access token of the first mailbox expires: one forced refresh (scope resent, token rotated).
    fake.expireAccessTokens(MAILBOX);
    const quote = await sendQuoteToCarrier(ctx, { seed: 3408, carrierEmail: 'pricing@segue.com.br' });
    const { messageId, raw } = await replyTo(quote);
    fake.deliver(MAILBOX, raw);
    const ok = await call('POST', '/api/microsoft/sync', { email: MAILBOX });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await processed(messageId)).toHaveLength(1);
    const refreshes = fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token');
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((r) => r.scope?.includes('Mail.Read'))).toBe(true);
  });

  it('disconnect deletes the subscription and wipes the tokens; tokens never appear in answers or logs', async () => {
    const watchId = (await rowOf(MAILBOX)).watchId!;
    const response = await call('POST', '/api/microsoft/disconnect', { email: MAILBOX });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.subscriptions.has(watchId)).toBe(false);
    expect(await rowOf(MAILBOX)).toMatchObject({ state: 'desconectada', tokens: '', watchId: null });
    expect((await call('POST', '/api/microsoft/sync', { email: MAILBOX })).statusCode).toBe(404);
    expect((await call('POST', '/api/microsoft/disconnect', { email: MAILBOX })).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/microsoft/mailboxes')).json().data.map((m: { email: string }) => m.email),
    ).toEqual([OTHER]);

    const everything = logLines.join('') + bodies.join('');
    expect(fake.issuedTokens.length).toBeGreaterThan(2);
    for (const token of fake.issuedTokens) expect(everything).not.toContain(token);
    expect(logLines.length).toBeGreaterThan(0);
  });
});
