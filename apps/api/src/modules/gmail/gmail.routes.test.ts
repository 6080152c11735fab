import { Writable } from 'node:stream';
import { count, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  carrierReply,
  inThreadOf,
  type SentQuote,
  sendQuoteToCarrier,
  signUp,
} from '../../../test/factories/index.js';
import { type Dovecot, hasDovecot, startDovecot } from '../../../test/fakes/dovecot.js';
import { type FakeGoogle, startFakeGoogle } from '../../../test/fakes/google-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../test/helpers.js';
import { inboundMessages, respostas } from '../../db/schema/inbound.js';
import { mailConnections } from '../../db/schema/mail-connections.js';
import { ImapSource } from '../../inbound/sources/imap.js';

/*
 * Gmail (issue 34 part 1, ADR 0027) end to end against a local Google (test/fakes/google-server.ts, written
 * from the contracts): the settings' connect flow with state and PKCE, sync by history, push, quotas,
 * revocation, attachments, and carrier replies reaching their quote exactly once through the pipeline.
 */

const MAILBOX = 'cotacoes@importadora.com.br';
const AUDIENCE = 'https://cotacoes.example/api/gmail/push';
const PUSH_ACCOUNT = 'gmail-push@cotacoes.iam.gserviceaccount.com';

let google: FakeGoogle;
let ctx: TestContext;
let developer: { token: string; id: string };
const logLines: string[] = [];
let seed = 9400;

const db = () => ctx.app.services.database.db;
const call = () => caller(ctx);
const asDev = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  call()(method, url, developer.token, payload);

async function connection() {
  const [row] = await db().select().from(mailConnections).where(eq(mailConnections.email, MAILBOX));
  return row!;
}

/** Generate link → the provider's page sends the browser back with code and state → exchange. */
async function connect(email = MAILBOX) {
  const link = await asDev('GET', '/api/gmail/auth-url');
  expect(link.statusCode).toBe(200);
  const callback = await google.authorize(link.json().url);
  const exchanged = await asDev('POST', '/api/gmail/exchange-code', {
    email,
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  });
  await ctx.app.services.gmailSync.drain();
  return { link: new URL(link.json().url), callback, exchanged };
}

async function responsesOf(quote: SentQuote) {
  return db().select().from(respostas).where(eq(respostas.cotacaoId, quote.quoteId));
}

async function rowsWith(messageIds: string[]) {
  return db()
    .select({ id: inboundMessages.id, source: inboundMessages.source, cotacaoId: inboundMessages.cotacaoId })
    .from(inboundMessages)
    .where(inArray(inboundMessages.messageId, messageIds));
}

async function inboundTotal() {
  const [row] = await db().select({ total: count() }).from(inboundMessages);
  return row!.total;
}

async function sync() {
  return ctx.app.services.gmailSync.syncMailbox(await connection());
}

beforeAll(async () => {
  google = await startFakeGoogle({ mailboxes: [MAILBOX] });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp(
    {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.url,
      GMAIL_API_URL: google.url,
      GMAIL_POLL_SECONDS: '3600',
      GMAIL_PUSH_AUDIENCE: AUDIENCE,
      GMAIL_PUSH_SERVICE_ACCOUNT: PUSH_ACCOUNT,
      MAIL_REPLY_ADDRESS: MAILBOX,
      ADMIN_EMAILS: 'dev@plataforma.com.br',
    },
    { logger: { level: 'debug', stream } },
  );
  developer = await signUp(ctx, 'dev@plataforma.com.br', 'Dev');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

describe('connecting a Gmail mailbox from the settings', () => {
  it('links with state and PKCE, exchanges the pasted code, checks the address, and keeps the tokens sealed', async () => {
    const missing = await asDev('POST', '/api/gmail/exchange-code', { email: MAILBOX });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Informe email e code');

    const { link, callback, exchanged } = await connect();
    expect(link.origin).toBe(google.url);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: 'http://127.0.0.1:3000/auth/gmail/callback',
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
      state: callback.searchParams.get('state'),
    });
    expect(link.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.readonly');
    expect(google.tokenRequests.at(-1)).toEqual({ grantType: 'authorization_code', pkce: true });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({ email: MAILBOX, state: 'ok' });

    const row = await connection();
    const tokens = ctx.app.services.mailConnections.tokensOf(row);
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(row.tokens).not.toContain(tokens.refreshToken);
    expect(row.tokens).not.toContain(tokens.accessToken);
    expect(row.tokens).toMatch(/^v1\./);
    for (const body of [exchanged.body, (await asDev('GET', '/api/gmail/connections')).body]) {
      expect(body).not.toContain(tokens.accessToken);
      expect(body).not.toContain(tokens.refreshToken);
    }
    // The first sync ran: the cursor is the mailbox's historyId.
    expect(row.syncCursor).toBe(String(google.mailbox(MAILBOX).historyId));

    // The same code cannot be used twice.
    const again = await asDev('POST', '/api/gmail/exchange-code', {
      email: MAILBOX,
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    expect(again.statusCode).toBe(400);

    const list = await asDev('GET', '/api/gmail/connections');
    expect(list.json().items).toEqual([expect.objectContaining({ email: MAILBOX, state: 'ok' })]);
  });

  it('refuses a code authorized for another address than the one typed', async () => {
    const other = 'outra@importadora.com.br';
    google.mailbox(other);
    google.signInAs = other;
    try {
      const { exchanged } = await connect(MAILBOX);
      expect(exchanged.statusCode).toBe(400);
      expect(exchanged.json().message).toBe(
        `A autorização foi concedida para ${other}, não para ${MAILBOX}.`,
      );
    } finally {
      google.signInAs = undefined;
    }
  });

  it('is for a desenvolvedor only', async () => {
    const analyst = await signUp(ctx, 'usuario@importadora.com.br');
    expect((await call()('GET', '/api/gmail/auth-url', analyst.token)).statusCode).toBe(403);
    expect((await call()('GET', '/api/gmail/auth-url')).statusCode).toBe(401);
  });
});

describe('carrier replies through Gmail', () => {
  it('reach the quote once by sync, and once more sync or a duplicate push changes nothing', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@atlantica.com.br' });
    const messageId = '<gmail-sync-1@atlantica.com.br>';
    await google.deliver(MAILBOX, await carrierReply({ ...inThreadOf(quote), messageId }));
    const outcome = await sync();
    expect(outcome).toMatchObject({ status: 'synced', found: 1, received: 1 });
    const [row] = await waitFor(async () => {
      const rows = await rowsWith([messageId]);
      return rows[0]?.cotacaoId ? rows : undefined;
    });
    expect(row).toMatchObject({ source: 'gmail', cotacaoId: quote.quoteId });
    await waitFor(async () => ((await responsesOf(quote)).length === 1 ? true : undefined));

    expect(await sync()).toMatchObject({ status: 'synced', found: 0, received: 0 });
    expect(await responsesOf(quote)).toHaveLength(1);
    expect((await connection()).messagesReceived).toBeGreaterThanOrEqual(1);
  });

  it('reach the quote by a verified push; stale, duplicate and unknown-mailbox pushes are harmless', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@maersk.com.br' });
    const messageId = '<gmail-push-1@maersk.com.br>';
    await google.deliver(MAILBOX, await carrierReply({ ...inThreadOf(quote), messageId }));
    const historyId = google.mailbox(MAILBOX).historyId;
    const token = await google.pushToken({ audience: AUDIENCE, email: PUSH_ACCOUNT });
    const push = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/gmail/push',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    const first = await push(google.pushBody(MAILBOX, historyId));
    expect(first.statusCode).toBe(204);
    // The same push again (Pub/Sub delivers at least once) while the first one syncs.
    expect((await push(google.pushBody(MAILBOX, historyId))).statusCode).toBe(204);
    await ctx.app.services.gmailSync.drain();
    await waitFor(async () => ((await responsesOf(quote)).length === 1 ? true : undefined));
    expect(await rowsWith([messageId])).toHaveLength(1);

    // Out of order: an older historyId than the cursor asks Gmail nothing.
    const before = google.requests.length;
    expect((await push(google.pushBody(MAILBOX, historyId - 20))).statusCode).toBe(204);
    expect((await push(google.pushBody('ninguem@importadora.com.br', historyId + 50))).statusCode).toBe(204);
    await ctx.app.services.gmailSync.drain();
    expect(google.requests.slice(before).filter((r) => r.includes('/gmail/'))).toEqual([]);
    expect(await responsesOf(quote)).toHaveLength(1);
  });

  it('refuses forged, expired, foreign-audience and absent push tokens with 401 and stores nothing', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@forjado.com.br' });
    await google.deliver(
      MAILBOX,
      await carrierReply({ ...inThreadOf(quote), messageId: '<forjado@x.com.br>' }),
    );
    const body = google.pushBody(MAILBOX, google.mailbox(MAILBOX).historyId);
    const before = await inboundTotal();
    const requests = google.requests.length;
    const tokens = [
      undefined,
      'Bearer nao-e-um-jwt',
      `Bearer ${await google.pushToken({ audience: AUDIENCE, email: PUSH_ACCOUNT, forged: true })}`,
      `Bearer ${await google.pushToken({ audience: AUDIENCE, email: PUSH_ACCOUNT, expired: true })}`,
      `Bearer ${await google.pushToken({ audience: 'https://outro.example/push', email: PUSH_ACCOUNT })}`,
      `Bearer ${await google.pushToken({ audience: AUDIENCE, email: 'intruso@evil.iam.gserviceaccount.com' })}`,
    ];
    for (const authorization of tokens) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/gmail/push',
        headers: authorization ? { authorization } : {},
        payload: body,
      });
      expect(response.statusCode, authorization ?? 'no token').toBe(401);
      expect(response.json().message).toBe(
        'Notificação do Gmail recusada: token de push ausente ou inválido.',
      );
    }
    await ctx.app.services.gmailSync.drain();
    expect(await inboundTotal()).toBe(before);
    expect(google.requests.slice(requests).filter((r) => r.includes('/gmail/'))).toEqual([]);
    // The poller (or the next valid push) picks the message up: history is the source of truth.
    expect(await sync()).toMatchObject({ status: 'synced', received: 1 });
  });

  it.skipIf(!hasDovecot)(
    'count once when the same reply arrives by IMAP and by Gmail (R4)',
    async () => {
      const dovecot: Dovecot = await startDovecot();
      try {
        const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@hapag.com.br' });
        const messageId = '<mesma-resposta@hapag.com.br>';
        const raw = await carrierReply({ ...inThreadOf(quote), messageId });
        await dovecot.append(raw);
        const imap = new ImapSource({
          db: db(),
          pipeline: ctx.app.services.inbound,
          url: dovecot.url('INBOX'),
          log: pino({ level: 'silent' }),
          pollSeconds: 1,
          leaseSeconds: 3,
          renewSeconds: 0.5,
        });
        imap.start();
        try {
          await waitFor(async () => ((await rowsWith([messageId])).length ? true : undefined), 20_000);
        } finally {
          await imap.stop();
        }
        await google.deliver(MAILBOX, raw);
        expect(await sync()).toMatchObject({ status: 'synced', found: 1, received: 0 });
        expect(await rowsWith([messageId])).toEqual([expect.objectContaining({ source: 'imap' })]);
        await waitFor(async () => ((await responsesOf(quote)).length === 1 ? true : undefined));
        expect(await responsesOf(quote)).toHaveLength(1);
      } finally {
        await dovecot.close();
      }
    },
    60_000,
  );

  it('deliver into the company the reply token names, whoever connected the mailbox', async () => {
    const a = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@empresa-a.com.br' });
    const b = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@empresa-b.com.br' });
    expect(a.empresaId).not.toBe(b.empresaId);
    const messageId = '<para-b@empresa-b.com.br>';
    // A reply in B's thread, to B's reply address, mentioning A's code in its text.
    await google.deliver(
      MAILBOX,
      await carrierReply({ ...inThreadOf(b), messageId, text: `Ref. ${a.codigo}\nFrete: USD 1.900,00` }),
    );
    await sync();
    const [row] = await waitFor(async () => {
      const rows = await rowsWith([messageId]);
      return rows[0]?.cotacaoId ? rows : undefined;
    });
    expect(row!.cotacaoId).toBe(b.quoteId);
    expect(await responsesOf(a)).toHaveLength(0);
  });
});

describe('sync recovery', () => {
  it('resyncs the recent inbox when the stored historyId is too old (history 404)', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@msc.com.br' });
    const messageId = '<depois-do-404@msc.com.br>';
    await google.deliver(MAILBOX, await carrierReply({ ...inThreadOf(quote), messageId }));
    google.expireHistory(MAILBOX);
    const outcome = await sync();
    expect(outcome).toMatchObject({ status: 'synced', received: 1 });
    expect(google.requests).toContain('GET /gmail/v1/users/me/history');
    expect((await connection()).syncCursor).toBe(String(google.mailbox(MAILBOX).historyId));
    expect(await rowsWith([messageId])).toHaveLength(1);
  });

  it("backs off on quota errors (429 and 403 rateLimitExceeded) with 'erro', then recovers", async () => {
    for (const quota of [
      { status: 429 as const, reason: 'userRateLimitExceeded', retryAfter: 120 },
      { status: 403 as const, reason: 'rateLimitExceeded' },
    ]) {
      google.quota = { ...quota, times: 1 };
      const failed = await sync();
      expect(failed).toMatchObject({ status: 'failed', state: 'erro' });
      const row = await connection();
      expect(row.state).toBe('erro');
      expect(row.lastError).toMatch(/^O Gmail limitou o uso da API \(cota excedida\)\. Nova tentativa em /);
      if (quota.retryAfter) expect(row.lastError).toContain('2 minutos');
      // The poller does not hammer: within the back-off nothing is asked.
      const requests = google.requests.length;
      expect(await sync()).toEqual({ status: 'skipped', reason: 'backoff' });
      expect(google.requests.length).toBe(requests);
      // 'Sincronizar agora' tries at once and recovers.
      await ctx.app.services.gmailSync.sync(`gmail:${row.id}`);
      expect(await connection()).toMatchObject({ state: 'ok', lastError: null });
    }
    const rows = await ctx.app.services.gmailSync.list();
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'gmail', label: MAILBOX, state: 'ok', canSync: true }),
    ]);
  });

  it('refreshes an expired access token (one retry after a 401)', async () => {
    google.expireAccessTokens(MAILBOX);
    const refreshes = google.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
    expect(await sync()).toMatchObject({ status: 'synced' });
    expect(google.tokenRequests.filter((r) => r.grantType === 'refresh_token').length).toBe(refreshes + 1);
  });
});

describe('attachments, conversation sync and watch', () => {
  it('lists and downloads a Gmail attachment; asks for the mailbox address when it is missing', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% tabela de frete\n');
    const id = await google.deliver(
      MAILBOX,
      await carrierReply({
        from: 'pricing@anexo.com.br',
        to: MAILBOX,
        attachments: [{ filename: 'tabela.pdf', content: pdf, contentType: 'application/pdf' }],
      }),
    );
    const list = await asDev('POST', '/api/gmail/attachments', { email: MAILBOX, messageId: id });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      { attachmentId: expect.any(String), filename: 'tabela.pdf', mimeType: 'application/pdf' },
    ]);
    const attachmentId = list.json().items[0].attachmentId;
    const one = await asDev('POST', '/api/gmail/attachment', { email: MAILBOX, messageId: id, attachmentId });
    expect(one.statusCode).toBe(200);
    expect(Buffer.from(one.json().data.data, 'base64')).toEqual(pdf);
    const noEmail = await asDev('POST', '/api/gmail/attachment', { messageId: id, attachmentId });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('Informe o seu email do Gmail no campo acima.');
    const gone = await asDev('POST', '/api/gmail/attachment', {
      email: MAILBOX,
      messageId: id,
      attachmentId: 'nada',
    });
    expect(gone.statusCode).toBe(404);
  });

  it("syncs one quote's conversation by hand (its code or reply addresses)", async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@cma.com.br' });
    const visao = await asDev('POST', `/api/empresas/set-visao/${quote.empresaId}`);
    expect(visao.statusCode).toBe(200);
    const messageId = '<conversa@cma.com.br>';
    await google.deliver(MAILBOX, await carrierReply({ ...inThreadOf(quote), messageId }));
    const response = await asDev('POST', '/api/gmail/sync-quote', {
      email: MAILBOX,
      cotacaoId: quote.quoteId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ encontradas: 1, novas: 1 });
    await waitFor(async () => ((await responsesOf(quote)).length === 1 ? true : undefined));
    const again = await asDev('POST', '/api/gmail/sync-quote', { email: MAILBOX, cotacaoId: quote.quoteId });
    expect(again.json()).toEqual({ encontradas: 1, novas: 0 });
    const notConnected = await asDev('POST', '/api/gmail/sync-quote', {
      email: 'nao-conectada@importadora.com.br',
      cotacaoId: quote.quoteId,
    });
    expect(notConnected.statusCode).toBe(404);
  });

  it('starts a watch on a topic and the renewal job renews it a day before it ends', async () => {
    const started = await asDev('POST', '/api/gmail/watch-start', {
      email: MAILBOX,
      projectId: 'cotacoes-prod',
      topic: 'gmail-push',
    });
    expect(started.statusCode).toBe(200);
    const row = await connection();
    expect(row.watchTopic).toBe('projects/cotacoes-prod/topics/gmail-push');
    expect(google.mailbox(MAILBOX).watch?.topicName).toBe('projects/cotacoes-prod/topics/gmail-push');
    const expires = row.watchExpiresAt!.getTime();
    expect(await ctx.app.services.gmail.renewWatches(new Date())).toEqual({ renewed: 0, failed: 0 });
    const renewal = await ctx.app.services.gmail.renewWatches(new Date(expires - 3600_000));
    expect(renewal).toEqual({ renewed: 1, failed: 0 });
    expect((await connection()).watchExpiresAt!.getTime()).toBeGreaterThanOrEqual(expires);
  });
});

describe('revocation and disconnection', () => {
  it("marks a revoked mailbox 'reconectar' and leaves the other sources working", async () => {
    google.revokeAccount(MAILBOX);
    const outcome = await sync();
    expect(outcome).toMatchObject({ status: 'failed', state: 'reconectar' });
    const row = await connection();
    expect(row.state).toBe('reconectar');
    expect(row.lastError).toBe(
      `A autorização de ${MAILBOX} foi revogada ou expirou. Conecte a caixa novamente.`,
    );
    expect(await ctx.app.services.gmailSync.active()).toEqual([]);
    expect((await ctx.app.services.gmailSync.list())[0]).toMatchObject({
      state: 'reconectar',
      canSync: false,
    });
    const route = await asDev('POST', '/api/gmail/attachments', { email: MAILBOX, messageId: 'abc' });
    expect(route.statusCode).toBe(409);
    // Another source still delivers.
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@outra-fonte.com.br' });
    const result = await ctx.app.services.inbound.ingest(await carrierReply(inThreadOf(quote)), {
      source: 'imap',
    });
    expect(result.outcome).toBe('resposta');

    // Connecting again brings it back to 'ok'.
    const { exchanged } = await connect();
    expect(exchanged.json()).toMatchObject({ state: 'ok' });
  });

  it('disconnects: revokes at Google, wipes the tokens, hides the mailbox', async () => {
    const row = await connection();
    const { refreshToken } = ctx.app.services.mailConnections.tokensOf(row);
    const response = await asDev('DELETE', `/api/gmail/connections/${row.id}`);
    expect(response.statusCode).toBe(204);
    expect(await connection()).toMatchObject({ state: 'desconectada', tokens: '' });
    expect((await asDev('GET', '/api/gmail/connections')).json().items).toEqual([]);
    const refresh = await fetch(`${google.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      }),
    });
    expect((await refresh.json()).error).toBe('invalid_grant');
  });

  it('never wrote a token in a log line', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    const log = logLines.join('');
    expect(log).not.toMatch(/ya29\.[\w-]{10,}/);
    expect(log).not.toMatch(/1\/\/[\w-]{10,}/);
  });
});
