import type { ComparisonLane, LaneDetail, LanesList } from '@cotacoes/shared/schemas/lanes';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { dateTicks, niceTicks } from './lane-chart';
import { LaneDetailPage } from './lane-detail-page';
import { LaneFlag } from './lane-flag';
import { LanesPage } from './lanes-page';

/*
 * The lane history's QA pass of 2026-12-06 on the screens: the unit a comparison row opens (item 4), the
 * chart's axes, legend and table (item 5), the period said and kept (item 6), the incomplete proposals
 * told (item 2), the units labelled (item 8).
 */

const LANE = 'FCL|SHANGHAI|SANTOS';
const LANE_URL = `/api/lanes/${encodeURIComponent(LANE)}`;
const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

const LIST: LanesList = {
  data: [
    {
      chave: LANE,
      modal: 'FCL',
      origem: 'Shanghai',
      destino: 'Santos',
      unidade: '40HC',
      cotacoes: 3,
      pontos: 8,
      mediana: 3025,
      minimo: 2400,
      maximo: 3900,
      ultimaData: '2026-12-04',
      incompletas: 2,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  aguardando: 0,
  periodo: { inicio: '2025-12-07', fim: '2026-12-06', padrao: true },
  incompletas: 2,
};

const point = (data: string, freteUsd: number, codigo: string, aprovado = false) => ({
  data,
  freteUsd,
  totalBrl: freteUsd * 6,
  aprovado,
  cotacaoId: codigo.toLowerCase(),
  cotacaoCodigo: codigo,
  quantidade: 1,
});

const DETAIL: LaneDetail = {
  chave: LANE,
  modal: 'FCL',
  origem: 'Shanghai',
  destino: 'Santos',
  unidade: '20DC',
  unidades: [
    { unidade: '40HC', pontos: 8 },
    { unidade: '20DC', pontos: 3 },
  ],
  series: [
    {
      transportadorId: 'c1',
      transportador: 'Atlântica Cargas',
      pontos: [point('2026-09-02', 1400, 'COT-2026-0001'), point('2026-11-20', 1600, 'COT-2026-0007')],
    },
    {
      transportadorId: 'c2',
      transportador: 'Pacífico Logística',
      pontos: [point('2026-10-15', 1350, 'COT-2026-0004', true)],
    },
  ],
  agrupamento: null,
  meses: [
    { mes: '2026-09', pontos: 1, mediana: 1400, p25: 1400, p75: 1400 },
    { mes: '2026-10', pontos: 1, mediana: 1350, p25: 1350, p75: 1350 },
    { mes: '2026-11', pontos: 1, mediana: 1600, p25: 1600, p75: 1600 },
  ],
  transportadores: [],
  periodo: { inicio: '2026-01-01', fim: '2026-12-06', padrao: false },
  incompletas: {
    total: 2,
    propostas: [
      {
        data: '2026-11-21',
        transportador: 'Rota Sul',
        cotacaoCodigo: 'COT-2026-0007',
        freteUsd: 2700,
        motivo: 'taxasAusentes',
        detalhe: 'ISPS',
      },
      {
        data: '2026-10-02',
        transportador: 'Rota Sul',
        cotacaoCodigo: 'COT-2026-0003',
        freteUsd: 1200,
        motivo: 'taxasNaoSomadas',
        detalhe: 'THC em EUR',
      },
    ],
  },
};

describe('Rotas after the QA pass', { timeout: 20_000 }, () => {
  it("a comparison row's 'Ver histórico da rota' opens the lane on the row's unit, and the page asks for it", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const lane: ComparisonLane = {
      chave: LANE,
      unidade: '20DC',
      mediana: 1400,
      quantidade: 3,
      deltaPct: 0,
      flag: null,
      pontos: [],
    };
    const { user } = renderAt(<LaneFlag lane={lane} />, '/');
    await user.click(screen.getByRole('button', { name: /Perto da mediana/ }));
    expect(screen.getByRole('link', { name: 'Ver histórico da rota' })).toHaveAttribute(
      'href',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC`,
    );

    const network = stubNetwork({ [`GET ${LANE_URL}`]: { body: DETAIL } });
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Shanghai → Santos' })).toBeInTheDocument();
    expect(network.requests[0]!.url).toBe(`${LANE_URL}?unidade=20DC`);
    expect(screen.getByLabelText('Unidade')).toHaveValue('20DC');
  });

  it('the chart: date labels, round y ticks, the monthly median in the legend, and the proposals as a table', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork({ [`GET ${LANE_URL}`]: { body: DETAIL } });
    const { user } = renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC`,
    );
    const chart = await screen.findByRole('img', { name: /Frete por unidade ao longo do tempo/ });
    const labels = [...chart.querySelectorAll('text')].map(text);
    // 2 Sep → 20 Nov: the first of each month between them.
    expect(labels.filter((label) => /^[a-z]{3}\/\d{2}$/.test(label))).toEqual(['out/26', 'nov/26']);
    // 1.350 … 1.600 in steps of 100, without cents.
    expect(labels.filter((label) => label.startsWith('US$'))).toEqual([
      'US$ 1.300',
      'US$ 1.400',
      'US$ 1.500',
      'US$ 1.600',
    ]);
    expect(screen.getByText('Mediana mensal')).toBeInTheDocument();

    // The table opens from the keyboard.
    const toggle = screen.getByRole('button', { name: 'Ver as propostas em tabela' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Propostas do gráfico' });
    expect(within(table).getAllByRole('row').map(text)).toEqual([
      'DataCotaçãoAgente de cargaFrete (USD/unid.)Total (BRL/unid.)Aprovada',
      '20/11/2026COT-2026-0007Atlântica CargasUS$ 1.600,00R$ 9.600,00Não',
      '15/10/2026COT-2026-0004Pacífico LogísticaUS$ 1.350,00R$ 8.100,00Sim',
      '02/09/2026COT-2026-0001Atlântica CargasUS$ 1.400,00R$ 8.400,00Não',
    ]);
  });

  it('nice ticks and date ticks', () => {
    expect(niceTicks(2962.5, 2962.5)).toEqual([2800, 2900, 3000, 3100, 3200]);
    expect(niceTicks(2400, 3900)).toEqual([2000, 2500, 3000, 3500, 4000]);
    expect(niceTicks(3.9, 5.1)).toEqual([3.5, 4, 4.5, 5, 5.5]);
    const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
    expect(dateTicks(day('2026-11-02'), day('2026-12-01')).map((tick) => tick.label)).toEqual([
      '02/11',
      '09/11',
      '17/11',
      '24/11',
      '01/12',
    ]);
    expect(dateTicks(day('2026-12-01'), day('2026-12-01')).map((tick) => tick.label)).toEqual(['01/12']);
    expect(dateTicks(day('2025-12-07'), day('2026-12-06')).map((tick) => tick.label)).toEqual([
      'jan/26',
      'mar/26',
      'mai/26',
      'jul/26',
      'set/26',
      'nov/26',
    ]);
  });

  it('a unit whose proposals were all left out says where they are, not that there are none (QA pass 39)', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const body: LaneDetail = { ...DETAIL, series: [], meses: [], transportadores: [] };
    stubNetwork({ [`GET ${LANE_URL}`]: { body } });
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC`,
    );
    expect(
      await screen.findByText(
        'Nenhuma proposta comparável nesta unidade: as propostas do período estão em "Propostas fora da mediana", abaixo.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Sem propostas nesta rota para os filtros selecionados.')).toBeNull();
    expect(screen.getByRole('table', { name: 'Propostas fora da mediana' })).toBeInTheDocument();
  });

  it('the lane page says its period and the incomplete proposals left out, with why', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork({ [`GET ${LANE_URL}`]: { body: DETAIL } });
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC`,
    );
    expect(await screen.findByText(/Período: 01\/01\/2026 a 06\/12\/2026$/)).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 propostas desta unidade e período (incompletas ou com frete all in) não entram na mediana, no gráfico nem nas tabelas: veja "Propostas fora da mediana", no fim da página.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Propostas fora da mediana' });
    expect(within(table).getAllByRole('row').slice(1).map(text)).toEqual([
      '21/11/2026COT-2026-0007Rota SulUS$ 2.700,00incompleta: sem ISPS',
      '02/10/2026COT-2026-0003Rota SulUS$ 1.200,00taxa não somada ao total: THC em EUR',
    ]);
  });

  it('a lane and unit whose every proposal was left out is listed, without a median (QA pass 39)', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const allIn = {
      ...LIST.data[0]!,
      chave: 'LCL|shanghai|santos',
      modal: 'LCL',
      unidade: 'm3',
      cotacoes: 0,
      pontos: 0,
      mediana: null,
      minimo: null,
      maximo: null,
      incompletas: 1,
    };
    stubNetwork({
      'GET /api/lanes': { body: { ...LIST, data: [...LIST.data, allIn], total: 2, incompletas: 3 } },
    });
    renderAt(<LanesPage />, '/lanes');
    const table = await screen.findByRole('table', { name: 'Rotas' });
    const cells = [...within(table).getAllByRole('row')[2]!.querySelectorAll('td')].map(text);
    expect(cells.slice(3)).toEqual(['0', '0+1 fora da mediana', 'sem proposta comparável', '04/12/2026']);
    expect(within(table).queryByText(/US\$ 0,00/)).toBeNull();
  });

  it('the list says the default period and the incomplete proposals, and keeps its filters in the address', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const network = stubNetwork({ 'GET /api/lanes': { body: LIST } });
    const { user, router } = renderAt(<LanesPage />, '/lanes');
    const table = await screen.findByRole('table', { name: 'Rotas' });
    expect(
      screen.getByText('Período: 07/12/2025 a 06/12/2026 (padrão: últimos 365 dias)'),
    ).toBeInTheDocument();
    // The empty date fields say what they stand for.
    expect(screen.getByText('Em branco: 07/12/2025')).toBeInTheDocument();
    expect(screen.getByText('Em branco: 06/12/2026')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^2 propostas do período não entram na mediana.* ou com frete all in, que inclui as taxas/,
      ),
    ).toBeInTheDocument();
    expect(text(within(table).getAllByRole('row')[1]!.querySelectorAll('td')[4]!)).toBe(
      '8+2 fora da mediana',
    );
    await user.type(screen.getByLabelText('Início do período'), '2026-01-01');
    await user.selectOptions(screen.getByLabelText('Modal'), 'FCL');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe('?inicio=2026-01-01&modal=FCL'));
    expect(network.requests.at(-1)!.url).toBe('/api/lanes?page=1&pageSize=20&inicio=2026-01-01&modal=FCL');
    // The lane's link carries the list's filters for the way back.
    expect(screen.getByRole('link', { name: 'Ver rota Shanghai → Santos' })).toHaveAttribute(
      'href',
      `/lanes/${encodeURIComponent(LANE)}?unidade=40HC&inicio=2026-01-01&voltar=inicio%3D2026-01-01%26modal%3DFCL`,
    );
  });

  it('per kg, the lane page says its freight is the air rate with fuel and security; per container it does not', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const AIR = 'AÉREO|FRANKFURT|VIRACOPOS';
    stubNetwork({
      [`GET /api/lanes/${encodeURIComponent(AIR)}`]: {
        body: {
          ...DETAIL,
          chave: AIR,
          modal: 'AÉREO',
          unidade: 'kg',
          unidades: [{ unidade: 'kg', pontos: 3 }],
        },
      },
    });
    const view = renderAt(
      <LaneDetailPage laneKey={AIR} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(AIR)}`,
    );
    expect(
      await screen.findByText(
        'Por kg, o frete é a tarifa aérea com fuel e security somados, cotados à parte, inclusos ou all in; as demais taxas ficam no total.',
      ),
    ).toBeInTheDocument();
    view.unmount();
    stubNetwork({ [`GET ${LANE_URL}`]: { body: DETAIL } });
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC`,
    );
    await screen.findByText(/Período: 01\/01\/2026/);
    expect(screen.queryByText(/Por kg, o frete/)).toBeNull();
    // What the figures assumed about currency and rate, on every lane (QA pass 41a).
    expect(
      screen.getByText(/Fretes cotados em R\$ ou EUR são convertidos pela taxa da comparação da cotação/),
    ).toBeInTheDocument();
  });

  it('labels every unit of the unit filter one way (no raw 20RF beside "20\' DC")', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork({ 'GET /api/lanes': { body: LIST } });
    renderAt(<LanesPage />, '/lanes');
    await screen.findByRole('table', { name: 'Rotas' });
    const units = within(screen.getByLabelText('Unidade')).getAllByRole('option').map(text);
    expect(units).toEqual([
      'Todas as unidades',
      "20' DC",
      "40' DC",
      "40' HC",
      "20' RF",
      "40' RF",
      "20' OT",
      "40' OT",
      "20' FR",
      "40' FR",
      "45' HC",
      'kg',
      'm³',
      'W/M',
    ]);
  });

  it("'Voltar para rotas' goes back to the list's filters and page (and nothing else)", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork({ [`GET ${LANE_URL}`]: { body: DETAIL } });
    const voltar = encodeURIComponent('inicio=2026-01-01&modal=FCL&page=2&outro=x');
    renderAt(
      <LaneDetailPage laneKey={LANE} />,
      '/lanes/:key',
      `/lanes/${encodeURIComponent(LANE)}?unidade=20DC&inicio=2026-01-01&voltar=${voltar}`,
    );
    expect(await screen.findByRole('link', { name: 'Voltar para rotas' })).toHaveAttribute(
      'href',
      '/lanes?inicio=2026-01-01&modal=FCL&page=2',
    );
  });

  it('an inverted period: a clear message on the field, and from the address no request at all', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    let network = stubNetwork({ 'GET /api/lanes': { body: LIST } });
    const first = renderAt(<LanesPage />, '/lanes');
    await screen.findByRole('table', { name: 'Rotas' });
    const sent = network.requests.length;
    await first.user.type(screen.getByLabelText('Início do período'), '2026-05-01');
    await first.user.type(screen.getByLabelText('Fim do período'), '2026-04-01');
    await first.user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(screen.getByText('O fim do período é anterior ao início.')).toBeInTheDocument();
    expect(screen.getByLabelText('Fim do período')).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests).toHaveLength(sent);
    first.unmount();

    network = stubNetwork({ 'GET /api/lanes': { body: LIST } });
    renderAt(<LanesPage />, '/lanes', '/lanes?inicio=2026-05-01&fim=2026-04-01');
    expect(
      await screen.findByText(
        'O fim do período (01/04/2026) é anterior ao início (01/05/2026). Corrija as datas.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Rotas' })).toBeNull();
    expect(network.requests).toHaveLength(0);
  });
});
