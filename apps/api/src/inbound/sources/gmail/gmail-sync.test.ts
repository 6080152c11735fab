import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  carrierReply,
  inThreadOf,
  type SentQuote,
  sendQuoteToCarrier,
  signUp,
} from '../../../../test/factories/index.js';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google-server.js';
import { createTestApp, type TestContext, waitFor } from '../../../../test/helpers.js';
import { inboundMessages, respostas } from '../../../db/schema/inbound.js';
import { mailConnections } from '../../../db/schema/mail-connections.js';

/*
 * How much of a Gmail inbox a full read covers (ADR 0027 addendum, QA: a reply lost after a long gap).
 * A first connection reads every message of the last 7 days, and a history 404 every message since the
 * last good sync, following every messages.list page: no count cap. The fake answers at most 100 results a
 * page, so each read below spans several pages.
 */

const DAY = 86_400_000;
const FIRST = 'primeira@importadora.com.br';
const GAP = 'lacuna@importadora.com.br';
const AWAY = 'ausente@importadora.com.br';

let google: FakeGoogle;
let ctx: TestContext;
let developer: { token: string };
let seed = 9700;

const db = () => ctx.app.services.database.db;

async function connectionOf(email: string) {
  const [row] = await db().select().from(mailConnections).where(eq(mailConnections.email, email));
  return row!;
}

/** The settings' flow: link → Google's page (signed in as `email`) → code → exchange; waits for the first sync. */
async function connect(email: string) {
  google.signInAs = email;
  const link = await caller(ctx)('GET', '/api/gmail/auth-url', developer.token);
  const callback = await google.authorize(link.json().url);
  const exchanged = await caller(ctx)('POST', '/api/gmail/exchange-code', developer.token, {
    email,
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
  });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  await ctx.app.services.gmailSync.drain();
  return connectionOf(email);
}

/** Messages no quote is waiting for (newsletters, other business), each with its own Message-ID. */
async function deliverUnrelated(email: string, count: number, dateOf: (index: number) => number) {
  for (let index = 0; index < count; index++) {
    const raw = Buffer.from(
      [
        'From: Loja <ofertas@loja.com.br>',
        `To: ${email}`,
        `Subject: Oferta ${index}`,
        `Message-ID: <oferta-${index}-${email}>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Promoção número ${index}.`,
        '',
      ].join('\r\n'),
    );
    await google.deliver(email, raw, undefined, dateOf(index));
  }
}

async function storedWith(messageId: string) {
  return db().select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId));
}

/** How many of the unrelated messages delivered to `email` were stored (each once at most: dedupe). */
async function offersStored(email: string) {
  const [row] = await db()
    .select({ total: count() })
    .from(inboundMessages)
    .where(like(inboundMessages.messageId, `<oferta-%-${email}>`));
  return row!.total;
}

async function answered(quote: SentQuote) {
  await waitFor(async () => {
    const rows = await db().select().from(respostas).where(eq(respostas.cotacaoId, quote.quoteId));
    return rows.length === 1 ? rows : undefined;
  }, 30_000);
}

/** Gmail calls made since `from` whose path ends with `suffix`. */
const callsTo = (from: number, suffix: string) =>
  google.requests.slice(from).filter((request) => request.endsWith(suffix));

beforeAll(async () => {
  google = await startFakeGoogle({ mailboxes: [FIRST, GAP, AWAY] });
  google.maxPageSize = 100;
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER_URL: google.url,
    GMAIL_API_URL: google.url,
    GMAIL_POLL_SECONDS: '3600',
    // Hundreds of messages are processed in this process while the read goes on: no 5 s call limit here.
    HTTP_TIMEOUT_MS: '30000',
    MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
    ADMIN_EMAILS: 'dev@plataforma.com.br',
  });
  developer = await signUp(ctx, 'dev@plataforma.com.br', 'Dev');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

describe('a full read of a Gmail inbox', () => {
  it('on the first connection reads every message of the last 7 days (250, over three pages)', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@primeira.com.br' });
    const messageId = '<a-mais-antiga@primeira.com.br>';
    const now = Date.now();
    // The oldest of the 250 is a carrier reply: the old read kept only the newest 200.
    await google.deliver(
      FIRST,
      await carrierReply({ ...inThreadOf(quote), messageId }),
      undefined,
      now - 6.5 * DAY,
    );
    await deliverUnrelated(FIRST, 249, (index) => now - 6 * DAY + index * 60_000);
    // Older than the first connection's window: not read.
    await google.deliver(
      FIRST,
      await carrierReply({ ...inThreadOf(quote), messageId: '<velha@primeira.com.br>' }),
      undefined,
      now - 8 * DAY,
    );
    const before = google.requests.length;

    const row = await connect(FIRST);

    expect(row).toMatchObject({ state: 'ok', messagesReceived: 250, lastError: null });
    expect(callsTo(before, '/gmail/v1/users/me/messages')).toHaveLength(3);
    expect(await storedWith(messageId)).toHaveLength(1);
    expect(await storedWith('<velha@primeira.com.br>')).toHaveLength(0);
    await answered(quote);
  }, 120_000);

  it('after a history gap reads the reply behind 230 newer messages once; the next syncs store nothing', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@lacuna.com.br' });
    const messageId = '<resposta-antes-das-230@lacuna.com.br>';
    const connection = await connect(GAP);
    const replyId = await google.deliver(GAP, await carrierReply({ ...inThreadOf(quote), messageId }));
    await deliverUnrelated(GAP, 230, () => Date.now());
    google.expireHistory(GAP);
    const before = google.requests.length;

    // The tester's click: 'Sincronizar agora' of the status view.
    const synced = await caller(ctx)(
      'POST',
      `/api/inbound/sources/gmail:${connection.id}/sync`,
      developer.token,
    );

    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().message).toBe(`Sincronização concluída: ${GAP}.`);
    expect(callsTo(before, '/gmail/v1/users/me/history')).toHaveLength(1);
    expect(callsTo(before, '/gmail/v1/users/me/messages')).toHaveLength(3);
    expect(callsTo(before, `/gmail/v1/users/me/messages/${replyId}`)).toHaveLength(1);
    expect(await storedWith(messageId)).toHaveLength(1);
    const after = await connectionOf(GAP);
    expect(after.messagesReceived - connection.messagesReceived).toBe(231);
    expect(after.syncCursor).toBe(String(google.mailbox(GAP).historyId));
    await answered(quote);

    // Incremental from the new cursor: nothing new.
    expect(await ctx.app.services.gmailSync.syncMailbox(after)).toEqual({
      status: 'synced',
      found: 0,
      received: 0,
    });
    // Another gap re-reads the same messages: each a duplicate but the one that came since.
    await google.deliver(
      GAP,
      Buffer.from(
        `From: ofertas@loja.com.br\r\nTo: ${GAP}\r\nSubject: Mais uma\r\nMessage-ID: <mais-uma@loja.com.br>\r\n\r\nOi\r\n`,
      ),
    );
    google.expireHistory(GAP);
    expect(await ctx.app.services.gmailSync.syncMailbox(await connectionOf(GAP))).toMatchObject({
      status: 'synced',
      found: 232,
      received: 1,
    });
    expect(await storedWith(messageId)).toHaveLength(1);
    expect(await offersStored(GAP)).toBe(230);
  }, 120_000);

  it('after a week waiting for reconnection reads the reply that arrived 9 days ago', async () => {
    const quote = await sendQuoteToCarrier(ctx, { seed: seed++, carrierEmail: 'pricing@ausente.com.br' });
    const messageId = '<resposta-de-9-dias@ausente.com.br>';
    const connection = await connect(AWAY);
    // Last good sync 10 days ago, then 'Reconectar' (a refused refresh) until today.
    await db()
      .update(mailConnections)
      .set({ lastSyncAt: new Date(Date.now() - 10 * DAY), state: 'reconectar' })
      .where(eq(mailConnections.id, connection.id));
    await google.deliver(
      AWAY,
      await carrierReply({ ...inThreadOf(quote), messageId }),
      undefined,
      Date.now() - 9 * DAY,
    );
    // Sent before the last good sync's margin (a day): read then, not again.
    await google.deliver(
      AWAY,
      await carrierReply({ ...inThreadOf(quote), messageId: '<de-12-dias@ausente.com.br>' }),
      undefined,
      Date.now() - 12 * DAY,
    );
    google.expireHistory(AWAY);

    await connect(AWAY);

    expect(await connectionOf(AWAY)).toMatchObject({ state: 'ok', lastError: null });
    expect(await storedWith(messageId)).toHaveLength(1);
    expect(await storedWith('<de-12-dias@ausente.com.br>')).toHaveLength(0);
    await answered(quote);
  }, 60_000);
});
