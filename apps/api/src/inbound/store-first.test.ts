import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierReply, inThreadOf, type SentQuote, sendQuoteToCarrier } from '../../test/factories/index.js';
import { createTestApp, registerUser, type TestContext, waitFor } from '../../test/helpers.js';
import { cure, nulReply, poison, poisonedReply } from '../../test/poison-mail.js';
import { auditLog, inboundAttachments, inboundMessages, respostas } from '../db/schema/index.js';
import { MAX_PROCESSING_ATTEMPTS, retryDelayMs } from './pipeline.js';

/*
 * Issue 29: one message that cannot be processed must never stop the others. Every source stores first
 * (raw, status 'pendente'), acknowledges, then processes; a failure is kept as 'falhou' with a pt-BR
 * reason, retried with backoff, and offered to a desenvolvedor ('Reprocessar', 'Descartar').
 *
 * A processing failure is made real, not simulated: a trigger makes the database refuse the conversation
 * row of any message whose subject says VENENO (as a constraint, a bug or an unexpected header would);
 * dropping the trigger is "the fix".
 */
const env = {
  INBOUND_SMTP_PORT: '0',
  MAIL_REPLY_ADDRESS: 'cotacoes@importadora.com.br',
  ADMIN_EMAILS: 'dev@importadora.com.br',
};

function lineCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

function client(port: number) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
}

describe('store first, through the SMTP listener', () => {
  let ctx: TestContext;
  let port: number;
  let quote: SentQuote;
  let developer: string;
  const log = lineCapture();

  const as = (token: string, method: 'GET' | 'POST', url: string) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const rowOf = async (messageId: string) => {
    const [row] = await ctx.app.services.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.messageId, messageId));
    return row!;
  };
  const send = (raw: Buffer) =>
    client(port).sendMail({ envelope: { from: quote.carrierEmail, to: [quote.request.replyTo] }, raw });

  beforeAll(async () => {
    ctx = await createTestApp(env, { logger: { level: 'info', stream: log.stream } });
    developer = (await registerUser(ctx, 'dev@importadora.com.br')).token;
    port = (await as(developer, 'GET', '/api/inbound/status')).json().smtp.port;
    quote = await sendQuoteToCarrier(ctx, { seed: 7201, carrierEmail: 'pricing@atlantica.com.br' });
    await poison(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('accepts a NUL-laden message, a message that fails and the reply behind them; only the failure waits', async () => {
    const nulId = '<nul-1@atlantica.com.br>';
    const failingId = '<veneno-1@atlantica.com.br>';
    const normalId = '<normal-1@atlantica.com.br>';
    for (const raw of [
      nulReply(quote, nulId),
      await poisonedReply(quote, failingId),
      await carrierReply({ ...inThreadOf(quote), messageId: normalId }),
    ])
      expect((await send(raw)).response).toMatch(/^250 /);
    await ctx.app.services.inbound.drain();

    const nul = await rowOf(nulId);
    expect(nul).toMatchObject({ status: 'processada', outcome: 'resposta', sentAt: null });
    expect(nul.subject).toContain('valores');
    expect(nul.subject).not.toContain('\u0000');

    const failing = await rowOf(failingId);
    expect(failing).toMatchObject({ status: 'falhou', outcome: null });
    expect(failing.tentativas).toBeGreaterThanOrEqual(1);
    expect(failing.erro).toBe('O banco de dados recusou a mensagem ao processá-la (código 23514).');
    expect(failing.proximaTentativa!.getTime()).toBeGreaterThan(Date.now());
    // Kept as received.
    expect(failing.raw!.toString('utf8')).toContain('SEGREDO-DO-CORPO');

    const normal = await rowOf(normalId);
    expect(normal).toMatchObject({ status: 'processada', outcome: 'resposta', cotacaoId: quote.quoteId });
    const versions = await ctx.app.services.database.db
      .select({ inboundMessageId: respostas.inboundMessageId })
      .from(respostas)
      .where(eq(respostas.cotacaoId, quote.quoteId));
    expect(versions.map((v) => v.inboundMessageId).sort()).toEqual([nul.id, normal.id].sort());

    // The log says which message failed and why, never what it said.
    const failure = log.lines.find((line) => line.includes('inbound message processing failed'));
    expect(failure).toBeDefined();
    expect(JSON.parse(failure!)).toMatchObject({
      inboundId: failing.id,
      senderDomain: 'atlantica.com.br',
      tamanho: failing.tamanho,
    });
    expect(log.lines.filter((line) => line.includes('SEGREDO-DO-CORPO'))).toEqual([]);
  });

  it("shows a desenvolvedor the failure and 'Reprocessar' applies it once the cause is fixed", async () => {
    const failing = await rowOf('<veneno-1@atlantica.com.br>');
    const list = await as(developer, 'GET', '/api/inbound/failed');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        id: failing.id,
        status: 'falhou',
        source: 'smtp',
        from: quote.carrierEmail,
        erro: expect.stringMatching(/banco de dados recusou/),
      }),
    );
    expect(list.body).not.toContain('SEGREDO-DO-CORPO');
    expect((await as(developer, 'GET', '/api/inbound/status')).json().comFalha).toBeGreaterThanOrEqual(1);

    // Still failing: the answer says so, nothing is applied.
    const again = await as(developer, 'POST', `/api/inbound/messages/${failing.id}/reprocess`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'falhou',
      message: expect.stringMatching(/falhou de novo/),
    });

    await cure(ctx);
    const fixed = await as(developer, 'POST', `/api/inbound/messages/${failing.id}/reprocess`);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'processada', outcome: 'resposta', erro: null });
    expect(await rowOf('<veneno-1@atlantica.com.br>')).toMatchObject({ status: 'processada', erro: null });
    const [version] = await ctx.app.services.database.db
      .select({ id: respostas.id })
      .from(respostas)
      .where(eq(respostas.inboundMessageId, failing.id));
    expect(version).toBeDefined();
    const audits = await ctx.app.services.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'inbound_message'), eq(auditLog.entityId, failing.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['inbound.reprocessar', 'inbound.resposta']),
    );
    // A processed message is no longer offered.
    expect((await as(developer, 'POST', `/api/inbound/messages/${failing.id}/reprocess`)).statusCode).toBe(
      404,
    );
  });

  it("'Descartar' purges a failed message at once; the same message again is a duplicate", async () => {
    await poison(ctx);
    const messageId = '<veneno-2@atlantica.com.br>';
    const raw = await poisonedReply(quote, messageId, true);
    expect((await send(raw)).response).toMatch(/^250 /);
    await ctx.app.services.inbound.drain();
    const failing = await rowOf(messageId);
    expect(failing.status).toBe('falhou');

    const supervisorToken = (await registerUser(ctx, 'outra@importadora.com.br')).token;
    expect(
      (await as(supervisorToken, 'POST', `/api/inbound/messages/${failing.id}/discard`)).statusCode,
    ).toBe(403);
    const discarded = await as(developer, 'POST', `/api/inbound/messages/${failing.id}/discard`);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().message).toMatch(/descartada/);
    const row = await rowOf(messageId);
    expect(row).toMatchObject({ status: 'ignorada', raw: null });
    expect(row.descartadaEm).toBeInstanceOf(Date);
    const attachments = await ctx.app.services.database.db
      .select({ id: inboundAttachments.id })
      .from(inboundAttachments)
      .where(eq(inboundAttachments.inboundMessageId, failing.id));
    expect(attachments).toEqual([]);
    const [audit] = await ctx.app.services.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, failing.id), eq(auditLog.action, 'inbound.descartar')));
    expect(audit).toBeDefined();

    // Delivered again (a sender that missed the 250): accepted, not stored twice, not processed.
    expect((await send(raw)).response).toMatch(/^250 /);
    const rows = await ctx.app.services.database.db
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(eq(inboundMessages.messageId, messageId));
    expect(rows).toHaveLength(1);
    expect((await as(developer, 'POST', `/api/inbound/messages/${failing.id}/reprocess`)).statusCode).toBe(
      404,
    );
    await cure(ctx);
  });
});

describe('store first: retries with backoff', () => {
  let ctx: TestContext;
  let quote: SentQuote;
  beforeAll(async () => {
    // Workers run (the outbox sends the request), and so does their sweeper: every step below holds
    // whichever of it and the test takes a due message first.
    ctx = await createTestApp(env);
    quote = await sendQuoteToCarrier(ctx, { seed: 7202, carrierEmail: 'pricing@atlantica.com.br' });
    await poison(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('retries a failed message when its backoff is due, doubling the wait, then leaves it to a person', async () => {
    const pipeline = ctx.app.services.inbound;
    const db = ctx.app.services.database.db;
    const stored = await pipeline.receive(await poisonedReply(quote, '<veneno-3@atlantica.com.br>'), {
      source: 'imap',
    });
    expect(stored.duplicate).toBe(false);
    const first = await pipeline.process(stored.inboundId);
    expect(first).toMatchObject({ status: 'falhou', erro: expect.stringMatching(/23514/) });
    const read = async () =>
      (await db.select().from(inboundMessages).where(eq(inboundMessages.id, stored.inboundId)))[0]!;
    const afterFirst = await read();
    expect(afterFirst.tentativas).toBe(1);
    const wait1 = afterFirst.proximaTentativa!.getTime() - Date.now();
    expect(wait1).toBeGreaterThan(retryDelayMs(1) - 2_000);
    expect(wait1).toBeLessThanOrEqual(retryDelayMs(1));

    // Not due yet: the sweeper leaves it.
    await pipeline.sweep();
    expect((await read()).tentativas).toBe(1);

    // Due: taken again, fails again, waits twice as long.
    await db
      .update(inboundMessages)
      .set({ proximaTentativa: new Date(Date.now() - 1000) })
      .where(eq(inboundMessages.id, stored.inboundId));
    await pipeline.sweep();
    // The app's own sweeper may hold the row (SKIP LOCKED): the test's pass then returns at once.
    const afterSecond = await waitFor(async () => {
      const row = await read();
      return row.tentativas === 2 ? row : undefined;
    });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(afterSecond.proximaTentativa!.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(2) - 2_000);

    // The last attempt: no next one; it stays 'falhou' for 'Reprocessar' or 'Descartar'.
    await db
      .update(inboundMessages)
      .set({ tentativas: MAX_PROCESSING_ATTEMPTS - 1, proximaTentativa: new Date(Date.now() - 1000) })
      .where(eq(inboundMessages.id, stored.inboundId));
    await pipeline.sweep();
    const last = await waitFor(async () => {
      const row = await read();
      return row.tentativas === MAX_PROCESSING_ATTEMPTS ? row : undefined;
    });
    expect(last).toMatchObject({
      status: 'falhou',
      tentativas: MAX_PROCESSING_ATTEMPTS,
      proximaTentativa: null,
    });
    expect(await pipeline.sweep()).toBe(0);

    // Fixed: the next sweep after a 'Reprocessar' schedule would apply it; reprocess applies it now.
    await cure(ctx);
    const developer = await registerUser(ctx, 'dev@importadora.com.br');
    // The app's sweeper may still be in the attempt it took when the row was last due: if that attempt
    // reaches its transaction after the cure, it processes the message first, and 'Reprocessar' then finds
    // nothing left to do. Either way the message ends processed, once.
    const result = await pipeline
      .reprocess(stored.inboundId, developer.user.id)
      .catch((error: unknown) => error);
    if (result instanceof Error) expect(result).toMatchObject({ code: 'INBOUND_MESSAGE_NOT_FOUND' });
    else expect(result).toMatchObject({ status: 'processada', outcome: 'resposta' });
    expect(await read()).toMatchObject({ status: 'processada', outcome: 'resposta' });
    const answers = await db.select().from(respostas).where(eq(respostas.inboundMessageId, stored.inboundId));
    expect(answers).toHaveLength(1);
  });

  it('a message stored but never processed (the process died in between) is taken by the sweeper', async () => {
    const pipeline = ctx.app.services.inbound;
    const db = ctx.app.services.database.db;
    const stored = await pipeline.receive(
      await carrierReply({ ...inThreadOf(quote), messageId: '<orfa@atlantica.com.br>' }),
      {
        source: 'imap',
      },
    );
    const [pending] = await db.select().from(inboundMessages).where(eq(inboundMessages.id, stored.inboundId));
    expect(pending).toMatchObject({ status: 'pendente', outcome: null });
    // Within the grace period the sweeper leaves it to the process that stored it.
    await pipeline.sweep();
    expect(
      (await db.select().from(inboundMessages).where(eq(inboundMessages.id, stored.inboundId)))[0]!.status,
    ).toBe('pendente');
    await db
      .update(inboundMessages)
      .set({ proximaTentativa: new Date(Date.now() - 1000) })
      .where(eq(inboundMessages.id, stored.inboundId));
    await pipeline.sweep();
    const done = await waitFor(async () => {
      const [row] = await db.select().from(inboundMessages).where(eq(inboundMessages.id, stored.inboundId));
      return row?.status === 'processada' ? row : undefined;
    });
    expect(done).toMatchObject({ status: 'processada', outcome: 'resposta' });
    // Processing twice changes nothing.
    expect(await pipeline.process(stored.inboundId)).toMatchObject({
      status: 'processada',
      outcome: 'resposta',
    });
    const versions = await db
      .select({ id: respostas.id })
      .from(respostas)
      .where(eq(respostas.inboundMessageId, stored.inboundId));
    expect(versions).toHaveLength(1);
  });
});
