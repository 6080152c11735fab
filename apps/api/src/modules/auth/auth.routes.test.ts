import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  cookieHeader,
  createTestApp,
  readSentMail,
  registerUser,
  type TestContext,
  waitFor,
  waitForMail,
} from '../../../test/helpers.js';
import { auditLog, pendingInvites, pendingRegistrations, sessions, users } from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';
import { insertInvite } from '../empresas/invites.repository.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_EMAILS: 'Chefe@Empresa.com.br, outro@empresa.com.br' });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration', () => {
  it('registers, verifies with the mailed code, creates the account and signs in', async () => {
    const { token, user, cookies } = await registerUser(
      ctx,
      'Maria.Silva@Importadora.com.br',
      'senhaBoa42',
      'Maria',
    );
    expect(user).toMatchObject({ email: 'maria.silva@importadora.com.br', role: 'usuario', name: 'Maria' });
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(cookies).toContain('cotacoes_session=');

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: user.id,
      name: 'Maria',
      email: 'maria.silva@importadora.com.br',
      role: 'usuario',
      empresaId: null,
      receiveEmailCopy: false,
    });
    const [row] = await ctx.app.services.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const audits = await ctx.app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, user.id));
    expect(audits.map((a) => a.action)).toContain('auth.complete-registration');
  });

  it('gives the desenvolvedor role to ADMIN_EMAILS', async () => {
    const { user } = await registerUser(ctx, 'chefe@empresa.com.br');
    expect(user.role).toBe('desenvolvedor');
  });

  it('answers an already registered e-mail exactly like a new one and mails a notice instead of a code', async () => {
    await registerUser(ctx, 'existente@empresa.com.br');
    const existing = await post('/api/auth/register', { email: 'existente@empresa.com.br' });
    const fresh = await post('/api/auth/register', { email: 'inedito@empresa.com.br' });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.body).toBe(fresh.body);
    expect(existing.cookies.map((c) => c.name)).toEqual(fresh.cookies.map((c) => c.name));
    const notice = await waitForMail(ctx.config, 'existente@empresa.com.br', 'Tentativa de cadastro');
    expect(notice.text).toContain('/login');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    // No code can complete a registration for the existing account.
    const verify = await post(
      '/api/auth/verify-email',
      { code: '123456' },
      { cookie: cookieHeader(existing) },
    );
    expect(verify.statusCode).toBe(400);
  });

  it('rejects wrong codes, locks after 5 attempts, and a new code unlocks', async () => {
    const register = await post('/api/auth/register', { email: 'tentativas@empresa.com.br' });
    const cookie = cookieHeader(register);
    const mail = await waitForMail(ctx.config, 'tentativas@empresa.com.br', 'código');
    const right = codeFrom(mail);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await post('/api/auth/verify-email', { code: wrong }, { cookie }));
    expect(answers.slice(0, 4).map((a) => a.json().code)).toEqual(Array(4).fill('CODE_INVALID'));
    expect(answers[4]!.json()).toMatchObject({ code: 'CODE_TOO_MANY_ATTEMPTS', status: 429 });
    const locked = await post('/api/auth/verify-email', { code: right }, { cookie });
    expect(locked.json().code).toBe('CODE_TOO_MANY_ATTEMPTS');

    // The resend interval applies: make the last send old enough, then resend.
    const db = ctx.app.services.database.db;
    await db
      .update(pendingRegistrations)
      .set({ lastSentAt: new Date(Date.now() - 60_000) })
      .where(eq(pendingRegistrations.email, 'tentativas@empresa.com.br'));
    const firstId = mail.messageId;
    const resend = await post('/api/auth/resend-verification', undefined, { cookie });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('Novo código enviado!');
    const newMail = await waitFor(async () =>
      (await readSentMail(ctx.config)).find((m) => m.to.includes('tentativas@') && m.messageId !== firstId),
    );
    const ok = await post('/api/auth/verify-email', { code: codeFrom(newMail) }, { cookie });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a resend sooner than 30 seconds', async () => {
    const register = await post('/api/auth/register', { email: 'pressa@empresa.com.br' });
    const resend = await post('/api/auth/resend-verification', undefined, { cookie: cookieHeader(register) });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toMatch(/Aguarde \d+ segundos e tente novamente\./);
  });

  it('rejects an expired code', async () => {
    const register = await post('/api/auth/register', { email: 'expirado@empresa.com.br' });
    const mail = await waitForMail(ctx.config, 'expirado@empresa.com.br', 'código');
    await ctx.app.services.database.db
      .update(pendingRegistrations)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.email, 'expirado@empresa.com.br'));
    const verify = await post(
      '/api/auth/verify-email',
      { code: codeFrom(mail) },
      { cookie: cookieHeader(register) },
    );
    expect(verify.json()).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'Código expirado. Solicite um novo código.',
    });
  });

  it('rejects a used code once the registration is complete', async () => {
    const register = await post('/api/auth/register', { email: 'usado@empresa.com.br' });
    const cookie = cookieHeader(register);
    const code = codeFrom(await waitForMail(ctx.config, 'usado@empresa.com.br', 'código'));
    expect((await post('/api/auth/verify-email', { code }, { cookie })).statusCode).toBe(200);
    const complete = await post(
      '/api/auth/complete-registration',
      { name: 'Usado', password: 'senhaBoa42', confirmPassword: 'senhaBoa42' },
      { cookie },
    );
    expect(complete.statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { code }, { cookie });
    expect(again.json().code).toBe('REGISTRATION_NOT_STARTED');
  });

  it('links an invited e-mail to its company with the invite role when the registration completes', async () => {
    const db = ctx.app.services.database.db;
    const empresa = await ctx.app.services.empresas.create(
      {
        nome: 'Convidante',
        codigo: 'CONVIDA',
        cnpj: null,
        razaoSocial: null,
        email: null,
        telefone: null,
        endereco: null,
      },
      {},
    );
    const invite = await insertInvite(db, checkedTenant(empresa.id), {
      email: 'convidada@empresa.com.br',
      role: 'supervisor',
      tokenHash: 'f'.repeat(64),
    });
    const { user } = await registerUser(ctx, 'Convidada@Empresa.com.br');
    expect(user).toMatchObject({ role: 'supervisor', empresaId: empresa.id });
    const [row] = await db.select().from(pendingInvites).where(eq(pendingInvites.id, invite.id));
    expect(row).toMatchObject({ activatedUserId: user.id, activatedAt: expect.any(Date) });
    const audits = await db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['empresa.invite.activate', 'auth.complete-registration']),
    );
    // Without an invite the account starts with the default role and no company.
    const { user: other } = await registerUser(ctx, 'sem-convite@empresa.com.br');
    expect(other).toMatchObject({ role: 'usuario', empresaId: null });
  });

  it('does not complete a registration whose e-mail was not verified', async () => {
    const register = await post('/api/auth/register', { email: 'naoverificado@empresa.com.br' });
    const complete = await post(
      '/api/auth/complete-registration',
      { name: 'X', password: 'senhaBoa42', confirmPassword: 'senhaBoa42' },
      { cookie: cookieHeader(register) },
    );
    expect(complete.json().code).toBe('REGISTRATION_NOT_VERIFIED');
    const [row] = await ctx.app.services.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'naoverificado@empresa.com.br'));
    expect(row).toBeUndefined();
  });

  it('applies the spec password rules on the server with the spec messages', async () => {
    const response = await post('/api/auth/complete-registration', {
      name: 'X',
      password: 'abc',
      confirmPassword: 'abd',
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual([
      'A senha deve ter pelo menos 6 caracteres.',
      'A senha deve conter pelo menos um número.',
      'As senhas não coincidem.',
    ]);
    const common = await post('/api/auth/complete-registration', {
      name: 'X',
      password: 'senha123',
      confirmPassword: 'senha123',
    });
    expect(common.json().message).toContain('muito comum');
  });

  it('rejects malformed input with pt-BR messages and no change', async () => {
    const bad = [
      await post('/api/auth/register', { email: 'não-é-email' }),
      await post('/api/auth/register', { email: 'a@b.com', extra: true }),
      await post('/api/auth/register', { email: 42 }),
      await post('/api/auth/verify-email', { code: '12ab56' }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `${'a'.repeat(2 * 1024 * 1024)}@x.com` }),
      }),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 413]);
    for (const response of bad) {
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().message).toMatch(/[a-zà-ú]/);
    }
    expect(bad[0]!.json().message).toBe('Informe um e-mail válido.');
    expect(bad[1]!.json().message).toBe('Campo não permitido: extra');
    expect(bad[3]!.json().message).toBe('O código deve ter exatamente 6 dígitos.');
    expect(bad[4]!.json().code).toBe('MALFORMED_JSON');
    expect(bad[5]!.json().code).toBe('PAYLOAD_TOO_LARGE');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const sent = await readSentMail(ctx.config);
    expect(sent.filter((mail) => mail.to.includes('a@b.com') || mail.to.includes('x.com'))).toEqual([]);
  });
});

describe('login, sessions and logout', () => {
  it('signs in with bearer and cookie, and a token stops working after logout', async () => {
    await registerUser(ctx, 'sessao@empresa.com.br', 'senhaBoa42');
    const login = await post('/api/auth/login', { email: 'SESSAO@empresa.com.br ', password: 'senhaBoa42' });
    expect(login.statusCode).toBe(200);
    const { access_token: token, user } = login.json();
    expect(user.email).toBe('sessao@empresa.com.br');
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(login) },
    });
    expect(byCookie.statusCode).toBe(200);
    const logout = await post('/api/auth/logout', undefined, { authorization: `Bearer ${token}` });
    expect(logout.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  it('does not tell unknown e-mails from wrong passwords', async () => {
    await registerUser(ctx, 'conhecido@empresa.com.br', 'senhaBoa42');
    const wrong = await post('/api/auth/login', {
      email: 'conhecido@empresa.com.br',
      password: 'outraSenha1',
    });
    const unknown = await post('/api/auth/login', {
      email: 'desconhecido@empresa.com.br',
      password: 'outraSenha1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe('E-mail ou senha incorretos.');
  });

  it('slows guessing from unknown devices without locking the owner out, and tells the owner once (ADR 0013)', async () => {
    const victim = await registerUser(ctx, 'alvo@empresa.com.br', 'senhaBoa42');
    const deviceCookie = victim.cookies.split('; ').find((pair) => pair.startsWith('cotacoes_device='));
    expect(deviceCookie).toBeTruthy();
    const login = (
      email: string,
      password: string,
      headers: Record<string, string> = {},
      from = '10.20.0.1',
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        headers,
        remoteAddress: from,
      });
    const attack = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await login(email, `errada${i}x`, {}, `10.30.${i}.7`));
      return answers;
    };
    const answers = await attack('alvo@empresa.com.br');
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const throttled = answers[5]!;
    expect(throttled.json()).toMatchObject({ code: 'LOGIN_THROTTLED', status: 429 });
    expect(throttled.json().message).toMatch(
      /^Muitas tentativas de login nesta conta\. Aguarde 1 segundo e tente/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The right password from a new device waits like the attacker (seconds, not a 15-minute lock)...
    const newDevice = await login('alvo@empresa.com.br', 'senhaBoa42');
    expect(newDevice.statusCode).toBe(429);
    expect(Number(newDevice.headers['retry-after'])).toBeLessThanOrEqual(900);
    // ...while the owner's own browser and a live session of the account get in at once.
    const known = await login('alvo@empresa.com.br', 'senhaBoa42', { cookie: deviceCookie! });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.cookies.find((c) => c.name === 'cotacoes_device')?.value).toBeTruthy();
    const wrongOnKnown = await login('alvo@empresa.com.br', 'outraErrada1', { cookie: deviceCookie! });
    expect(wrongOnKnown.statusCode).toBe(401);
    const withSession = await login('alvo@empresa.com.br', 'senhaBoa42', {
      authorization: `Bearer ${victim.token}`,
    });
    expect(withSession.statusCode).toBe(200);
    const forged = await login('alvo@empresa.com.br', 'senhaBoa42', {
      cookie: `cotacoes_device=${victim.user.id}.zz.${'0'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(429);

    // One notice to the owner, in pt-BR, with the way out.
    const notice = await waitForMail(ctx.config, 'alvo@empresa.com.br', 'Tentativas de acesso à sua conta');
    expect(notice.text).toContain('5 tentativas seguidas');
    expect(notice.text).toContain('sua senha continua funcionando normalmente');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const notices = (await readSentMail(ctx.config)).filter(
      (mail) => mail.to.includes('alvo@empresa.com.br') && mail.subject.startsWith('Tentativas de acesso'),
    );
    expect(notices).toHaveLength(1);

    // An e-mail without an account answers exactly alike (no enumeration) and mails nobody.
    const unknown = await attack('ninguem@empresa.com.br');
    expect(unknown.map((a) => a.statusCode)).toEqual(answers.map((a) => a.statusCode));
    expect(unknown[0]!.body).toBe(answers[0]!.body);
    expect(unknown[5]!.json().code).toBe('LOGIN_THROTTLED');
    expect((await readSentMail(ctx.config)).some((mail) => mail.to.includes('ninguem@empresa.com.br'))).toBe(
      false,
    );
  });

  it('rejects expired and idle sessions', async () => {
    const { token, user } = await registerUser(ctx, 'expira@empresa.com.br');
    const db = ctx.app.services.database.db;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const expired = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
    const login = (
      await post('/api/auth/login', { email: 'expira@empresa.com.br', password: 'senhaForte123' })
    ).json();
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (ctx.config.SESSION_IDLE_HOURS + 1) * 3_600_000) })
      .where(eq(sessions.userId, user.id));
    const idle = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect(idle.statusCode).toBe(401);
  });
});

describe('profile and password', () => {
  it('updates the e-mail copy preference', async () => {
    const { token } = await registerUser(ctx, 'perfil@empresa.com.br');
    const response = await post(
      '/api/auth/profile',
      { receiveEmailCopy: true },
      { authorization: `Bearer ${token}` },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().receiveEmailCopy).toBe(true);
    const wrongType = await post(
      '/api/auth/profile',
      { receiveEmailCopy: 'sim' },
      { authorization: `Bearer ${token}` },
    );
    expect(wrongType.statusCode).toBe(400);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().receiveEmailCopy).toBe(true);
  });

  it('changes the password, ends the other sessions and mails a notice', async () => {
    const { token } = await registerUser(ctx, 'troca@empresa.com.br', 'senhaAntiga1');
    const other = (
      await post('/api/auth/login', { email: 'troca@empresa.com.br', password: 'senhaAntiga1' })
    ).json();
    const auth = { authorization: `Bearer ${token}` };

    const wrongCurrent = await post(
      '/api/auth/change-password',
      { currentPassword: 'naoEssa1', newPassword: 'senhaNova2', confirmPassword: 'senhaNova2' },
      auth,
    );
    expect(wrongCurrent.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Senha atual incorreta.',
    });
    const mismatch = await post(
      '/api/auth/change-password',
      { currentPassword: 'senhaAntiga1', newPassword: 'senhaNova2', confirmPassword: 'senhaNova3' },
      auth,
    );
    expect(mismatch.json().message).toBe('As senhas não coincidem.');

    const ok = await post(
      '/api/auth/change-password',
      { currentPassword: 'senhaAntiga1', newPassword: 'senhaNova2', confirmPassword: 'senhaNova2' },
      auth,
    );
    expect(ok.statusCode).toBe(200);
    const otherSession = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${other.access_token}` },
    });
    expect(otherSession.statusCode).toBe(401);
    const oldPassword = await post('/api/auth/login', {
      email: 'troca@empresa.com.br',
      password: 'senhaAntiga1',
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/api/auth/login', {
      email: 'troca@empresa.com.br',
      password: 'senhaNova2',
    });
    expect(newPassword.statusCode).toBe(200);
    await waitForMail(ctx.config, 'troca@empresa.com.br', 'Sua senha foi alterada');
  });

  it('requires a session for profile and password changes', async () => {
    const profile = await post('/api/auth/profile', { receiveEmailCopy: true });
    expect(profile.statusCode).toBe(401);
    const change = await post('/api/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'senhaNova2',
      confirmPassword: 'senhaNova2',
    });
    expect(change.statusCode).toBe(401);
  });
});
