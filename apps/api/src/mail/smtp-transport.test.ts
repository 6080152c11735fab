import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/fakes/smtp-sink.js';
import { cookieHeader, createTestApp, type TestContext, waitFor } from '../../test/helpers.js';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: TestContext;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Cotações <cotacoes@empresa.com.br>',
  });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

it('delivers the verification code through a real SMTP server, with the Message-ID stored in the outbox', async () => {
  const register = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'smtp@importadora.com.br' },
  });
  expect(register.statusCode).toBe(200);
  const message = await waitFor(() => sink.messages.find((m) => m.to.includes('smtp@importadora.com.br')));
  const code = /\b(\d{6})\b/.exec(message.subject)![1]!;
  expect(message.subject).toBe(`Seu código de verificação: ${code}`);
  expect(message.text).toContain(code);
  // Marked sent once the server has accepted it.
  const outbox = await waitFor(async () => {
    const row = await ctx.app.services.database.db.query.mailOutbox.findFirst();
    return row?.status === 'sent' ? row : undefined;
  });
  expect(outbox.messageId).toBe(message.messageId);

  const verify = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    headers: { cookie: cookieHeader(register) },
    payload: { code },
  });
  expect(verify.statusCode).toBe(200);
});

it('strips line breaks from header values so nothing can be injected', async () => {
  await ctx.app.services.database.db.transaction((tx) =>
    ctx.app.services.mailer.enqueue(tx, {
      kind: 'test',
      to: ['destino@empresa.com.br'],
      subject: 'Assunto\r\nBcc: vitima@externo.com',
      text: 'corpo',
    }),
  );
  const message = await waitFor(() => sink.messages.find((m) => m.to.includes('destino@empresa.com.br')));
  expect(message.to).toEqual(['destino@empresa.com.br']);
  expect(message.subject).toBe('Assunto Bcc: vitima@externo.com');
});

it("sends with a return path the product reads: the message's own reply address, else MAIL_REPLY_ADDRESS", async () => {
  const tagged = `${ctx.config.MAIL_REPLY_ADDRESS.replace('@', '+a1b2c3d4@')}`;
  await ctx.app.services.database.db.transaction(async (tx) => {
    await ctx.app.services.mailer.enqueue(tx, {
      kind: 'test',
      to: ['pricing@agente.com.br'],
      bcc: ['oculto@agente.com.br'],
      replyTo: tagged,
      subject: 'Pedido de cotação',
      text: 'corpo',
    });
    await ctx.app.services.mailer.enqueue(tx, {
      kind: 'test',
      to: ['aviso@empresa.com.br'],
      subject: 'Aviso',
      text: 'corpo',
    });
  });
  const request = await waitFor(() => sink.messages.find((m) => m.to.includes('pricing@agente.com.br')));
  // A bounce of the request comes back to the quote's own address, which names its quote and carrier.
  expect(request.mailFrom).toBe(tagged);
  // Every recipient is still in the envelope, the Bcc too, and the From header is unchanged.
  expect(request.to.sort()).toEqual(['oculto@agente.com.br', 'pricing@agente.com.br']);
  expect(request.from.address).toBe('cotacoes@empresa.com.br');
  const notice = await waitFor(() => sink.messages.find((m) => m.to.includes('aviso@empresa.com.br')));
  expect(notice.mailFrom).toBe(ctx.config.MAIL_REPLY_ADDRESS);
});
