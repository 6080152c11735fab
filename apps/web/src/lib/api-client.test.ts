import { ui } from '@cotacoes/shared/messages/ui';
import { storageKeys } from '@/config/constants';
import { isAuthRedirectExempt } from '@/config/paths';
import { makeUser } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { ApiError, api } from './api-client';
import { setNavigator } from './navigation';
import { sessionStore, signIn } from './session';
import { toastStore } from './toast';

function signInAs() {
  signIn({ access_token: 'tok-123', user: makeUser() });
}

describe('api client', () => {
  it('sends the stored bearer token, includes credentials and JSON only when there is a body', async () => {
    signInAs();
    const network = stubNetwork({
      'GET /api/auth/me': { body: makeUser() },
      'POST /api/auth/logout': { body: {} },
      'POST /api/auth/profile': { body: makeUser({ receiveEmailCopy: true }) },
    });
    await api.get('/auth/me');
    await api.post('/auth/logout');
    const [get, post] = network.requests;
    expect(get?.headers.Authorization).toBe('Bearer tok-123');
    expect(get?.credentials).toBe('include');
    expect(get?.headers['Content-Type']).toBeUndefined();
    expect(post?.headers['Content-Type']).toBeUndefined();

    await api.post('/auth/profile', { receiveEmailCopy: true });
    expect(network.requests[2]?.headers['Content-Type']).toBe('application/json');
    expect(network.requests[2]?.body).toEqual({ receiveEmailCopy: true });
  });

  it('sends no Authorization header without a stored token', async () => {
    const network = stubNetwork({ 'GET /api/config': { body: {} } });
    await api.get('/config');
    expect(network.requests[0]?.headers.Authorization).toBeUndefined();
  });

  it('shows the server message when there is one', async () => {
    stubNetwork({
      'POST /api/auth/login': problem(401, 'INVALID_CREDENTIALS', 'E-mail ou senha incorretos.'),
    });
    window.history.replaceState({}, '', '/login');
    const error = await api
      .post('/auth/login', {}, { fallback: ui.login.errorFallback })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('E-mail ou senha incorretos.');
    expect((error as ApiError).code).toBe('INVALID_CREDENTIALS');
    expect((error as ApiError).status).toBe(401);
  });

  it('falls back to the spec text when the server sends no message, a non-JSON body or nothing at all', async () => {
    stubNetwork({
      'POST /api/a': problem(500, 'INTERNAL'),
      'POST /api/b': { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' },
      'POST /api/c': () => 'network-error',
    });
    for (const path of ['/a', '/b', '/c']) {
      const error = (await api
        .post(path, {}, { fallback: ui.register.errorFallback })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.message).toBe('Erro ao registrar.');
    }
  });

  it('keeps per-field errors of a validation answer', async () => {
    stubNetwork({
      'POST /api/auth/register': {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Dados inválidos.',
          status: 400,
          errors: [{ path: 'email', message: 'Informe um e-mail válido.' }],
        },
      },
    });
    const error = (await api.post('/auth/register', { email: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual([{ path: 'email', message: 'Informe um e-mail válido.' }]);
  });

  it('on a 401 outside the exempt paths clears the session and goes to /login', async () => {
    signInAs();
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));
    window.history.replaceState({}, '', '/configuracoes');
    stubNetwork({
      'GET /api/rates': problem(401, 'UNAUTHENTICATED', 'Sessão inválida ou expirada. Faça login novamente.'),
    });

    await expect(api.get('/rates')).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual(['/login']);
    // The login page is told the session ended (it says why one may have to sign in again).
    expect(sessionStorage.getItem(storageKeys.sessionEnded)).toBe('1');
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(sessionStore.get().user).toBeNull();
  });

  it.each([
    '/login',
    '/register',
    '/verify-email',
    '/create-password',
    '/auth/google/callback',
    '/auth/callback',
    '/auth/gmail/callback',
  ])('on a 401 while on %s neither signs out nor redirects', async (path) => {
    signInAs();
    const navigations: string[] = [];
    setNavigator((to) => navigations.push(to));
    window.history.replaceState({}, '', path);
    stubNetwork({
      'POST /api/auth/login': problem(401, 'INVALID_CREDENTIALS', 'E-mail ou senha incorretos.'),
    });

    await expect(api.post('/auth/login', {})).rejects.toThrow('E-mail ou senha incorretos.');
    expect(navigations).toEqual([]);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok-123');
  });

  it('a 403 EMPRESA_REQUIRED shows the red company toast once, 6000 ms, top centre', async () => {
    signInAs();
    stubNetwork({
      'GET /api/transporters': problem(
        403,
        'EMPRESA_REQUIRED',
        'Usuário precisa estar vinculado a uma empresa para realizar esta ação.',
      ),
    });
    await api.get('/transporters').catch(() => undefined);
    await api.get('/transporters').catch(() => undefined);
    expect(toastStore.get()).toEqual([
      expect.objectContaining({
        message: ui.empresaRequired,
        variant: 'error',
        position: 'top-center',
        durationMs: 6000,
      }),
    ]);
  });

  it("also recognises the legacy 'Empresa Required' error and a message about the company link", async () => {
    stubNetwork({
      'GET /api/a': { status: 403, body: { error: 'Empresa Required', message: 'x' } },
      'GET /api/b': { status: 403, body: { message: 'O usuário deve estar vinculado a uma empresa' } },
      'GET /api/c': problem(403, 'FORBIDDEN', 'Você não tem permissão para realizar esta ação.'),
    });
    await api.get('/a').catch(() => undefined);
    expect(toastStore.get()).toHaveLength(1);
    toastStore.set([]);
    await api.get('/b').catch(() => undefined);
    expect(toastStore.get()).toHaveLength(1);
    toastStore.set([]);
    await api.get('/c').catch(() => undefined);
    expect(toastStore.get()).toHaveLength(0);
  });
});

describe('isAuthRedirectExempt', () => {
  it('exempts any path containing /auth/ and the four sign-up paths only', () => {
    expect(isAuthRedirectExempt('/auth/google/callback')).toBe(true);
    expect(isAuthRedirectExempt('/x/auth/y')).toBe(true);
    expect(isAuthRedirectExempt('/login')).toBe(true);
    expect(isAuthRedirectExempt('/create-password')).toBe(true);
    expect(isAuthRedirectExempt('/')).toBe(false);
    expect(isAuthRedirectExempt('/login/extra')).toBe(false);
    expect(isAuthRedirectExempt('/configuracoes')).toBe(false);
  });
});
