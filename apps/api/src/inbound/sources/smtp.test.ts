import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carrierReply,
  inThreadOf,
  type SentQuote,
  sendQuoteToCarrier,
} from '../../../test/factories/index.js';
import { createTestApp, registerUser, type TestContext } from '../../../test/helpers.js';
import { inboundMessages } from '../../db/schema/inbound.js';
import { INBOUND_SMTP_MAX_BYTES } from './smtp.js';

const env = {
  INBOUND_SMTP_PORT: '0',
  MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
  ADMIN_EMAILS: 'dev@importadora.com.br',
};

/** The desenvolvedor of each app (registered once), who reads the sources view. */
const developers = new WeakMap<TestContext, string>();

async function smtpPortOf(ctx: TestContext): Promise<number> {
  const dev = await registerUser(ctx, 'dev@importadora.com.br');
  developers.set(ctx, dev.token);
  const status = await ctx.app.inject({
    method: 'GET',
    url: '/api/inbound/status',
    headers: { authorization: `Bearer ${dev.token}` },
  });
  expect(status.statusCode).toBe(200);
  return status.json().smtp.port;
}

function client(port: number) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
}

async function storedMessage(ctx: TestContext, messageId: string) {
  const [row] = await ctx.app.services.database.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.messageId, messageId));
  return row;
}

function failureOf(promise: Promise<unknown>): Promise<{ responseCode?: number; message: string }> {
  return promise.then(
    () => {
      throw new Error('the server accepted the message');
    },
    (error: { responseCode?: number; message: string }) => error,
  );
}

describe('inbound SMTP listener', () => {
  let ctx: TestContext;
  let port: number;
  let quote: SentQuote;
  beforeAll(async () => {
    ctx = await createTestApp(env);
    port = await smtpPortOf(ctx);
    quote = await sendQuoteToCarrier(ctx, { seed: 7101, carrierEmail: 'pricing@atlantica.com.br' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('accepts a reply for the reply domain and answers 250 only once it is stored', async () => {
    const messageId = '<smtp-resposta-1@atlantica.com.br>';
    const raw = await carrierReply({ ...inThreadOf(quote), messageId });
    const info = await client(port).sendMail({
      envelope: { from: quote.carrierEmail, to: [quote.request.replyTo] },
      raw,
    });
    expect(info.response).toMatch(/^250 /);
    // Checked right after the client's send resolved: the 250 came after the raw message was committed.
    const stored = await storedMessage(ctx, messageId);
    expect(stored).toMatchObject({ source: 'smtp', messageId, fromAddress: quote.carrierEmail });
    expect(['pendente', 'processada']).toContain(stored!.status);
    // Processing runs after the 250, apart from it.
    await ctx.app.services.inbound.drain();
    const row = await storedMessage(ctx, messageId);
    expect(row).toMatchObject({
      source: 'smtp',
      status: 'processada',
      messageId,
      fromAddress: quote.carrierEmail,
      outcome: 'resposta',
      cotacaoId: quote.quoteId,
    });
    // Kept as received (the SMTP client only turned bare LFs of the body into CRLF on the wire).
    const crlf = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').replace(/\r?\n/g, '\r\n');
    expect(crlf(row!.raw!)).toBe(crlf(raw));
    // The same message delivered twice (a sender that missed our 250) is stored once.
    const again = await client(port).sendMail({
      envelope: { from: quote.carrierEmail, to: [quote.request.replyTo] },
      raw,
    });
    expect(again.response).toMatch(/^250 /);
    const rows = await ctx.app.services.database.db
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(eq(inboundMessages.messageId, messageId));
    expect(rows).toHaveLength(1);
  });

  it("counts an answer from its arrival, not from a sender's Date three hours off (QA pass 34: 'Respondeu em 0 min')", async () => {
    const late = await sendQuoteToCarrier(ctx, { seed: 7102, carrierEmail: 'pricing@relogio-errado.com.br' });
    const db = ctx.app.services.database.db;
    // The request went out two hours ago; the reply's Date says three hours ago ('-0300' written as '+0000').
    const hour = 3_600_000;
    const sentAt = new Date(Date.now() - 2 * hour);
    await db.execute(sql`
      update mail_outbox set sent_at = ${sentAt.toISOString()}::timestamptz
      where id = (select outbox_id from cotacao_destinatarios where cotacao_id = ${late.quoteId})`);
    await db.execute(sql`
      update cotacao_destinatarios set created_at = ${sentAt.toISOString()}::timestamptz
      where cotacao_id = ${late.quoteId}`);
    const messageId = '<smtp-relogio@relogio-errado.com.br>';
    const before = Date.now();
    await client(port).sendMail({
      envelope: { from: late.carrierEmail, to: [late.request.replyTo] },
      raw: await carrierReply({ ...inThreadOf(late), messageId, date: new Date(Date.now() - 3 * hour) }),
    });
    const after = Date.now();
    await ctx.app.services.inbound.drain();
    const { rows } = await db.execute(sql`
      select respondeu_em from cotacao_destinatarios where cotacao_id = ${late.quoteId}`);
    const answered = new Date((rows[0] as { respondeu_em: string | Date }).respondeu_em).getTime();
    expect(answered).toBeGreaterThanOrEqual(before - 1_000);
    expect(answered).toBeLessThanOrEqual(after);
  });

  it('refuses recipients of any other domain at RCPT with 550 (no open relay)', async () => {
    const messageId = '<smtp-relay@spam.example>';
    const raw = await carrierReply({ ...inThreadOf(quote), messageId });
    const error = await failureOf(
      client(port).sendMail({ envelope: { from: 'x@spam.example', to: ['vitima@outro.com.br'] }, raw }),
    );
    expect(error.responseCode).toBe(550);
    expect(await storedMessage(ctx, messageId)).toBeUndefined();
    // A look-alike domain is another domain.
    const lookalike = await failureOf(
      client(port).sendMail({
        envelope: { from: 'x@spam.example', to: ['cotacoes@importadora.com.br.evil.example'] },
        raw,
      }),
    );
    expect(lookalike.responseCode).toBe(550);
  });

  it('refuses a message over the size limit with 552 and stores nothing', async () => {
    const messageId = '<smtp-grande@atlantica.com.br>';
    const raw = Buffer.concat([
      await carrierReply({ ...inThreadOf(quote), messageId, text: 'anexo grande' }),
      Buffer.alloc(INBOUND_SMTP_MAX_BYTES + 1024, 'a\r\n'),
    ]);
    const error = await failureOf(
      client(port).sendMail({ envelope: { from: quote.carrierEmail, to: [quote.request.replyTo] }, raw }),
    );
    expect(error.responseCode).toBe(552);
    expect(await storedMessage(ctx, messageId)).toBeUndefined();
    // The sources view says it (QA pass 37: 'Último erro: Nenhum' while the carrier got a bounce).
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/inbound/status',
      headers: { authorization: `Bearer ${developers.get(ctx)}` },
    });
    const smtp = (
      status.json().sources as { kind: string; lastError: string | null; lastErrorAt: string | null }[]
    ).find((source) => source.kind === 'smtp')!;
    expect(smtp.lastError).toMatch(
      new RegExp(
        `^Mensagem de ${quote.carrierEmail.replace(/[.]/g, '\\.')} recusada: 35,\\d MB, acima do limite de 35 MB\\.`,
      ),
    );
    expect(smtp.lastErrorAt).not.toBeNull();
  });
});

describe('inbound SMTP listener when the database fails', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp(env);
    port = await smtpPortOf(ctx);
  });
  afterAll(async () => {
    await ctx?.close().catch(() => undefined);
  });

  it('answers 451 so that the sender keeps the message and retries', async () => {
    await ctx.app.services.database.close();
    const error = await failureOf(
      client(port).sendMail({
        envelope: { from: 'pricing@atlantica.com.br', to: ['cotacoes+abc@importadora.com.br'] },
        raw: 'From: pricing@atlantica.com.br\r\nTo: cotacoes+abc@importadora.com.br\r\nSubject: RE: COT-2026-0001\r\nMessage-ID: <falha@atlantica.com.br>\r\n\r\nValor: USD 100\r\n',
      }),
    );
    expect(error.responseCode).toBe(451);
  });
});

describe('inbound SMTP listener with a certificate', () => {
  let ctx: TestContext;
  let port: number;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-smtp-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    ctx = await createTestApp({
      ...env,
      INBOUND_SMTP_TLS_CERT: path.join(dir, 'cert.pem'),
      INBOUND_SMTP_TLS_KEY: path.join(dir, 'key.pem'),
    });
    port = await smtpPortOf(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('offers STARTTLS and accepts a reply over it', async () => {
    const messageId = '<smtp-tls@atlantica.com.br>';
    const secured = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const info = await secured.sendMail({
      envelope: { from: 'pricing@atlantica.com.br', to: ['cotacoes+abc@importadora.com.br'] },
      raw: `From: pricing@atlantica.com.br\r\nTo: cotacoes+abc@importadora.com.br\r\nSubject: RE: cotação\r\nMessage-ID: ${messageId}\r\n\r\nFrete: USD 900\r\n`,
    });
    expect(info.response).toMatch(/^250 /);
    expect(await storedMessage(ctx, messageId)).toMatchObject({ source: 'smtp' });
  });
});
