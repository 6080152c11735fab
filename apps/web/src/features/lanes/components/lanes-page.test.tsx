import type { LaneDetail, LanesList } from '@cotacoes/shared/schemas/lanes';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { LaneDetailPage } from './lane-detail-page';
import { LanesPage } from './lanes-page';

const LANE = 'FCL|SHANGHAI|SANTOS';
/** Text as read (Intl puts a no-break space after the currency symbol). */
const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');
const LIST: LanesList = {
  data: [
    {
      chave: LANE,
      modal: 'FCL',
      origem: 'Shanghai, CN',
      destino: 'Santos',
      unidade: '40HC',
      cotacoes: 3,
      pontos: 8,
      mediana: 3025,
      minimo: 2400,
      maximo: 3900,
      ultimaData: '2026-12-04',
      incompletas: 0,
    },
    {
      chave: 'AÉREO|GUARULHOS|MIAMI',
      modal: 'AÉREO',
      origem: 'Guarulhos',
      destino: 'Miami',
      unidade: 'kg',
      cotacoes: 1,
      pontos: 3,
      mediana: 4.2,
      minimo: 3.9,
      maximo: 5.1,
      ultimaData: '2026-11-02',
      incompletas: 0,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  aguardando: 0,
  periodo: { inicio: '2025-12-07', fim: '2026-12-06', padrao: true },
  incompletas: 0,
};
const DETAIL: LaneDetail = {
  chave: LANE,
  modal: 'FCL',
  origem: 'Shanghai, CN',
  destino: 'Santos',
  unidade: '40HC',
  unidades: [
    { unidade: '40HC', pontos: 8 },
    { unidade: '20DC', pontos: 2 },
  ],
  series: [
    {
      transportadorId: 'c1',
      transportador: 'Atlântica Cargas',
      pontos: [
        {
          data: '2026-11-02',
          freteUsd: 2800,
          totalBrl: 16900,
          aprovado: false,
          cotacaoId: 'q1',
          cotacaoCodigo: 'COT-2026-0001',
          quantidade: 1,
        },
        {
          data: '2026-12-01',
          freteUsd: 3200,
          totalBrl: 18000,
          aprovado: false,
          cotacaoId: 'q2',
          cotacaoCodigo: 'COT-2026-0002',
          quantidade: 1,
        },
      ],
    },
    {
      transportadorId: 'c2',
      transportador: 'Pacífico Logística',
      pontos: [
        {
          data: '2026-12-01',
          freteUsd: 2600,
          totalBrl: 15800,
          aprovado: true,
          cotacaoId: 'q2',
          cotacaoCodigo: 'COT-2026-0002',
          quantidade: 1,
        },
      ],
    },
  ],
  agrupamento: null,
  meses: [
    { mes: '2026-11', pontos: 1, mediana: 2800, p25: 2800, p75: 2800 },
    { mes: '2026-12', pontos: 2, mediana: 2900, p25: 2750, p75: 3050 },
  ],
  transportadores: [
    {
      transportadorId: 'c2',
      transportador: 'Pacífico Logística',
      cotacoes: 1,
      vitorias: 1,
      participacaoVitorias: 100,
      respostaHorasMedia: 5.5,
      medianaFreteUsd: 2600,
    },
    {
      transportadorId: 'c1',
      transportador: 'Atlântica Cargas',
      cotacoes: 2,
      vitorias: 0,
      participacaoVitorias: 0,
      respostaHorasMedia: null,
      medianaFreteUsd: 3000,
    },
  ],
  periodo: { inicio: '2025-12-07', fim: '2026-12-06', padrao: true },
  incompletas: { total: 0, propostas: [] },
};

describe('Rotas', { timeout: 20_000 }, () => {
  it('lists the lanes by volume and applies the period, modal and unit filters', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const network = stubNetwork({ 'GET /api/lanes': { body: LIST } });
    const { user } = renderAt(<LanesPage />, '/lanes');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando rotas...');
    const table = await screen.findByRole('table', { name: 'Rotas' });
    expect(screen.queryByText(/fora do histórico/)).toBeNull();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map(text))).toEqual([
      [
        'Shanghai, CN → Santos',
        'FCL',
        "40' HC",
        '3',
        '8',
        'US$ 3.025,00',
        'US$ 2.400,00 – US$ 3.900,00',
        '04/12/2026',
      ],
      ['Guarulhos → Miami', 'AÉREO', 'kg', '1', '3', 'US$ 4,20', 'US$ 3,90 – US$ 5,10', '02/11/2026'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Ver rota Shanghai, CN → Santos' })).toHaveAttribute(
      'href',
      `/lanes/${encodeURIComponent(LANE)}?unidade=40HC`,
    );
    expect(document.title).toBe('Rotas | Sistema de Cotações');

    await user.type(screen.getByLabelText('Início do período'), '2026-01-01');
    await user.selectOptions(screen.getByLabelText('Modal'), 'FCL');
    await user.selectOptions(screen.getByLabelText('Unidade'), '40HC');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    await waitFor(() =>
      expect(network.requests.at(-1)!.url).toBe(
        '/api/lanes?page=1&pageSize=20&inicio=2026-01-01&modal=FCL&unidade=40HC',
      ),
    );
  });

  it('says so when there is no lane yet', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork({ 'GET /api/lanes': { body: { ...LIST, data: [], total: 0, aguardando: 2 } } });
    renderAt(<LanesPage />, '/lanes');
    expect(
      await screen.findByText('Nenhuma rota com cotações para os filtros selecionados.'),
    ).toBeInTheDocument();
    // Quotes whose points wait for the day's PTAX are said, not hidden behind an empty page.
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 cotação(ões) com propostas ainda fora do histórico: aguardam a cotação PTAX do dia (Banco Central)',
    );
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  });

  it("a lane: the chart by carrier with the approved point, the months and the carriers' wins", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const network = stubNetwork({ [`GET /api/lanes/${encodeURIComponent(LANE)}`]: { body: DETAIL } });
    const { user } = renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=40HC`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shanghai, CN → Santos' }),
    ).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Frete por unidade ao longo do tempo/ });
    expect(chart).toHaveAccessibleName(
      'Frete por unidade ao longo do tempo, por agente de carga. 3 propostas de 2 agentes de carga; pontos com borda: aprovadas',
    );
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(chart.querySelectorAll('circle[data-aprovado]')).toHaveLength(1);
    const months = screen.getByRole('table', { name: 'Mediana e dispersão por mês' });
    expect(text(within(months).getAllByRole('row')[2]!)).toBe('12/20262US$ 2.750,00US$ 2.900,00US$ 3.050,00');
    const carriers = screen.getByRole('table', { name: 'Agentes de carga na rota' });
    expect(within(carriers).getAllByRole('row').slice(1).map(text)).toEqual([
      'Pacífico Logística11100 %US$ 2.600,005,5 h',
      'Atlântica Cargas200 %US$ 3.000,00—',
    ]);
    expect(network.requests[0]!.url).toBe(`/api/lanes/${encodeURIComponent(LANE)}?unidade=40HC`);
    await user.selectOptions(screen.getByLabelText('Unidade'), '20DC');
    await waitFor(() =>
      expect(network.requests.at(-1)!.url).toBe(`/api/lanes/${encodeURIComponent(LANE)}?unidade=20DC`),
    );
  });

  it('a mean answer time under an hour is said in minutes (QA pass 39: 2 minutes read "0 h")', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const [fast, slow] = DETAIL.transportadores as [
      LaneDetail['transportadores'][number],
      LaneDetail['transportadores'][number],
    ];
    const body = {
      ...DETAIL,
      transportadores: [
        { ...fast, respostaHorasMedia: 2 / 60 },
        { ...slow, respostaHorasMedia: 10 / 3600 },
      ],
    };
    stubNetwork({ [`GET /api/lanes/${encodeURIComponent(LANE)}`]: { body } });
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=40HC`,
    );
    const carriers = await screen.findByRole('table', { name: 'Agentes de carga na rota' });
    expect(within(carriers).getAllByRole('row').slice(1).map(text)).toEqual([
      'Pacífico Logística11100 %US$ 2.600,002 min',
      'Atlântica Cargas200 %US$ 3.000,00menos de 1 min',
    ]);
  });

  it('a busy lane: weekly medians per carrier, the proposals each stands for, and the note that says so', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    // DETAIL's carriers, each point now a week standing for `quantidade` proposals.
    const week = (data: string, freteUsd: number, aprovado: boolean, quantidade: number) => ({
      data,
      freteUsd,
      totalBrl: freteUsd * 6,
      aprovado,
      cotacaoId: null,
      cotacaoCodigo: null,
      quantidade,
    });
    const [atlantica, pacifico] = DETAIL.series;
    const weekly: LaneDetail = {
      ...DETAIL,
      agrupamento: 'semana',
      series: [
        { ...atlantica!, pontos: [week('2026-11-02', 2800, false, 240), week('2026-11-02', 2700, true, 3)] },
        { ...pacifico!, pontos: [week('2026-11-30', 2600, false, 190)] },
      ],
    };
    stubNetwork({ [`GET /api/lanes/${encodeURIComponent(LANE)}`]: { body: weekly } });
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=40HC`,
    );
    const chart = await screen.findByRole('img', { name: /Frete por unidade ao longo do tempo/ });
    expect(chart).toHaveAccessibleName(
      'Frete por unidade ao longo do tempo, por agente de carga. 433 propostas de 2 agentes de carga; pontos com borda: aprovadas Cada ponto é a mediana semanal de um agente de carga.',
    );
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    expect(chart.querySelectorAll('circle[data-aprovado]')).toHaveLength(1);
    expect(
      [...chart.querySelectorAll('circle title')].map((title) => title.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'Atlântica Cargas · semana de 02/11/2026 · mediana US$ 2.800,00 · 240 propostas',
      'Atlântica Cargas · semana de 02/11/2026 · mediana US$ 2.700,00 · 3 propostas',
      'Pacífico Logística · semana de 30/11/2026 · mediana US$ 2.600,00 · 190 propostas',
    ]);
    expect(
      screen.getByText(/cada ponto é a mediana de um agente de carga em uma semana/),
    ).toBeInTheDocument();
  });
});
