import { ui } from '@cotacoes/shared/messages/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { storageKeys } from '@/config/constants';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render';

const rates = {
  USDBRL: { code: 'USD', codein: 'BRL', bid: 5.4321 },
  EURBRL: { code: 'EUR', codein: 'BRL', bid: 6.1 },
  CNYBRL: { code: 'CNY', codein: 'BRL', bid: 0.756 },
  fallback: false,
  updatedAt: '2026-01-10T12:00:00.000Z',
};

function nav() {
  return within(screen.getByRole('navigation', { name: ui.shell.mainNav }));
}

describe('app shell', () => {
  beforeEach(() => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: rates },
      'POST /api/auth/logout': { body: { message: 'Sessão encerrada.' } },
    });
  });

  it('lists every entry in order; Empresas only for desenvolvedor', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'usuario' }) });
    renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    const labels = nav()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Nova Cotação',
      'Relatório de Cotações',
      'Não identificadas',
      'Dashboard',
      'Agentes de Carga',
      'Indicadores',
      'Rotas',
      'Configurações',
      'Suporte',
    ]);
    expect(screen.getByRole('button', { name: 'Sair - Logout do sistema' })).toBeInTheDocument();
  });

  it('opens the Configurações submenu in the settings section, with Gerenciar Acessos by role', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
    renderApp('/configuracoes');
    await screen.findByRole('heading', { level: 1, name: ui.settings.heading });
    expect(nav().getByRole('link', { name: 'Empresas' })).toHaveAttribute('href', '/empresas');
    expect(nav().getByRole('link', { name: 'Alterar senha' })).toHaveAttribute(
      'href',
      '/configuracoes/alterar-senha',
    );
    expect(nav().getByRole('link', { name: 'Gerenciar Acessos' })).toHaveAttribute(
      'href',
      '/empresas/assign-user',
    );
  });

  it('hides Gerenciar Acessos from a usuario and the submenu outside settings', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'usuario' }) });
    const { router } = renderApp('/configuracoes');
    await screen.findByRole('heading', { level: 1, name: ui.settings.heading });
    expect(nav().getByRole('link', { name: 'Alterar senha' })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: 'Gerenciar Acessos' })).not.toBeInTheDocument();
    await act(() => router.navigate('/suporte'));
    expect(nav().queryByRole('link', { name: 'Alterar senha' })).not.toBeInTheDocument();
  });

  it('marks Gerenciar Acessos active on /empresas/users', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
    renderApp('/empresas/users');
    await screen.findByRole('heading', { level: 1, name: ui.companyUsers.usersTitle });
    expect(nav().getByRole('link', { name: 'Gerenciar Acessos' })).toHaveAttribute('aria-current', 'page');
  });

  it("keeps the sidebar's collapsed state in local storage under 'sidebar-collapsed'", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const view = renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    expect(document.getElementById('menu-lateral')).toHaveAttribute('data-collapsed', 'false');
    await view.user.click(screen.getByRole('button', { name: ui.shell.collapseSidebar }));
    expect(window.localStorage.getItem(storageKeys.sidebarCollapsed)).toBe('true');
    expect(document.getElementById('menu-lateral')).toHaveAttribute('data-collapsed', 'true');
    view.unmount();

    renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    expect(document.getElementById('menu-lateral')).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByRole('button', { name: ui.shell.expandSidebar })).toBeInTheDocument();
  });

  it('shows the rates with two decimals, pt-BR', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    renderApp('/suporte');
    const ticker = within(await screen.findByRole('region', { name: ui.shell.topBar.ratesLabel }));
    expect(await ticker.findByText('R$ 5,43')).toBeInTheDocument();
    expect(ticker.getByText('R$ 6,10')).toBeInTheDocument();
    expect(ticker.getByText('R$ 0,76')).toBeInTheDocument();
  });

  it('the theme switch applies the dark class to <html> at once and persists it', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const { user } = renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    await user.click(screen.getByRole('button', { name: ui.shell.topBar.themeToDark }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem(storageKeys.theme)).toBe('dark');
    await user.click(screen.getByRole('button', { name: ui.shell.topBar.themeToLight }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem(storageKeys.theme)).toBe('light');
  });

  it('logout clears the session and goes to /login', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    window.localStorage.setItem(storageKeys.token, 'tok');
    const { user, router } = renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    await user.click(screen.getByRole('button', { name: 'Sair - Logout do sistema' }));
    expect(await screen.findByRole('heading', { name: ui.login.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
  });
});

describe('rates failures', () => {
  it('are silent and show dashes', async () => {
    stubNetwork({ 'GET /api/config': { body: publicConfig }, 'GET /api/rates': () => 'network-error' });
    sessionStore.set({ status: 'ready', user: makeUser() });
    renderApp('/suporte');
    const ticker = within(await screen.findByRole('region', { name: ui.shell.topBar.ratesLabel }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ticker.getAllByText('—')).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reference values carry a hint', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: { ...rates, fallback: true } },
    });
    sessionStore.set({ status: 'ready', user: makeUser() });
    renderApp('/suporte');
    expect(await screen.findByText(ui.shell.topBar.ratesReference)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: ui.shell.topBar.ratesLabel })).toHaveAttribute(
      'title',
      ui.shell.topBar.ratesReferenceHint,
    );
  });
});

describe('a mailbox that stopped bringing replies (QA pass 41b)', () => {
  const failing = {
    falhas: [
      {
        id: 'imap:cotacoes@imap.example.com/INBOX',
        kind: 'imap',
        fonte: 'cotacoes@imap.example.com/INBOX',
        estado: 'erro',
        ultimaLeitura: '2026-12-07T10:00:00.000Z',
      },
      {
        id: 'gmail:1',
        kind: 'gmail',
        fonte: 'cotacoes@gmail.example',
        estado: 'reconectar',
        ultimaLeitura: null,
      },
    ],
  };

  it('tells an analista above every screen which mailbox is not read and since when, and whom to tell', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: rates },
      'GET /api/inbound/health': { body: failing },
    });
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'analista' }) });
    renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    const title = await screen.findByText(ui.inboundHealth.title);
    const banner = title.closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveTextContent(ui.inboundHealth.title);
    expect(banner).toHaveTextContent(
      'A caixa IMAP cotacoes@imap.example.com/INBOX não é lida desde 07/12/2026',
    );
    expect(banner).toHaveTextContent('A caixa Gmail cotacoes@gmail.example precisa ser conectada de novo');
    expect(banner).toHaveTextContent(ui.inboundHealth.askDeveloper);
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('gives a desenvolvedor the way to the sources', async () => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: rates },
      'GET /api/inbound/health': { body: failing },
    });
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
    renderApp('/suporte');
    const link = await screen.findByRole('link', { name: ui.inboundHealth.openSources });
    expect(link).toHaveAttribute('href', '/configuracoes#settings-inbound-sources');
  });

  it('says nothing while every mailbox reads', async () => {
    const network = stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: rates },
      'GET /api/inbound/health': { body: { falhas: [] } },
    });
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'usuario' }) });
    renderApp('/suporte');
    await screen.findByRole('heading', { level: 1, name: ui.support.heading });
    await waitFor(() =>
      expect(network.requests.map((request) => request.url)).toContain('/api/inbound/health'),
    );
    expect(screen.queryByText(ui.inboundHealth.title)).not.toBeInTheDocument();
  });
});
