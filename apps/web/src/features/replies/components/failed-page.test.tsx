import { ui } from '@cotacoes/shared/messages/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderApp, renderAt } from '@/testing/render';
import {
  fakeFailedApi,
  fakeInboundApi,
  makeFailed,
  type ReprocessOutcome,
} from '../testing/fake-inbound-api';
import { FailedPage } from './failed-page';

const unreadable = makeFailed({ id: 'fail-1' });
const waiting = makeFailed({
  id: 'fail-2',
  status: 'pendente',
  source: 'smtp',
  from: 'vendas@delta.com',
  fromName: null,
  subject: null,
  receivedAt: '2026-03-04T13:18:00.000Z',
  tamanho: 812,
  tentativas: 2,
  erro: 'Tempo esgotado ao ler o anexo',
  proximaTentativa: '2099-03-04T13:20:00.000Z',
});

function setup({
  messages = [unreadable, waiting],
  outcomes,
  routes = {},
}: {
  messages?: ReturnType<typeof makeFailed>[];
  outcomes?: Record<string, ReprocessOutcome>;
  routes?: Record<string, Handler | StubResponse>;
} = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor', empresaId: null }) });
  const api = fakeFailedApi(messages, { outcomes, unmatched: 3 });
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<FailedPage />, '/respostas/com-falha');
  return { ...view, network, db: api.db };
}

const list = () => screen.findByRole('list', { name: 'Mensagens com falha' }, { timeout: 3_000 });
const item = async (subject: string) =>
  within((await within(await list()).findByRole('heading', { name: subject })).closest('article')!);
const dialog = () => within(screen.getByRole('dialog', { name: 'Descartar a mensagem?' }));
const posts = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.method === 'POST').map((request) => request.url);

describe('Com falha', () => {
  it('lists sender, subject, arrival, size, attempts, the error and the next attempt', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mensagens com falha' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Mensagens com falha | Sistema de Cotações'));

    const first = await item('RE: cotação de frete Xangai');
    expect(first.getByText('Falhou')).toBeInTheDocument();
    expect(first.getByText('Atlântico Logística <comercial@atlantico.com.br>')).toBeInTheDocument();
    expect(first.getByText('04/03/2026, 10:15')).toBeInTheDocument();
    expect(first.getByText('1,2 MB')).toBeInTheDocument();
    expect(first.getByText('8')).toBeInTheDocument();
    expect(first.getByText('O conteúdo da mensagem não pôde ser lido')).toBeInTheDocument();
    expect(first.getByText('Sem novas tentativas automáticas')).toBeInTheDocument();
    expect(first.getByText('IMAP')).toBeInTheDocument();

    const second = await item('(sem assunto)');
    expect(second.getByText('Aguardando processamento')).toBeInTheDocument();
    expect(second.getByText('vendas@delta.com')).toBeInTheDocument();
    expect(second.getByText('812 B')).toBeInTheDocument();
    expect(second.getByText('2')).toBeInTheDocument();
    expect(second.getByText('Tempo esgotado ao ler o anexo')).toBeInTheDocument();
    expect(second.getByText('Nova tentativa em 04/03/2099, 10:20')).toBeInTheDocument();
    expect(screen.getByText('2 mensagem(ns), 1 aguardando processamento')).toBeInTheDocument();
  });

  it('says a next attempt whose time has passed comes in a moment, not at a past time (QA pass 12)', async () => {
    setup({ messages: [{ ...waiting, proximaTentativa: '2026-03-04T13:20:00.000Z' }] });
    const due = await item('(sem assunto)');
    expect(due.getByText('Nova tentativa em instantes')).toBeInTheDocument();
    expect(due.queryByText(/Nova tentativa em 04\/03\/2026/)).toBeNull();
  });

  it("sits beside 'Não identificadas', each with its count", async () => {
    setup();
    const sections = within(await screen.findByRole('navigation', { name: 'Mensagens recebidas' }));
    const failed = sections.getByRole('link', { name: /^Com falha/ });
    expect(failed).toHaveAttribute('href', '/respostas/com-falha');
    expect(failed).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(failed).toHaveAccessibleName('Com falha (1 mensagem(ns))'));
    expect(sections.getByRole('link', { name: 'Não identificadas (3 mensagem(ns))' })).toHaveAttribute(
      'href',
      '/respostas/nao-identificadas',
    );
  });

  it('reprocesses a message: a spinner while it runs, the answer as a toast, the list read again', async () => {
    let answer: () => void = () => undefined;
    const api = fakeFailedApi([unreadable, waiting]);
    const reprocess = api.routes['POST /api/inbound/messages/fail-1/reprocess'] as Handler;
    const { user, network } = setup({
      routes: {
        ...api.routes,
        'POST /api/inbound/messages/fail-1/reprocess': (request) =>
          new Promise((resolve) => {
            answer = () => resolve(reprocess(request) as StubResponse);
          }),
      },
    });
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: 'Reprocessar mensagem de Atlântico Logística' }));
    const busy = await first.findByRole('button', { name: 'Reprocessando...' });
    expect(busy).toBeDisabled();
    expect(first.getByRole('button', { name: /Descartar mensagem/ })).toBeDisabled();
    expect(posts(network)).toEqual(['/api/inbound/messages/fail-1/reprocess']);

    answer();
    expect(await screen.findByText('Mensagem processada com sucesso.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'RE: cotação de frete Xangai' })).toBeNull(),
    );
    expect(screen.getByText('1 mensagem(ns), 1 aguardando processamento')).toBeInTheDocument();
    // Its buttons went with it: the list holds the focus.
    expect(document.activeElement).toContainElement(await list());
    expect(
      network.requests.filter((request) => request.url === '/api/inbound/failed').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('shows a message that failed again as an error toast and keeps it, with its new reason', async () => {
    const { user } = setup({
      outcomes: { 'fail-1': { status: 'falhou', erro: 'O arquivo anexo está corrompido' } },
    });
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: 'Reprocessar mensagem de Atlântico Logística' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A mensagem falhou de novo: O arquivo anexo está corrompido',
    );
    expect(await first.findByText('O arquivo anexo está corrompido')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Reprocessar mensagem de Atlântico Logística' })).toBeEnabled();
  });

  it("shows the server's refusal of 'Reprocessar' as an error toast", async () => {
    const { user } = setup({
      routes: {
        'POST /api/inbound/messages/fail-1/reprocess': problem(
          404,
          'INBOUND_MESSAGE_NOT_FOUND',
          'Mensagem não encontrada.',
        ),
      },
    });
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: /Reprocessar mensagem/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mensagem não encontrada.');
  });

  it('asks before discarding, says the raw message and attachments go, then the message leaves the list', async () => {
    const { user, network } = setup();
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: 'Descartar mensagem de Atlântico Logística' }));
    expect(
      dialog().getByText(/A mensagem original de Atlântico Logística e todos os anexos dela serão apagados/),
    ).toBeInTheDocument();
    expect(posts(network)).toEqual([]);

    await user.click(dialog().getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Descartar a mensagem?' })).toBeNull();
    expect(posts(network)).toEqual([]);

    await user.click(first.getByRole('button', { name: 'Descartar mensagem de Atlântico Logística' }));
    await user.click(dialog().getByRole('button', { name: 'Descartar mensagem' }));
    expect(
      await screen.findByText('Mensagem descartada. O conteúdo original foi apagado.'),
    ).toBeInTheDocument();
    expect(posts(network)).toEqual(['/api/inbound/messages/fail-1/discard']);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'RE: cotação de frete Xangai' })).toBeNull(),
    );
    expect(screen.queryByRole('dialog', { name: 'Descartar a mensagem?' })).toBeNull();
    expect(screen.getByRole('heading', { name: '(sem assunto)' })).toBeInTheDocument();
    await waitFor(async () => expect(document.activeElement).toContainElement(await list()));
  });

  it('keeps the dialog open with the reason when the discard fails', async () => {
    const { user } = setup({
      routes: {
        'POST /api/inbound/messages/fail-1/discard': problem(
          409,
          'CONFLICT',
          'A mensagem está sendo processada.',
        ),
      },
    });
    const first = await item('RE: cotação de frete Xangai');
    await user.click(first.getByRole('button', { name: /Descartar mensagem/ }));
    await user.click(dialog().getByRole('button', { name: 'Descartar mensagem' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent('A mensagem está sendo processada.');
    expect(screen.getByRole('heading', { name: 'RE: cotação de frete Xangai' })).toBeInTheDocument();
  });

  it('says when no message failed', async () => {
    setup({ messages: [] });
    expect(
      await screen.findByText('Nenhuma mensagem com falha. Toda mensagem recebida foi processada.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Mensagens com falha' })).toBeNull();
  });

  it('says when the list cannot be read', async () => {
    setup({ routes: { 'GET /api/inbound/failed': { status: 403 } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao carregar as mensagens com falha');
  });
});

describe("'Com falha' in the menu and its route", () => {
  const rates = { USDBRL: null, EURBRL: null, CNYBRL: null, fallback: true, updatedAt: null };
  function app(user: ReturnType<typeof makeUser>, path = '/respostas/com-falha') {
    sessionStore.set({ status: 'ready', user });
    const network = stubNetwork({
      'GET /api/config': { body: publicConfig },
      'GET /api/rates': { body: rates },
      ...fakeInboundApi([]).routes,
      ...fakeFailedApi([unreadable]).routes,
    });
    return { ...renderApp(path), network };
  }
  const nav = () => within(screen.getByRole('navigation', { name: ui.shell.mainNav }));

  it('is there for a desenvolvedor, right after Não identificadas', async () => {
    app(makeUser({ role: 'desenvolvedor', empresaId: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mensagens com falha' })).toBeVisible();
    const labels = nav()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(
      labels.slice(labels.indexOf('Não identificadas'), labels.indexOf('Não identificadas') + 2),
    ).toEqual(['Não identificadas', 'Com falha']);
    expect(nav().getByRole('link', { name: 'Com falha' })).toHaveAttribute('aria-current', 'page');
  });

  it("is hidden from anyone else, whose 'Não identificadas' shows no sections and reads no counts", async () => {
    const { network } = app(makeUser({ role: 'supervisor' }), '/respostas/nao-identificadas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Respostas não identificadas' }),
    ).toBeVisible();
    expect(nav().queryByRole('link', { name: 'Com falha' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Mensagens recebidas' })).toBeNull();
    expect(network.requests.map((request) => request.url)).not.toContain('/api/inbound/status');
  });

  it("answers 'Acesso Negado' to anyone else who opens its address", async () => {
    const { network } = app(makeUser({ role: 'supervisor' }));
    expect(await screen.findByRole('heading', { level: 1, name: ui.accessDenied.title })).toBeVisible();
    expect(network.requests.map((request) => request.url)).not.toContain('/api/inbound/failed');
  });
});
