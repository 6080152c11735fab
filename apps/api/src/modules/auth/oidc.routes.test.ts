import { createHash } from 'node:crypto';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
  type MutableResponse,
  type MutableToken,
  OAuth2Server,
  type TokenRequest,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, registerUser, type TestContext } from '../../../test/helpers.js';
import {
  auditLog,
  oauthTransactions,
  pendingInvites,
  sessions,
  userIdentities,
  users,
} from '../../db/schema/index.js';
import { checkedTenant } from '../../db/tenant.js';
import { insertInvite } from '../empresas/invites.repository.js';

/**
 * Google and Microsoft sign-in (S7) against a real local OpenID provider (oauth2-mock-server): discovery,
 * JWKS, signed ID tokens, and its PKCE check. Nothing of ours is mocked; effects are read back from the
 * database and by using the issued session token.
 */

const GOOGLE_CLIENT_ID = 'cotacoes-web.apps.googleusercontent.com';
const MICROSOFT_CLIENT_ID = '0f3c9c61-5d1e-4c47-9d38-2f1b1d6f7a10';
const NOT_CONFIGURED = {
  google: 'Login com Google não está configurado neste servidor.',
  microsoft: 'Login com Microsoft não está configurado neste servidor.',
};
const FAILED = {
  google: 'Não foi possível concluir o login com Google. Tente novamente.',
  microsoft: 'Não foi possível concluir o login com Microsoft. Tente novamente.',
};
const STATE_INVALID = 'A sessão de login expirou ou é inválida. Tente entrar novamente.';

type Provider = 'google' | 'microsoft';
type Claims = Record<string, unknown>;

let idp: OAuth2Server;
let issuer: string;
let ctx: TestContext;

/** Starts a provider on 127.0.0.1; the library would name it `localhost`, so the issuer is set to match. */
async function startProvider(server: OAuth2Server, port = 0): Promise<string> {
  await server.start(port, '127.0.0.1');
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  return server.issuer.url;
}

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  issuer = await startProvider(idp);
  ctx = await createTestApp({
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'segredo-google',
    GOOGLE_ISSUER_URL: issuer,
    MICROSOFT_CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: 'segredo-microsoft',
    MICROSOFT_ISSUER_URL: issuer,
    ADMIN_EMAILS: 'chefe@transportes.com.br, Diretora@Transportes.com.br',
  });
});
afterAll(async () => {
  await ctx?.close();
  await idp?.stop();
});
afterEach(() => {
  for (const event of ['beforeTokenSigning', 'beforeResponse', 'beforeAuthorizeRedirect']) {
    idp.service.removeAllListeners(event);
  }
});

const db = () => ctx.app.services.database.db;
const isIdToken = (token: MutableToken) => 'aud' in token.payload;

/** Changes the next ID tokens the provider signs (the access token is left alone). */
function shapeIdToken(change: Claims | ((payload: MutableToken['payload']) => void)) {
  idp.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (!isIdToken(token)) return;
    if (typeof change === 'function') change(token.payload);
    else Object.assign(token.payload, change);
  });
}

/** Records the form bodies the provider's token endpoint accepted. */
function recordTokenRequests(): TokenRequest[] {
  const seen: TokenRequest[] = [];
  idp.service.on('beforeResponse', (_response: MutableResponse, req: TokenRequestIncomingMessage) => {
    seen.push({ ...req.body });
  });
  return seen;
}

async function startLogin(provider: Provider, app = ctx.app) {
  const response = await app.inject({ method: 'GET', url: `/api/auth/${provider}/login` });
  expect(response.statusCode, response.body).toBe(302);
  return {
    response,
    authorizeUrl: new URL(String(response.headers.location)),
    cookie: cookieHeader(response),
  };
}

/** The browser's visit to the provider: its redirect back to our callback carries code and state. */
async function visitProvider(authorizeUrl: URL): Promise<URL> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

function googleCallback(body: Record<string, unknown>, cookie?: string, app = ctx.app) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/google/callback',
    payload: body,
    headers: cookie ? { cookie } : {},
  });
}

const googleRedirectUri = () => `${ctx.config.APP_URL}/auth/google/callback`;

/** A whole Google sign-in as the web app does it; returns the callback answer. */
async function googleSignIn(claims: Claims) {
  shapeIdToken(claims);
  const { authorizeUrl, cookie } = await startLogin('google');
  const back = await visitProvider(authorizeUrl);
  return googleCallback(
    {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      redirectUri: googleRedirectUri(),
    },
    cookie,
  );
}

function me(token: string, app = ctx.app) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
}

async function usersWithEmail(email: string) {
  return db().select().from(users).where(eq(users.email, email));
}

async function identitiesFor(subject: string) {
  return db()
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
}

function expectProblem(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
  return expect(response.json());
}

describe('Google sign-in', () => {
  it('sends the browser to the provider with state, nonce, PKCE S256 and the Google parameters', async () => {
    const { response, authorizeUrl } = await startLogin('google');
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${issuer}/authorize`);
    const query = Object.fromEntries(authorizeUrl.searchParams);
    expect(query).toMatchObject({
      client_id: GOOGLE_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: 'http://127.0.0.1:3000/auth/google/callback',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(query.state).toMatch(/^[\w-]{32,}$/);
    expect(query.nonce).toMatch(/^[\w-]{32,}$/);
    expect(query.nonce).not.toBe(query.state);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);

    const cookie = response.cookies.find((c) => c.name === 'cotacoes_oauth');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 600 });
    expect(cookie!.value).toMatch(/^[\w-]{40,}$/);

    // Only hashes of state and cookie are kept; verifier and nonce stay on the server.
    const [row] = await db()
      .select()
      .from(oauthTransactions)
      .where(eq(oauthTransactions.nonce, query.nonce!));
    expect(row).toMatchObject({ provider: 'google', redirectUri: query.redirect_uri, usedAt: null });
    expect(row!.stateHash).not.toContain(query.state!);
    expect(row!.browserHash).not.toContain(cookie!.value);
    expect(createHash('sha256').update(row!.codeVerifier).digest('base64url')).toBe(query.code_challenge);

    // A new sign-in gets new secrets.
    const again = await startLogin('google');
    expect(again.authorizeUrl.searchParams.get('state')).not.toBe(query.state);
    expect(again.authorizeUrl.searchParams.get('nonce')).not.toBe(query.nonce);
    expect(again.authorizeUrl.searchParams.get('code_challenge')).not.toBe(query.code_challenge);
  });

  it('signs in through the provider, creates the user from the ID token and the token works', async () => {
    const tokenRequests = recordTokenRequests();
    shapeIdToken({ sub: 'g-100', email: 'Joana.Lima@Gmail.COM', email_verified: true, name: 'Joana Lima' });
    const { authorizeUrl, cookie } = await startLogin('google');
    const back = await visitProvider(authorizeUrl);
    expect(`${back.origin}${back.pathname}`).toBe(googleRedirectUri());
    const state = back.searchParams.get('state')!;
    expect(state).toBe(authorizeUrl.searchParams.get('state'));

    const callback = await googleCallback(
      { code: back.searchParams.get('code'), state, redirectUri: googleRedirectUri() },
      cookie,
    );
    expect(callback.statusCode, callback.body).toBe(200);
    const body = callback.json();
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({ name: 'Joana Lima', email: 'joana.lima@gmail.com', role: 'usuario' });
    expect(callback.cookies.find((c) => c.name === 'cotacoes_session')?.value).toBe(body.access_token);
    expect(callback.cookies.find((c) => c.name === 'cotacoes_oauth')?.value).toBe('');

    // The code exchange carried the PKCE verifier for the challenge sent to the provider, and our client id.
    expect(tokenRequests).toHaveLength(1);
    const exchange = tokenRequests[0]! as TokenRequest & Record<string, string>;
    expect(exchange).toMatchObject({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code'),
      client_id: GOOGLE_CLIENT_ID,
      client_secret: 'segredo-google',
      redirect_uri: googleRedirectUri(),
    });
    expect(createHash('sha256').update(exchange.code_verifier!).digest('base64url')).toBe(
      authorizeUrl.searchParams.get('code_challenge'),
    );

    const session = await me(body.access_token);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ id: body.user.id, email: 'joana.lima@gmail.com' });

    const [user] = await usersWithEmail('joana.lima@gmail.com');
    expect(user).toMatchObject({ id: body.user.id, passwordHash: null });
    expect(await identitiesFor('g-100')).toEqual([
      expect.objectContaining({
        userId: body.user.id,
        issuer,
        subject: 'g-100',
        email: 'joana.lima@gmail.com',
      }),
    ]);
    const [transaction] = await db()
      .select()
      .from(oauthTransactions)
      .where(eq(oauthTransactions.nonce, authorizeUrl.searchParams.get('nonce')!));
    expect(transaction!.usedAt).toBeInstanceOf(Date);
    const audits = await db().select().from(auditLog).where(eq(auditLog.userId, body.user.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['auth.login.google', 'auth.register.google']);
  });

  it('maps a second sign-in with the same subject to the same user, even if the e-mail claim changed', async () => {
    const first = await googleSignIn({
      sub: 'g-200',
      email: 'carlos@transportes.com.br',
      email_verified: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    idp.service.removeAllListeners('beforeTokenSigning');
    const second = await googleSignIn({
      sub: 'g-200',
      email: 'carlos.novo@transportes.com.br',
      email_verified: true,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(second.json().access_token).not.toBe(first.json().access_token);
    expect((await me(second.json().access_token)).json().id).toBe(first.json().user.id);
    expect(await usersWithEmail('carlos.novo@transportes.com.br')).toEqual([]);
    expect(await identitiesFor('g-200')).toHaveLength(1);
  });

  it('gives the desenvolvedor role to a verified ADMIN_EMAILS address', async () => {
    const response = await googleSignIn({
      sub: 'g-300',
      email: 'Chefe@Transportes.com.br',
      email_verified: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email: 'chefe@transportes.com.br', role: 'desenvolvedor' });
  });
});

describe('Google sign-in with a pending invitation', () => {
  it('links a verified e-mail to the inviting company with the invited role', async () => {
    const empresa = await ctx.app.services.empresas.create(
      {
        nome: 'Convida OIDC',
        codigo: 'CONVOIDC',
        cnpj: null,
        razaoSocial: null,
        email: null,
        telefone: null,
        endereco: null,
      },
      {},
    );
    await insertInvite(db(), checkedTenant(empresa.id), {
      email: 'convidado.google@empresa.com.br',
      role: 'analista',
      tokenHash: 'e'.repeat(64),
    });
    const response = await googleSignIn({
      sub: 'g-invite',
      email: 'convidado.google@empresa.com.br',
      email_verified: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ role: 'analista', empresaId: empresa.id });
    const [invite] = await db().select().from(pendingInvites).where(eq(pendingInvites.empresaId, empresa.id));
    expect(invite!.activatedAt).toBeInstanceOf(Date);
  });
});

describe('Google sign-in: state, browser binding and replay', () => {
  async function pendingLogin() {
    const { authorizeUrl, cookie } = await startLogin('google');
    const back = await visitProvider(authorizeUrl);
    return {
      cookie,
      nonce: authorizeUrl.searchParams.get('nonce')!,
      body: {
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
        redirectUri: googleRedirectUri(),
      },
    };
  }

  it('rejects a wrong state, a missing or foreign cookie and a different redirect URI, without signing in', async () => {
    shapeIdToken({ sub: 'g-400', email: 'estado@transportes.com.br', email_verified: true });
    const { cookie, body } = await pendingLogin();
    const other = await startLogin('google');
    const answers = [
      await googleCallback({ ...body, state: `${body.state}x` }, cookie),
      await googleCallback({ ...body, state: undefined }, cookie),
      await googleCallback(body),
      await googleCallback(body, other.cookie),
      await googleCallback({ ...body, redirectUri: 'http://127.0.0.1:3000/outra/rota' }, cookie),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expectProblem(answer).toMatchObject({
        code: 'OAUTH_STATE_INVALID',
        message: STATE_INVALID,
        status: 400,
      });
      expect(answer.cookies.find((c) => c.name === 'cotacoes_session')).toBeUndefined();
    }
    expect(await usersWithEmail('estado@transportes.com.br')).toEqual([]);
  });

  it('accepts a state once: the replay of a completed sign-in is refused', async () => {
    shapeIdToken({ sub: 'g-410', email: 'replay@transportes.com.br', email_verified: true });
    const { cookie, body } = await pendingLogin();
    const ok = await googleCallback(body, cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await googleCallback(body, cookie);
    expect(replay.statusCode).toBe(400);
    expectProblem(replay).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
  });

  it('refuses an expired sign-in and a state issued for Microsoft', async () => {
    const { cookie, body, nonce } = await pendingLogin();
    await db()
      .update(oauthTransactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTransactions.nonce, nonce));
    expect((await googleCallback(body, cookie)).json().code).toBe('OAUTH_STATE_INVALID');

    const microsoft = await startLogin('microsoft');
    const back = await visitProvider(microsoft.authorizeUrl);
    const crossed = await googleCallback(
      {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirectUri: googleRedirectUri(),
      },
      microsoft.cookie,
    );
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('OAUTH_STATE_INVALID');
  });
});

describe('Google sign-in: the ID token and the code exchange are verified', () => {
  async function expectRejected(
    subject: string,
    email: string,
    response: Awaited<ReturnType<typeof googleSignIn>>,
  ) {
    expect(response.statusCode, response.body).toBe(502);
    expectProblem(response).toMatchObject({ code: 'OAUTH_FAILED', message: FAILED.google, status: 502 });
    expect(response.cookies.find((c) => c.name === 'cotacoes_session')).toBeUndefined();
    expect(await usersWithEmail(email)).toEqual([]);
    expect(await identitiesFor(subject)).toEqual([]);
  }

  const now = () => Math.floor(Date.now() / 1000);
  const tamperings: [string, (payload: MutableToken['payload']) => void][] = [
    [
      'another audience',
      (payload) => Object.assign(payload, { aud: 'outro-cliente.apps.googleusercontent.com' }),
    ],
    [
      'another issuer',
      (payload) => Object.assign(payload, { iss: 'https://accounts.google.com.evil.example' }),
    ],
    [
      'a wrong nonce',
      (payload) => Object.assign(payload, { nonce: 'nonce-de-outra-sessao-0123456789abcdef' }),
    ],
    ['no nonce', (payload) => Object.assign(payload, { nonce: undefined })],
    [
      'an expired token',
      (payload) => Object.assign(payload, { iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 }),
    ],
  ];

  it.each(tamperings)('rejects an ID token with %s and creates no user', async (_label, tamper) => {
    const subject = `g-tamper-${_label.replaceAll(' ', '-')}`;
    const email = `${subject}@transportes.com.br`;
    shapeIdToken({ sub: subject, email, email_verified: true });
    shapeIdToken(tamper);
    await expectRejected(subject, email, await googleSignIn({}));
  });

  it('rejects the nonce of an earlier sign-in (nonce replay)', async () => {
    const earlier = await startLogin('google');
    const earlierNonce = earlier.authorizeUrl.searchParams.get('nonce')!;
    await visitProvider(earlier.authorizeUrl);
    shapeIdToken({
      sub: 'g-500',
      email: 'nonce@transportes.com.br',
      email_verified: true,
      nonce: earlierNonce,
    });
    await expectRejected('g-500', 'nonce@transportes.com.br', await googleSignIn({}));
  });

  it('sends the PKCE verifier, and the provider refuses the exchange when it does not match the challenge', async () => {
    const tokenRequests = recordTokenRequests();
    let signed = 0;
    idp.service.on('beforeTokenSigning', () => {
      signed += 1;
    });
    shapeIdToken({ sub: 'g-520', email: 'pkce@transportes.com.br', email_verified: true });
    const { authorizeUrl, cookie } = await startLogin('google');
    const back = await visitProvider(authorizeUrl);
    // Another valid verifier in place of the one bound to this sign-in's challenge.
    const nonce = authorizeUrl.searchParams.get('nonce')!;
    await db()
      .update(oauthTransactions)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(eq(oauthTransactions.nonce, nonce));
    const response = await googleCallback(
      {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirectUri: googleRedirectUri(),
      },
      cookie,
    );
    // The provider checked the verifier and issued no token at all.
    expect(signed).toBe(0);
    expect(tokenRequests).toEqual([]);
    await expectRejected('g-520', 'pkce@transportes.com.br', response);
  });

  it('refuses an unverified e-mail: false, the string "false" Google sometimes sends, or no claim', async () => {
    for (const [subject, verified] of [
      ['g-600', false],
      ['g-601', 'false'],
      ['g-603', undefined],
    ] as const) {
      idp.service.removeAllListeners('beforeTokenSigning');
      const email = `${subject}@gmail.com`;
      const response = await googleSignIn({ sub: subject, email, email_verified: verified });
      expect(response.statusCode, `email_verified=${JSON.stringify(verified)}: ${response.body}`).toBe(400);
      expectProblem(response).toMatchObject({
        code: 'OAUTH_EMAIL_UNVERIFIED',
        message: 'O e-mail da sua conta Google não está verificado.',
      });
      expect(await usersWithEmail(email)).toEqual([]);
      expect(await identitiesFor(subject)).toEqual([]);
    }
    idp.service.removeAllListeners('beforeTokenSigning');
    const ok = await googleSignIn({ sub: 'g-602', email: 'g-602@gmail.com', email_verified: 'true' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('never links to an existing account by e-mail alone', async () => {
    const existing = await registerUser(ctx, 'dona@transportes.com.br', 'senhaForte123', 'Dona');
    const response = await googleSignIn({
      sub: 'g-700',
      email: 'DONA@transportes.com.br',
      email_verified: true,
    });
    expect(response.statusCode).toBe(409);
    expectProblem(response).toMatchObject({
      code: 'OAUTH_EMAIL_IN_USE',
      message: 'Já existe uma conta com este e-mail. Entre com e-mail e senha.',
    });
    expect(await identitiesFor('g-700')).toEqual([]);
    const rows = await usersWithEmail('dona@transportes.com.br');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(existing.user.id);
    expect(
      await db().select().from(userIdentities).where(eq(userIdentities.userId, existing.user.id)),
    ).toEqual([]);

    // Nor to an account made by another provider subject with the same address.
    idp.service.removeAllListeners('beforeTokenSigning');
    const first = await googleSignIn({
      sub: 'g-710',
      email: 'unico@transportes.com.br',
      email_verified: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    idp.service.removeAllListeners('beforeTokenSigning');
    const intruder = await googleSignIn({
      sub: 'g-711',
      email: 'unico@transportes.com.br',
      email_verified: true,
    });
    expect(intruder.statusCode).toBe(409);
    expect(await identitiesFor('g-711')).toEqual([]);
  });
});

describe('Microsoft sign-in', () => {
  function microsoftCallback(back: URL, cookie?: string) {
    return ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: cookie ? { cookie } : {},
    });
  }

  function callbackTarget(response: { statusCode: number; headers: Record<string, unknown> }) {
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location), 'http://web.invalid');
    expect(target.pathname).toBe('/auth/callback');
    return target.searchParams;
  }

  it('sends the browser to the provider and back to the API callback', async () => {
    const { response, authorizeUrl } = await startLogin('microsoft');
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: MICROSOFT_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: 'http://127.0.0.1:3000/api/auth/microsoft/callback',
      code_challenge_method: 'S256',
    });
    expect(authorizeUrl.searchParams.get('prompt')).toBeNull();
    expect(response.cookies.find((c) => c.name === 'cotacoes_oauth')).toMatchObject({ httpOnly: true });
  });

  it('signs in and redirects to the web callback with a working token and the user', async () => {
    const tokenRequests = recordTokenRequests();
    shapeIdToken({
      sub: 'ms-100',
      preferred_username: 'Ana.Souza@Contoso.onmicrosoft.com',
      name: 'Ana Souza',
      tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
      ver: '2.0',
    });
    const { authorizeUrl, cookie } = await startLogin('microsoft');
    const back = await visitProvider(authorizeUrl);
    expect(back.pathname).toBe('/api/auth/microsoft/callback');
    const response = await microsoftCallback(back, cookie);
    const target = callbackTarget(response);
    expect(target.get('error')).toBeNull();
    const token = target.get('token')!;
    const user = JSON.parse(target.get('user')!);
    expect(user).toMatchObject({
      name: 'Ana Souza',
      email: 'ana.souza@contoso.onmicrosoft.com',
      role: 'usuario',
    });
    expect(response.cookies.find((c) => c.name === 'cotacoes_session')?.value).toBe(token);

    const session = await me(token);
    expect(session.statusCode).toBe(200);
    expect(session.json().id).toBe(user.id);
    expect(await identitiesFor('ms-100')).toEqual([expect.objectContaining({ userId: user.id })]);
    expect(createHash('sha256').update(String(tokenRequests[0]?.code_verifier)).digest('base64url')).toBe(
      authorizeUrl.searchParams.get('code_challenge'),
    );

    // Same subject again: same user.
    idp.service.removeAllListeners('beforeTokenSigning');
    shapeIdToken({ sub: 'ms-100', preferred_username: 'ana@outro.com.br' });
    const again = await startLogin('microsoft');
    const second = callbackTarget(
      await microsoftCallback(await visitProvider(again.authorizeUrl), again.cookie),
    );
    expect(JSON.parse(second.get('user')!).id).toBe(user.id);
  });

  it('does not grant the ADMIN_EMAILS role from an unverified Microsoft e-mail claim', async () => {
    shapeIdToken({
      sub: 'ms-300',
      preferred_username: 'Diretora@Transportes.com.br',
      email: 'diretora@transportes.com.br',
    });
    const { authorizeUrl, cookie } = await startLogin('microsoft');
    const target = callbackTarget(await microsoftCallback(await visitProvider(authorizeUrl), cookie));
    expect(target.get('error')).toBeNull();
    expect(JSON.parse(target.get('user')!)).toMatchObject({
      email: 'diretora@transportes.com.br',
      role: 'usuario',
    });
    const [row] = await usersWithEmail('diretora@transportes.com.br');
    expect(row!.role).toBe('usuario');
  });

  it('turns a provider error into a pt-BR message on the web callback', async () => {
    idp.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'AADSTS65004: User declined to consent to access the app.');
    });
    const { authorizeUrl, cookie } = await startLogin('microsoft');
    const back = await visitProvider(authorizeUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const response = await microsoftCallback(back, cookie);
    const target = callbackTarget(response);
    expect(target.get('error')).toBe(FAILED.microsoft);
    expect(target.get('token')).toBeNull();
    expect(response.cookies.find((c) => c.name === 'cotacoes_session')).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'cotacoes_oauth')?.value).toBe('');
  });

  it('reports a bad state, a missing cookie and a rejected ID token on the web callback', async () => {
    shapeIdToken({ sub: 'ms-200', preferred_username: 'ms-200@contoso.com' });
    const first = await startLogin('microsoft');
    const back = await visitProvider(first.authorizeUrl);
    const forged = new URL(back);
    forged.searchParams.set('state', 'estado-forjado');
    expect(callbackTarget(await microsoftCallback(forged, first.cookie)).get('error')).toBe(STATE_INVALID);
    expect(callbackTarget(await microsoftCallback(back)).get('error')).toBe(STATE_INVALID);

    idp.service.removeAllListeners('beforeTokenSigning');
    shapeIdToken({ sub: 'ms-200', preferred_username: 'ms-200@contoso.com', aud: GOOGLE_CLIENT_ID });
    const second = await startLogin('microsoft');
    const rejected = await microsoftCallback(await visitProvider(second.authorizeUrl), second.cookie);
    expect(callbackTarget(rejected).get('error')).toBe(FAILED.microsoft);
    expect(await identitiesFor('ms-200')).toEqual([]);
    expect(await usersWithEmail('ms-200@contoso.com')).toEqual([]);
  });
});

describe('providers not configured', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp({}, { workers: false });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it.each(['google', 'microsoft'] as const)(
    'answers 503 with a pt-BR message on %s login',
    async (provider) => {
      const response = await bare.app.inject({ method: 'GET', url: `/api/auth/${provider}/login` });
      expect(response.statusCode).toBe(503);
      expectProblem(response).toEqual({
        code: 'OAUTH_NOT_CONFIGURED',
        message: NOT_CONFIGURED[provider],
        status: 503,
      });
      expect(response.cookies).toEqual([]);
    },
  );

  it('answers 503 on the Google callback and reports it on the Microsoft callback', async () => {
    for (const cookie of [undefined, 'cotacoes_oauth=qualquer']) {
      const google = await googleCallback(
        { code: 'codigo', state: 'estado', redirectUri: 'http://127.0.0.1:3000/auth/google/callback' },
        cookie,
        bare.app,
      );
      expect(google.statusCode).toBe(503);
      expectProblem(google).toMatchObject({ code: 'OAUTH_NOT_CONFIGURED', message: NOT_CONFIGURED.google });

      const microsoft = await bare.app.inject({
        method: 'GET',
        url: '/api/auth/microsoft/callback?code=codigo&state=estado',
        headers: cookie ? { cookie } : {},
      });
      expect(microsoft.statusCode).toBe(302);
      const target = new URL(String(microsoft.headers.location), 'http://web.invalid');
      expect(target.searchParams.get('error')).toBe(NOT_CONFIGURED.microsoft);
    }
  });
});

describe('provider unreachable', () => {
  let down: TestContext;
  let closedPort: number;
  let hanging: net.Server;
  const hangingSockets = new Set<net.Socket>();

  async function freePort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  beforeAll(async () => {
    closedPort = await freePort();
    // Accepts connections and never answers.
    hanging = net.createServer((socket) => hangingSockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangingPort = (hanging.address() as net.AddressInfo).port;
    down = await createTestApp(
      {
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'segredo-google',
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${closedPort}`,
        MICROSOFT_CLIENT_ID,
        MICROSOFT_CLIENT_SECRET: 'segredo-microsoft',
        MICROSOFT_ISSUER_URL: `http://127.0.0.1:${hangingPort}`,
        HTTP_TIMEOUT_MS: '500',
      },
      { workers: false },
    );
  });
  afterAll(async () => {
    await down?.close();
    for (const socket of hangingSockets) socket.destroy();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  it('answers 502 with a pt-BR message when the provider refuses connections', async () => {
    const login = await down.app.inject({ method: 'GET', url: '/api/auth/google/login' });
    expect(login.statusCode).toBe(502);
    expectProblem(login).toEqual({ code: 'OAUTH_FAILED', message: FAILED.google, status: 502 });
    expect(login.cookies).toEqual([]);

    const callback = await googleCallback(
      { code: 'codigo', state: 'estado', redirectUri: 'http://127.0.0.1:3000/auth/google/callback' },
      'cotacoes_oauth=qualquer',
      down.app,
    );
    expect(callback.statusCode).toBe(502);
    expectProblem(callback).toMatchObject({ code: 'OAUTH_FAILED', message: FAILED.google });
  });

  it('gives up on a provider that does not answer within the timeout', async () => {
    const started = Date.now();
    const login = await down.app.inject({ method: 'GET', url: '/api/auth/microsoft/login' });
    expect(login.statusCode).toBe(502);
    expectProblem(login).toMatchObject({ code: 'OAUTH_FAILED', message: FAILED.microsoft });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not keep a failed discovery: the sign-in works once the provider is back', async () => {
    const late = new OAuth2Server();
    await late.issuer.keys.generate('RS256');
    const port = await freePort();
    const app = await createTestApp(
      {
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'segredo-google',
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${port}`,
      },
      { workers: false },
    );
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/auth/google/login' })).statusCode).toBe(502);
      await startProvider(late, port);
      late.service.on('beforeTokenSigning', (token: MutableToken) => {
        if (isIdToken(token))
          Object.assign(token.payload, { sub: 'g-late', email: 'late@gmail.com', email_verified: true });
      });
      const { authorizeUrl, cookie } = await startLogin('google', app.app);
      const back = await visitProvider(authorizeUrl);
      const body = {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirectUri: `${app.config.APP_URL}/auth/google/callback`,
      };

      // The provider goes away between the redirect and the code exchange.
      await late.stop();
      const failed = await googleCallback(body, cookie, app.app);
      expect(failed.statusCode).toBe(502);
      expectProblem(failed).toMatchObject({ code: 'OAUTH_FAILED', message: FAILED.google });

      await startProvider(late, port);
      const retry = await startLogin('google', app.app);
      const retryBack = await visitProvider(retry.authorizeUrl);
      const ok = await googleCallback(
        { ...body, code: retryBack.searchParams.get('code'), state: retryBack.searchParams.get('state') },
        retry.cookie,
        app.app,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await me(ok.json().access_token, app.app)).statusCode).toBe(200);
    } finally {
      await app.close();
      if (late.listening) await late.stop();
    }
  });
});

describe('concurrent first sign-ins', () => {
  it('six sign-ins of one new subject at once all succeed as one user (no 500, no 409)', async () => {
    shapeIdToken({ sub: 'g-900', email: 'corrida@gmail.com', email_verified: true });
    const pending = [];
    for (let i = 0; i < 6; i++) {
      const { authorizeUrl, cookie } = await startLogin('google');
      const back = await visitProvider(authorizeUrl);
      pending.push({
        cookie,
        body: {
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
          redirectUri: googleRedirectUri(),
        },
      });
    }
    const answers = await Promise.all(pending.map(({ body, cookie }) => googleCallback(body, cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json().user.id)).size).toBe(1);
    expect(await usersWithEmail('corrida@gmail.com')).toHaveLength(1);
    expect(await identitiesFor('g-900')).toHaveLength(1);
  });

  it('different subjects claiming one new e-mail at once: one account, the others 409, none 500', async () => {
    const subjectByCode = new Map<string, string>();
    idp.service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
      if (!isIdToken(token)) return;
      const sub = subjectByCode.get(String(req.body.code));
      Object.assign(token.payload, { sub, email: 'disputado@gmail.com', email_verified: true });
    });
    const pending = [];
    for (let i = 0; i < 6; i++) {
      const { authorizeUrl, cookie } = await startLogin('google');
      const back = await visitProvider(authorizeUrl);
      subjectByCode.set(back.searchParams.get('code')!, `g-disputa-${i}`);
      pending.push({
        cookie,
        body: {
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
          redirectUri: googleRedirectUri(),
        },
      });
    }
    const answers = await Promise.all(pending.map(({ body, cookie }) => googleCallback(body, cookie)));
    const statuses = answers.map((a) => a.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const [owner] = await usersWithEmail('disputado@gmail.com');
    const identities = await db().select().from(userIdentities).where(eq(userIdentities.userId, owner!.id));
    expect(identities).toHaveLength(1);
  });
});

describe('sessions from external sign-in', () => {
  it('stores one server-side session per sign-in', async () => {
    const response = await googleSignIn({ sub: 'g-800', email: 'sessoes@gmail.com', email_verified: true });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, response.json().user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(response.json().access_token);
  });
});
