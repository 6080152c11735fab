import { ui } from '@cotacoes/shared/messages/ui';
import { screen } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { LoginForm } from './login-form';

describe('login form', () => {
  beforeEach(() => window.history.replaceState({}, '', '/login'));

  it('keeps "Acessar conta" disabled while e-mail or password is empty', async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig } });
    const { user } = renderAt(<LoginForm />, '/login');
    const submit = screen.getByRole('button', { name: ui.login.submit });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(ui.login.emailLabel), 'ana@importadora.com.br');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(ui.login.passwordLabel), 'segura123');
    expect(submit).toBeEnabled();
  });

  it('shows and hides the password', async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig } });
    const { user } = renderAt(<LoginForm />, '/login');
    const password = screen.getByLabelText(ui.login.passwordLabel);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: ui.common.showPassword }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: ui.common.hidePassword }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('a wrong password shows the server message and keeps the e-mail', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'POST /api/auth/login': problem(401, 'INVALID_CREDENTIALS', 'E-mail ou senha incorretos.'),
    });
    const { user } = renderAt(<LoginForm />, '/login');
    await user.type(screen.getByLabelText(ui.login.emailLabel), 'ana@importadora.com.br');
    await user.type(screen.getByLabelText(ui.login.passwordLabel), 'errada123');
    await user.click(screen.getByRole('button', { name: ui.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
    expect(screen.getByLabelText(ui.login.emailLabel)).toHaveValue('ana@importadora.com.br');
  });

  it("falls back to 'Erro ao fazer login.'", async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig }, 'POST /api/auth/login': () => 'network-error' });
    const { user } = renderAt(<LoginForm />, '/login');
    await user.type(screen.getByLabelText(ui.login.emailLabel), 'ana@importadora.com.br');
    await user.type(screen.getByLabelText(ui.login.passwordLabel), 'segura123');
    await user.click(screen.getByRole('button', { name: ui.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ui.login.errorFallback);
  });

  it('signs in, stores token and user and goes to /', async () => {
    const account = makeUser();
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'POST /api/auth/login': { body: { access_token: 'abc', user: account } },
    });
    const { user } = renderAt(<LoginForm />, '/login');
    await user.type(screen.getByLabelText(ui.login.emailLabel), 'ana@importadora.com.br');
    await user.type(screen.getByLabelText(ui.login.passwordLabel), 'segura123');
    await user.click(screen.getByRole('button', { name: ui.login.submit }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
    expect(window.localStorage.getItem(storageKeys.token)).toBe('abc');
  });

  it('a provider that is not configured shows the server message (Microsoft with the spec prefix)', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/auth/microsoft/login': problem(
        503,
        'OAUTH_NOT_CONFIGURED',
        'Login com Microsoft não está configurado neste servidor.',
      ),
      'GET /api/auth/google/login': problem(
        503,
        'OAUTH_NOT_CONFIGURED',
        'Login com Google não está configurado neste servidor.',
      ),
    });
    const { user } = renderAt(<LoginForm />, '/login');
    await screen.findByRole('button', { name: /Entrar com Microsoft/ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.click(screen.getByRole('button', { name: /Entrar com Microsoft/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao iniciar login Microsoft: Login com Microsoft não está configurado neste servidor.',
    );
    await user.click(screen.getByRole('button', { name: /Entrar com Google/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login com Google não está configurado neste servidor.',
    );
    expect(screen.getByRole('button', { name: ui.login.submit })).toBeInTheDocument();
  });

  it("'Crie agora' goes to /register", async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig } });
    renderAt(<LoginForm />, '/login');
    expect(screen.getByRole('link', { name: ui.login.createNow })).toHaveAttribute('href', '/register');
  });
});
