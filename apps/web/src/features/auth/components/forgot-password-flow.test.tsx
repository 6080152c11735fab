import { ui } from '@cotacoes/shared/messages/ui';
import { uiPortal } from '@cotacoes/shared/messages/ui-portal';
import { screen } from '@testing-library/react';
import { publicConfig } from '@/testing/fixtures';
import { problem, stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render';

const t = ui.forgotPassword;
const SENT =
  'Se houver uma conta com este e-mail, enviamos um código para redefinir a senha. Confira sua caixa de entrada.';

describe('password reset screens', () => {
  beforeEach(() => window.history.replaceState({}, '', '/login'));

  it("'Esqueceu sua senha?' leads to the e-mail step, then to the code and new password, then back to login", async () => {
    const network = stubNetwork({
      'GET /api/config': { body: publicConfig },
      'POST /api/auth/forgot-password': { body: { message: SENT } },
      'POST /api/auth/reset-password': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { message: 'Senha redefinida. Entre com a nova senha.' } }
          : problem(400, 'CODE_INVALID', 'Código inválido. Confira o código enviado ao seu e-mail.'),
    });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: ui.login.forgotPassword }));
    // A lazy route: on a loaded machine its chunk may take a moment.
    expect(await screen.findByRole('heading', { name: t.heading }, { timeout: 5_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    await user.type(screen.getByLabelText(t.emailLabel), 'sem-arroba');
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText('Informe um e-mail válido.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(t.emailLabel));
    expect(screen.queryByText('Informe um e-mail válido.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(t.emailLabel), 'Ana@Importadora.com.br');
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(
      await screen.findByRole('heading', { name: t.codeHeading }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/ana@importadora\.com\.br/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: t.resetSubmit });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(ui.verifyEmail.codeLabel), '65-43-21');
    expect(screen.getByLabelText(ui.verifyEmail.codeLabel)).toHaveValue('654321');
    await user.type(screen.getByLabelText(t.passwordLabel), 'novaSenha77');
    await user.type(screen.getByLabelText(t.confirmLabel), 'novaSenha77');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Código inválido.');

    await user.clear(screen.getByLabelText(ui.verifyEmail.codeLabel));
    await user.type(screen.getByLabelText(ui.verifyEmail.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: t.resetSubmit }));
    expect(await screen.findByText('Senha redefinida. Entre com a nova senha.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(network.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { email: 'ana@importadora.com.br' },
      { code: '654321', password: 'novaSenha77', confirmPassword: 'novaSenha77' },
      { code: '123456', password: 'novaSenha77', confirmPassword: 'novaSenha77' },
    ]);
  }, 20_000);

  it('checks the new password with the spec rules before sending', async () => {
    const network = stubNetwork({
      'GET /api/config': { body: publicConfig },
      'POST /api/auth/forgot-password': { body: { message: SENT } },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(
      await screen.findByLabelText(t.emailLabel, {}, { timeout: 5_000 }),
      'ana@importadora.com.br',
    );
    await user.click(screen.getByRole('button', { name: t.submit }));
    await user.type(await screen.findByLabelText(ui.verifyEmail.codeLabel), '123456');
    await user.type(screen.getByLabelText(t.passwordLabel), 'abcdef');
    await user.type(screen.getByLabelText(t.confirmLabel), 'abcdeg');
    await user.click(screen.getByRole('button', { name: t.resetSubmit }));
    expect(await screen.findByText('A senha deve conter pelo menos um número.')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem.')).toBeInTheDocument();
    expect(network.requests.some((r) => r.url.endsWith('/reset-password'))).toBe(false);
  });
});

describe('login page claims and actions', () => {
  beforeEach(() => window.history.replaceState({}, '', '/login'));

  it("'Consultar cotação' opens the carrier portal's entry page", async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig } });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: ui.login.consultQuote }));
    expect(await screen.findByRole('heading', { name: uiPortal.entry.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
  });

  it('claims nothing this build does not do (no AI); replies are read and extracted, proposals compared and approved, indicators measured', async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig } });
    const { container } = renderApp('/login');
    await screen.findByRole('link', { name: ui.login.consultQuote });
    const text = container.textContent ?? '';
    for (const word of [/\bIA\b/, /intelig[êe]ncia artificial/i]) {
      expect(text).not.toMatch(word);
    }
    expect(text).toMatch(/Comparação das propostas em BRL e USD com a PTAX do dia/);
    expect(text).toMatch(/Comparativo em Excel e PDF/);
    expect(text).toMatch(/Respostas lidas da caixa de e-mail/);
    expect(text).toMatch(/indicadores do tempo de resposta de cada agente de carga/);
  });

  it('the send formats claim no automatic reading of replies', () => {
    for (const option of Object.values(ui.quotes.format.options)) {
      expect(option.description).not.toMatch(/\bIA\b|extração automática|processamento/i);
    }
  });

  it("registration counts its steps like its side panel ('Etapa 1 de 4')", async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig } });
    renderApp('/register');
    expect(await screen.findByText(`Etapa 1 de ${ui.authLayout.steps.length}`)).toBeInTheDocument();
    expect(ui.authLayout.steps).toHaveLength(4);
  });
});
