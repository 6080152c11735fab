import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierReply,
  inThreadOf,
  type SentQuote,
  sendQuoteToCarrier,
} from '../../../test/factories/index.js';
import {
  fakeProviders,
  mailgunSignature,
  webhookContract,
} from '../../../test/fakes/inbound-webhook-providers.js';
import { createTestApp, registerUser, type TestContext } from '../../../test/helpers.js';
import { inboundAttachments, inboundMessages } from '../../db/schema/inbound.js';
import { mailgunSignatureValid } from '../../inbound/sources/webhooks/mailgun.js';

const secrets = {
  mailgunKey: 'key-cotacoes-teste-0123456789',
  user: 'provedor',
  password: 'senha-forte-do-webhook',
};

describe("Mailgun's worked signature vector (contract)", () => {
  const vector = webhookContract.mailgun_routes.verify_signature_example;
  it('verifies the documented signature and refuses any other', () => {
    expect(mailgunSignature(vector.signing_key, vector.timestamp, vector.token)).toBe(
      vector.expected_signature_hex,
    );
    expect(
      mailgunSignatureValid(
        vector.signing_key,
        vector.timestamp,
        vector.token,
        vector.expected_signature_hex,
      ),
    ).toBe(true);
    const flipped = `${vector.expected_signature_hex.slice(0, -1)}${vector.expected_signature_hex.endsWith('c') ? 'd' : 'c'}`;
    expect(mailgunSignatureValid(vector.signing_key, vector.timestamp, vector.token, flipped)).toBe(false);
    expect(
      mailgunSignatureValid('outra-chave', vector.timestamp, vector.token, vector.expected_signature_hex),
    ).toBe(false);
    expect(mailgunSignatureValid(vector.signing_key, vector.timestamp, vector.token, 'nao-hex')).toBe(false);
  });
});

describe('provider inbound webhooks', () => {
  let ctx: TestContext;
  let providers: ReturnType<typeof fakeProviders>;
  let quoteA: SentQuote;
  let quoteB: SentQuote;
  let developer: string;
  let smtpPort: number;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
      ADMIN_EMAILS: 'dev@importadora.com.br',
      MAILGUN_SIGNING_KEY: secrets.mailgunKey,
      INBOUND_WEBHOOK_USER: secrets.user,
      INBOUND_WEBHOOK_PASSWORD: secrets.password,
      INBOUND_WEBHOOK_MAX_MB: '1',
      INBOUND_SMTP_PORT: '0',
    });
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    providers = fakeProviders({ baseUrl, ...secrets });
    // Two companies, each with a quote sent to a carrier: the reply token decides where an answer goes.
    quoteA = await sendQuoteToCarrier(ctx, { seed: 3401, carrierEmail: 'pricing@atlantica.com.br' });
    quoteB = await sendQuoteToCarrier(ctx, { seed: 3402, carrierEmail: 'pricing@boreal.com.br' });
    developer = (await registerUser(ctx, 'dev@importadora.com.br')).token;
    smtpPort = (await status()).json().smtp.port;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  function status() {
    return ctx.app.inject({
      method: 'GET',
      url: '/api/inbound/status',
      headers: { authorization: `Bearer ${developer}` },
    });
  }

  async function rowsOf(messageId: string) {
    return ctx.app.services.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.messageId, messageId));
  }

  async function processed(messageId: string) {
    await ctx.app.services.inbound.drain();
    const rows = await rowsOf(messageId);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it('Mailgun (raw MIME): stores the reply once, before answering 200, and it becomes the right quote’s answer', async () => {
    const messageId = '<mailgun-mime-1@atlantica.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quoteA), messageId });
    const first = await providers.mailgunMime(raw, quoteA.request.replyTo);
    expect(first.status).toBe(200);
    // Committed by the time the provider got its 200.
    expect(await rowsOf(messageId)).toHaveLength(1);
    const row = await processed(messageId);
    expect(row).toMatchObject({
      source: 'mailgun',
      status: 'processada',
      outcome: 'resposta',
      cotacaoId: quoteA.quoteId,
      empresaId: quoteA.empresaId,
      fromAddress: quoteA.carrierEmail,
    });
    // Mailgun retries (a new signature, the same message): 200, nothing new stored.
    const retry = await providers.mailgunMime(raw, quoteA.request.replyTo);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toMatch(/já recebida/);
    expect(await rowsOf(messageId)).toHaveLength(1);
  });

  it('Mailgun: a forged, stale or replayed signature is 401 and stores nothing', async () => {
    const messageId = '<mailgun-forjada@atlantica.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quoteA), messageId });
    const forged = await providers.mailgunMime(raw, quoteA.request.replyTo, { signature: 'f'.repeat(64) });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('WEBHOOK_UNAUTHORIZED');
    // Signed with another key.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const wrongKey = await providers.mailgunMime(raw, quoteA.request.replyTo, {
      timestamp,
      token: 'a'.repeat(50),
      signature: mailgunSignature('key-de-outra-conta', timestamp, 'a'.repeat(50)),
    });
    expect(wrongKey.status).toBe(401);
    // Signed with a timestamp far in the future.
    const future = String(Math.floor(Date.now() / 1000) + 3600);
    const ahead = await providers.mailgunMime(raw, quoteA.request.replyTo, {
      timestamp: future,
      token: 'c'.repeat(50),
      signature: mailgunSignature(secrets.mailgunKey, future, 'c'.repeat(50)),
    });
    expect(ahead.status).toBe(401);
    // The contract's vector is correctly signed, but from 2025: too old.
    const vector = webhookContract.mailgun_routes.verify_signature_example;
    const stale = await providers.mailgunMime(raw, quoteA.request.replyTo, {
      timestamp: vector.timestamp,
      token: vector.token,
      signature: mailgunSignature(secrets.mailgunKey, vector.timestamp, vector.token),
    });
    expect(stale.status).toBe(401);
    // A captured request's signature replayed with another message.
    const token = 'b'.repeat(50);
    const signature = mailgunSignature(secrets.mailgunKey, timestamp, token);
    const original = await carrierReply({
      ...inThreadOf(quoteA),
      messageId: '<mailgun-original@atlantica.com.br>',
    });
    expect(
      (await providers.mailgunMime(original, quoteA.request.replyTo, { timestamp, token, signature })).status,
    ).toBe(200);
    const replayed = await providers.mailgunMime(raw, quoteA.request.replyTo, {
      timestamp,
      token,
      signature,
    });
    expect(replayed.status).toBe(401);
    expect(await rowsOf(messageId)).toHaveLength(0);
  });

  it('Mailgun: a retry hours later carries its original signature and is still taken', async () => {
    // Mailgun resends the original signature block on its retries (10 min … 4 h later).
    const messageId = '<mailgun-tentativa-tardia@atlantica.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quoteA), messageId });
    const timestamp = String(Math.floor(Date.now() / 1000) - 2 * 3600);
    const token = 'd'.repeat(50);
    const signature = mailgunSignature(secrets.mailgunKey, timestamp, token);
    const late = await providers.mailgunMime(raw, quoteA.request.replyTo, { timestamp, token, signature });
    expect(late.status).toBe(200);
    expect(await rowsOf(messageId)).toHaveLength(1);
    // The same delivery again (its 200 was lost): taken, nothing new stored.
    const again = await providers.mailgunMime(raw, quoteA.request.replyTo, { timestamp, token, signature });
    expect(again.status).toBe(200);
    expect(await rowsOf(messageId)).toHaveLength(1);
  });

  it('Mailgun (parsed fields, multipart with a file): the message is rebuilt with its thread and attachment', async () => {
    const messageId = '<mailgun-campos@atlantica.com.br>';
    const pdf = Buffer.from('%PDF-1.4\n% tabela de frete\n%%EOF\n');
    const response = await providers.mailgunParsed({
      recipient: quoteA.request.replyTo,
      from: `Pricing Atlântica <${quoteA.carrierEmail}>`,
      subject: `RE: ${quoteA.request.subject}`,
      messageHeaders: [
        ['Received', 'from mail.atlantica.com.br'],
        ['From', `Pricing Atlântica <${quoteA.carrierEmail}>`],
        ['To', quoteA.request.replyTo],
        ['Subject', `RE: ${quoteA.request.subject}`],
        ['Message-Id', messageId],
        ['In-Reply-To', quoteA.request.messageId],
        ['Content-Type', 'multipart/mixed; boundary="xyz"'],
      ],
      bodyPlain: 'Frete marítimo: USD 2.100,00 por contêiner 40HC\nValidade: 30/12/2026',
      attachment: { filename: 'tarifa.pdf', content: pdf, type: 'application/pdf' },
    });
    expect(response.status).toBe(200);
    const row = await processed(messageId);
    expect(row).toMatchObject({ source: 'mailgun', outcome: 'resposta', cotacaoId: quoteA.quoteId });
    const files = await ctx.app.services.database.db
      .select()
      .from(inboundAttachments)
      .where(eq(inboundAttachments.inboundMessageId, row.id));
    expect(files.map((file) => file.filename)).toEqual(['tarifa.pdf']);
  });

  it('SendGrid (raw MIME): basic auth, then stored once and matched to the quote of its token', async () => {
    const messageId = '<sendgrid-1@boreal.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quoteB), messageId });
    const envelope = { to: [quoteB.request.replyTo], from: quoteB.carrierEmail };
    const noAuth = await providers.sendgridRaw(raw, envelope, null);
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers.get('www-authenticate')).toMatch(/^Basic/);
    const wrong = await providers.sendgridRaw(raw, envelope, { user: secrets.user, password: 'chute' });
    expect(wrong.status).toBe(401);
    expect(await rowsOf(messageId)).toHaveLength(0);
    const ok = await providers.sendgridRaw(raw, envelope);
    expect(ok.status).toBe(200);
    const row = await processed(messageId);
    expect(row).toMatchObject({
      source: 'sendgrid',
      outcome: 'resposta',
      cotacaoId: quoteB.quoteId,
      empresaId: quoteB.empresaId,
    });
    expect((await providers.sendgridRaw(raw, envelope)).status).toBe(200);
    expect(await rowsOf(messageId)).toHaveLength(1);
  });

  it('Postmark (JSON, no raw MIME): composed from its fields; the token decides the company, not the webhook', async () => {
    const messageId = '<postmark-1@boreal.com.br>';
    const body = {
      From: quoteB.carrierEmail,
      FromName: 'Pricing Boreal',
      FromFull: { Email: quoteB.carrierEmail, Name: 'Pricing Boreal', MailboxHash: '' },
      To: quoteB.request.replyTo,
      ToFull: [{ Email: quoteB.request.replyTo, Name: '', MailboxHash: '' }],
      OriginalRecipient: quoteB.request.replyTo,
      Subject: `RE: ${quoteB.request.subject}`,
      MessageID: '0f8a2b2c-66eb-11e1-8e72-a8206ea7d3fe',
      TextBody: 'Frete marítimo: USD 1.950,00 por contêiner 40HC\nValidade: 30/12/2026',
      HtmlBody: '',
      Headers: [
        { Name: 'Message-ID', Value: messageId },
        { Name: 'In-Reply-To', Value: quoteB.request.messageId },
      ],
    };
    const forged = await providers.postmark(body, { user: 'provedor', password: 'errada' });
    expect(forged.status).toBe(401);
    expect(await rowsOf(messageId)).toHaveLength(0);
    const ok = await providers.postmark(body);
    expect(ok.status).toBe(200);
    const row = await processed(messageId);
    expect(row).toMatchObject({
      source: 'postmark',
      outcome: 'resposta',
      cotacaoId: quoteB.quoteId,
      empresaId: quoteB.empresaId,
    });
    // The contract example's attachment (base64) is kept.
    const files = await ctx.app.services.database.db
      .select()
      .from(inboundAttachments)
      .where(eq(inboundAttachments.inboundMessageId, row.id));
    expect(files.map((file) => file.filename)).toEqual(['romaneio.pdf']);
    expect((await providers.postmark(body)).status).toBe(200);
    expect(await rowsOf(messageId)).toHaveLength(1);
  });

  it('a Postmark message without a Message-ID header stays one message across retries (Postmark’s MessageID)', async () => {
    const body = {
      From: quoteB.carrierEmail,
      To: quoteB.request.replyTo,
      Subject: `RE: ${quoteB.request.subject}`,
      MessageID: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
      TextBody: 'Frete: USD 1.800,00',
      Headers: [],
      Attachments: [],
    };
    expect((await providers.postmark(body)).status).toBe(200);
    expect((await providers.postmark(body)).status).toBe(200);
    const rows = await rowsOf('<b7bc2f4a-e38e-4336-af7d-e6c392c2f817@postmark.inbound>');
    expect(rows).toHaveLength(1);
  });

  it('a Postmark retry of a message whose Date it cannot read, a second later, is the same message', async () => {
    // Rebuilt without a readable Date, the message is dated when rebuilt: the retry's date differs, and
    // it was taken for another message reusing the Message-ID (a new answer version each retry).
    for (const [n, date] of [
      [1, 'Sáb, 05 Dez 2026 12:00:00 -0300'],
      [2, ''],
    ] as const) {
      const messageId = `<postmark-no-date-${n}@boreal.com.br>`;
      const body = {
        From: quoteB.carrierEmail,
        To: quoteB.request.replyTo,
        Subject: `RE: ${quoteB.request.subject}`,
        MessageID: `c0ffee0${n}-e38e-4336-af7d-e6c392c2f817`,
        Date: date,
        TextBody: 'Frete: USD 1.810,00 por contêiner 40HC',
        Headers: [
          { Name: 'Message-ID', Value: messageId },
          // A sender's own marker is not trusted: the rebuild writes it only when it dated the message.
          { Name: 'X-Cotacoes-Date-Assumed', Value: 'forged' },
        ],
        Attachments: [],
      };
      expect((await providers.postmark(body)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await providers.postmark(body)).status).toBe(200);
      expect(await rowsOf(messageId), date || 'no Date').toHaveLength(1);
    }
  });

  it('over the size limit: 413 and nothing stored', async () => {
    const messageId = '<grande@atlantica.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quoteA), messageId, text: 'x'.repeat(1_200_000) });
    const mailgun = await providers.mailgunMime(raw, quoteA.request.replyTo);
    expect(mailgun.status).toBe(413);
    expect(mailgun.body.code).toBe('WEBHOOK_TOO_LARGE');
    const sendgrid = await providers.sendgridRaw(raw, {
      to: [quoteA.request.replyTo],
      from: quoteA.carrierEmail,
    });
    expect(sendgrid.status).toBe(413);
    const postmark = await providers.postmark({
      Headers: [{ Name: 'Message-ID', Value: messageId }],
      TextBody: 'x'.repeat(1_200_000),
    });
    expect(postmark.status).toBe(413);
    expect(await rowsOf(messageId)).toHaveLength(0);
  });

  it('bad input is a pt-BR 4xx, never a 500', async () => {
    const empty = await providers.sendgridRaw('', { to: [], from: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('WEBHOOK_PAYLOAD_INVALID');
    const notJson = await fetch(`${baseUrl}/api/inbound/postmark`, {
      method: 'POST',
      body: '{quebrado',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${secrets.user}:${secrets.password}`).toString('base64')}`,
      },
    });
    expect(notJson.status).toBe(400);
  });

  it('R4 across sources: the same reply by webhook and by SMTP is stored once', async () => {
    const messageId = '<duas-fontes@atlantica.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quoteA), messageId });
    expect(
      (await providers.sendgridRaw(raw, { to: [quoteA.request.replyTo], from: quoteA.carrierEmail })).status,
    ).toBe(200);
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: quoteA.carrierEmail, to: [quoteA.request.replyTo] }, raw });
    expect(info.response).toMatch(/^250 /);
    const row = await processed(messageId);
    expect(row.source).toBe('sendgrid');
  });

  it('the status view lists each webhook with its count, last message and last refusal', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    const sources = response.json().sources as Array<Record<string, unknown>>;
    const byId = Object.fromEntries(sources.map((row) => [row.id, row]));
    expect(byId['webhook:mailgun']).toMatchObject({ kind: 'mailgun', canSync: false, received: 4 });
    expect(byId['webhook:sendgrid']).toMatchObject({
      kind: 'sendgrid',
      state: 'ok',
      received: 2,
      lastError: null,
    });
    // Two messages, then two more each posted twice (the retries are the same messages).
    expect(byId['webhook:postmark']).toMatchObject({ kind: 'postmark', received: 4 });
    expect(byId['webhook:postmark']!.lastSyncAt).toEqual(expect.any(String));
    // The last Postmark request was refused as too large: its reason, in pt-BR.
    expect(byId['webhook:postmark']).toMatchObject({
      state: 'erro',
      lastError: expect.stringMatching(/limite de 1 MB/),
    });
    // ... and when it was refused (a moment ago), which the screen shows beside it.
    const refusedAt = Date.parse(byId['webhook:postmark']!.lastErrorAt as string);
    expect(Date.now() - refusedAt).toBeLessThan(5 * 60_000);
    expect(byId['webhook:sendgrid']!.lastErrorAt).toBeNull();
    expect(byId.smtp).toMatchObject({ kind: 'smtp', state: 'ok', canSync: false });
    // No secret is ever part of the answer.
    expect(response.body).not.toContain(secrets.mailgunKey);
    expect(response.body).not.toContain(secrets.password);
  });
});

describe('provider inbound webhooks without their secrets', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { workers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answer 404 for each provider and store nothing', async () => {
    for (const url of ['/api/inbound/mailgun', '/api/inbound/mailgun/mime', '/api/inbound/sendgrid']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        payload: 'recipient=a%40b.c&body-mime=From%3A%20x%40y.z',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode, url).toBe(404);
    }
    const postmark = await ctx.app.inject({
      method: 'POST',
      url: '/api/inbound/postmark',
      payload: { From: 'x@y.z' },
    });
    expect(postmark.statusCode).toBe(404);
    const rows = await ctx.app.services.database.db.select({ id: inboundMessages.id }).from(inboundMessages);
    expect(rows).toHaveLength(0);
  });
});
