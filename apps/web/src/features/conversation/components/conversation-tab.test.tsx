import { screen, waitFor, within } from '@testing-library/react';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { type Handler, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { fakeConversationApi, makeBccRequest, makeMessage } from '../testing/fake-conversation-api';
import { conversationStorageKeys } from './conversation-tab';

type Api = Parameters<typeof fakeConversationApi>[0];

function setup(api: Api, routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  window.localStorage.setItem('token', 'token-123');
  const network = stubNetwork({
    [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() },
    ...fakeConversationApi(api).routes,
    ...routes,
  });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network };
}

async function openHistory(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Histórico de Emails dos Transportadores' }));
  return screen.findByRole('region', { name: 'Histórico de Emails dos Transportadores' });
}

const thread = (name: string) => within(screen.getByRole('region', { name }));
const conversationCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.url.startsWith('/api/emails/by-cotacao/'));

const longAnswer = `${'Frete marítimo 40HC USD 2.350,00 com saída semanal. '.repeat(4)}
Atenciosamente,
Carlos

Em ter., 3 de mar. de 2026 às 09:30, Ana Souza <ana@importadora.com.br> escreveu:
> Prezados, solicitamos a cotação.`;

function conversation() {
  const request = makeBccRequest();
  const answer = makeMessage({ bodyText: longAnswer, anexos: 2 });
  const auto = makeMessage({
    from: 'cotacao@boreal.com.br',
    transportadorId: ids.a2,
    transportadorNome: 'Boreal Cargas',
    tipo: 'auto_resposta',
    bodyText: 'Estou fora do escritório.',
    marcacao: 'Resposta automática — não conta como resposta',
  });
  const revision = makeMessage({
    direction: 'sent',
    from: 'nao-responda@cotacoes.local',
    to: ['comercial@atlantico.com.br'],
    subject: 'Revisão COT-2026-0042',
    bodyText: 'Poderiam rever o valor?',
    tipo: 'revisao',
  });
  return {
    request,
    answer,
    auto,
    revision,
    api: {
      messages: [request, answer, auto, revision],
      files: {
        [request.id]: [
          { filename: 'cotacao.pdf', contentType: 'application/pdf', key: 'out_1_0', size: 2048 },
        ],
        [answer.id]: [
          { filename: 'proposta.pdf', contentType: 'application/pdf', key: 'k-proposta', size: 4096 },
          { filename: 'taxas.xlsx', contentType: 'application/vnd.ms-excel', key: 'k-taxas', size: 1024 },
        ],
      },
      originals: { [answer.id]: 9216 },
    } satisfies Api,
  };
}

describe("'Histórico de Emails dos Transportadores'", () => {
  it('keeps the detail under Comparação and opens one thread per carrier with the bcc request as Início', async () => {
    const data = conversation();
    const { user, network } = setup(data.api);
    expect(await screen.findByRole('tab', { name: 'Comparação', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pedido' })).toBeInTheDocument();
    expect(conversationCalls(network)).toHaveLength(0);

    await openHistory(user);
    expect(conversationCalls(network).map((request) => request.url)).toEqual([
      `/api/emails/by-cotacao/${ids.q1}?page=1&pageSize=100`,
    ]);
    const atlantico = thread('Atlântico Logística');
    const items = within(atlantico.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Início')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Enviado')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Recebido')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Revisão')).toBeInTheDocument();
    expect(within(items[2]!).queryByText('Início')).toBeNull();
    expect(atlantico.getByText('3 e-mail(s)')).toBeInTheDocument();

    // 100 characters of what the carrier wrote, without the quoted request.
    const preview = within(items[1]!).getByText(/^Frete marítimo 40HC/);
    expect(preview.textContent!.length).toBeGreaterThan(90);
    expect(preview.textContent!.length).toBeLessThanOrEqual(101);
    expect(preview.textContent!.endsWith('…')).toBe(true);
    expect(atlantico.queryByText(/solicitamos a cotação/)).toBeNull();

    const boreal = thread('Boreal Cargas');
    expect(within(boreal.getAllByRole('listitem')[0]!).getByText('Início')).toBeInTheDocument();
    expect(boreal.getByText('Resposta automática — não conta como resposta')).toBeInTheDocument();
    // The badge says it was not counted; the note says why (a receipt was badged "Resposta automática").
    expect(boreal.getByText('Não contada')).toBeInTheDocument();
    // Delta Shipping got the bcc request too.
    expect(thread('Delta Shipping').getAllByRole('listitem')).toHaveLength(1);

    // Attachment names were fetched ahead (messages with files only).
    await waitFor(() =>
      expect(within(items[1]!).getByText('2 anexo(s): proposta.pdf, taxas.xlsx')).toBeInTheDocument(),
    );
  });

  it('filters received and sent, sorts newest first, and remembers both', async () => {
    const data = conversation();
    const { user } = setup(data.api);
    await openHistory(user);
    await user.click(screen.getByRole('button', { name: 'Recebidos', pressed: false }));
    expect(screen.getByRole('button', { name: 'Recebidos', pressed: true })).toBeInTheDocument();
    expect(thread('Atlântico Logística').getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Delta Shipping' })).toBeNull();
    expect(window.localStorage.getItem(conversationStorageKeys.filter)).toBe('received');

    await user.click(screen.getByRole('button', { name: 'Enviados' }));
    expect(thread('Atlântico Logística').getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Boreal Cargas' })).toHaveTextContent('1 e-mail(s)');

    await user.selectOptions(screen.getByLabelText('Ordem'), 'desc');
    const [first] = thread('Atlântico Logística').getAllByRole('listitem');
    expect(within(first!).getByText('Revisão')).toBeInTheDocument();
    expect(window.localStorage.getItem(conversationStorageKeys.sort)).toBe('desc');
  });

  it('starts from the remembered filter and order', async () => {
    window.localStorage.setItem(conversationStorageKeys.filter, 'sent');
    window.localStorage.setItem(conversationStorageKeys.sort, 'desc');
    const { user } = setup(conversation().api);
    await openHistory(user);
    expect(screen.getByRole('button', { name: 'Enviados', pressed: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Ordem')).toHaveValue('desc');
    const items = thread('Atlântico Logística').getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Revisão|Início)$/).textContent)).toEqual([
      'Revisão',
      'Início',
    ]);
  });

  it('opens a message with its headers, the quoted text collapsed, and downloads its attachments', async () => {
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const data = conversation();
    const { user, network } = setup({ ...data.api, broken: [] });
    await openHistory(user);
    const atlantico = thread('Atlântico Logística');
    const toggle = within(atlantico.getAllByRole('listitem')[1]!).getByRole('button', { expanded: false });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const item = within(atlantico.getAllByRole('listitem')[1]!);
    expect(item.getByText('cotacoes+abc@importadora.com.br')).toBeInTheDocument();
    expect(item.getByText(/Atenciosamente/)).toBeInTheDocument();
    expect(item.queryByText(/solicitamos a cotação/)).toBeNull();
    await user.click(item.getByRole('button', { name: 'mostrar texto citado' }));
    expect(item.getByText(/solicitamos a cotação/)).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'ocultar texto citado' }));
    expect(item.queryByText(/solicitamos a cotação/)).toBeNull();

    await user.click(item.getByRole('button', { name: 'Baixar proposta.pdf' }));
    expect(await screen.findByText('1 anexo(s) baixado(s) com sucesso!')).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Baixar todos' }));
    expect(await screen.findByText('2 anexo(s) baixado(s) com sucesso!')).toBeInTheDocument();
    expect(downloads).toEqual(['proposta.pdf', 'proposta.pdf', 'taxas.xlsx']);
    // The message as it arrived, with every attachment (QA pass 40b): apart from 'Baixar todos'.
    expect(item.getByText('A mensagem como chegou, com todos os anexos:')).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'Baixar mensagem original (.eml, 9,0 KB)' }));
    expect(await screen.findAllByText('1 anexo(s) baixado(s) com sucesso!')).not.toHaveLength(0);
    expect(downloads.at(-1)).toBe('mensagem-original.eml');
    const fileCall = network.requests.find((request) => request.url === '/api/attachments/k-taxas')!;
    expect(fileCall.headers.Authorization).toBe('Bearer token-123');
    click.mockRestore();
  });

  it("says 'Erro ao baixar {file}' per failure and 'Nenhum anexo pôde ser baixado.' when none came", async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const data = conversation();
    const { user } = setup({ ...data.api, broken: ['k-proposta', 'k-taxas'] });
    await openHistory(user);
    const atlantico = thread('Atlântico Logística');
    await user.click(within(atlantico.getAllByRole('listitem')[1]!).getByRole('button', { expanded: false }));
    await user.click(await atlantico.findByRole('button', { name: 'Baixar todos' }));
    expect(await screen.findByText('Erro ao baixar proposta.pdf')).toBeInTheDocument();
    expect(await screen.findByText('Erro ao baixar taxas.xlsx')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum anexo pôde ser baixado.')).toBeInTheDocument();
    click.mockRestore();
  });

  it("shows 'Nenhum anexo encontrado neste e-mail.' for a message without files", async () => {
    const data = conversation();
    const { user } = setup(data.api);
    await openHistory(user);
    const boreal = thread('Boreal Cargas');
    await user.click(within(boreal.getAllByRole('listitem')[1]!).getByRole('button', { expanded: false }));
    expect(boreal.getByText('Nenhum anexo encontrado neste e-mail.')).toBeInTheDocument();
  });

  it('shows HTML in a sandboxed frame without remote images until asked', async () => {
    const html = makeMessage({
      bodyText: '',
      bodyHtml:
        '<p>Proposta <b>USD 2.350</b></p><img alt="logo" data-imagem-remota="1"><blockquote>citado</blockquote>',
      metadata: { imagensRemotas: 1 },
    });
    const { user, network } = setup({ messages: [html] });
    await openHistory(user);
    const atlantico = thread('Atlântico Logística');
    expect(atlantico.getByText('Proposta USD 2.350')).toBeInTheDocument();
    await user.click(atlantico.getByRole('button', { expanded: false }));
    const frame = atlantico.getByTitle('Conteúdo formatado do e-mail de comercial@atlantico.com.br');
    expect(frame).toHaveAttribute('sandbox', '');
    const doc = frame.getAttribute('srcdoc')!;
    expect(doc).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
    expect(doc).toContain('blockquote{display:none}');
    expect(doc).not.toContain('https://cdn.example');

    await user.click(atlantico.getByRole('button', { name: 'mostrar texto citado' }));
    expect(atlantico.getByTitle(/Conteúdo formatado/).getAttribute('srcdoc')).not.toContain(
      'blockquote{display:none}',
    );

    await user.click(atlantico.getByRole('button', { name: 'Carregar imagens remotas' }));
    await waitFor(() =>
      expect(atlantico.getByTitle(/Conteúdo formatado/).getAttribute('srcdoc')).toContain(
        'src="https://cdn.example/logo.png"',
      ),
    );
    const relaxed = atlantico.getByTitle(/Conteúdo formatado/).getAttribute('srcdoc')!;
    expect(relaxed).toContain('img-src data: https:;');
    expect(conversationCalls(network).at(-1)!.url).toContain('imagens=1');
    expect(atlantico.queryByRole('button', { name: 'Carregar imagens remotas' })).toBeNull();
  });

  it("puts a reply matched to the quote but to no carrier in 'Agente não identificado'", async () => {
    const stray = makeMessage({
      from: 'alguem@desconhecido.com',
      transportadorId: null,
      transportadorNome: null,
      marcacao: 'Registrada manualmente',
    });
    const { user } = setup({ messages: [makeBccRequest(), stray] });
    await openHistory(user);
    const unknown = thread('Agente não identificado');
    expect(unknown.getAllByRole('listitem')).toHaveLength(2);
    expect(unknown.getByText('alguem@desconhecido.com')).toBeInTheDocument();
    expect(unknown.getByText('Registrada manualmente')).toBeInTheDocument();
  });

  it("lists the comparatives sent to the company's people apart, none of them an 'Início' (QA pass 23)", async () => {
    const comparative = makeMessage({
      direction: 'sent',
      from: 'nao-responda@cotacoes.local',
      to: ['diretoria@importadora.com.br'],
      subject: 'Comparativo COT-2026-0042',
      bodyText: 'Segue o comparativo.',
      tipo: 'comparativo',
      transportadorId: null,
      transportadorNome: null,
    });
    const { user } = setup({ messages: [makeBccRequest(), comparative] });
    await openHistory(user);
    const sent = thread('Comparativos enviados');
    expect(sent.getAllByRole('listitem')).toHaveLength(1);
    expect(sent.queryByText('Início')).toBeNull();
  });

  it('prefetches attachment names for at most 20 messages', async () => {
    const messages = Array.from({ length: 25 }, () => makeMessage({ anexos: 1 }));
    const files = Object.fromEntries(
      messages.map((message, index) => [
        message.id,
        [{ filename: `arquivo-${index}.pdf`, contentType: 'application/pdf', key: `k${index}`, size: 10 }],
      ]),
    );
    const { user, network } = setup({ messages, files });
    await openHistory(user);
    await waitFor(() => expect(screen.getByText('1 anexo(s): arquivo-19.pdf')).toBeInTheDocument());
    const listings = () =>
      network.requests.filter((request) => request.url.startsWith('/api/imap/attachments/'));
    expect(listings()).toHaveLength(20);
    expect(screen.queryByText('1 anexo(s): arquivo-20.pdf')).toBeNull();
  });

  it('loads every page of 100', async () => {
    const messages = Array.from({ length: 130 }, () => makeMessage());
    const { user, network } = setup({ messages });
    await openHistory(user);
    expect(await thread('Atlântico Logística').findByText('130 e-mail(s)')).toBeInTheDocument();
    expect(conversationCalls(network).map((request) => request.url.split('?')[1])).toEqual([
      'page=1&pageSize=100',
      'page=2&pageSize=100',
    ]);
  });

  it("says 'Erro ao carregar conversas' when the call fails without a message, and tries again", async () => {
    let fail = true;
    const data = conversation();
    const api = fakeConversationApi(data.api).routes;
    const { user } = setup(data.api, {
      [`GET /api/emails/by-cotacao/${ids.q1}`]: (request) =>
        fail
          ? { status: 400, body: '', contentType: 'text/plain' }
          : (api[`GET /api/emails/by-cotacao/${ids.q1}`] as Handler)(request),
    });
    await openHistory(user);
    expect(await screen.findByText('Erro ao carregar conversas')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('region', { name: 'Atlântico Logística' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading and an empty state for a quote without e-mails', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = setup(
      { messages: [] },
      {
        [`GET /api/emails/by-cotacao/${ids.q1}`]: async () => {
          await gate;
          return { body: { items: [], total: 0, page: 1, pageSize: 100 } };
        },
      },
    );
    const region = await openHistory(user);
    expect(within(region).getByRole('status')).toHaveTextContent('Carregando...');
    release();
    expect(await within(region).findByText('Nenhum e-mail nesta cotação ainda.')).toBeInTheDocument();
  });
});

describe("'Ver mensagem' (?aba=historico&mensagem=…)", () => {
  it('opens the history on that message: expanded, scrolled to and focused, even when filtered out', async () => {
    const { answer, api } = conversation();
    // The analyst had filtered the history to sent messages: the asked-for message still shows.
    window.localStorage.setItem(conversationStorageKeys.filter, 'sent');
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      sessionStore.set({ status: 'ready', user: makeUser() });
      window.localStorage.setItem('token', 'token-123');
      stubNetwork({
        [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() },
        ...fakeConversationApi(api).routes,
      });
      renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}?aba=historico&mensagem=${answer.id}`);
      const region = await screen.findByRole('region', { name: 'Histórico de Emails dos Transportadores' });
      const item = await waitFor(() => {
        const found = region.querySelector(`[data-message="${answer.id}"]`);
        if (!found) throw new Error('message not shown yet');
        return found as HTMLElement;
      });
      const summary = within(item).getAllByRole('button')[0]!;
      expect(summary).toHaveAttribute('aria-expanded', 'true');
      await waitFor(() => expect(summary).toHaveFocus());
      expect(scrolled).toContain(summary);
      expect(within(item).getAllByText(/Frete marítimo 40HC USD 2\.350,00/).length).toBeGreaterThan(0);
      expect(within(item).getByText('proposta.pdf')).toBeInTheDocument();
      // Only that one is opened.
      expect(
        within(region)
          .getAllByRole('button', { expanded: true })
          .filter((button) => button.closest('[data-message]')),
      ).toHaveLength(1);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
