import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeDecisionsApi, makeRows, respIds } from '@/features/decisions/testing/fake-decisions-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { type Handler, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

function setup(
  options: Parameters<typeof fakeDecisionsApi>[0] = {},
  overrides: Record<string, Handler | StubResponse> = {},
) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeDecisionsApi(options);
  const network = stubNetwork({ ...fake.routes, ...overrides });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network, fake };
}

const table = () =>
  screen.findByRole('table', { name: 'Propostas dos transportadores, uma linha por destino' });
/** Carrier (and destination) of each body row, in the order shown. */
async function order() {
  const body = within(await table()).getAllByRole('rowgroup')[1]!;
  return within(body)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row'))
    .map((row) => {
      const header = within(row).getByRole('rowheader');
      const carrier = header.querySelector('span')!.textContent;
      const destino = header.querySelector('[data-destino]')!.textContent;
      return destino === 'Não informado' ? carrier : `${carrier} ${destino}`;
    });
}
async function rowOf(nome: string, destino?: string) {
  const rows = within(await table())
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row') && within(row).queryByText(nome));
  const row = destino ? rows.find((item) => within(item).queryByText(destino)) : rows[0];
  return within(row!);
}
/** A figure's button; Intl puts a no-break space after the currency symbol. */
const figureName = (label: string, shown: string) =>
  new RegExp(
    `^${`${label}: ${shown}. Ver de onde veio`.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&').replace(/ /g, '\\s')}$`,
  );
const comparisonCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.url.startsWith(`/api/quotes/${ids.q1}/comparison`));

describe('Comparação: the table', { timeout: 20_000 }, () => {
  it('states the rate, margin and date every total uses, cheapest first, best values marked in words', async () => {
    setup();
    expect(
      await screen.findByText('PTAX de 02/03/2026: R$ 5,1234 + margem 2,5 % = R$ 5,2515'),
    ).toBeInTheDocument();
    expect(screen.getByText('Todos os totais usam esta taxa.')).toBeInTheDocument();
    expect(await order()).toEqual([
      'Delta Shipping',
      'Boreal Cargas Santos',
      'Boreal Cargas Itajaí',
      'Atlântico Logística',
    ]);
    expect(within(await table()).getByRole('columnheader', { name: /Total BRL/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const delta = await rowOf('Delta Shipping');
    expect(delta.getByText('R$ 8.927,55')).toBeInTheDocument();
    expect(delta.getByText('Menor custo')).toBeInTheDocument();
    expect(delta.getByText('R$ 8.927,55').closest('td')).toHaveClass('bg-success-soft/70');
    expect(delta.getByText('Vencida')).toBeInTheDocument();
    expect(delta.getByText('Verificar')).toBeInTheDocument();
    // Transit, free time and the port: the answer names none, and this quote's rows carry no quote port.
    expect(delta.getAllByText('Não informado')).toHaveLength(3);
    expect(delta.getByText('Menor que a versão 1 em 120,00 USD')).toHaveClass('sr-only');
    // The BRL change too, beside the column the table sorts by (QA pass 11 saw only USD).
    expect(delta.getByText('Menor que a versão 1 em 630,18 BRL')).toHaveClass('sr-only');
    expect(delta.getByText('▼ 630,18 BRL').closest('li')).toHaveClass('text-success-soft-fg');
    expect(delta.getByText('▼ 120,00 USD').closest('li')).toHaveClass('text-success-soft-fg');
    expect(delta.getByText('Versão 2')).toBeInTheDocument();

    const atlantico = await rowOf('Atlântico Logística');
    expect(atlantico.getByText('Menor prazo')).toBeInTheDocument();
    expect(atlantico.queryByText('Menor custo')).toBeNull();
    expect(atlantico.getByText('92%')).toHaveAttribute('data-level', 'high');

    // Itajaí's total includes the road cost of its port.
    const itajai = await rowOf('Boreal Cargas', 'Itajaí');
    expect(itajai.getByText('+ rodoviário R$ 1.035,00')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Aguardando resposta' })).toBeNull();
  });

  it("names the quote's only port on a row whose answer names none, said to be the quote's", async () => {
    const rows = makeRows().map((row) =>
      row.transportador.nome === 'Delta Shipping' ? { ...row, destinoDaCotacao: 'Santos' } : row,
    );
    setup({ rows });
    const delta = await rowOf('Delta Shipping');
    const port = delta.getByText('(da cotação)').parentElement!;
    expect(port).toHaveTextContent('Santos (da cotação)');
    expect(port).toHaveAttribute(
      'title',
      'A resposta não nomeia o porto de destino: vale o destino da cotação, Santos.',
    );
    // Transit and free time only: the port is known.
    expect(delta.getAllByText('Não informado')).toHaveLength(2);
  });

  it("writes a freight per measure as 'por W/M', not the code 'WM' (QA pass 22)", async () => {
    const rows = makeRows().map((row) =>
      row.transportador.nome === 'Atlântico Logística'
        ? { ...row, fretes: row.fretes.map((frete, i) => (i === 0 ? { ...frete, tipo: 'WM' } : frete)) }
        : row,
    );
    setup({ rows });
    const atlantico = await rowOf('Atlântico Logística');
    expect(atlantico.getByText('por W/M')).toBeInTheDocument();
    expect(atlantico.queryByText('WM')).toBeNull();
  });

  it('says a combined free time is combined (demurrage and detention), not at the port', async () => {
    const rows = makeRows().map((row) =>
      row.transportador.nome === 'Atlântico Logística'
        ? { ...row, freeTime: { ...row.freeTime, valor: 14 }, freeTimeCombinado: true }
        : row,
    );
    setup({ rows });
    const atlantico = await rowOf('Atlântico Logística');
    const cell = atlantico.getByText(/14 dias \(combinado\)/).closest('[data-free-time-combined]');
    expect(cell).toHaveAttribute('title', expect.stringMatching(/demurrage e detention juntos/));
  });

  it('sorts by the three columns with the mouse and the keyboard, a missing transit time last', async () => {
    const { user } = setup();
    await table();
    await user.click(screen.getByRole('button', { name: /Ordenar por Total BRL/ }));
    expect(screen.getByRole('columnheader', { name: /Total BRL/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect((await order())[0]).toBe('Atlântico Logística');

    screen.getByRole('button', { name: /Ordenar por Transit time/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Transit time/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: /Total BRL/ })).toHaveAttribute('aria-sort', 'none');
    expect(await order()).toEqual([
      'Atlântico Logística',
      'Boreal Cargas Itajaí',
      'Boreal Cargas Santos',
      'Delta Shipping',
    ]);

    await user.click(screen.getByRole('button', { name: /Ordenar por Total USD/ }));
    expect(screen.getByRole('columnheader', { name: /Total USD/ })).toHaveAttribute('aria-sort', 'ascending');
    expect((await order())[0]).toBe('Delta Shipping');
  });

  it('reloads at a new margin after the typing stops, and refuses a margin out of range with the field message', async () => {
    const { user, network } = setup();
    await table();
    expect(comparisonCalls(network).map((request) => request.url)).toEqual([
      `/api/quotes/${ids.q1}/comparison?exchangeMargin=2.5`,
    ]);
    const margin = screen.getByRole('spinbutton', { name: 'Margem de câmbio (%)' });
    await user.clear(margin);
    await user.type(margin, '150');
    expect(
      screen.getByText('A margem de câmbio deve ser um número de 0 a 100, com no máximo uma casa decimal.'),
    ).toBeInTheDocument();
    expect(margin).toHaveAttribute('aria-invalid', 'true');
    // The last table stays while the margin is wrong, and says at which margin.
    expect(await order()).toHaveLength(4);
    expect(
      screen.getByText(
        'Os valores abaixo continuam com a margem de 2,5% até que a margem digitada seja válida.',
      ),
    ).toBeInTheDocument();

    await user.clear(margin);
    await user.type(margin, '3');
    expect(
      await screen.findByText('PTAX de 02/03/2026: R$ 5,1234 + margem 3 % = R$ 5,2771'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/continuam com a margem/)).toBeNull();
    expect(comparisonCalls(network).at(-1)?.url).toBe(`/api/quotes/${ids.q1}/comparison?exchangeMargin=3`);
    expect(comparisonCalls(network).some((request) => request.url.includes('exchangeMargin=150'))).toBe(
      false,
    );
    expect((await rowOf('Delta Shipping')).getByText('R$ 8.971,07')).toBeInTheDocument();

    // 'Gerar Comparativo' opens at the margin the table shows, so the documents carry the same totals.
    await user.click(screen.getByRole('button', { name: 'Gerar Comparativo' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Gerar Comparativo' }));
    expect(modal.getByRole('spinbutton', { name: 'Margem de câmbio (%)' })).toHaveValue('3');
  });

  it('reads a decimal comma as analysts type it, and steps the margin by 0,1 with the arrow keys', async () => {
    const { user, network } = setup();
    await table();
    const margin = screen.getByRole('spinbutton', { name: 'Margem de câmbio (%)' });
    expect(margin).toHaveValue('2,5');
    await user.clear(margin);
    await user.type(margin, '2,7');
    await waitFor(() =>
      expect(comparisonCalls(network).at(-1)?.url).toBe(
        `/api/quotes/${ids.q1}/comparison?exchangeMargin=2.7`,
      ),
    );
    expect(margin).toHaveAttribute('aria-valuenow', '2.7');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(margin).toHaveValue('2,9');
    await user.keyboard('{ArrowDown}');
    expect(margin).toHaveValue('2,8');
    await waitFor(() =>
      expect(comparisonCalls(network).at(-1)?.url).toBe(
        `/api/quotes/${ids.q1}/comparison?exchangeMargin=2.8`,
      ),
    );
    // Never 27 % or 28 %, as a number field in an English browser made of '2,7'.
    const margins = comparisonCalls(network).map((request) =>
      new URL(request.url, 'http://x').searchParams.get('exchangeMargin'),
    );
    expect(margins.filter((value) => Number(value) > 3)).toEqual([]);
  });

  it('flags the fallback rate when the PTAX service failed', async () => {
    setup({ fonte: 'fallback' });
    expect(
      await screen.findByText('Taxa de contingência: R$ 5,2000 + margem 2,5 % = R$ 5,3300'),
    ).toBeInTheDocument();
    expect(screen.getByText('PTAX indisponível')).toBeInTheDocument();
  });

  it('opens where a figure came from: the line of the body or the cell of an attachment, with the message', async () => {
    const { user } = setup();
    const atlantico = await rowOf('Atlântico Logística');
    await user.click(atlantico.getByRole('button', { name: figureName('Frete 20DC', 'US$ 1.850,00') }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Origem do valor' }));
    expect(dialog.getByText('Corpo do e-mail · Linha 6')).toBeInTheDocument();
    expect(dialog.getByText("Frete marítimo 20' DC: USD 1.850,00")).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Ver mensagem no histórico' })).toHaveAttribute(
      'href',
      `/quotes/${ids.q1}?aba=historico&mensagem=m-atl`,
    );
    await user.click(dialog.getAllByRole('button', { name: 'Fechar' }).at(-1)!);

    const santos = await rowOf('Boreal Cargas', 'Santos');
    await user.click(santos.getByRole('button', { name: figureName("Frete 40'HC", 'R$ 9.000,00') }));
    dialog = within(await screen.findByRole('dialog', { name: 'Origem do valor' }));
    expect(dialog.getByText('Anexo tarifas.xlsx · Célula B4')).toBeInTheDocument();
    await user.click(dialog.getByRole('link', { name: 'Ver mensagem no histórico' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Histórico/ })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('lists every fee line with the ones left out and why', async () => {
    const { user } = setup();
    const atlantico = await rowOf('Atlântico Logística');
    await user.click(
      atlantico.getByRole('button', { name: 'Ver linhas (2) das taxas de Atlântico Logística' }),
    );
    const lines = within(screen.getByRole('list', { name: 'Linhas de taxa de Atlântico Logística' }));
    expect(lines.getByText('THC')).toBeInTheDocument();
    expect(lines.getByText('Não somada: Linha de total: não é somada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ocultar linhas das taxas de Atlântico Logística' }));
    expect(screen.queryByRole('list', { name: 'Linhas de taxa de Atlântico Logística' })).toBeNull();
  });

  it('lists the carriers that have not answered', async () => {
    const quote = makeQuoteDetail({ prazoResposta: '2099-03-10T15:00:00.000Z' });
    setup({ quote, rows: makeRows().filter((row) => row.respostaId !== respIds.del) });
    const pending = await screen.findByRole('list', { name: 'Aguardando resposta' });
    expect(within(pending).getByText('Delta Shipping')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pedido não entregue' })).toBeNull();
    expect(screen.queryByText(/O prazo de resposta terminou/)).toBeNull();
  });

  it('past the deadline of a quote still waiting, those carriers are listed as late', async () => {
    const quote = makeQuoteDetail({ prazoResposta: '2026-03-10T15:00:00.000Z' });
    setup({ quote, rows: makeRows().filter((row) => row.respostaId !== respIds.del) });
    const late = await screen.findByRole('list', { name: 'Sem resposta no prazo' });
    expect(within(late).getByText('Delta Shipping')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^O prazo de resposta terminou em 10\/03\/2026.*; uma resposta que chegar ainda entra na comparação\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Aguardando resposta' })).toBeNull();
  });

  it('on a cancelled quote no row is marked best; the figures stay as they came', async () => {
    setup({ quote: makeQuoteDetail({ status: 'CANCELADA' }) });
    expect(
      await screen.findByText(
        'Cotação cancelada: as propostas recebidas ficam aqui para consulta, sem destaque de menor custo ou menor transit time.',
      ),
    ).toBeInTheDocument();
    expect(within(await table()).queryByText('Menor custo')).toBeNull();
    expect(within(await table()).queryByText('Menor prazo')).toBeNull();
    const delta = await rowOf('Delta Shipping');
    expect(delta.getByText('R$ 8.927,55')).toBeInTheDocument();
    expect(delta.getByText('R$ 8.927,55').closest('td')).not.toHaveClass('bg-success-soft/70');
    expect(await order()).toEqual([
      'Delta Shipping',
      'Boreal Cargas Santos',
      'Boreal Cargas Itajaí',
      'Atlântico Logística',
    ]);
  });

  it('on a cancelled quote a carrier that never answered is not awaited', async () => {
    setup({
      quote: makeQuoteDetail({ status: 'CANCELADA' }),
      rows: makeRows().filter((row) => row.respostaId !== respIds.del),
    });
    const silent = await screen.findByRole('list', { name: 'Sem resposta' });
    expect(within(silent).getByText('Delta Shipping')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sem resposta (1)' })).toBeInTheDocument();
    expect(
      screen.getByText('Não responderam antes do cancelamento da cotação; ninguém é mais aguardado.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Aguardando resposta/)).toBeNull();
  });

  it('on a closed quote the carriers that never answered are not awaited either', async () => {
    setup({
      quote: makeQuoteDetail({ status: 'FECHADA' }),
      rows: makeRows().filter((row) => row.respostaId !== respIds.del),
    });
    expect(await screen.findByRole('list', { name: 'Sem resposta' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Aguardando resposta' })).toBeNull();
  });

  it('says a charge in a currency not summed is out of the total', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.bor ? { ...row, taxasNaoSomadas: ['THC em CNY'] } : row,
    );
    setup({ rows });
    const boreal = await rowOf('Boreal Cargas');
    const badge = boreal.getByText('fora do total: THC em CNY');
    expect(badge).toHaveAttribute('title', expect.stringContaining('Os totais somam só USD, BRL e EUR'));
  });

  it('a charge in EUR: its sum beside USD and BRL, and the euro rate said above the table', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl
        ? { ...row, valorEUR: 500, taxasPorMoeda: { ...row.taxasPorMoeda, EUR: 500 } }
        : row,
    );
    setup({ rows });
    // EUR PTAX 6,0123 + 2,5 % = 6,1626.
    expect(
      await screen.findByText(
        'Euro, para as cobranças em EUR: PTAX de 02/03/2026: R$ 6,0123 + margem 2,5 % = R$ 6,1626',
      ),
    ).toBeInTheDocument();
    const atlantico = await rowOf('Atlântico Logística');
    const eur = atlantico.getByText('EUR');
    expect(eur.nextElementSibling).toHaveTextContent('500,00');
  });

  it('a row with charges only in EUR lists the euros alone, not "USD 0,00 / BRL 0,00" (QA pass 30)', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl
        ? { ...row, valorEUR: 500, taxasPorMoeda: { USD: 0, BRL: 0, EUR: 500 } }
        : row,
    );
    setup({ rows });
    const atlantico = await rowOf('Atlântico Logística');
    const fees = atlantico.getByText('EUR').closest('dl')!;
    expect(within(fees).queryByText('USD')).toBeNull();
    expect(within(fees).queryByText('BRL')).toBeNull();
    expect(within(fees).getByText('EUR').nextElementSibling).toHaveTextContent('500,00');
  });

  it('a row whose later version waits for its sender says so, with what to do (QA pass 7)', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl ? { ...row, versaoAguardandoConfirmacao: 2 } : row,
    );
    setup({ rows });
    const atlantico = await rowOf('Atlântico Logística');
    const badge = atlantico.getByText('versão 2 aguarda confirmação');
    expect(badge.closest('[title]')).toHaveAttribute(
      'title',
      expect.stringContaining('confirme o remetente em “Respostas dos transportadores”'),
    );
    expect((await rowOf('Boreal Cargas')).queryByText(/aguarda confirmação/)).toBeNull();
  });

  it('a charge in EUR while the PTAX service fails: the euro fallback rate is said too', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl
        ? { ...row, valorEUR: 500, taxasPorMoeda: { ...row.taxasPorMoeda, EUR: 500 } }
        : row,
    );
    setup({ rows, fonte: 'fallback' });
    // 5,60 + 2,5 % = 5,74.
    expect(
      await screen.findByText(
        'Euro, para as cobranças em EUR: taxa de contingência R$ 5,6000 + margem 2,5 % = R$ 5,7400 (PTAX do euro indisponível)',
      ),
    ).toBeInTheDocument();
  });

  it('no charge in EUR: no euro rate line', async () => {
    setup();
    await table();
    expect(screen.getByTestId('rate-line')).toBeInTheDocument();
    expect(screen.queryByTestId('rate-line-eur')).toBeNull();
  });

  it('lists apart, with the reason, a carrier whose request bounced: it is not waited for', async () => {
    const base = makeQuoteDetail();
    const quote = {
      ...base,
      destinatarios: base.destinatarios.map((recipient) =>
        recipient.nome === 'Delta Shipping'
          ? { ...recipient, estadoEnvio: 'falhou' as const, falhaEntrega: '550 5.1.1 User unknown' }
          : recipient,
      ),
    };
    setup({ quote, rows: makeRows().filter((row) => row.respostaId !== respIds.del) });
    const failed = await screen.findByRole('list', { name: 'Pedido não entregue' });
    expect(within(failed).getByText('Delta Shipping: 550 5.1.1 User unknown')).toBeInTheDocument();
    expect(screen.getByText(/Pedido não entregue \(1\)/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Aguardando resposta' })).toBeNull();
  });

  it('shows why a row has no total (extraction running, no freight read) instead of 0,00', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.del
        ? { ...row, fretes: [], extracao: 'pendente' as const, precificada: false, custoTotalBRL: 0 }
        : row.respostaId === respIds.bor
          ? { ...row, fretes: [], precificada: false }
          : row,
    );
    setup({ rows });
    const delta = await rowOf('Delta Shipping');
    // Freight and both totals.
    expect(delta.getAllByText('Em extração')).toHaveLength(3);
    expect(delta.queryByText(/R\$\s0,00/)).toBeNull();
    const boreal = await rowOf('Boreal Cargas');
    expect(boreal.getAllByText('Frete não informado')).toHaveLength(2);
  });

  it("a carrier that declined shows 'Declinou', not 'Frete não informado', and offers no revision or approval", async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl
        ? {
            ...row,
            fretes: [],
            taxas: [],
            precificada: false,
            declinou: true,
            faltando: [],
            destaque: { menorCusto: false, menorPrazo: false },
          }
        : row,
    );
    setup({ rows });
    const atlantico = await rowOf('Atlântico Logística');
    // Its status and both totals.
    expect(atlantico.getAllByText('Declinou')).toHaveLength(3);
    expect(atlantico.queryByText('Frete não informado')).toBeNull();
    // No confidence: a decline has no figures (QA pass 22 saw "18%").
    expect(atlantico.queryByText(/^\d+%$/)).toBeNull();
    expect(atlantico.queryByRole('button', { name: /Revisar/ })).toBeNull();
    expect(atlantico.queryByRole('link', { name: /Aprovar/ })).toBeNull();
    // The other carriers' proposals keep theirs.
    const delta = await rowOf('Delta Shipping');
    expect(delta.getByRole('button', { name: 'Revisar proposta de Delta Shipping' })).toBeInTheDocument();
    expect(delta.getByRole('link', { name: /Aprovar proposta de Delta Shipping/ })).toBeInTheDocument();
  });

  it('shows cards on a phone, with a sort choice', async () => {
    const narrow = (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: narrow, configurable: true });
    try {
      const { user } = setup();
      const cards = await screen.findByRole('list', {
        name: 'Propostas dos transportadores, uma linha por destino',
      });
      const headings = () =>
        within(cards)
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent);
      expect(headings()).toEqual(['Delta Shipping', 'Boreal Cargas', 'Boreal Cargas', 'Atlântico Logística']);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'prazo:asc');
      expect(headings()[0]).toBe('Atlântico Logística');
      expect(
        within(cards).getAllByRole('button', { name: 'Revisar proposta de Delta Shipping' }),
      ).toHaveLength(1);
    } finally {
      Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
    }
  });

  it('offers no revision, approval or correction on a closed quote', async () => {
    setup({ quote: makeQuoteDetail({ status: 'FECHADA' }) });
    const delta = await rowOf('Delta Shipping');
    expect(delta.queryByRole('button', { name: /Revisar/ })).toBeNull();
    expect(delta.queryByRole('link', { name: /Aprovar/ })).toBeNull();
    expect(delta.queryByRole('button', { name: /Corrigir/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revisar Todos' })).toBeNull();
  });

  it('after the approval, corrects the other answers (for the comparative), never the approved one', async () => {
    const rows = makeRows().map((row) => ({
      ...row,
      status: row.transportador.nome === 'Atlântico Logística' ? 'aprovado' : 'reprovado',
    }));
    const { user, network } = setup({ quote: makeQuoteDetail({ status: 'APROVADA' }), rows });
    const approved = await rowOf('Atlântico Logística');
    expect(approved.queryByRole('button', { name: /Corrigir/ })).toBeNull();
    const delta = await rowOf('Delta Shipping');
    expect(delta.queryByRole('button', { name: /Revisar/ })).toBeNull();
    expect(delta.queryByRole('link', { name: /Aprovar/ })).toBeNull();
    await user.click(delta.getAllByRole('button', { name: /^Corrigir Frete/ })[0]!);
    const input = screen.getByRole('textbox', { name: /^Novo valor de Frete/ });
    await user.clear(input);
    await user.type(input, '2.100,00{Enter}');
    await waitFor(() =>
      expect(network.requests.filter((request) => request.method === 'PUT')).toHaveLength(1),
    );
  });

  it("links 'Aprovar' to the approval screen with the response and its destination", async () => {
    setup();
    const itajai = await rowOf('Boreal Cargas', 'Itajaí');
    expect(
      itajai.getByRole('link', { name: 'Aprovar proposta de Boreal Cargas para Itajaí' }),
    ).toHaveAttribute('href', `/quotes/${ids.q1}/approve?resposta=${respIds.bor}&destino=Itaja%C3%AD`);
  });

  it('says so when the comparison cannot load, and loads it again on request', async () => {
    let fail = true;
    const fake = fakeDecisionsApi();
    const { user } = setup(
      {},
      {
        [`GET /api/quotes/${ids.q1}/comparison`]: (request) =>
          fail
            ? { status: 500, body: '', contentType: 'text/plain' }
            : (fake.routes[`GET /api/quotes/${ids.q1}/comparison`] as Handler)(request),
      },
    );
    expect(
      await screen.findByText('Erro ao carregar a comparação', undefined, { timeout: 8_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Recarregar a comparação' }));
    expect(await order()).toHaveLength(4);
  });
});

describe('Comparação: inline corrections', { timeout: 20_000 }, () => {
  async function startEditing(user: ReturnType<typeof setup>['user'], nome = 'Atlântico Logística') {
    const row = await rowOf(nome);
    await user.click(row.getByRole('button', { name: 'Corrigir Frete 20DC' }));
    return screen.getByRole('textbox', { name: 'Novo valor de Frete 20DC' });
  }
  const puts = (network: ReturnType<typeof setup>['network']) =>
    network.requests.filter((request) => request.method === 'PUT');

  it('saves a pt-BR number with Enter, reloads the table and marks the value as corrected', async () => {
    const { user, network } = setup();
    const input = await startEditing(user);
    expect(input).toHaveValue('1.850,00');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '1.250,00{Enter}');

    expect(puts(network)).toHaveLength(1);
    expect(puts(network)[0]).toMatchObject({
      url: `/api/quotes/${ids.q1}/respostas/${respIds.atl}/correcoes`,
      body: { campo: 'fretes.0.valor', valor: 1250 },
    });
    expect(await screen.findByText('Valor corrigido: Frete 20DC.')).toBeInTheDocument();
    const atlantico = await rowOf('Atlântico Logística');
    expect(
      await atlantico.findByRole('button', { name: figureName('Frete 20DC', 'US$ 1.250,00') }),
    ).toBeInTheDocument();
    const marker = atlantico.getByText('Corrigido');
    await waitFor(() =>
      expect(marker.closest('[title]')).toHaveAttribute(
        'title',
        'Corrigido por Ana Souza em 05/03/2026, 10:00 — valor extraído: 1.850,00',
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Novo valor de Frete 20DC' })).toBeNull();
    // The comparison and the responses were read again.
    expect(comparisonCalls(network)).toHaveLength(2);
    expect(
      network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}/respostas`).length,
    ).toBeGreaterThan(1);
  });

  it('refuses what is not a number with the field message and sends nothing', async () => {
    const { user, network } = setup();
    const input = await startEditing(user);
    await user.clear(input);
    await user.type(input, 'mil e duzentos{Enter}');
    expect(screen.getByText('Informe um número válido (ex.: 1.250,00).')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(puts(network)).toHaveLength(0);
  });

  it('shows the server field message under the input', async () => {
    const { user } = setup(
      {},
      {
        [`PUT /api/quotes/${ids.q1}/respostas/${respIds.atl}/correcoes`]: {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'Dados inválidos. Verifique os campos destacados.',
            status: 400,
            errors: [{ path: 'valor', message: 'Informe um número válido (ex.: 1.250,00).' }],
          },
        },
      },
    );
    const input = await startEditing(user);
    await user.clear(input);
    await user.type(input, '99999999999{Enter}');
    const message = await screen.findByText('Informe um número válido (ex.: 1.250,00).');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('cancels with Esc and changes nothing', async () => {
    const { user, network } = setup();
    const input = await startEditing(user);
    await user.type(input, '9');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Novo valor de Frete 20DC' })).toBeNull();
    expect(puts(network)).toHaveLength(0);
    expect(
      (await rowOf('Atlântico Logística')).getByRole('button', {
        name: figureName('Frete 20DC', 'US$ 1.850,00'),
      }),
    ).toBeInTheDocument();
    // The keyboard is back on the pencil that opened it (QA pass 41c: it fell to the page).
    expect(document.activeElement).toHaveAccessibleName('Corrigir Frete 20DC');
  });

  it('corrects a transit time that was not informed, from the source dialog', async () => {
    const { user, network, fake } = setup();
    const delta = await rowOf('Delta Shipping');
    await user.click(
      delta.getByRole('button', { name: 'Transit time (dias): Não informado. Ver de onde veio' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Origem do valor' }));
    expect(dialog.getByText(/não tem trecho de origem/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Corrigir Transit time (dias)' }));
    await user.type(screen.getByRole('textbox', { name: 'Novo valor de Transit time (dias)' }), '30{Enter}');
    expect(puts(network)[0]?.body).toEqual({ campo: 'transit_time_dias', valor: 30 });
    expect(await (await rowOf('Delta Shipping')).findByText('30 dias')).toBeInTheDocument();
    expect(fake.db.corrections).toHaveLength(1);
  });
});

describe('Comparação: correcting a currency', { timeout: 20_000 }, () => {
  const puts = (network: ReturnType<typeof setup>['network']) =>
    network.requests.filter((request) => request.method === 'PUT');

  it('corrects the currency of a freight from the source dialog (its own correction)', async () => {
    const { user, network, fake } = setup();
    const atlantico = await rowOf('Atlântico Logística');
    await user.click(atlantico.getByRole('button', { name: figureName('Frete 20DC', 'US$ 1.850,00') }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Origem do valor' }));
    const select = dialog.getByRole('combobox', { name: 'Moeda de Frete 20DC' });
    expect(select).toHaveValue('USD');
    // Nothing to save while it is the same currency.
    expect(dialog.getByRole('button', { name: 'Corrigir moeda' })).toBeDisabled();
    await user.selectOptions(select, 'BRL');
    await user.click(dialog.getByRole('button', { name: 'Corrigir moeda' }));
    await waitFor(() => expect(puts(network)).toHaveLength(1));
    expect(puts(network)[0]?.body).toEqual({ campo: 'fretes.0.moeda', valor: 'BRL' });
    expect(await screen.findByText('Moeda corrigida: Frete 20DC em BRL.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Origem do valor' })).toBeNull());
    expect(fake.db.corrections).toEqual([expect.objectContaining({ campo: 'fretes.0.moeda', valor: 'BRL' })]);
    expect(
      await (await rowOf('Atlântico Logística')).findByRole('button', {
        name: figureName('Frete 20DC', 'R$ 1.850,00'),
      }),
    ).toBeInTheDocument();
  });
});

describe('Comparação: new answers', { timeout: 20_000 }, () => {
  it('reads the comparison again when a new answer arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { network, fake } = setup();
      await table();
      expect(comparisonCalls(network)).toHaveLength(1);
      const quote: QuoteDetail = fake.db.quote;
      fake.db.entries = fake.db.entries.map((entry) =>
        entry.transportadorId === quote.destinatarios[0]!.transportadorId
          ? { ...entry, atual: entry.atual && { ...entry.atual, id: 'resp-atl-2' } }
          : entry,
      );
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      await vi.waitFor(() => expect(comparisonCalls(network)).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
