import { ui } from '@cotacoes/shared/messages/ui';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { fakeQuotesApi, makeQuotes } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import {
  type Handler,
  problem,
  type RecordedRequest,
  type StubResponse,
  stubNetwork,
} from '@/testing/network';
import { renderAt } from '@/testing/render';
import { listReturnHref } from './list-return';
import { SentQuotesPage } from './sent-quotes-page';

const t = ui.quotes.list;

function setup(
  routes: Record<string, Handler | StubResponse> = {},
  data?: Parameters<typeof fakeQuotesApi>[0],
  entry = '/sent-quotes',
) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const api = fakeQuotesApi(data);
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<SentQuotesPage />, '/sent-quotes', entry);
  return { ...view, network, db: api.db };
}

const listCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/quotes?') && !request.url.includes('limit=1&'));
const table = () => screen.getByRole('table', { name: t.tableCaption });
const rows = () => within(table()).getAllByRole('row').slice(1);
const search = () => screen.getByRole('searchbox', { name: t.searchLabel });

describe('sent quotes list', { timeout: 20_000 }, () => {
  it('asks page 1 of 10 of the active tab, counts both tabs with page size 1 and fills the table', async () => {
    const { network } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const urls = network.requests.map((request) => request.url);
    expect(urls).toContain('/api/quotes?page=1&limit=10&tab=enviadas');
    expect(urls).toContain('/api/quotes?page=1&limit=1&tab=enviadas');
    expect(urls).toContain('/api/quotes?page=1&limit=1&tab=finalizadas');

    // 23 quotes: 4 approved (every fifth), 19 waiting.
    expect(await screen.findByRole('tab', { name: 'Cotações Enviadas (19)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('tab', { name: 'Cotações Finalizadas (4)' })).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Código',
      'Solicitante',
      'Ref. do Processo',
      'FTI',
      'Tipo',
      'Status',
      'Respostas',
      'Prazo de resposta',
      'Ações',
    ]);
    const first = within(rows()[0]!);
    expect(first.getByText('COT-2026-0001')).toBeInTheDocument();
    expect(first.getByText('Ana Souza')).toBeInTheDocument();
    expect(first.getByText('IMP-1')).toBeInTheDocument();
    expect(first.getByText('FTI-1')).toBeInTheDocument();
    expect(first.getByText('FCL')).toBeInTheDocument();
    expect(first.getByText('Aguardando Aprovação')).toHaveAttribute('data-color', 'blue');
    expect(first.getByText('1/3')).toBeInTheDocument();
    expect(first.getByText('10/03/2026')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Ver detalhes da cotação COT-2026-0001' })).toHaveAttribute(
      'href',
      '/quotes/q-1',
    );
    expect(first.getByRole('link', { name: /Ver detalhes/ })).toHaveTextContent('Ver Detalhes');
    // Absent FTI reads 'Não informado'.
    expect(within(rows()[3]!).getByText('Não informado')).toBeInTheDocument();
  });

  it('paginates with at most 5 page buttons, Anterior/Próximo and "Mostrando X a Y de N cotações"', async () => {
    const { user, network } = setup({}, { quotes: makeQuotes(120) });
    expect(await screen.findByText('Mostrando 1 a 10 de 96 cotações')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: t.pagination }));
    expect(nav.getAllByRole('button', { name: /^Página/ }).map((button) => button.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(nav.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('button', { name: /Anterior/ })).toBeDisabled();

    await user.click(nav.getByRole('button', { name: /Próximo/ }));
    expect(await screen.findByText('Mostrando 11 a 20 de 96 cotações')).toBeInTheDocument();
    expect(listCalls(network.requests).at(-1)?.url).toBe('/api/quotes?page=2&limit=10&tab=enviadas');

    await user.click(nav.getByRole('button', { name: 'Página 5' }));
    expect(await screen.findByText('Mostrando 41 a 50 de 96 cotações')).toBeInTheDocument();
    await waitFor(() =>
      expect(nav.getAllByRole('button', { name: /^Página/ }).map((button) => button.textContent)).toEqual([
        '3',
        '4',
        '5',
        '6',
        '7',
      ]),
    );

    await user.click(nav.getByRole('button', { name: 'Página 7' }));
    await user.click(await screen.findByRole('button', { name: 'Página 9' }));
    await user.click(await screen.findByRole('button', { name: 'Página 10' }));
    expect(await screen.findByText('Mostrando 91 a 96 de 96 cotações')).toBeInTheDocument();
    expect(nav.getByRole('button', { name: /Próximo/ })).toBeDisabled();
    expect(nav.getAllByRole('button', { name: /^Página/ })).toHaveLength(5);
  });

  it('searches on the server once typing stops (300 ms) and goes back to page 1', async () => {
    const { user, network } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByText('Mostrando 11 a 19 de 19 cotações');
    await user.type(search(), 'conceicao');
    await screen.findByText('Mostrando 1 a 9 de 9 cotações');
    const searches = listCalls(network.requests).filter((request) => request.url.includes('search='));
    // One request for the whole word, none per keystroke.
    expect(searches.map((request) => request.url)).toEqual([
      '/api/quotes?page=1&limit=10&search=conceicao&tab=enviadas',
    ]);
    expect(within(rows()[0]!).getByText('João Conceição')).toBeInTheDocument();
    // Clearing the search starts the whole list on page 1 again, not on the page it was left at.
    await user.click(screen.getByRole('button', { name: t.clearFilters }));
    await screen.findByText('Mostrando 1 a 10 de 19 cotações');
  });

  it("keeps the search in the URL and for 'Voltar' of a quote, and opens with it again (QA pass 40c)", async () => {
    sessionStorage.clear();
    const { user } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.type(search(), 'conceicao');
    await screen.findByText('Mostrando 1 a 9 de 9 cotações');
    // Leaving the list (a quote opened), its address is kept for 'Voltar'.
    cleanup();
    expect(listReturnHref()).toBe('/sent-quotes?busca=conceicao');
    // Opened again with it (the link above, the browser's back): the box holds it and the list is filtered.
    const again = setup({}, undefined, '/sent-quotes?busca=conceicao');
    expect(await screen.findByRole('searchbox', { name: t.searchLabel })).toHaveValue('conceicao');
    await screen.findByText('Mostrando 1 a 9 de 9 cotações');
    expect(
      listCalls(again.network.requests).every((request) => request.url.includes('search=conceicao')),
    ).toBe(true);
  });

  it('filters by the three waiting statuses and clears the filters', async () => {
    const { user, network } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const status = screen.getByRole('combobox', { name: t.statusFilter });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos os status', 'Aguardando Resposta', 'Aguardando Aprovação', 'Aguardando Revisão']);
    await user.selectOptions(status, 'AGUARDANDO_REVISAO');
    await waitFor(() =>
      expect(listCalls(network.requests).at(-1)?.url).toBe(
        '/api/quotes?page=1&limit=10&status=AGUARDANDO_REVISAO&tab=enviadas',
      ),
    );
    await waitFor(() =>
      rows().forEach((row) => {
        expect(within(row).getByText('Aguardando Revisão')).toBeInTheDocument();
      }),
    );

    await user.type(search(), 'zzz');
    expect(await screen.findByText('Nenhuma cotação encontrada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.clearFilters }));
    expect(search()).toHaveValue('');
    expect(status).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByRole('button', { name: t.clearFilters })).toBeDisabled();

    const toggle = screen.getByRole('button', { name: t.hideFilters });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: t.showFilters })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox', { name: t.searchLabel })).not.toBeInTheDocument();
  });

  it("opens with past deadlines only from the dashboard's link, and shows every deadline once unticked", async () => {
    const quotes = makeQuotes(12).map((quote, index) => ({
      ...quote,
      status: 'AGUARDANDO_APROVACAO' as const,
      // Every third deadline has passed; the others are next week.
      prazoResposta: new Date(Date.now() + (index % 3 === 0 ? -1 : 7) * 86_400_000).toISOString(),
    }));
    const { user, network } = setup({}, { quotes }, '/sent-quotes?status=AGUARDANDO_APROVACAO&vencidas=true');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(listCalls(network.requests)[0]?.url).toBe(
      '/api/quotes?page=1&limit=10&status=AGUARDANDO_APROVACAO&vencidas=true&tab=enviadas',
    );
    const overdue = screen.getByRole('checkbox', { name: t.overdueOnly });
    expect(overdue).toBeChecked();
    await user.click(overdue);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(listCalls(network.requests).at(-1)?.url).toBe(
      '/api/quotes?page=1&limit=10&status=AGUARDANDO_APROVACAO&tab=enviadas',
    );
    await user.click(overdue);
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: t.clearFilters }));
    expect(overdue).not.toBeChecked();
  });

  it('switches to the finished tab (in the URL, keyboard too) without the status filter', async () => {
    const { user, network } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('tab', { name: /Cotações Finalizadas/ }));
    await waitFor(() =>
      expect(listCalls(network.requests).at(-1)?.url).toBe('/api/quotes?page=1&limit=10&tab=finalizadas'),
    );
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole('combobox', { name: t.statusFilter })).not.toBeInTheDocument();
    expect(within(rows()[0]!).getByText('Aprovada')).toHaveAttribute('data-color', 'emerald');

    screen.getByRole('tab', { name: /Cotações Finalizadas/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: /Cotações Enviadas/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Cotações Enviadas/ })).toHaveFocus();
  });

  it('opens the finished tab from ?tab=finalizadas', async () => {
    setup({}, undefined, '/sent-quotes?tab=finalizadas');
    expect(await screen.findByRole('tab', { name: /Cotações Finalizadas/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('says "mais de 1000" when the server stops counting', async () => {
    const page = {
      data: makeQuotes(10).map((quote) => ({ ...quote, status: 'AGUARDANDO_RESPOSTA' as const })),
      total: 1000,
      totalPages: 100,
      page: 1,
      totalLimitado: true,
    };
    setup({ 'GET /api/quotes': { body: page } });
    expect(await screen.findByText('Mostrando 1 a 10 de mais de 1000 cotações')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Cotações Enviadas (1000+)' })).toBeInTheDocument();
  });

  it('shows the three empty states', async () => {
    const { user } = setup({}, { quotes: [] });
    expect(await screen.findByText('Nenhuma cotação ativa')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Cotações Finalizadas/ }));
    expect(await screen.findByText('Nenhuma cotação finalizada')).toBeInTheDocument();
    await user.type(search(), 'COT-9');
    expect(await screen.findByText('Nenhuma cotação encontrada')).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar cotações' when the list fails without a message", async () => {
    setup({ 'GET /api/quotes': { status: 500, body: '', contentType: 'text/plain' } });
    expect(await screen.findByText('Erro ao carregar cotações', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('shows the server message when the list is refused', async () => {
    setup({ 'GET /api/quotes': problem(400, 'VALIDATION_FAILED', 'Status inválido.') });
    expect(await screen.findByText('Status inválido.')).toBeInTheDocument();
  });

  it('keeps the list 30 s but the refresh button reloads it and both counters at once', async () => {
    const { user, network, db } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const before = network.requests.length;
    db.quotes.unshift({
      ...makeQuotes(1)[0]!,
      id: 'q-new',
      codigo: 'COT-2026-0999',
      status: 'AGUARDANDO_RESPOSTA',
    });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(within(rows()[0]!).getByText('COT-2026-0999')).toBeInTheDocument());
    const again = network.requests.slice(before).map((request) => request.url);
    expect(again).toEqual(
      expect.arrayContaining([
        '/api/quotes?page=1&limit=10&tab=enviadas',
        '/api/quotes?page=1&limit=1&tab=enviadas',
        '/api/quotes?page=1&limit=1&tab=finalizadas',
      ]),
    );
    expect(await screen.findByRole('tab', { name: 'Cotações Enviadas (20)' })).toBeInTheDocument();
  });

  it('shows one card per quote, with every column, on narrow screens', async () => {
    const narrow = (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: narrow, configurable: true });
    try {
      setup();
      const list = await screen.findByRole('list', { name: t.tableCaption });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(10));
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const card = within(within(list).getAllByRole('listitem')[0]!);
      expect(card.getByRole('heading', { name: 'COT-2026-0001' })).toBeInTheDocument();
      expect(card.getByText('Aguardando Aprovação')).toBeInTheDocument();
      expect(card.getByText('1 de 3 respondida(s)')).toBeInTheDocument();
      expect(card.getByText('10/03/2026')).toBeInTheDocument();
      expect(card.getByRole('link', { name: 'Ver detalhes da cotação COT-2026-0001' })).toHaveAttribute(
        'href',
        '/quotes/q-1',
      );
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('leads back to the dashboard and to a new quote', async () => {
    const { user } = setup();
    expect(screen.getByRole('link', { name: 'Nova Cotação' })).toHaveAttribute('href', '/quotes');
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/');
  });
});
