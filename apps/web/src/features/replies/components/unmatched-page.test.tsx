import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderApp, renderAt } from '@/testing/render';
import type { UnmatchedMessage } from '../api/list-unmatched';
import {
  ASSIGNED_MESSAGE,
  DISMISSED_BY,
  fakeInboundApi,
  inboundIds,
  makeUnmatched,
} from '../testing/fake-inbound-api';
import { UnmatchedPage } from './unmatched-page';

const suggested = makeUnmatched({
  id: 'msg-1',
  sugestoes: [{ cotacaoId: inboundIds.q1, codigo: 'COT-2026-0042', transportadorId: inboundIds.a1 }],
});
const unknown = makeUnmatched({
  id: 'msg-2',
  from: 'vendas@delta.com',
  fromName: null,
  subject: null,
  receivedAt: '2026-03-05T18:40:00.000Z',
  source: 'smtp',
  preview: 'Bom dia, segue proposta em anexo.',
  anexos: 0,
  motivo: null,
});

function setup(
  routes: Record<string, Handler | StubResponse> = {},
  messages = [suggested, unknown],
  dismissed: UnmatchedMessage[] = [],
) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const api = fakeInboundApi(messages, dismissed);
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<UnmatchedPage />, '/respostas/nao-identificadas');
  return { ...view, network, db: api.db };
}

const list = () => screen.findByRole('list', { name: 'Mensagens não identificadas' }, { timeout: 3_000 });
const item = async (subject: string) =>
  within((await within(await list()).findByRole('heading', { name: subject })).closest('article')!);
const dialog = () => within(screen.getByRole('dialog', { name: 'Atribuir a uma cotação' }));
const assignCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests
    .filter((request) => request.method === 'POST')
    .map((request) => [request.url, request.body]);

describe('Não identificadas', () => {
  it("'Dispensar' takes a message that is no answer off the list after confirming", async () => {
    const { user, network } = setup();
    const second = await item('(sem assunto)');
    await user.click(second.getByRole('button', { name: 'Dispensar mensagem de vendas@delta.com' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Dispensar mensagem?' }));
    expect(confirm.getByText(/não é resposta de nenhum agente de carga/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Dispensar' }));
    expect(
      await screen.findByText('Mensagem dispensada. Ela fica em "Dispensadas", de onde pode ser restaurada.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: '(sem assunto)' })).toBeNull());
    expect(
      network.requests.filter((r) => r.method === 'POST' && r.url === '/api/inbound/messages/msg-2/dismiss'),
    ).toHaveLength(1);
    // The other one stays.
    expect(await item('RE: cotação de frete Xangai')).toBeTruthy();
  });

  it('lists sender, subject, arrival, preview, attachments and the reason', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Respostas não identificadas' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Respostas não identificadas | Sistema de Cotações'));
    const first = await item('RE: cotação de frete Xangai');
    expect(first.getByText('Atlântico Logística <comercial@atlantico.com.br>')).toBeInTheDocument();
    expect(first.getByText('04/03/2026, 10:15')).toBeInTheDocument();
    expect(first.getByText(/Segue frete 20' USD 1\.850,00/)).toBeInTheDocument();
    expect(first.getByText('1 anexo(s)')).toBeInTheDocument();
    expect(first.getByText('Sem token nem código de cotação no assunto')).toBeInTheDocument();
    expect(first.getByText('IMAP')).toBeInTheDocument();

    const second = await item('(sem assunto)');
    expect(second.getByText('vendas@delta.com')).toBeInTheDocument();
    expect(second.getByText('Sem anexos')).toBeInTheDocument();
    expect(second.getByText('Sem correspondência com cotações')).toBeInTheDocument();
    expect(screen.getByText('2 mensagem(ns)')).toBeInTheDocument();
  });

  it('a message about a code another company shares: its code as the title, no subject or attachment count', async () => {
    const restricted = makeUnmatched({
      id: 'msg-3',
      from: 'cotacoes@pacificocargas.com.br',
      fromName: null,
      subject: null,
      preview: '',
      anexos: 0,
      motivo:
        'Mensagem de cotacoes@pacificocargas.com.br sobre a cotação COT-2026-0001 aguardando atribuição.',
      sugestoes: [{ cotacaoId: inboundIds.q1, codigo: 'COT-2026-0001', transportadorId: inboundIds.a1 }],
      conteudoRestrito: true,
    });
    setup({}, [restricted]);
    const entry = await item('Mensagem sobre a cotação COT-2026-0001 (conteúdo visível depois de atribuída)');
    expect(entry.getByText('cotacoes@pacificocargas.com.br')).toBeInTheDocument();
    expect(entry.queryByText('Sem anexos')).toBeNull();
    expect(entry.queryByText('(sem assunto)')).toBeNull();
  });

  it('says when there is nothing to assign', async () => {
    setup({}, []);
    expect(
      await screen.findByText(
        'Nenhuma mensagem não identificada. Todas as respostas recebidas foram ligadas às suas cotações.',
      ),
    ).toBeInTheDocument();
  });

  it('assigns to the suggested quote and carrier; the message leaves the list', async () => {
    const { user, network } = setup();
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: 'Atribuir mensagem de Atlântico Logística' }));
    expect(dialog().getByRole('radio', { name: 'Cotação COT-2026-0042' })).toBeChecked();
    // What is assigned is in the dialog, to check against the quote chosen (QA pass 36).
    expect(dialog().getByText('RE: cotação de frete Xangai')).toBeInTheDocument();
    expect(dialog().getByText(/Segue frete 20' USD 1\.850,00/)).toBeInTheDocument();
    const carrier = await dialog().findByRole('combobox', { name: 'Transportador' });
    expect(carrier).toHaveValue(inboundIds.a1);
    // The sender is one of the carrier's addresses: nothing to check.
    expect(dialog().queryByText(/não é um endereço cadastrado/)).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Atribuir' }));

    expect(await screen.findByText(ASSIGNED_MESSAGE)).toBeInTheDocument();
    expect(assignCalls(network)).toEqual([
      ['/api/inbound/messages/msg-1/assign', { cotacaoId: inboundIds.q1, transportadorId: inboundIds.a1 }],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'RE: cotação de frete Xangai' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog', { name: 'Atribuir a uma cotação' })).toBeNull();
    expect(screen.getByText('1 mensagem(ns)')).toBeInTheDocument();
  });

  it("names the quote's carrier whose registered address sent the message when another is chosen", async () => {
    const { user, network } = setup();
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: 'Atribuir mensagem de Atlântico Logística' }));
    const carrier = await dialog().findByRole('combobox', { name: 'Transportador' });
    await user.selectOptions(carrier, 'Boreal Cargas');
    expect(
      dialog().getByText(
        'O remetente (comercial@atlantico.com.br) é um endereço cadastrado de Atlântico Logística, não de Boreal Cargas: confira o transportador antes de atribuir.',
      ),
    ).toBeInTheDocument();
    await user.selectOptions(carrier, 'Atlântico Logística');
    expect(dialog().queryByText(/endereço cadastrado/)).toBeNull();
    expect(assignCalls(network)).toEqual([]);
  });

  it('finds a quote by its code, then asks for one of its carriers', async () => {
    const { user, network } = setup();
    const second = await item('(sem assunto)');
    await user.click(second.getByRole('button', { name: 'Atribuir mensagem de vendas@delta.com' }));
    expect(dialog().queryByRole('radio')).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Atribuir' }));
    expect(
      dialog().getByRole('searchbox', { name: 'Buscar cotação pelo código' }),
    ).toHaveAccessibleDescription('Escolha a cotação.');

    await user.type(dialog().getByRole('searchbox', { name: 'Buscar cotação pelo código' }), 'cot-2026-9999');
    expect(await dialog().findByText('Nenhuma cotação encontrada')).toBeInTheDocument();
    await user.clear(dialog().getByRole('searchbox', { name: 'Buscar cotação pelo código' }));
    await user.type(dialog().getByRole('searchbox', { name: 'Buscar cotação pelo código' }), '0057');
    await user.click(await dialog().findByRole('radio', { name: 'COT-2026-0057 · IMP-2026-020' }));
    expect(
      dialog().getByRole('searchbox', { name: 'Buscar cotação pelo código' }),
    ).not.toHaveAccessibleDescription();
    expect(dialog().getByText('Cotação escolhida: COT-2026-0057')).toBeInTheDocument();
    const carrier = await dialog().findByRole('combobox', { name: 'Transportador' });
    expect(
      within(carrier)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione o transportador', 'Delta Shipping']);
    await user.click(dialog().getByRole('button', { name: 'Atribuir' }));
    expect(carrier).toHaveAccessibleDescription('Selecione o transportador.');
    expect(assignCalls(network)).toEqual([]);

    await user.selectOptions(carrier, 'Delta Shipping');
    expect(carrier).not.toHaveAccessibleDescription();
    // vendas@delta.com is not Delta Shipping's registered address (x@delta.com): the analyst is asked to check.
    expect(
      dialog().getByText(
        'O remetente (vendas@delta.com) não é um endereço cadastrado de Delta Shipping: confira se a proposta é mesmo dele.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Atribuir' }));
    expect(await screen.findByText(ASSIGNED_MESSAGE)).toBeInTheDocument();
    expect(assignCalls(network)).toEqual([
      ['/api/inbound/messages/msg-2/assign', { cotacaoId: inboundIds.q2, transportadorId: inboundIds.a3 }],
    ]);
  });

  it("keeps the dialog open with the server's message when the assignment fails", async () => {
    const { user } = setup({
      'POST /api/inbound/messages/msg-1/assign': problem(409, 'QUOTE_FINAL', 'A cotação já foi encerrada.'),
    });
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: /Atribuir mensagem/ }));
    await dialog().findByRole('combobox', { name: 'Transportador' });
    await user.click(dialog().getByRole('button', { name: 'Atribuir' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent('A cotação já foi encerrada.');
    expect(screen.getByRole('heading', { name: 'RE: cotação de frete Xangai' })).toBeInTheDocument();
  });
});

describe("'Dispensadas'", () => {
  const dismissedOne = makeUnmatched({
    id: 'msg-9',
    from: 'pricing@boreal.com.br',
    fromName: 'Boreal Cargas',
    subject: 'Proposta Boreal 40HC',
    dispensadaEm: '2026-03-06T14:30:00.000Z',
    dispensadaPor: 'Carla Mendes',
  });
  const dismissedList = () =>
    screen.findByRole('list', { name: 'Mensagens dispensadas' }, { timeout: 3_000 });
  const dismissedItem = async (subject: string) =>
    within(
      (await within(await dismissedList()).findByRole('heading', { name: subject })).closest('article')!,
    );
  const listUrls = (network: ReturnType<typeof setup>['network']) =>
    network.requests
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/inbound/unmatched'))
      .map((r) => r.url);

  it('the toggle shows the dismissed messages with who and when; the keyboard moves between the lists', async () => {
    const { user, network } = setup({}, [suggested, unknown], [dismissedOne]);
    await item('RE: cotação de frete Xangai');
    const tabs = within(screen.getByRole('tablist', { name: 'Mensagens a identificar ou dispensadas' }));
    expect(tabs.getByRole('tab', { name: 'A identificar' })).toHaveAttribute('aria-selected', 'true');
    await user.click(tabs.getByRole('tab', { name: 'Dispensadas' }));
    expect(tabs.getByRole('tab', { name: 'Dispensadas' })).toHaveAttribute('aria-selected', 'true');

    const entry = await dismissedItem('Proposta Boreal 40HC');
    expect(entry.getByText('Dispensada por Carla Mendes em 06/03/2026, 11:30')).toBeInTheDocument();
    expect(entry.getByText('Boreal Cargas <pricing@boreal.com.br>')).toBeInTheDocument();
    // No assigning or dismissing from here: restoring only.
    expect(entry.queryByRole('button', { name: /Atribuir/ })).toBeNull();
    expect(entry.queryByRole('button', { name: /Dispensar/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Mensagens não identificadas' })).toBeNull();
    expect(screen.getByText('1 mensagem(ns)')).toBeInTheDocument();
    expect(listUrls(network).at(-1)).toBe('/api/inbound/unmatched?page=1&pageSize=50&dispensadas=true');

    // Arrow keys: back to 'A identificar'.
    tabs.getByRole('tab', { name: 'Dispensadas' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs.getByRole('tab', { name: 'A identificar' })).toHaveFocus();
    expect(await item('RE: cotação de frete Xangai')).toBeTruthy();
  });

  it("'Restaurar' calls the API, says so, and the message is back in 'A identificar'", async () => {
    const { user, network } = setup({}, [suggested], [dismissedOne]);
    await item('RE: cotação de frete Xangai');
    await user.click(screen.getByRole('tab', { name: 'Dispensadas' }));
    const entry = await dismissedItem('Proposta Boreal 40HC');
    await user.click(entry.getByRole('button', { name: 'Restaurar mensagem de Boreal Cargas' }));

    expect(await screen.findByText('Mensagem restaurada em Não identificadas.')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/inbound/messages/msg-9/restore',
    ]);
    expect(
      await screen.findByText('Nenhuma mensagem dispensada. As mensagens que forem dispensadas ficam aqui.'),
    ).toBeInTheDocument();
    // The lists were read again: 'A identificar' has it, as the server now says.
    await user.click(screen.getByRole('tab', { name: 'A identificar' }));
    expect(await item('Proposta Boreal 40HC')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2 mensagem(ns)')).toBeInTheDocument());
    expect(within(await list()).queryByText(/Dispensada por/)).toBeNull();
  });

  it("a message just dismissed is listed in 'Dispensadas' with who dismissed it and when", async () => {
    const { user } = setup();
    const second = await item('(sem assunto)');
    await user.click(second.getByRole('button', { name: 'Dispensar mensagem de vendas@delta.com' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Dispensar mensagem?' })).getByRole('button', {
        name: 'Dispensar',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: '(sem assunto)' })).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Dispensadas' }));
    const entry = await dismissedItem('(sem assunto)');
    expect(
      entry.getByText(new RegExp(`^Dispensada por ${DISMISSED_BY} em \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}$`)),
    ).toBeInTheDocument();
  });

  it('keeps the message with the error beside its button when restoring fails', async () => {
    const { user } = setup(
      {
        'POST /api/inbound/messages/msg-9/restore': problem(
          404,
          'INBOUND_MESSAGE_NOT_FOUND',
          'Mensagem não encontrada.',
        ),
      },
      [],
      [dismissedOne],
    );
    await user.click(await screen.findByRole('tab', { name: 'Dispensadas' }));
    const entry = await dismissedItem('Proposta Boreal 40HC');
    await user.click(entry.getByRole('button', { name: 'Restaurar mensagem de Boreal Cargas' }));
    expect(await entry.findByRole('alert')).toHaveTextContent('Mensagem não encontrada.');
    expect(entry.getByRole('button', { name: 'Restaurar mensagem de Boreal Cargas' })).toBeEnabled();
  });

  it('says when nothing was dismissed', async () => {
    const { user } = setup({}, [suggested], []);
    await user.click(await screen.findByRole('tab', { name: 'Dispensadas' }));
    expect(
      await screen.findByText('Nenhuma mensagem dispensada. As mensagens que forem dispensadas ficam aqui.'),
    ).toBeInTheDocument();
  });
});

describe("'Não identificadas' with many messages", () => {
  const many = Array.from({ length: 120 }, (_, index) =>
    makeUnmatched({
      id: `msg-${index}`,
      from: index === 117 ? 'pricing@perdida.com.br' : `ofertas${index}@loja.com.br`,
      fromName: null,
      subject: `Mensagem ${String(index).padStart(3, '0')}`,
    }),
  );
  const listCalls = (network: ReturnType<typeof setup>['network']) =>
    network.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/inbound/unmatched'));

  it('shows the true total and reaches every page with the keyboard', async () => {
    const { user, network } = setup({}, many);
    expect(await item('Mensagem 000')).toBeTruthy();
    expect(screen.getByText('120 mensagem(ns)')).toBeInTheDocument();
    expect(within(await list()).getAllByRole('article')).toHaveLength(50);
    const pager = within(screen.getByRole('navigation', { name: 'Páginas das mensagens não identificadas' }));
    expect(pager.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    pager.getByRole('button', { name: /Próxima/ }).focus();
    await user.keyboard('{Enter}');
    expect(await item('Mensagem 050')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(await item('Mensagem 119')).toBeTruthy();
    expect(pager.getByText('Página 3 de 3')).toBeInTheDocument();
    expect(within(await list()).getAllByRole('article')).toHaveLength(20);
    expect(listCalls(network).map((r) => r.url)).toEqual([
      '/api/inbound/unmatched?page=1&pageSize=50',
      '/api/inbound/unmatched?page=2&pageSize=50',
      '/api/inbound/unmatched?page=3&pageSize=50',
    ]);
  }, 15_000);

  it('finds a message by sender or subject, from its first page', async () => {
    const { user, network } = setup({}, many);
    await item('Mensagem 000');
    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    await item('Mensagem 050');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por remetente ou assunto' }), 'perdida');
    expect(await item('Mensagem 117')).toBeTruthy();
    expect(screen.getByText('1 mensagem(ns)')).toBeInTheDocument();
    expect(within(await list()).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Páginas das mensagens não identificadas' })).toBeNull();
    expect(listCalls(network).at(-1)!.url).toBe('/api/inbound/unmatched?page=1&pageSize=50&search=perdida');

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por remetente ou assunto' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por remetente ou assunto' }), 'nada disso');
    expect(
      await screen.findByText('Nenhuma mensagem não identificada com esse remetente ou assunto.'),
    ).toBeInTheDocument();
  }, 15_000);

  it('shows the loading state while the first page comes', async () => {
    setup({}, many);
    expect(screen.getByRole('status', { name: ui.common.loading })).toBeInTheDocument();
    expect(await item('Mensagem 000')).toBeTruthy();
  }, 15_000);
});

describe("'Não identificadas' in the menu and its route", () => {
  const rates = { USDBRL: null, EURBRL: null, CNYBRL: null, fallback: true, updatedAt: null };
  function app(user: ReturnType<typeof makeUser>) {
    sessionStore.set({ status: 'ready', user });
    stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: rates },
      ...fakeInboundApi([]).routes,
    });
    return renderApp('/respostas/nao-identificadas');
  }
  const nav = () => within(screen.getByRole('navigation', { name: ui.shell.mainNav }));

  it('is there for a user with a company', async () => {
    app(makeUser({ role: 'usuario' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Respostas não identificadas' }),
    ).toBeVisible();
    expect(nav().getByRole('link', { name: 'Não identificadas' })).toHaveAttribute(
      'href',
      '/respostas/nao-identificadas',
    );
  });

  it('is there for a desenvolvedor without a company', async () => {
    app(makeUser({ role: 'desenvolvedor', empresaId: null }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Respostas não identificadas' }),
    ).toBeVisible();
    expect(nav().getByRole('link', { name: 'Não identificadas' })).toBeInTheDocument();
  });

  it('sends anyone else without a company to the company link', async () => {
    const { router } = app(makeUser({ role: 'analista', empresaId: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/company'));
  });
});
