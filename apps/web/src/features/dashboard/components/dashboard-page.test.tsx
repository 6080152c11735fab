import { ui } from '@cotacoes/shared/messages/ui';
import type { Dashboard } from '@cotacoes/shared/schemas/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type Handler, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { DashboardPage } from './dashboard-page';

const t = ui.dashboard;

const DASHBOARD: Dashboard = {
  stats: {
    transportadores: 1234,
    cotacoesAbertas: 18,
    grupos: 4,
    cotacoesAguardandoResposta: 11,
    cotacoesVencidasAguardandoAprovacao: 2,
  },
  atividadesRecentes: [
    {
      id: 'resposta_recebida:r1',
      descricao: 'Resposta de Atlântica Cargas recebida na cotação COT-2026-0007',
      timestamp: '2026-03-10T15:30:00.000Z',
      cor: 'text-green-600',
      tipo: 'resposta_recebida',
      cotacaoId: 'q-7',
    },
    {
      id: 'prazo_vencido:q-3',
      descricao: 'Prazo de resposta da cotação COT-2026-0003 encerrado (1 de 3 responderam)',
      timestamp: '2026-03-09T12:00:00.000Z',
      cor: 'text-red-600',
      tipo: 'prazo_vencido',
      cotacaoId: 'q-3',
    },
    {
      id: 'transportador_adicionado:a1',
      descricao: 'Agente de carga Rota Sul cadastrado',
      timestamp: '2026-03-08T12:00:00.000Z',
      cor: 'text-blue-600',
      tipo: 'transportador_adicionado',
      cotacaoId: null,
    },
  ],
  proximosVencimentos: [
    {
      id: 'q-9',
      codigo: 'COT-2026-0009',
      descricao: 'IMP-9 · 0 de 2 responderam',
      prazo: '2026-03-11T12:00:00.000Z',
      urgente: true,
    },
    {
      id: 'q-10',
      codigo: 'COT-2026-0010',
      descricao: 'IMP-10 · 1 de 2 responderam',
      prazo: '2026-03-20T12:00:00.000Z',
      urgente: false,
    },
  ],
};

function setup(route: Handler | StubResponse = { body: DASHBOARD }) {
  sessionStore.set({ status: 'ready', user: makeUser({ name: 'Ana Souza' }) });
  const network = stubNetwork({ 'GET /api/dashboard': route });
  const view = renderAt(<DashboardPage offer={<p>oferta</p>} />, '/');
  return { ...view, network };
}

describe('dashboard', { timeout: 20_000 }, () => {
  it("greets by name and shows 'Carregando dashboard...' while the one call loads", async () => {
    const { network } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana!' })).toBeInTheDocument();
    expect(screen.getByText(t.subtitle)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    expect(screen.getByText('oferta')).toBeInTheDocument();
    await screen.findByTestId('stat-transportadores');
    expect(network.requests.map((request) => request.url)).toEqual(['/api/dashboard']);
    await waitFor(() => expect(document.title).toBe('Dashboard | Sistema de Cotações'));
  });

  it('shows the five cards, each opening its screen with its filter', async () => {
    setup();
    const cards = [
      ['transportadores', 'Transportadores', '1.234', '/management'],
      ['cotacoesAbertas', 'Cotações Abertas', '18', '/sent-quotes'],
      ['grupos', 'Grupos', '4', '/management?tab=grupos'],
      ['cotacoesAguardandoResposta', 'Aguardando Resposta', '11', '/sent-quotes?status=AGUARDANDO_RESPOSTA'],
      [
        'cotacoesVencidasAguardandoAprovacao',
        'Vencidas - Aguardando Aprovação',
        '2',
        // Every open quote past its deadline, answered or not: the list's 'Somente com prazo vencido'.
        '/sent-quotes?vencidas=true',
      ],
    ] as const;
    for (const [key, label, value, href] of cards) {
      const card = await screen.findByTestId(`stat-${key}`);
      expect(card).toHaveAttribute('href', href);
      expect(card).toHaveTextContent(label);
      expect(card).toHaveTextContent(value);
    }
    const actions = screen.getByRole('navigation', { name: t.quickActions });
    expect(within(actions).getByRole('link', { name: 'Ver Cotações' })).toHaveAttribute(
      'href',
      '/sent-quotes',
    );
    expect(within(actions).getByRole('link', { name: 'Nova Cotação' })).toHaveAttribute('href', '/quotes');
  });

  it('lists the recent activity in the spec colours and the deadlines, urgent ones marked', async () => {
    setup();
    const activity = await screen.findByRole('region', { name: t.activity.title });
    const items = within(activity).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual([
      'resposta_recebida',
      'prazo_vencido',
      'transportador_adicionado',
    ]);
    expect(items[0]!.querySelector('span')).toHaveClass('text-success-soft-fg');
    expect(items[1]!.querySelector('span')).toHaveClass('text-danger-soft-fg');
    expect(items[2]!.querySelector('span')).toHaveClass('text-primary-soft-fg');
    expect(within(items[0]!).getByRole('link', { name: /Resposta de Atlântica Cargas/ })).toHaveAttribute(
      'href',
      '/quotes/q-7',
    );
    expect(within(items[0]!).getByText('10/03/2026, 12:30')).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();

    const deadlines = screen.getByRole('region', { name: t.deadlines.title });
    const [urgent, later] = within(deadlines).getAllByRole('listitem');
    expect(urgent).toHaveTextContent('COT-2026-0009');
    expect(within(urgent!).getByText(t.deadlines.urgent)).toBeInTheDocument();
    expect(urgent).toHaveTextContent('IMP-9 · 0 de 2 responderam');
    expect(urgent).toHaveTextContent('Prazo: 11/03/2026, 09:00');
    expect(within(later!).queryByText(t.deadlines.urgent)).not.toBeInTheDocument();
    expect(within(urgent!).getByRole('link')).toHaveAttribute('href', '/quotes/q-9');
  });

  it('puts the overdue quotes above the upcoming deadlines, with the way to the list', async () => {
    setup();
    const deadlines = await screen.findByRole('region', { name: t.deadlines.title });
    const notice = within(deadlines).getByTestId('deadlines-overdue');
    expect(notice).toHaveTextContent('2 cotações com prazo vencido');
    expect(notice).toHaveTextContent(t.deadlines.overdueHint);
    expect(within(notice).getByRole('link', { name: 'Ver vencidas' })).toHaveAttribute(
      'href',
      '/sent-quotes?vencidas=true',
    );
    // The notice is not one of the deadlines.
    expect(within(deadlines).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says one overdue quote in the singular, and nothing when none is overdue', async () => {
    const one = setup({
      body: { ...DASHBOARD, stats: { ...DASHBOARD.stats, cotacoesVencidasAguardandoAprovacao: 1 } },
    });
    expect(await screen.findByTestId('deadlines-overdue')).toHaveTextContent('1 cotação com prazo vencido');
    one.unmount();
    setup({ body: { ...DASHBOARD, stats: { ...DASHBOARD.stats, cotacoesVencidasAguardandoAprovacao: 0 } } });
    await screen.findByTestId('stat-grupos');
    expect(screen.queryByTestId('deadlines-overdue')).toBeNull();
  });

  it('says when there is no activity and no deadline', async () => {
    setup({ body: { ...DASHBOARD, atividadesRecentes: [], proximosVencimentos: [] } });
    expect(await screen.findByText(t.activity.empty)).toBeInTheDocument();
    expect(screen.getByText(t.deadlines.empty)).toBeInTheDocument();
  });

  it('offers a retry when the dashboard cannot load', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? { status: 400, body: { code: 'X', message: 'Falhou', status: 400 } } : { body: DASHBOARD },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Falhou');
    fail = false;
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByTestId('stat-grupos')).toBeInTheDocument();
  });

  it("says when the figures were read ('Atualizado às', Brasília time), and nothing when the answer does not", async () => {
    setup({ body: { ...DASHBOARD, atualizadoEm: '2026-03-10T15:04:05.000Z' } });
    expect(await screen.findByTestId('updated-at')).toHaveTextContent('Atualizado às 12:04:05');
    expect(screen.getByTestId('updated-at').querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-03-10T15:04:05.000Z',
    );
  });

  it('shows no read time when the answer has none', async () => {
    setup();
    await screen.findByTestId('stat-grupos');
    expect(screen.queryByTestId('updated-at')).toBeNull();
  });
});
