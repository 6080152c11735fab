import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { quoteDetailKey, quoteListKey } from '@/api/quote-keys';
import { formatDateTime } from '@/lib/format';
import { toLocalInput } from '@/lib/local-datetime';
import { sessionStore } from '@/lib/session';
import { fakeQuotesApi, ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import {
  type Handler,
  problem,
  type RecordedRequest,
  type StubResponse,
  stubNetwork,
} from '@/testing/network';
import { renderAt } from '@/testing/render';
import { QuoteDetailPage } from './quote-detail-page';

function setup(routes: Record<string, Handler | StubResponse>, id: string = ids.q1) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  window.localStorage.setItem('token', 'token-123');
  const network = stubNetwork(routes);
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${id}`);
  return { ...view, network };
}

describe('quote detail shell', () => {
  it("shows a colleague's decision without a reload: read again when the tab comes back into view (QA pass 15)", async () => {
    let status: QuoteDetail['status'] = 'AGUARDANDO_RESPOSTA';
    setup({
      [`GET /api/quotes/${ids.q1}`]: () => ({ body: makeQuoteDetail({ status }) }),
    });
    const info = within(await screen.findByRole('region', { name: 'Informações' }));
    expect(await info.findByText('Aguardando Resposta')).toBeInTheDocument();
    // Closed by a colleague meanwhile: the tab comes back into view.
    status = 'FECHADA';
    fireEvent.focus(window);
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await info.findByText('Fechada', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('reads the detail again every 30 s while the page is open (QA pass 15)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: QuoteDetail['status'] = 'AGUARDANDO_RESPOSTA';
      const { network } = setup({
        [`GET /api/quotes/${ids.q1}`]: () => ({ body: makeQuoteDetail({ status }) }),
      });
      const info = within(await screen.findByRole('region', { name: 'Informações' }));
      expect(await info.findByText('Aguardando Resposta')).toBeInTheDocument();
      const reads = () =>
        network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}`).length;
      const before = reads();
      status = 'APROVADA';
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(reads()).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(1_500));
      expect(await info.findByText('Aprovada')).toBeInTheDocument();
      expect(reads()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the quote's 'Lembretes' card (follow-up) in the 'Comparação' tab", async () => {
    // Before its deadline (a week ahead): reminders are offered only then.
    const prazoResposta = new Date(Date.now() + 7 * 86_400_000).toISOString();
    setup({
      [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail({ prazoResposta }) },
      [`GET /api/quotes/${ids.q1}/lembretes`]: {
        body: {
          ativos: true,
          empresaAtivos: true,
          enviados: [],
          proximos: [{ slot: 'after_send', dueAt: '2026-03-07T15:00:00.000Z', destinatarios: 2 }],
          pendentes: [{ transportadorId: ids.a1, nome: 'Atlântico Logística' }],
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Lembretes' }));
    expect(await card.findByText('Próximo lembrete em 07/03 12:00')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Lembrar agora' })).toBeEnabled();
  });

  it.each([
    [
      [
        { tipo: '40HC', quantidade: 2 },
        { tipo: '20DV', quantidade: 1 },
      ],
      'Contêineres lidos do arquivo (contam na comparação): 2 × 40HC, 1 × 20DV',
    ],
    [[], 'Nenhum contêiner lido do arquivo: a comparação conta as quantidades que cada proposta informar.'],
    [null, 'Lendo o arquivo do pedido…'],
  ])('says what an Excel request file was read for (QA pass 8): %j', async (conteineresDoArquivo, text) => {
    setup({
      [`GET /api/quotes/${ids.q1}`]: {
        body: makeQuoteDetail({
          metodoEnvio: 'EXCEL',
          anexos: [{ tipo: 'arquivo', nome: 'pedido.xlsx', tamanho: 7_400 }],
          conteineresDoArquivo,
        }),
      },
    });
    expect(await screen.findByText('pedido.xlsx')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it("shows 'COTAÇÃO #code', the info block, what was asked and the recipients with their send state", async () => {
    setup({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'COTAÇÃO #COT-2026-0042' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('COTAÇÃO #COT-2026-0042 | Sistema de Cotações'));

    const info = within(screen.getByRole('region', { name: 'Informações' }));
    expect(info.getByText('Aguardando Resposta')).toHaveAttribute('data-color', 'yellow');
    expect(info.getByText('03/03/2026, 09:30')).toBeInTheDocument();
    expect(info.getByText('10/03/2026, 12:00')).toBeInTheDocument();
    expect(info.getByText('1 de 3')).toBeInTheDocument();
    expect(info.getByText('Manual (e-mail)')).toBeInTheDocument();
    expect(info.getByText('Marítimo Ásia')).toBeInTheDocument();

    const request = within(screen.getByRole('region', { name: 'Pedido' }));
    expect(request.getByText('Xangai, China → Santos, SP')).toBeInTheDocument();
    expect(request.getByText('FOB')).toBeInTheDocument();
    const items = within(request.getByRole('table', { name: 'Itens da carga' }));
    expect(items.getAllByRole('row')).toHaveLength(3);
    expect(items.getByText('Peças automotivas')).toBeInTheDocument();
    expect(items.getAllByText('Não informado')).toHaveLength(2);
    expect(request.getByText('fispq.pdf')).toBeInTheDocument();
    expect(request.getByText('Documento da carga perigosa · 2,0 KB')).toBeInTheDocument();

    const recipients = within(screen.getByRole('table', { name: 'Agentes de carga e situação do envio' }));
    const row = (name: string) => within(recipients.getByText(name).closest('tr')!);
    expect(row('Atlântico Logística').getByText('Enviado')).toBeInTheDocument();
    expect(row('Atlântico Logística').getByText('03/03/2026, 09:31')).toBeInTheDocument();
    expect(
      row('Atlântico Logística').getByText('comercial@atlantico.com.br; ops@atlantico.com.br'),
    ).toBeInTheDocument();
    expect(row('Boreal Cargas').getByText('Pendente')).toBeInTheDocument();
    expect(row('Delta Shipping').getByText('Falhou')).toBeInTheDocument();
  });

  it('says who cancelled a cancelled quote and when, in the info block', async () => {
    setup({
      [`GET /api/quotes/${ids.q1}`]: {
        body: makeQuoteDetail({
          status: 'CANCELADA',
          cancelamento: { canceladoEm: '2026-03-05T14:20:00.000Z', canceladoPor: 'Maria Lima' },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'COTAÇÃO #COT-2026-0042' });
    const info = within(screen.getByRole('region', { name: 'Informações' }));
    expect(info.getByText('Cancelada')).toHaveAttribute('data-color', 'red');
    expect(info.getByText('Cancelamento')).toBeInTheDocument();
    expect(info.getByText('Cancelada por Maria Lima em 05/03/2026, 11:20')).toBeInTheDocument();
  });

  it('says who closed a closed quote and when, in the info block', async () => {
    setup({
      [`GET /api/quotes/${ids.q1}`]: {
        body: makeQuoteDetail({
          status: 'FECHADA',
          encerramento: { encerradoEm: '2026-03-06T17:05:00.000Z', encerradoPor: 'João Prado' },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'COTAÇÃO #COT-2026-0042' });
    const info = within(screen.getByRole('region', { name: 'Informações' }));
    expect(info.getByText('Encerramento')).toBeInTheDocument();
    expect(info.getByText('Encerrada por João Prado em 06/03/2026, 14:05')).toBeInTheDocument();
    expect(info.queryByText('Cancelamento')).toBeNull();
  });

  it("an air quote's 'Pedido' says the chargeable weight and how it was found (QA pass 24)", async () => {
    const air = makeQuoteDetail({
      tipoFrete: 'AÉREO',
      pesoBrutoTotal: '410 kg',
      itens: [
        { mercadoria: 'Peças', quantidadeVolumes: '4 caixas', dimensoes: '4 caixas de 118 x 78 x 92 cm' },
      ],
    } as Partial<QuoteDetail>);
    setup({ [`GET /api/quotes/${ids.q1}`]: { body: air } });
    const request = within(await screen.findByRole('region', { name: 'Pedido' }));
    // 4 × 1,18 × 0,78 × 0,92 = 3,387 m³ × 166,67 = 564,51 kg → 565 kg (up to the half kilogram), above 410 kg.
    expect(
      request.getByText('565 kg — o maior entre o peso bruto (410 kg) e o cubado (3,39 m³ × 166,67 kg/m³)'),
    ).toBeInTheDocument();
  });

  it("an LCL quote's 'Pedido' says its cubagem and W/M; an FCL one the containers it counts (QA pass 33)", async () => {
    const lcl = makeQuoteDetail({
      tipoFrete: 'LCL',
      pesoBrutoTotal: '1.850 kg',
      itens: [
        { mercadoria: 'Peças', quantidadeVolumes: '3 pallets', dimensoes: '3 pallets de 120 x 100 x 110 cm' },
      ],
    } as Partial<QuoteDetail>);
    setup({ [`GET /api/quotes/${ids.q1}`]: { body: lcl } });
    const request = within(await screen.findByRole('region', { name: 'Pedido' }));
    // 3 × 1,20 × 1,00 × 1,10 = 3,96 m³; 1,85 t: W/M 3,96.
    expect(
      request.getByText('3,96 m³ · 1.850 kg → 3,96 W/M (o maior entre m³ e toneladas)'),
    ).toBeInTheDocument();
    expect(request.queryByText('Contêineres (contam na comparação)')).toBeNull();
  });

  it("an FCL quote's 'Pedido' says the containers the comparison counts, as read from the items", async () => {
    const fcl = makeQuoteDetail({
      tipoFrete: 'FCL',
      itens: [{ mercadoria: 'Peças', quantidadeVolumes: '2 x 20DV + 1 x 40HC', dimensoes: null }],
    } as Partial<QuoteDetail>);
    setup({ [`GET /api/quotes/${ids.q1}`]: { body: fcl } });
    const request = within(await screen.findByRole('region', { name: 'Pedido' }));
    expect(request.getByText('Contêineres (contam na comparação)')).toBeInTheDocument();
    expect(request.getByText(/^2 × 20DV, 1 × 40HC$|^1 × 40HC, 2 × 20DV$/)).toBeInTheDocument();
  });

  it('lists the recipients as cards on a phone', async () => {
    const narrow = (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: narrow, configurable: true });
    try {
      setup({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() } });
      const list = await screen.findByRole('list', { name: 'Agentes de carga e situação do envio' });
      const card = within(within(list).getByRole('heading', { name: 'Delta Shipping' }).closest('li')!);
      expect(card.getByText('Falhou')).toBeInTheDocument();
      expect(card.getByText('x@delta.com')).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Agentes de carga e situação do envio' })).toBeNull();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('goes back to /sent-quotes', async () => {
    sessionStorage.clear();
    const { user } = setup({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() } });
    await user.click(await screen.findByRole('link', { name: 'Voltar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sent-quotes');
  });

  it('goes back to the list as it was left: its search and tab (QA pass 40c)', async () => {
    sessionStorage.setItem('quotes:list-search', 'tab=finalizadas&busca=ningbo');
    setup({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() } });
    expect(await screen.findByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      '/sent-quotes?tab=finalizadas&busca=ningbo',
    );
    sessionStorage.clear();
  });

  it("says 'Cotação não encontrada' for a missing or foreign id", async () => {
    const { user } = setup(
      { 'GET /api/quotes/nao-existe': problem(404, 'QUOTE_NOT_FOUND', 'Cotação não encontrada') },
      'nao-existe',
    );
    expect(await screen.findByRole('heading', { name: 'Cotação não encontrada' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sent-quotes');
  });

  it("says 'Erro ao carregar dados da cotação' when the detail fails without a message", async () => {
    setup({ [`GET /api/quotes/${ids.q1}`]: { status: 400, body: '', contentType: 'text/plain' } });
    expect(
      await screen.findByRole('heading', { name: 'Erro ao carregar dados da cotação' }),
    ).toBeInTheDocument();
  });

  it('downloads the quote PDF with the session bearer', async () => {
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const { user, network } = setup({
      [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() },
      [`GET /api/quotes/${ids.q1}/pdf`]: { body: '%PDF-1.7', contentType: 'application/pdf' },
    });
    await user.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(downloads).toEqual(['cotacao-COT-2026-0042.pdf']));
    const call = network.requests.find((request) => request.url.endsWith('/pdf'))!;
    expect(call.headers.Authorization).toBe('Bearer token-123');
    click.mockRestore();
  });

  it('shows why the PDF could not be downloaded', async () => {
    const { user } = setup({
      [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() },
      [`GET /api/quotes/${ids.q1}/pdf`]: { status: 500, body: '', contentType: 'text/plain' },
    });
    await user.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    expect(await screen.findByText('Erro ao baixar o PDF da cotação')).toBeInTheDocument();
  });
});

/** The detail page over the fake server: GET, PATCH and DELETE of the quotes in `details`. */
function setupWithApi(details?: QuoteDetail[], routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const api = fakeQuotesApi({ details });
  const network = stubNetwork({ ...api.routes, ...routes });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network, db: api.db, api };
}

const info = () => within(screen.getByRole('region', { name: 'Informações' }));
const dialog = (name: string) => within(screen.getByRole('dialog', { name }));
const calls = (requests: RecordedRequest[], method: string) =>
  requests.filter((request) => request.method === method && request.url === `/api/quotes/${ids.q1}`);
const field = (name: RegExp) => dialog('Editar cotação').getByLabelText(name) as HTMLInputElement;
const heading = () => screen.findByRole('heading', { level: 1, name: 'COTAÇÃO #COT-2026-0042' });
/** A deadline a month ahead, as typed in the `datetime-local` field (browser time, minutes). */
const futureInput = () => toLocalInput(new Date(Date.now() + 30 * 86_400_000));

describe('quote detail actions', () => {
  it('edits only what changed, shows the new values and reloads the lists', async () => {
    const { user, network, queryClient } = setupWithApi();
    await heading();
    const listKey = [...quoteListKey, 'page', { tab: 'enviadas', page: 1, limit: 10 }];
    queryClient.setQueryData(listKey, { data: [], total: 0, totalPages: 0, page: 1 });

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(field(/^Solicitante/).value).toBe('Ana Souza');
    expect(field(/^Ref\. do Processo/).value).toBe('IMP-2026-015');
    expect(field(/^FTI/).value).toBe('');
    const prazo = field(/^Prazo de resposta/);
    expect(prazo.type).toBe('datetime-local');
    expect(prazo.value).toBe(toLocalInput(new Date('2026-03-10T15:00:00.000Z')));
    expect(prazo.min <= futureInput()).toBe(true);
    expect(prazo).toHaveAccessibleDescription(
      'Com um prazo novo, a cotação volta a aguardar respostas e os lembretes seguem o novo prazo.',
    );
    // Offered only once the deadline changes.
    expect(dialog('Editar cotação').queryByRole('checkbox')).toBeNull();

    await user.clear(field(/^Ref\. do Processo/));
    await user.type(field(/^Ref\. do Processo/), '  IMP-2026-099 ');
    await user.type(field(/^FTI/), 'FTI-77');
    // An earlier deadline is no "Prazo prorrogado": nothing to announce.
    fireEvent.change(prazo, { target: { value: toLocalInput(new Date('2026-03-09T15:00:00.000Z')) } });
    expect(dialog('Editar cotação').queryByRole('checkbox')).toBeNull();
    const typed = futureInput();
    fireEvent.change(prazo, { target: { value: typed } });
    // 1 of 3 answered: the two others can be told, and are unless the analyst unticks it.
    const avisar = dialog('Editar cotação').getByRole('checkbox', {
      name: 'Avisar por e-mail os agentes de carga que ainda não responderam (2)',
    });
    expect(avisar).toBeChecked();
    expect(avisar).toHaveAccessibleDescription(
      'Cada um recebe o novo prazo na conversa da cotação, com o link do portal quando ativo.',
    );
    const remindersRead = () =>
      network.requests.filter((r) => r.method === 'GET' && r.url === `/api/quotes/${ids.q1}/lembretes`)
        .length;
    const before = remindersRead();
    await user.click(dialog('Editar cotação').getByRole('button', { name: 'Salvar alterações' }));

    expect(
      await screen.findByText('Cotação atualizada. Novo prazo enviado a 2 agente(s) de carga.'),
    ).toBeInTheDocument();
    // The 'Lembretes' panel follows the new deadline (read again, not left as it was).
    await waitFor(() => expect(remindersRead()).toBeGreaterThan(before));
    const iso = new Date(typed).toISOString();
    expect(calls(network.requests, 'PATCH').map((request) => request.body)).toEqual([
      { referenciaProcesso: 'IMP-2026-099', fti: 'FTI-77', prazoResposta: iso, avisarTransportadores: true },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Editar cotação' })).toBeNull();
    expect(info().getByText('IMP-2026-099')).toBeInTheDocument();
    expect(info().getByText('FTI-77')).toBeInTheDocument();
    expect(info().getByText(formatDateTime(iso, ''))).toBeInTheDocument();
    // The answer replaced the cached detail: no second GET.
    expect(calls(network.requests, 'GET')).toHaveLength(1);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);

    // Opened again, the form starts from the saved values; clearing the FTI sends null.
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(field(/^Ref\. do Processo/).value).toBe('IMP-2026-099');
    await user.clear(field(/^FTI/));
    await user.click(dialog('Editar cotação').getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(calls(network.requests, 'PATCH')).toHaveLength(2));
    expect(calls(network.requests, 'PATCH')[1]!.body).toEqual({ fti: null });
    await waitFor(() => expect(info().getByText('FTI').nextSibling).toHaveTextContent('Não informado'));

    // A new deadline with the box unticked: nobody is told.
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const later = toLocalInput(new Date(Date.now() + 40 * 86_400_000));
    fireEvent.change(field(/^Prazo de resposta/), { target: { value: later } });
    await user.click(dialog('Editar cotação').getByRole('checkbox'));
    await user.click(dialog('Editar cotação').getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(calls(network.requests, 'PATCH')).toHaveLength(3));
    expect(calls(network.requests, 'PATCH')[2]!.body).toEqual({
      prazoResposta: new Date(later).toISOString(),
    });
  });

  it('checks the fields as the server does and sends nothing when they are wrong or unchanged', async () => {
    const { user, network } = setupWithApi();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const save = () =>
      user.click(dialog('Editar cotação').getByRole('button', { name: 'Salvar alterações' }));

    await save();
    expect(dialog('Editar cotação').getByRole('alert')).toHaveTextContent('Nenhuma alteração para salvar.');

    fireEvent.change(field(/^Prazo de resposta/), { target: { value: '2020-01-01T10:00' } });
    await user.clear(field(/^Solicitante/));
    await user.type(field(/^Ref\. do Processo/), '   ');
    await save();
    expect(field(/^Prazo de resposta/)).toHaveAccessibleDescription(
      expect.stringContaining('O prazo de resposta não pode estar no passado.'),
    );
    expect(field(/^Solicitante/)).toHaveAccessibleDescription('Nome do solicitante é obrigatório');
    expect(field(/^Solicitante/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Ref\. do Processo/)).not.toHaveAttribute('aria-invalid');
    expect(calls(network.requests, 'PATCH')).toEqual([]);

    await user.clear(field(/^Ref\. do Processo/));
    await save();
    expect(field(/^Ref\. do Processo/)).toHaveAccessibleDescription('Referência do processo é obrigatória');
    expect(calls(network.requests, 'PATCH')).toEqual([]);
    expect(info().getByText('IMP-2026-015')).toBeInTheDocument();
  });

  it.each([
    ['Encerrar cotação', 'FECHADA', 'Fechada', 'gray', 'Cotação encerrada.', {}],
    [
      'Cancelar cotação',
      'CANCELADA',
      'Cancelada',
      'red',
      'Cotação cancelada. 2 agente(s) de carga avisado(s).',
      { avisarTransportadores: true },
    ],
  ])(
    "'%s' asks first, then the badge turns %s and only Excluir is left",
    async (action, status, label, color, notice, notified) => {
      const { user, network, db } = setupWithApi();
      await heading();
      await user.click(screen.getByRole('button', { name: action }));
      const confirm = dialog(action);
      expect(confirm.getByText(/Cotações Finalizadas/)).toHaveTextContent(`status ${label}`);

      // 'Voltar' leaves it as it was.
      await user.click(confirm.getByRole('button', { name: 'Voltar' }));
      expect(screen.queryByRole('dialog', { name: action })).toBeNull();
      expect(calls(network.requests, 'PATCH')).toEqual([]);

      await user.click(screen.getByRole('button', { name: action }));
      await user.click(dialog(action).getByRole('button', { name: action }));
      expect(await screen.findByText(notice)).toBeInTheDocument();
      expect(calls(network.requests, 'PATCH').map((request) => request.body)).toEqual([
        { status, ...notified },
      ]);
      expect(db.details[0]!.status).toBe(status);
      expect(info().getByText(label)).toHaveAttribute('data-color', color);
      expect(screen.queryByRole('dialog', { name: action })).toBeNull();
      for (const gone of ['Editar', 'Encerrar cotação', 'Cancelar cotação'])
        expect(screen.queryByRole('button', { name: gone })).toBeNull();
      expect(screen.getByRole('button', { name: 'Excluir' })).toBeEnabled();
    },
  );

  it("'Cancelar cotação' offers to tell the carriers, checked; the text says what happens either way (QA: no compose in the conversation)", async () => {
    const { user, network } = setupWithApi();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Cancelar cotação' }));
    const confirm = dialog('Cancelar cotação');
    // Two of the three carriers got the request (Delta Shipping's failed): answered or not, both are told.
    const box = confirm.getByRole('checkbox', { name: 'Avisar os agentes de carga (2)' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Os agentes de carga recebem um e-mail avisando do cancelamento, inclusive os que já responderam.',
    );
    expect(confirm.queryByText(/conversa da cotação/)).toBeNull();

    await user.click(box);
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Nenhum agente de carga é avisado.');
    await user.click(confirm.getByRole('button', { name: 'Cancelar cotação' }));
    expect(await screen.findByText('Cotação cancelada.')).toBeInTheDocument();
    expect(calls(network.requests, 'PATCH').map((request) => request.body)).toEqual([
      { status: 'CANCELADA' },
    ]);
  });

  it("'Encerrar cotação' offers the notice unchecked; checked, it sends avisarTransportadores", async () => {
    const { user, network } = setupWithApi();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Encerrar cotação' }));
    const confirm = dialog('Encerrar cotação');
    const box = confirm.getByRole('checkbox', { name: 'Avisar os agentes de carga (2)' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Nenhum agente de carga é avisado.');
    await user.click(box);
    expect(box).toHaveAccessibleDescription(
      'Os agentes de carga recebem um e-mail avisando do encerramento, inclusive os que já responderam.',
    );
    await user.click(confirm.getByRole('button', { name: 'Encerrar cotação' }));
    expect(
      await screen.findByText('Cotação encerrada. 2 agente(s) de carga avisado(s).'),
    ).toBeInTheDocument();
    expect(calls(network.requests, 'PATCH').map((request) => request.body)).toEqual([
      { status: 'FECHADA', avisarTransportadores: true },
    ]);
  });

  it('offers no notice when no carrier received the request', async () => {
    const failed = makeQuoteDetail();
    failed.destinatarios = failed.destinatarios.map((recipient) => ({ ...recipient, estadoEnvio: 'falhou' }));
    const { user, network } = setupWithApi([failed]);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Cancelar cotação' }));
    const confirm = dialog('Cancelar cotação');
    expect(confirm.queryByRole('checkbox')).toBeNull();
    expect(confirm.getByText('Nenhum agente de carga é avisado.')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancelar cotação' }));
    expect(await screen.findByText('Cotação cancelada.')).toBeInTheDocument();
    expect(calls(network.requests, 'PATCH').map((request) => request.body)).toEqual([
      { status: 'CANCELADA' },
    ]);
  });

  it('shows a spinner on the confirmation and disables the actions while the change runs', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeQuotesApi();
    const patch = api.routes[`PATCH /api/quotes/${ids.q1}`] as Handler;
    const { user } = setupWithApi(undefined, {
      [`PATCH /api/quotes/${ids.q1}`]: async (request) => {
        await gate;
        return patch(request) as StubResponse;
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Encerrar cotação' }));
    await user.click(dialog('Encerrar cotação').getByRole('button', { name: 'Encerrar cotação' }));
    const busy = await dialog('Encerrar cotação').findByRole('button', { name: 'Encerrando...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(dialog('Encerrar cotação').getByRole('button', { name: 'Voltar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeDisabled();
    release();
    expect(await screen.findByText('Cotação encerrada.')).toBeInTheDocument();
  });

  it("shows the server's 409 in the dialog and the status another user set", async () => {
    const { user, db } = setupWithApi();
    await heading();
    // Someone else cancels it after the page loaded.
    db.details[0]!.status = 'CANCELADA';
    await user.click(screen.getByRole('button', { name: 'Encerrar cotação' }));
    await user.click(dialog('Encerrar cotação').getByRole('button', { name: 'Encerrar cotação' }));
    expect(await dialog('Encerrar cotação').findByRole('alert')).toHaveTextContent(
      'Esta cotação já foi finalizada (Cancelada) e não pode ser alterada.',
    );
    expect(screen.queryByText('Cotação encerrada.')).toBeNull();
    await waitFor(() => expect(info().getByText('Cancelada')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('shows a server error inside the edit dialog and keeps what was typed', async () => {
    const { user, db } = setupWithApi();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    db.details[0]!.status = 'FECHADA';
    await user.type(field(/^FTI/), 'FTI-9');
    await user.click(dialog('Editar cotação').getByRole('button', { name: 'Salvar alterações' }));
    expect(await dialog('Editar cotação').findByRole('alert')).toHaveTextContent(
      'Esta cotação já foi finalizada (Fechada) e não pode ser alterada.',
    );
    expect(field(/^FTI/).value).toBe('FTI-9');
    expect(screen.queryByText('Cotação atualizada com sucesso!')).toBeNull();
  });

  it('deletes after confirming, leaves for /sent-quotes and forgets the detail', async () => {
    const { user, network, db, queryClient } = setupWithApi();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const confirm = dialog('Excluir cotação');
    expect(confirm.getByText('Tem certeza que deseja excluir esta cotação?')).toBeInTheDocument();
    expect(
      confirm.getByText(
        /deixa de aparecer nas listas.*continuam contando nos Indicadores.*Nenhum agente de carga é avisado/,
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sent-quotes'));
    expect(screen.getByText('Cotação excluída com sucesso!')).toBeInTheDocument();
    expect(calls(network.requests, 'DELETE')).toHaveLength(1);
    expect(db.details).toEqual([]);
    expect(calls(network.requests, 'GET')).toHaveLength(1);
    expect(queryClient.getQueryData(quoteDetailKey(ids.q1))).toBeUndefined();
  });

  it('offers only Excluir on a final quote; deleting an approved one says its carrier was told', async () => {
    const { user } = setupWithApi([
      makeQuoteDetail({
        status: 'APROVADA',
        aprovacao: {
          respostaId: ids.a1,
          transportadorId: ids.a1,
          transportadorNome: 'Atlântico Logística',
          destino: null,
          aprovadoEm: '2026-03-05T14:00:00.000Z',
          aprovadoPor: 'Ana Souza',
        },
      }),
    ]);
    await heading();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar PDF' })).toBeInTheDocument();
    for (const gone of ['Editar', 'Encerrar cotação', 'Cancelar cotação'])
      expect(screen.queryByRole('button', { name: gone })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    // QA pass 15: the generic text did not say the quote was approved and its carrier e-mailed.
    expect(
      dialog('Excluir cotação').getByText(
        /^Esta cotação foi aprovada para Atlântico Logística em 05\/03\/2026, 11:00, e o agente de carga já recebeu o e-mail de aprovação\./,
      ),
    ).toBeInTheDocument();
  });
});
