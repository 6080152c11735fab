import { ui } from '@cotacoes/shared/messages/ui';
import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderApp, renderRoutes } from '@/testing/render';
import { ProtectedRoute } from './guards';

function routesWith(guard: React.ReactElement) {
  return [
    { path: '/login', element: <p>Página de login</p> },
    { path: '/onboarding/company', element: <p>Vincule sua empresa</p> },
    { element: guard, children: [{ path: '/', element: <p>Conteúdo protegido</p> }] },
  ];
}

describe('ProtectedRoute', () => {
  it("shows 'Carregando...' while the session is being restored, then the page", async () => {
    sessionStore.set({ status: 'restoring', user: null });
    renderRoutes(routesWith(<ProtectedRoute />));
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    act(() => sessionStore.set({ status: 'ready', user: makeUser() }));
    expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
  });

  it('sends a visitor without a user to /login', async () => {
    const { router } = renderRoutes(routesWith(<ProtectedRoute />));
    expect(await screen.findByText('Página de login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('the company variant sends a user without empresaId to /onboarding/company', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ empresaId: null }) });
    const { router } = renderRoutes(routesWith(<ProtectedRoute requireEmpresa />));
    expect(await screen.findByText('Vincule sua empresa')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/company');
  });

  it('the company variant lets a linked user in', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ empresaId: 'e-9' }) });
    renderRoutes(routesWith(<ProtectedRoute requireEmpresa />));
    expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
  });

  it("a role mismatch shows 'Acesso Negado' with the spec message", async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'analista' }) });
    renderRoutes(routesWith(<ProtectedRoute requiredRole="desenvolvedor" />));
    expect(await screen.findByRole('heading', { name: ui.accessDenied.title })).toBeInTheDocument();
    expect(screen.getByText(ui.accessDenied.message)).toBeInTheDocument();
    expect(screen.queryByText('Conteúdo protegido')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Acesso Negado | Sistema de Cotações'));
  });

  it.each([
    ['desenvolvedor', true],
    ['supervisor', true],
    ['analista', false],
    ['usuario', false],
  ] as const)('a list of allowed roles: %s allowed = %s', async (role, allowed) => {
    sessionStore.set({ status: 'ready', user: makeUser({ role }) });
    renderRoutes(routesWith(<ProtectedRoute requiredRole={['desenvolvedor', 'supervisor']} />));
    if (allowed) expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
    else expect(await screen.findByText(ui.accessDenied.title)).toBeInTheDocument();
  });

  it('renders children instead of an outlet when given', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    renderRoutes([
      {
        path: '/',
        element: (
          <ProtectedRoute>
            <p>Filho direto</p>
          </ProtectedRoute>
        ),
      },
      { path: '/x', element: <Outlet /> },
    ]);
    expect(await screen.findByText('Filho direto')).toBeInTheDocument();
  });
});

describe('application routes', () => {
  beforeEach(() => {
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { status: 503, body: { code: 'SERVICE_UNAVAILABLE', status: 503 } },
    });
  });

  it('an unknown path goes to /login', async () => {
    const { router } = renderApp('/caminho/que/nao/existe');
    expect(await screen.findByRole('heading', { name: ui.login.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The title is set by an effect after the heading renders; wait for it instead of racing it.
    await waitFor(() => expect(document.title).toBe('Login | Sistema de Cotações'));
  });

  it('/empresas is for desenvolvedor only', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'supervisor' }) });
    renderApp('/empresas');
    expect(await screen.findByRole('heading', { name: ui.accessDenied.title })).toBeInTheDocument();
  });

  it("an analista is denied /empresas/assign-user with the page's own message", async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ role: 'analista' }) });
    renderApp('/empresas/assign-user');
    expect(await screen.findByText(ui.accessDenied.viewMessage)).toBeInTheDocument();
  });

  it('the dashboard needs a company link; settings do not', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ empresaId: null }) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: ui.onboarding.heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/company');
    await act(() => router.navigate('/configuracoes'));
    expect(await screen.findByRole('heading', { level: 1, name: ui.settings.heading })).toBeInTheDocument();
  });

  it('a signed-in user opening /login goes to the dashboard and is greeted by name', async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ name: 'Ana Souza' }) });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(ui.dashboard.subtitle)).toBeInTheDocument();
    // The title is set by an effect of the page: under load it may land after the heading renders.
    await waitFor(() => expect(document.title).toBe('Dashboard | Sistema de Cotações'));
  });
});
