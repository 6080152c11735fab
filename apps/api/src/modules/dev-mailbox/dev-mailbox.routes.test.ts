import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext, waitForMail } from '../../../test/helpers.js';

describe('local mailbox on a loopback server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ HOST: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists sent messages with their text without sign-in, newest first, and opens one', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'caixa@empresa.com.br' },
    });
    const mail = await waitForMail(ctx.config, 'caixa@empresa.com.br', 'código');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().messages;
    expect(first).toMatchObject({
      to: expect.stringContaining('caixa@empresa.com.br'),
      subject: mail.subject,
    });
    expect(first.text).toContain(mail.subject.slice(-6));
    const one = await ctx.app.inject({ method: 'GET', url: `/api/dev/mailbox/${first.id}` });
    expect(one.json().html).toContain('<!doctype html>');
    const traversal = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(400);
    // A message written after a listing shows up in the next one (parsed files are cached by mtime).
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'segunda@empresa.com.br' },
    });
    await waitForMail(ctx.config, 'segunda@empresa.com.br', 'código');
    const again = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().messages;
    expect(again).toHaveLength(2);
    expect(again.map((m: { to: string }) => m.to).join(' ')).toContain('segunda@empresa.com.br');
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ mailTransport: 'local', mailboxEnabled: true });
  });
});

describe('local mailbox on a network address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ HOST: '0.0.0.0', ADMIN_EMAILS: 'dev@empresa.com.br' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is hidden from anonymous and ordinary users and shown to a desenvolvedor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    const user = await registerUser(ctx, 'comum@empresa.com.br');
    const asUser = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(asUser.statusCode).toBe(404);
    const dev = await registerUser(ctx, 'dev@empresa.com.br');
    const asDev = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(asDev.statusCode).toBe(200);
    expect(asDev.json().messages.length).toBeGreaterThanOrEqual(2);
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
