import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  cookieHeader,
  createTestApp,
  readSentMail,
  registerUser,
  type TestContext,
  waitForMail,
} from '../../../test/helpers.js';
import { auditLog, mailOutbox, passwordResets, users } from '../../db/schema/index.js';
import { insertUser } from './auth.repository.js';
import { RESET_CODE_MAX_ATTEMPTS, RESET_REQUESTS_PER_HOUR } from './password-reset.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const reset = (cookie: string, code: string, password = 'novaSenha77', confirmPassword = password) =>
  post('/api/auth/reset-password', { code, password, confirmPassword }, { cookie });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const outboxTo = async (email: string) =>
  (await ctx.app.services.database.db.select().from(mailOutbox)).filter((row) =>
    row.toAddresses.includes(email),
  );

describe('password reset', () => {
  it('mails a single-use code, sets the new password, ends every session and sends a notice', async () => {
    const email = 'esqueci@importadora.com.br';
    const first = await registerUser(ctx, email, 'senhaAntiga1');
    const second = await post('/api/auth/login', { email, password: 'senhaAntiga1' });
    expect(second.statusCode).toBe(200);

    const asked = await forgot('Esqueci@Importadora.com.br');
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(
      'Se houver uma conta com este e-mail, enviamos um código para redefinir a senha. Confira sua caixa de entrada.',
    );
    const cookie = cookieHeader(asked);
    expect(cookie).toContain('cotacoes_reset=');
    const mail = await waitForMail(ctx.config, email, 'redefinir sua senha');
    const code = codeFrom(mail);
    // The code is introduced before it is shown, and stored only as a hash.
    const lines = mail.text.split('\n').filter(Boolean);
    expect(lines.indexOf(code)).toBe(lines.findIndex((line) => line.startsWith('Use o código abaixo')) + 1);
    const [row] = await ctx.app.services.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.email, email));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeExpiresAt.getTime() - Date.now()).toBeGreaterThan(10 * 60_000);
    expect(row!.codeExpiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    const wrong = await reset(cookie, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INVALID');
    const weak = await reset(cookie, code, 'abcdef');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({
      path: 'password',
      message: 'A senha deve conter pelo menos um número.',
    });
    const mismatch = await reset(cookie, code, 'novaSenha77', 'outraSenha77');
    expect(mismatch.statusCode).toBe(400);
    expect((await me(first.token)).statusCode).toBe(200);

    const done = await reset(cookie, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Senha redefinida. Entre com a nova senha.');
    expect(done.cookies.find((c) => c.name === 'cotacoes_reset')?.value).toBe('');
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(second.json().access_token)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'senhaAntiga1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'novaSenha77' })).statusCode).toBe(200);

    const again = await reset(cookie, code, 'outraNova88');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_NOT_STARTED');
    const notice = await waitForMail(ctx.config, email, 'Sua senha foi redefinida');
    expect(notice.text).toContain('Todas as sessões abertas foram encerradas.');
    const audits = await ctx.app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, first.user.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.forgot-password', 'auth.reset-password']),
    );
  });

  it('answers an unknown e-mail exactly like a known one, mails nothing and accepts no code', async () => {
    await registerUser(ctx, 'conhecido@importadora.com.br');
    const known = await forgot('conhecido@importadora.com.br');
    const unknown = await forgot('ninguem@importadora.com.br');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.cookies.map((c) => c.name)).toEqual(known.cookies.map((c) => c.name));
    expect(await outboxTo('ninguem@importadora.com.br')).toEqual([]);
    const cookie = cookieHeader(unknown);
    for (let attempt = 1; attempt < RESET_CODE_MAX_ATTEMPTS; attempt++) {
      const response = await reset(cookie, String(100000 + attempt));
      expect(response.json().code).toBe('CODE_INVALID');
    }
    const last = await reset(cookie, '999999');
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('CODE_TOO_MANY_ATTEMPTS');
  });

  it('locks the code after five wrong attempts, even when the right one comes next', async () => {
    const email = 'tentativas@importadora.com.br';
    await registerUser(ctx, email, 'senhaAntiga1');
    const cookie = cookieHeader(await forgot(email));
    const code = codeFrom(await waitForMail(ctx.config, email, 'redefinir sua senha'));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < RESET_CODE_MAX_ATTEMPTS; attempt++) await reset(cookie, wrong);
    const right = await reset(cookie, code);
    expect(right.statusCode).toBe(429);
    expect((await post('/api/auth/login', { email, password: 'senhaAntiga1' })).statusCode).toBe(200);
  });

  it('refuses an expired code and a request without the reset cookie', async () => {
    const email = 'expirado@importadora.com.br';
    await registerUser(ctx, email);
    const cookie = cookieHeader(await forgot(email));
    const code = codeFrom(await waitForMail(ctx.config, email, 'redefinir sua senha'));
    await ctx.app.services.database.db
      .update(passwordResets)
      .set({ codeExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.email, email));
    const expired = await reset(cookie, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Código expirado. Solicite um novo código.');
    const noCookie = await reset('', code);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().code).toBe('RESET_NOT_STARTED');
  });

  it('tells a Google/Microsoft-only account by e-mail to use its provider', async () => {
    const email = 'so-google@importadora.com.br';
    await insertUser(ctx.app.services.database.db, { name: 'Só Google', email, passwordHash: null });
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(ctx.config, email, 'Sua conta não usa senha');
    expect(mail.text).toContain('Entrar com Google');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    const [user] = await ctx.app.services.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toBeNull();
  });

  it('limits requests per e-mail, with the same answer whether the account exists or not', async () => {
    for (const email of ['limite@importadora.com.br', 'limite-inexistente@importadora.com.br']) {
      for (let i = 0; i < RESET_REQUESTS_PER_HOUR; i++) expect((await forgot(email)).statusCode).toBe(200);
      const over = await forgot(email);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^Muitas tentativas\. Aguarde \d+ (segundos?|minutos?) e tente/);
    }
  });

  it('rejects a malformed e-mail or code with the catalogue message and changes nothing', async () => {
    const before = (await readSentMail(ctx.config)).length;
    const badEmail = await forgot('sem-arroba');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toContainEqual({ path: 'email', message: 'Informe um e-mail válido.' });
    const badCode = await post('/api/auth/reset-password', {
      code: '12a',
      password: 'novaSenha77',
      confirmPassword: 'novaSenha77',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toContainEqual({
      path: 'code',
      message: 'O código deve ter exatamente 6 dígitos.',
    });
    expect((await readSentMail(ctx.config)).length).toBe(before);
  });
});

describe('verification e-mail', () => {
  it('introduces the code before showing it, in the text and the HTML part', async () => {
    const email = 'ordem@importadora.com.br';
    await post('/api/auth/register', { email });
    const mail = await waitForMail(ctx.config, email, 'código de verificação');
    const lines = mail.text.split('\n').filter(Boolean);
    const code = codeFrom(mail);
    expect(lines.indexOf(code)).toBe(lines.findIndex((line) => line.startsWith('Use o código abaixo')) + 1);
    const [row] = await outboxTo(email);
    const html = row!.htmlBody!;
    expect(html.indexOf('Use o código abaixo')).toBeLessThan(html.indexOf(`>${code}<`));
  });
});
