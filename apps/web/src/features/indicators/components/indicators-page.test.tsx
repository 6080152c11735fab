import { ui } from '@cotacoes/shared/messages/ui';
import type { ResponseTimeRecord, ResponseTimesResponse } from '@cotacoes/shared/schemas/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type RecordedRequest, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { currentYear } from '../lib/period';
import { IndicatorsPage } from './indicators-page';

const t = ui.indicators;
const YEAR = currentYear();

function record(index: number, overrides: Partial<ResponseTimeRecord> = {}): ResponseTimeRecord {
  return {
    transportadorId: `t-${index}`,
    transportadorNome: `Agente ${String(index).padStart(2, '0')}`,
    transportadorEmail: `cotacoes.internacionais${index}@agente.com.br`,
    totalCotacoes: 4,
    totalRespostas: 3,
    tempoMedioRespostaHoras: 10,
    tempoMedioRespostaDias: 0.42,
    tempoMinimoRespostaHoras: 0.5,
    tempoMaximoRespostaHoras: 30,
    taxaResposta: 75,
    ultimaResposta: `${YEAR}-03-10T15:00:00.000Z`,
    mensal: [
      { mes: `${YEAR}-01`, totalCotacoes: 2, totalRespostas: 2, tempoMedioRespostaHoras: 2 },
      { mes: `${YEAR}-02`, totalCotacoes: 2, totalRespostas: 1, tempoMedioRespostaHoras: 80 },
      { mes: `${YEAR}-03`, totalCotacoes: 0, totalRespostas: 0, tempoMedioRespostaHoras: null },
    ],
    ...overrides,
  };
}

/** 12 carriers: a fast one, a medium one, a slow one, one that never answers, and 8 more. */
const CARRIERS: ResponseTimeRecord[] = [
  record(1, {
    tempoMedioRespostaHoras: 0.75,
    tempoMinimoRespostaHoras: 0.25,
    tempoMaximoRespostaHoras: 5.25,
  }),
  record(2, { tempoMedioRespostaHoras: 65, tempoMinimoRespostaHoras: 30, tempoMaximoRespostaHoras: 100 }),
  record(3, { tempoMedioRespostaHoras: 80 }),
  record(4, {
    totalRespostas: 0,
    taxaResposta: 0,
    tempoMedioRespostaHoras: null,
    tempoMedioRespostaDias: null,
    tempoMinimoRespostaHoras: null,
    tempoMaximoRespostaHoras: null,
    ultimaResposta: null,
  }),
  ...Array.from({ length: 8 }, (_, i) => record(i + 5)),
];

function fakeApi(options: { data?: ResponseTimeRecord[]; fail?: boolean; atualizadoEm?: string } = {}) {
  const all = options.data ?? CARRIERS;
  return stubNetwork({
    'GET /api/indicators/response-times/transportadores': {
      body: { data: all.map((row) => ({ id: row.transportadorId, nome: row.transportadorNome })) },
    },
    'GET /api/indicators/response-times': (request) => {
      if (options.fail)
        return { status: 500, body: { code: 'INTERNAL', message: 'Erro interno', status: 500 } };
      const query = new URL(request.url, 'http://localhost').searchParams;
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      const id = query.get('transportadorId');
      const rows = id ? all.filter((row) => row.transportadorId === id) : all;
      const body: ResponseTimesResponse = {
        data: rows.slice((page - 1) * limit, page * limit),
        total: rows.length,
        totalPages: Math.ceil(rows.length / limit),
        page,
        dataInicio: query.get('dataInicio')!,
        dataFim: query.get('dataFim')!,
        ...(options.atualizadoEm ? { atualizadoEm: options.atualizadoEm } : {}),
      };
      return { body };
    },
  });
}

function setup(options: Parameters<typeof fakeApi>[0] = {}) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const network = fakeApi(options);
  const view = renderAt(<IndicatorsPage />, '/indicadores');
  return { ...view, network };
}

const calls = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.url.startsWith('/api/indicators/response-times?'))
    .map((request) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams));
const lastCall = (requests: RecordedRequest[]) => calls(requests).at(-1)!;
const table = () => screen.getByRole('table', { name: t.tableTitle });
const rows = () => within(table()).getAllByRole('row').slice(1);

describe('indicators page', { timeout: 20_000 }, () => {
  it('asks page 1 of 10 for the current year and shows the table as specified', async () => {
    const { network } = setup();
    expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(lastCall(network.requests)).toEqual({
      page: '1',
      limit: '10',
      dataInicio: `${YEAR}-01-01`,
      dataFim: `${YEAR}-12-31`,
    });
    // The carrier filter's list: once for the period, not with every page.
    expect(network.requests.map((request) => request.url)).toContain(
      `/api/indicators/response-times/transportadores?dataInicio=${YEAR}-01-01&dataFim=${YEAR}-12-31`,
    );
    expect(document.title).toBe('Indicadores de Performance | Sistema de Cotações');
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.back })).toHaveAttribute('href', '/');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Agente de Carga', 'E-mail', 'Respostas', 'Tempo Médio', 'Mín', 'Máx', 'Última']);
    const fast = within(rows()[0]!);
    expect(fast.getByText('Agente 01')).toBeInTheDocument();
    // The e-mail cut at 20 characters; the whole address on hover.
    // The e-mail cell (on a phone the same text sits under the name instead, without a title).
    expect(fast.getByTitle('cotacoes.internacionais1@agente.com.br')).toHaveTextContent(
      'cotacoes.internacion…',
    );
    expect(fast.getAllByText('cotacoes.internacion…')[1]).toHaveAttribute(
      'title',
      'cotacoes.internacionais1@agente.com.br',
    );
    // Responses of requests, and the response rate under them.
    expect(rows()[0]).toHaveTextContent('3 de 4Taxa de resposta: 75%');
    expect(fast.getByText('45 min')).toHaveAttribute('data-level', 'fast');
    expect(fast.getByText('15 min')).toBeInTheDocument();
    expect(fast.getByText('5,3 h')).toBeInTheDocument();
    expect(fast.getByText('10/03/' + YEAR)).toBeInTheDocument();
    expect(fast.getByRole('img', { name: /Média mensal de Agente 01/ })).toHaveAccessibleName(
      `Média mensal de Agente 01. Tempo médio de resposta por mês: Jan/${String(YEAR).slice(2)}: 2,0 h; Fev/${String(YEAR).slice(2)}: 3 d 8 h; Mar/${String(YEAR).slice(2)}: sem respostas`,
    );
    expect(within(rows()[1]!).getByText('2 d 17 h')).toHaveAttribute('data-level', 'medium');
    expect(within(rows()[2]!).getByText('3 d 8 h')).toHaveAttribute('data-level', 'slow');
    const silent = within(rows()[3]!);
    expect(rows()[3]).toHaveTextContent('0 de 4Taxa de resposta: 0%');
    expect(silent.getAllByText('Não informado')).toHaveLength(4);
    expect(silent.getByText('Não informado', { selector: '[data-level]' })).toHaveAttribute(
      'data-level',
      'none',
    );
  });

  it('sorts: a new column starts desc, the same toggles, sorting goes back to page 1, and the sort can be cleared', async () => {
    const { network, user } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(lastCall(network.requests).page).toBe('2'));

    await user.click(within(table()).getByRole('button', { name: /Tempo Médio/ }));
    await waitFor(() =>
      expect(lastCall(network.requests)).toMatchObject({
        page: '1',
        sortField: 'tempoMedioRespostaHoras',
        sortDirection: 'desc',
      }),
    );
    expect(within(table()).getByRole('columnheader', { name: /Tempo Médio/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByTestId('active-sort')).toHaveTextContent('Ordenado por Tempo Médio (decrescente)');

    await user.click(within(table()).getByRole('button', { name: /Tempo Médio/ }));
    await waitFor(() => expect(lastCall(network.requests)).toMatchObject({ sortDirection: 'asc' }));
    expect(within(table()).getByRole('columnheader', { name: /Tempo Médio/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(within(table()).getByRole('button', { name: /Respostas/ }));
    await waitFor(() =>
      expect(lastCall(network.requests)).toMatchObject({
        sortField: 'totalRespostas',
        sortDirection: 'desc',
      }),
    );
    for (const name of [/Agente de Carga/, /^Mín/, /^Máx/])
      expect(within(table()).getByRole('button', { name })).toBeInTheDocument();
    // E-mail, rate, last answer and chart are not sortable (spec: name, responses, average, min, max).
    expect(within(table()).queryByRole('button', { name: /E-mail/ })).not.toBeInTheDocument();

    // Back to the server's order (by name): that page is already loaded, so no new call is needed.
    await user.click(screen.getByRole('button', { name: t.clearSort }));
    expect(screen.queryByTestId('active-sort')).not.toBeInTheDocument();
    for (const header of within(table()).getAllByRole('columnheader', { name: /Tempo Médio|Respostas/ }))
      expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it("filters by period and carrier only on 'Aplicar Filtros'; 'Limpar' goes back to the whole year and every carrier", async () => {
    const { network, user } = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const carrier = screen.getByRole('combobox', { name: t.carrier });
    expect(
      within(carrier)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos os agentes de carga', ...CARRIERS.map((row) => row.transportadorNome)]);
    await user.selectOptions(carrier, 't-2');
    // jsdom does not step range inputs by keyboard (the e2e does): the value is set as a drag would.
    fireEvent.change(screen.getByRole('slider', { name: t.periodStart }), { target: { value: '2' } });
    const before = calls(network.requests).length;
    expect(screen.getByTestId('period-summary')).toHaveTextContent(
      `01/03/${YEAR} a 31/12/${YEAR} · 306 dias`,
    );
    expect(calls(network.requests)).toHaveLength(before);
    // Moved but not applied: said beside the buttons (QA pass 41a: the slider read the new period only).
    expect(screen.getByText(t.notApplied)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.apply }));
    expect(screen.queryByText(t.notApplied)).toBeNull();
    await waitFor(() =>
      expect(lastCall(network.requests)).toEqual({
        page: '1',
        limit: '10',
        dataInicio: `${YEAR}-03-01`,
        dataFim: `${YEAR}-12-31`,
        transportadorId: 't-2',
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));

    // Back to the first call's filters (already loaded: the table shows them again).
    await user.click(screen.getByRole('button', { name: t.clear }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByRole('combobox', { name: t.carrier })).toHaveValue('');
    expect(screen.getByTestId('period-summary')).toHaveTextContent(`01/01/${YEAR} a 31/12/${YEAR}`);
  });

  it("says when the table was read ('Atualizado às', Brasília time)", async () => {
    setup({ atualizadoEm: `${YEAR}-06-01T18:30:15.000Z` });
    expect(await screen.findByTestId('updated-at')).toHaveTextContent('Atualizado às 15:30:15');
  });

  it('says that quotes deleted after sending still count (ADR 0019)', async () => {
    setup();
    expect(
      await screen.findByText(
        /inclusive as excluídas depois do envio: o agente de carga recebeu e respondeu/,
      ),
    ).toBeInTheDocument();
  });

  it('shows requests still within their deadline apart: not in the count nor the rate', async () => {
    setup({
      data: [
        record(1, { totalCotacoes: 3, totalRespostas: 3, taxaResposta: 100, aguardandoNoPrazo: 1 }),
        record(2, {
          totalCotacoes: 0,
          totalRespostas: 0,
          taxaResposta: 0,
          aguardandoNoPrazo: 2,
          tempoMedioRespostaHoras: null,
          tempoMedioRespostaDias: null,
          tempoMinimoRespostaHoras: null,
          tempoMaximoRespostaHoras: null,
          ultimaResposta: null,
        }),
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('3 de 3Taxa de resposta: 100%+1 pedido no prazo');
    // Nothing counted yet: no rate, only what waits.
    expect(rows()[1]).toHaveTextContent('0 de 0+2 pedidos no prazo');
    expect(rows()[1]).not.toHaveTextContent('Taxa de resposta');
    expect(within(rows()[1]!).getByText('+2 pedidos no prazo')).toHaveAttribute('title', t.waitingHint);
    expect(screen.getByText(/Uma cotação ainda dentro do prazo/)).toBeInTheDocument();
  });

  it('says how many answers came after the deadline (QA pass 42c)', async () => {
    setup({
      data: [
        record(1, { totalCotacoes: 4, totalRespostas: 3, taxaResposta: 75, respostasAposPrazo: 2 }),
        record(2, { totalCotacoes: 2, totalRespostas: 2, taxaResposta: 100, respostasAposPrazo: 1 }),
        record(3, { totalCotacoes: 1, totalRespostas: 1, taxaResposta: 100, respostasAposPrazo: 0 }),
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent('3 de 4Taxa de resposta: 75%2 respostas após o prazo');
    expect(within(rows()[0]!).getByText('2 respostas após o prazo')).toHaveAttribute('title', t.lateHint);
    expect(rows()[1]).toHaveTextContent('1 resposta após o prazo');
    // Both notes are said on the page too, not only in tooltips (QA pass 43a).
    expect(screen.getByText(t.answersLegend)).toBeInTheDocument();
    expect(rows()[2]).not.toHaveTextContent('após o prazo');
  });

  it('says so when nothing matches', async () => {
    setup({ data: [] });
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.exportCsv })).toBeDisabled();
  });

  it("shows the toast 'Erro ao carregar indicadores' when the call fails", async () => {
    setup({ fail: true });
    // After the client's retries of a 5xx.
    expect(await screen.findByRole('alert', {}, { timeout: 8_000 })).toHaveTextContent(t.loadError);
  });

  it('exports the whole table of the applied filters and order as CSV', async () => {
    const { network, user } = setup();
    network.fetch.mockClear();
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(within(table()).getByRole('button', { name: /Máx/ }));
    const exportRoute = stubNetwork({
      'GET /api/indicators/response-times/export': {
        body: 'a;b',
        contentType: 'text/csv; charset=utf-8',
      },
    });
    await user.click(screen.getByRole('button', { name: t.exportCsv }));
    await waitFor(() => expect(saved).toEqual([`tempo-de-resposta-${YEAR}-01-01-a-${YEAR}-12-31.csv`]));
    expect(exportRoute.requests[0]!.url).toBe(
      `/api/indicators/response-times/export?sortField=tempoMaximoRespostaHoras&sortDirection=desc&dataInicio=${YEAR}-01-01&dataFim=${YEAR}-12-31`,
    );
    click.mockRestore();
  });
});
