import { errorMessage } from '@cotacoes/shared/messages/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { carrierIds, fakeDecisionsApi, makeRows } from '../testing/fake-decisions-api';

function setup(overrides: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeDecisionsApi();
  const network = stubNetwork({ ...fake.routes, ...overrides });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network, fake };
}

const revisionCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}/request-revision`);
const detailCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}`);

async function openDeltaRevision(user: ReturnType<typeof setup>['user']) {
  const button = await screen.findByRole(
    'button',
    { name: 'Revisar proposta de Delta Shipping' },
    { timeout: 5_000 },
  );
  await user.click(button);
  return within(await screen.findByRole('dialog', { name: 'Solicitar revisão a Delta Shipping' }));
}

describe("'Revisar': one carrier", { timeout: 20_000 }, () => {
  it('says a revision is already pending, and asks by name for a charge the answer lacks', async () => {
    // QA pass 32: a second request went out 14 s after the first with no word; a row 'incompleta: sem
    // Lacre' was pre-filled with the generic text.
    const rows = makeRows().map((row) =>
      row.transportadorId === carrierIds.delta
        ? { ...row, status: 'revisao_solicitada', taxasAusentes: ['LACRE', 'DESCONSOLIDACAO'] }
        : row,
    );
    sessionStore.set({ status: 'ready', user: makeUser() });
    const fake = fakeDecisionsApi({ rows });
    stubNetwork(fake.routes);
    const { user } = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const dialog = await openDeltaRevision(user);
    expect(
      dialog.getByText(
        'Uma revisão já foi pedida a Delta Shipping e ainda não foi respondida. Enviar outro pedido manda mais um e-mail na mesma conversa.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Mensagem' })).toHaveValue(
      "Para concluirmos a análise, pedimos que nos informem o preço do contêiner de 40', o tempo de trânsito (transit time), o free time no destino, o valor de Lacre e o valor de Desconsolidação.",
    );
  });

  it('says the message is the general request when the proposal lacks nothing (QA pass 42a)', async () => {
    const rows = makeRows().map((row) =>
      row.transportadorId === carrierIds.delta ? { ...row, faltando: [], taxasAusentes: [] } : row,
    );
    sessionStore.set({ status: 'ready', user: makeUser() });
    stubNetwork(fakeDecisionsApi({ rows }).routes);
    const { user } = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const dialog = await openDeltaRevision(user);
    expect(
      dialog.getByText(
        'A proposta não tem lacunas: a mensagem pede uma revisão geral dos valores; edite à vontade.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByText('Preenchida com o que falta na proposta; edite à vontade.')).toBeNull();
  });

  it('says what the e-mail asks when the message is cleared (QA pass 42b)', async () => {
    const { user, network } = setup();
    const dialog = await openDeltaRevision(user);
    await user.clear(dialog.getByRole('textbox', { name: 'Mensagem' }));
    expect(
      dialog.getByText(
        'Sem mensagem, o e-mail pede apenas: "Pedimos, por gentileza, que revisem os valores e as condições da proposta."',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Enviar pedido de revisão' }));
    expect(revisionCalls(network)[0]?.body).toMatchObject({ mensagem: '' });
  });

  it('pre-fills what the answer lacks, sends the edited message, closes and reloads the quote', async () => {
    const { user, network } = setup();
    const dialog = await openDeltaRevision(user);
    expect(
      dialog.getByText('Somente Delta Shipping recebe este pedido de revisão, na mesma conversa da cotação.'),
    ).toBeInTheDocument();
    const message = dialog.getByRole('textbox', { name: 'Mensagem' });
    expect(message).toHaveValue(
      "Para concluirmos a análise, pedimos que nos informem o preço do contêiner de 40', o tempo de trânsito (transit time) e o free time no destino.",
    );
    await user.type(message, '{End}\nEquipe');
    const before = detailCalls(network).length;
    await user.click(dialog.getByRole('button', { name: 'Enviar pedido de revisão' }));

    expect(revisionCalls(network)).toHaveLength(1);
    expect(revisionCalls(network)[0]?.body).toEqual({
      transportadorId: carrierIds.delta,
      revisarTodos: false,
      mensagem: expect.stringMatching(/o free time no destino\.\nEquipe$/),
    });
    expect(await screen.findByText('Pedido de revisão enviado a Delta Shipping.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(detailCalls(network).length).toBeGreaterThan(before));
    expect(
      await within(screen.getByRole('region', { name: 'Informações' })).findByText('Aguardando Revisão'),
    ).toBeInTheDocument();
  });

  it("shows the server's message and keeps the modal when the quote was approved meanwhile", async () => {
    const { user } = setup({
      [`POST /api/quotes/${ids.q1}/request-revision`]: problem(
        409,
        'REVISION_QUOTE_FINAL',
        errorMessage('REVISION_QUOTE_FINAL', { status: 'aprovada' }),
      ),
    });
    const dialog = await openDeltaRevision(user);
    await user.click(dialog.getByRole('button', { name: 'Enviar pedido de revisão' }));
    expect(
      await dialog.findByText('A cotação está aprovada: não é possível solicitar revisão.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Solicitar revisão a Delta Shipping' })).toBeInTheDocument();
  });

  it("falls back to 'Erro ao solicitar revisão' without a server message", async () => {
    const { user } = setup({ [`POST /api/quotes/${ids.q1}/request-revision`]: 'network-error' as never });
    const dialog = await openDeltaRevision(user);
    await user.click(dialog.getByRole('button', { name: 'Enviar pedido de revisão' }));
    expect(await dialog.findByText('Erro ao solicitar revisão')).toBeInTheDocument();
  });

  it('starts from the pre-filled text again at the next opening', async () => {
    const { user } = setup();
    let dialog = await openDeltaRevision(user);
    await user.clear(dialog.getByRole('textbox', { name: 'Mensagem' }));
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    dialog = await openDeltaRevision(user);
    expect((dialog.getByRole('textbox', { name: 'Mensagem' }) as HTMLTextAreaElement).value).toContain(
      'o tempo de trânsito (transit time)',
    );
  });
});

describe("'Revisar Todos'", { timeout: 20_000 }, () => {
  it('asks every carrier that answered with one text, and shows the answer progress', async () => {
    const { user, network } = setup();
    const progress = await screen.findByRole('progressbar', { name: 'Respostas recebidas' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '3'));
    expect(progress).toHaveAttribute('aria-valuemax', '3');
    await user.click(screen.getByRole('button', { name: 'Revisar Todos' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Solicitar revisão a todos' }));
    expect(dialog.getByText(/Todos os transportadores que já responderam \(3\)/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Enviar pedido de revisão' }));
    expect(revisionCalls(network)[0]?.body).toEqual({
      revisarTodos: true,
      mensagem: expect.stringContaining('confirmando frete, taxas, transit time, free time e validade'),
    });
    expect(
      await screen.findByText(
        'Pedido de revisão enviado a Atlântico Logística, Boreal Cargas, Delta Shipping.',
      ),
    ).toBeInTheDocument();
  });
});
