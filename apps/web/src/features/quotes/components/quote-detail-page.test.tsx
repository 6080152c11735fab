import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';
import { ids, makeQuoteDetail } from '../testing/fake-quotes-api';
import { QuoteDetailPage } from './quote-detail-page';

function setup(routes: Record<string, Handler | StubResponse>, id: string = ids.q1) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  window.localStorage.setItem('token', 'token-123');
  const network = stubNetwork(routes);
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${id}`);
  return { ...view, network };
}

describe('quote detail shell', () => {
  it("shows 'COTAÇÃO #code', the info block, what was asked and the recipients with their send state", async () => {
    setup({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'COTAÇÃO #COT-2026-0042' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('COTAÇÃO #COT-2026-0042 | Sistema de Cotações');

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
    const { user } = setup({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() } });
    await user.click(await screen.findByRole('link', { name: 'Voltar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sent-quotes');
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
