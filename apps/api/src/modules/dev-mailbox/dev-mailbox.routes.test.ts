import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteScenario } from '../../../test/factories/index.js';
import { createTestApp, registerUser, type TestContext, waitForMail } from '../../../test/helpers.js';

describe('local mailbox', () => {
  let ctx: TestContext;
  let developer: Promise<{ token: string }> | undefined;
  /** The one desenvolvedor (ADMIN_EMAILS), registered once for the tests that need it. */
  const devToken = async () => {
    developer ??= registerUser(ctx, 'dev@empresa.com.br');
    return (await developer).token;
  };
  beforeAll(async () => {
    // Loopback, as behind a reverse proxy on the same host: not an identity.
    ctx = await createTestApp({ HOST: '127.0.0.1', ADMIN_EMAILS: 'dev@empresa.com.br' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is closed to anonymous callers and to signed-in users who are not desenvolvedor', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'alvo@empresa.com.br' },
    });
    await waitForMail(ctx.config, 'alvo@empresa.com.br', 'código');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Sessão inválida ou expirada. Faça login novamente.');
    expect(anonymous.body).not.toContain('alvo@empresa.com.br');
    const fromLoopback = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(fromLoopback.statusCode).toBe(401);

    const user = await registerUser(ctx, 'comum@empresa.com.br');
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox/qualquer']) {
      const asUser = await ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookies } });
      expect(asUser.statusCode, url).toBe(403);
      expect(asUser.json().message).toBe('Você não tem permissão para realizar esta ação.');
    }
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ mailTransport: 'local', mailboxEnabled: true });
  });

  it('lists sent messages with their text to a desenvolvedor, newest first, and opens one', async () => {
    const headers = { authorization: `Bearer ${await devToken()}` };
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'caixa@empresa.com.br' },
    });
    const mail = await waitForMail(ctx.config, 'caixa@empresa.com.br', 'código');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().messages;
    expect(first).toMatchObject({
      to: expect.stringContaining('caixa@empresa.com.br'),
      subject: mail.subject,
    });
    expect(first.text).toContain(mail.subject.slice(-6));
    const one = await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox/${first.id}`, headers });
    expect(one.json().html).toContain('<!doctype html>');
    const traversal = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/..%2F..%2Fetc%2Fpasswd',
      headers,
    });
    expect(traversal.statusCode).toBe(400);
    // A message written after a listing shows up in the next one (parsed files are cached by mtime).
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'segunda@empresa.com.br' },
    });
    await waitForMail(ctx.config, 'segunda@empresa.com.br', 'código');
    const again = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers })).json().messages;
    expect(again[0].to).toContain('segunda@empresa.com.br');
    expect(again.map((m: { to: string }) => m.to).join(' ')).toContain('caixa@empresa.com.br');
  });

  it("lists a message's attachments (a quote request carries its PDF)", async () => {
    const headers = { authorization: `Bearer ${await devToken()}` };
    const s = await quoteScenario(ctx);
    await waitForMail(ctx.config, s.carriers[0]!.email, s.quote.codigo);
    const { messages } = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers })).json();
    const request = messages.find(
      (m: { to: string; subject: string }) =>
        m.subject.includes(s.quote.codigo) && m.to.includes(s.carriers[0]!.email),
    );
    expect(request).not.toHaveProperty('anexos');
    const one = (
      await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox/${request.id}`, headers })
    ).json();
    expect(one.anexos).toEqual([
      { filename: `${s.quote.codigo}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(one.anexos[0].size).toBeGreaterThan(500);
  });
});

describe('local mailbox in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'production', ADMIN_EMAILS: 'dev@empresa.com.br' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('does not exist, not even for a desenvolvedor', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'dev@empresa.com.br' },
    });
    await waitForMail(ctx.config, 'dev@empresa.com.br', 'código');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    expect(ctx.app.routeAccess.has('GET /api/dev/mailbox')).toBe(false);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ mailTransport: 'local', mailboxEnabled: false });
  });
});

describe('smtp transport', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9' }, { workers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('has no local mailbox', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
