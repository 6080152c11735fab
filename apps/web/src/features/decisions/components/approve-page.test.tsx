import { errorMessage } from '@cotacoes/shared/messages/errors';
import { act, screen, waitFor, within } from '@testing-library/react';
import QuoteApproveRoute from '@/app/routes/quote-approve';
import { sessionStore } from '@/lib/session';
import { ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeDecisionsApi, makeRows, respIds } from '../testing/fake-decisions-api';
import { APPROVAL_SUCCESS_MS, ApprovePage } from './approve-page';

function setup(
  search = '',
  options: Parameters<typeof fakeDecisionsApi>[0] = {},
  overrides: Record<string, Handler | StubResponse> = {},
) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeDecisionsApi(options);
  const network = stubNetwork({ ...fake.routes, ...overrides });
  const view = renderAt(<ApprovePage />, '/quotes/:id/approve', `/quotes/${ids.q1}/approve${search}`);
  return { ...view, network, fake };
}

const approveCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}/approve`);
const responses = () =>
  screen.findByRole('group', { name: 'Propostas dos transportadores' }, { timeout: 5_000 });

describe('/quotes/:id/approve', { timeout: 20_000 }, () => {
  it("shows the quote's header (the status as on every screen) and its responses with their destinations", async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aprovar Cotação COT-2026-0042' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Aprovar Cotação COT-2026-0042 | Sistema de Cotações'));
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('FCL')).toBeInTheDocument();
    expect(screen.getByText('10/03/2026, 12:00')).toBeInTheDocument();
    // One vocabulary per quote (issue 30): the detail's label and colour, not the approval screen's 'Aberta'.
    expect(screen.getByText('Aguardando Resposta')).toHaveAttribute('data-color', 'yellow');
    expect(screen.queryByText('Aberta')).toBeNull();

    const list = within(await responses());
    expect(list.getByRole('radio', { name: /Atlântico Logística/ })).not.toBeChecked();
    expect(list.getByRole('radio', { name: /Boreal Cargas/ })).toHaveAccessibleName(/2 destinos/);
    const destinations = within(list.getByRole('group', { name: 'Destino da proposta de Boreal Cargas' }));
    expect(destinations.getAllByRole('radio').map((radio) => radio.getAttribute('id') && radio)).toHaveLength(
      2,
    );
    expect(destinations.getByRole('radio', { name: /Itajaí/ })).toHaveAccessibleName(/R\$\s10\.535,00/);
    for (const back of screen.getAllByRole('link', { name: 'Voltar' }))
      expect(back).toHaveAttribute('href', `/quotes/${ids.q1}`);
  });

  it("asks for a destination ('Destino Não Selecionado'), then approves, shows success for 2000 ms and goes to /sent-quotes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, network } = setup(`?resposta=${respIds.bor}`);
      const list = within(await responses());
      expect(list.getByRole('radio', { name: /Boreal Cargas/ })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Aprovar' }));
      const missing = within(await screen.findByRole('dialog', { name: 'Destino Não Selecionado' }));
      expect(
        missing.getByText('Por favor, selecione um destino específico para aprovar a cotação.'),
      ).toBeInTheDocument();
      expect(approveCalls(network)).toHaveLength(0);
      await user.click(missing.getByRole('button', { name: 'OK' }));

      await user.click(list.getByRole('radio', { name: /Itajaí/ }));
      await user.type(
        screen.getByRole('textbox', { name: 'Assunto do e-mail ao transportador aprovado (opcional)' }),
        'Aprovação COT-2026-0042',
      );
      await user.click(
        screen.getByRole('checkbox', {
          name: 'Avisar os demais agentes de carga que não foram selecionados',
        }),
      );
      await user.click(
        screen.getByRole('checkbox', { name: 'Incluir quanto acima ficou o preço (sem revelar o vencedor)' }),
      );
      await user.click(screen.getByRole('button', { name: 'Aprovar' }));

      const confirm = within(await screen.findByRole('dialog', { name: 'Confirmar aprovação' }));
      expect(confirm.getByText(/Aprovar a proposta de Boreal Cargas para Itajaí\?/)).toBeInTheDocument();
      expect(confirm.getByText(/sem revelar o vencedor/)).toBeInTheDocument();
      // What is approved, restated: the total and the rate it used.
      expect(confirm.getByText(/^Total aprovado: R\$\s10\.535,00 \(US\$/)).toHaveTextContent(
        /com USD 1 = R\$\s[\d,]+ \(margem de 2,5%\)\. Inclui a estimativa de frete rodoviário de R\$\s1\.035,00; o e-mail ao agente de carga traz o total dos serviços dele: R\$\s9\.500,00\.$/,
      );
      // Not the cheapest (Delta, R$ 8.927,55; Itajaí R$ 10.535,00): said, and confirmed 'mesmo assim'.
      expect(
        confirm.getByText(
          /^Esta não é a proposta de menor custo: Delta Shipping custa R\$\s1\.607,45 a menos/,
        ),
      ).toBeInTheDocument();
      await user.click(confirm.getByRole('button', { name: 'Aprovar mesmo assim' }));

      expect(approveCalls(network)[0]?.body).toEqual({
        responseId: respIds.bor,
        destino: 'Itajaí',
        assuntoPersonalizado: 'Aprovação COT-2026-0042',
        notificarNaoSelecionados: true,
        incluirFeedbackPreco: true,
        exchangeMargin: 2.5,
        totalConfirmadoBRL: 10535,
      });
      const success = within(await screen.findByRole('dialog', { name: 'Cotação aprovada' }));
      expect(
        success.getByText('Boreal Cargas foi aprovado. Você será levado às cotações enviadas.'),
      ).toBeInTheDocument();
      expect(success.getByText('2 agente(s) não selecionado(s) avisado(s).')).toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(APPROVAL_SUCCESS_MS - 100));
      expect(screen.queryByTestId('location')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(await screen.findByTestId('location')).toHaveTextContent('/sent-quotes');
    } finally {
      vi.useRealTimers();
    }
  });

  it('approves a proposal with one destination without asking, and leaves out an empty subject', async () => {
    // The margin typed on the Comparação tab (remembered for the quote): the totals and the approval use it.
    sessionStorage.setItem(`cotacoes:margem:${ids.q1}`, '3');
    const { user, network } = setup();
    await user.click(within(await responses()).getByRole('radio', { name: /Atlântico Logística/ }));
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar aprovação' })).getByRole('button', {
        name: 'Aprovar mesmo assim',
      }),
    );
    expect(approveCalls(network)[0]?.body).toMatchObject({
      responseId: respIds.atl,
      notificarNaoSelecionados: false,
      incluirFeedbackPreco: false,
      exchangeMargin: 3,
      totalConfirmadoBRL: expect.any(Number),
    });
    expect(approveCalls(network)[0]?.body).not.toHaveProperty('assuntoPersonalizado');
    const comparisonUrls = network.requests
      .filter((request) => request.url.includes('/comparison'))
      .map((request) => request.url);
    expect(new Set(comparisonUrls)).toEqual(new Set([`/api/quotes/${ids.q1}/comparison?exchangeMargin=3`]));
    expect(await screen.findByRole('dialog', { name: 'Cotação aprovada' })).toBeInTheDocument();
  });

  it('a total changed by a colleague while the confirmation was open: refused, the new total shown, confirmed again', async () => {
    const { user, network, fake } = setup();
    const { db } = fake;
    await user.click(within(await responses()).getByRole('radio', { name: /Atlântico Logística/ }));
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirmar aprovação' }));
    const before = confirm.getByText(/^Total aprovado:/).textContent;
    // A colleague's correction lowers the freight by US$ 100 meanwhile.
    db.rows = db.rows.map((row) =>
      row.respostaId === respIds.atl ? { ...row, valorUSD: row.valorUSD - 100 } : row,
    );
    await user.click(confirm.getByRole('button', { name: /Aprovar/ }));
    expect(
      await confirm.findByText(/^Os valores desta proposta mudaram desde que você abriu a confirmação/),
    ).toBeInTheDocument();
    expect(confirm.queryByRole('link', { name: /Voltar/ })).toBeNull();
    // A second look, not a failure (QA pass 16).
    expect(confirm.getByText('Os valores mudaram')).toBeInTheDocument();
    expect(confirm.queryByText('Erro ao Aprovar')).toBeNull();
    // The comparison is read again: the confirmation now shows the new total.
    await waitFor(() => expect(confirm.getByText(/^Total aprovado:/).textContent).not.toBe(before));
    await user.click(confirm.getByRole('button', { name: /Aprovar/ }));
    expect(await screen.findByRole('dialog', { name: 'Cotação aprovada' })).toBeInTheDocument();
    const [stale, fresh] = approveCalls(network).map(
      (call) => (call.body as { totalConfirmadoBRL: number }).totalConfirmadoBRL,
    );
    expect(fresh).toBeLessThan(stale!);
  });

  it("marks a total that leaves out charges others quote ('incompleta: sem THC'), as the Comparação tab", async () => {
    const rows = makeRows();
    rows[1] = { ...rows[1]!, taxasAusentes: ['THC', 'BL FEE'] };
    setup('', { rows });
    const destinations = within(
      within(await responses()).getByRole('group', { name: 'Destino da proposta de Boreal Cargas' }),
    );
    expect(destinations.getByRole('radio', { name: /Santos/ })).toHaveAccessibleName(
      /R\$\s9\.000,00.*incompleta: sem THC, BL FEE/,
    );
    expect(destinations.getByRole('radio', { name: /Itajaí/ })).not.toHaveAccessibleName(/incompleta/);
  });

  it("marks a total that leaves a container size out ('sem o preço do contêiner de 40''), as the Comparação tab", async () => {
    // QA pass 33: a 40HC-only offer was listed first with its partial total and no note.
    setup('');
    const list = within(await responses());
    expect(list.getByRole('radio', { name: /Delta Shipping/ })).toHaveAccessibleName(
      /R\$\s8\.927,55.*sem o preço do contêiner de 40'/,
    );
    expect(list.getByRole('radio', { name: /Atlântico Logística/ })).not.toHaveAccessibleName(/sem o preço/);
  });

  it("names the quote's port for an answer that names none, as the Comparação tab (QA pass 21)", async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl ? { ...row, destino: null, destinoDaCotacao: 'Santos' } : row,
    );
    setup('', { rows });
    const list = within(await responses());
    expect(list.getByRole('radio', { name: /Atlântico Logística/ })).toHaveAccessibleName(
      /Santos \(da cotação\)/,
    );
  });

  it('asks for a response when none is chosen', async () => {
    const { user, network } = setup();
    await responses();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(screen.getByText('Escolha uma proposta para aprovar.')).toBeInTheDocument();
    expect(approveCalls(network)).toHaveLength(0);
  });

  it('lists a decided answer but does not let it be chosen, even from the address', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl ? { ...row, status: 'reprovado' } : row,
    );
    const { user, network } = setup(`?resposta=${respIds.atl}`, { rows });
    const list = within(await responses());
    expect(list.getByRole('radio', { name: /Atlântico Logística/ })).toBeDisabled();
    expect(list.getByText('Reprovado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(screen.getByText('Escolha uma proposta para aprovar.')).toBeInTheDocument();
    expect(approveCalls(network)).toHaveLength(0);
  });

  it('does not offer a carrier that declined, even from the address', async () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl
        ? { ...row, fretes: [], taxas: [], precificada: false, declinou: true, faltando: [] }
        : row,
    );
    const { user, network } = setup(`?resposta=${respIds.atl}`, { rows });
    const list = within(await responses());
    const option = list.getByRole('radio', { name: /Atlântico Logística/ });
    expect(option).toBeDisabled();
    expect(option).toHaveAccessibleName(/Declinou/);
    expect(list.getByText(/declinou a cotação e não enviou proposta/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(screen.getByText('Escolha uma proposta para aprovar.')).toBeInTheDocument();
    expect(approveCalls(network)).toHaveLength(0);
  });

  it("shows the 409 when someone else approved first, under 'Erro ao Aprovar'", async () => {
    const message = errorMessage('APPROVAL_ALREADY_APPROVED', {
      nome: 'Bruno Lima',
      transportador: 'Atlântico Logística',
    });
    const { user } = setup(
      `?resposta=${respIds.del}`,
      {},
      {
        [`POST /api/quotes/${ids.q1}/approve`]: problem(409, 'APPROVAL_ALREADY_APPROVED', message),
      },
    );
    await responses();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirmar aprovação' }));
    // Delta lacks the 40' price: the confirmation says so first ('Aprovar mesmo assim').
    await user.click(confirm.getByRole('button', { name: /^Aprovar/ }));
    const alert = await confirm.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao Aprovar');
    expect(alert).toHaveTextContent(message);
    expect(confirm.getByRole('link', { name: 'Voltar à cotação' })).toHaveAttribute(
      'href',
      `/quotes/${ids.q1}`,
    );
  });

  it("falls back to 'Erro ao aprovar transportador' without a server message", async () => {
    const { user } = setup(
      `?resposta=${respIds.atl}`,
      {},
      { [`POST /api/quotes/${ids.q1}/approve`]: 'network-error' as never },
    );
    await responses();
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirmar aprovação' }));
    await user.click(confirm.getByRole('button', { name: 'Aprovar mesmo assim' }));
    expect(await confirm.findByText('Erro ao aprovar transportador')).toBeInTheDocument();
  });

  it('is not offered once the quote is approved: it says who approved and when', async () => {
    const fake = fakeDecisionsApi({ quote: makeQuoteDetail({ status: 'APROVADA' }) });
    fake.db.quote.aprovacao = {
      respostaId: respIds.atl,
      transportadorId: ids.a1,
      transportadorNome: 'Atlântico Logística',
      destino: 'Santos',
      aprovadoEm: '2026-03-05T14:00:00.000Z',
      aprovadoPor: 'Bruno Lima',
    };
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork(fake.routes);
    renderAt(<ApprovePage />, '/quotes/:id/approve', `/quotes/${ids.q1}/approve`);
    expect(await screen.findByText('Esta cotação já foi aprovada.')).toBeInTheDocument();
    expect(
      screen.getByText('Aprovada para Atlântico Logística (Santos) por Bruno Lima em 05/03/2026, 11:00.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Aprovada')).toHaveAttribute('data-color', 'emerald');
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });

  it("says 'Cotação não encontrada' for a missing quote", async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork({});
    renderAt(<ApprovePage />, '/quotes/:id/approve', `/quotes/${ids.q1}/approve`);
    expect(await screen.findByRole('heading', { name: 'Cotação não encontrada' })).toBeInTheDocument();
  });

  it("denies a user without a company: 'Acesso Negado'", async () => {
    sessionStore.set({ status: 'ready', user: makeUser({ empresaId: null }) });
    const network = stubNetwork({});
    renderAt(<QuoteApproveRoute />, '/quotes/:id/approve', `/quotes/${ids.q1}/approve`);
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
    expect(
      screen.getByText('Você precisa estar vinculado a uma empresa para aprovar cotações.'),
    ).toBeInTheDocument();
    expect(network.requests).toHaveLength(0);
  });

  it("starts 'avisar os não selecionados' from the company's default (Acompanhamento automático), still changeable", async () => {
    const { user, network } = setup(
      `?resposta=${respIds.atl}`,
      {},
      {
        'GET /api/empresas/my-company/follow-up': {
          body: {
            remindersEnabled: true,
            reminderAfterSendHours: 48,
            reminderBeforeDeadlineHours: 24,
            portalEnabled: true,
            lostBidFeedbackDefault: true,
            deadlineSummaryEnabled: true,
          },
        },
      },
    );
    await responses();
    const notify = screen.getByRole('checkbox', {
      name: 'Avisar os demais agentes de carga que não foram selecionados',
    });
    await waitFor(() => expect(notify).toBeChecked());
    await user.click(notify);
    expect(notify).not.toBeChecked();
    await user.click(notify);
    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Aprovar|Confirmar/ }),
    );
    await waitFor(() => expect(approveCalls(network)).toHaveLength(1));
    expect(approveCalls(network)[0]!.body).toMatchObject({ notificarNaoSelecionados: true });
  });
});
