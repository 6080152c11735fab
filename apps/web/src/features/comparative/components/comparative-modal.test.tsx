import { screen, waitFor, within } from '@testing-library/react';
import { buildThreads } from '@/features/conversation/components/conversation-tab';
import { makeBccRequest, makeMessage } from '@/features/conversation/testing/fake-conversation-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { type Handler, problem, type StubResponse, stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

const SEND = `/api/quotes/${ids.q1}/send-comparative`;
const EXCEL = `/api/quotes/${ids.q1}/comparative-excel`;
const PDF = `/api/quotes/${ids.q1}/comparative-pdf`;
const SENT = 'Comparativo (Excel e PDF) enviado por email com sucesso!';

function setup(routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ email: 'Ana@Importadora.com.br' }) });
  window.localStorage.setItem('token', 'token-123');
  const network = stubNetwork({ [`GET /api/quotes/${ids.q1}`]: { body: makeQuoteDetail() }, ...routes });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Gerar Comparativo' }));
const emailField = () => dialog().getByRole('textbox', { name: 'Enviar para' });
const chips = () =>
  within(dialog().getByRole('list', { name: 'E-mails que vão receber o comparativo' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function open(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Gerar Comparativo' }));
  expect(dialog().getByRole('spinbutton', { name: 'Margem de câmbio (%)' })).toHaveValue('2,5');
}

/** Captures the files handed to the browser. */
function captureDownloads() {
  const createObjectURL = vi.fn(() => 'blob:comparativo');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}

// Typing in a loaded CI machine: more than the default 5 s per test.
describe('Gerar Comparativo', { timeout: 20_000 }, () => {
  it('sends both files to the typed addresses and my own, with progress and the spec text', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, network } = setup({
      [`POST ${SEND}`]: async (request) => {
        await gate;
        const body = request.body as { emails: string[] };
        return { body: { message: SENT, emails: body.emails } };
      },
    });
    await open(user);
    await user.click(dialog().getByRole('button', { name: 'Adicionar meu e-mail (ana@importadora.com.br)' }));
    await user.click(emailField());
    await user.paste('gerente@importadora.com.br;Despachante@Aduana.com.br');
    expect(chips()).toEqual([
      'ana@importadora.com.br',
      'gerente@importadora.com.br',
      'despachante@aduana.com.br',
    ]);
    expect(dialog().queryByRole('button', { name: /Adicionar meu e-mail/ })).not.toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Remover gerente@importadora.com.br' }));
    const margin = dialog().getByRole('spinbutton', { name: 'Margem de câmbio (%)' });
    await user.clear(margin);
    await user.type(margin, '3,5');

    await user.click(dialog().getByRole('button', { name: 'Enviar por e-mail' }));
    expect(await dialog().findByRole('status')).toHaveTextContent('Enviando comparativo…');
    expect(dialog().getByRole('button', { name: 'Baixar Excel' })).toBeDisabled();
    release();

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = network.requests.filter((request) => request.url === SEND);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      exchangeMargin: 3.5,
      emails: ['ana@importadora.com.br', 'despachante@aduana.com.br'],
    });
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-123');
  });

  it("refuses an empty list and invalid addresses with the spec's texts, and a margin out of range", async () => {
    const { user, network } = setup();
    await open(user);
    await user.click(dialog().getByRole('button', { name: 'Enviar por e-mail' }));
    expect(dialog().getByText('Adicione pelo menos um email')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');

    await user.click(emailField());
    await user.paste('compras, gerente@importadora.com.br, x@');
    expect(chips()).toEqual(['gerente@importadora.com.br']);
    expect(dialog().getByText('Emails inválidos: compras, x@')).toBeInTheDocument();
    expect(emailField()).toHaveValue('compras, x@');
    await user.click(dialog().getByRole('button', { name: 'Enviar por e-mail' }));
    expect(dialog().getByText('Emails inválidos: compras, x@')).toBeInTheDocument();

    await user.clear(emailField());
    const margin = dialog().getByRole('spinbutton', { name: 'Margem de câmbio (%)' });
    await user.clear(margin);
    await user.type(margin, '150');
    await user.click(dialog().getByRole('button', { name: 'Baixar PDF' }));
    expect(
      dialog().getByText('A margem de câmbio deve ser um número de 0 a 100, com no máximo uma casa decimal.'),
    ).toBeInTheDocument();
    expect(network.requests.filter((request) => request.url.includes('comparativ'))).toHaveLength(0);
  });

  it('downloads comparativo-{codigo}.xlsx and .pdf with the chosen margin', async () => {
    const downloads = captureDownloads();
    const { user, network } = setup({
      [`GET ${EXCEL}`]: { body: 'PK', contentType: 'application/octet-stream' },
      [`GET ${PDF}`]: { body: '%PDF-1.7', contentType: 'application/pdf' },
    });
    await open(user);
    const margin = dialog().getByRole('spinbutton', { name: 'Margem de câmbio (%)' });
    await user.clear(margin);
    await user.type(margin, '0');
    await user.click(dialog().getByRole('button', { name: 'Baixar Excel' }));
    expect(await screen.findByText('Arquivo comparativo-COT-2026-0042.xlsx baixado.')).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() =>
      expect(downloads).toEqual(['comparativo-COT-2026-0042.xlsx', 'comparativo-COT-2026-0042.pdf']),
    );
    const urls = network.requests
      .filter((request) => request.url.includes('/comparative-'))
      .map((r) => r.url);
    expect(urls).toEqual([`${EXCEL}?exchangeMargin=0`, `${PDF}?exchangeMargin=0`]);
  });

  it("shows the server's message, else 'Erro ao gerar comparativo'", async () => {
    captureDownloads();
    const noAnswers =
      'Nenhum agente de carga respondeu a esta cotação ainda: não há propostas para gerar o comparativo.';
    const { user } = setup({
      [`GET ${EXCEL}`]: problem(409, 'COMPARATIVE_NO_RESPONSES', noAnswers),
      [`POST ${SEND}`]: { status: 500, body: '', contentType: 'text/plain' },
    });
    await open(user);
    await user.click(dialog().getByRole('button', { name: 'Baixar Excel' }));
    expect(await screen.findByText(noAnswers)).toBeInTheDocument();
    await user.type(emailField(), 'ger@imp.com{Enter}');
    await user.click(dialog().getByRole('button', { name: 'Enviar por e-mail' }));
    expect(await screen.findByText('Erro ao gerar comparativo')).toBeInTheDocument();
    expect(dialog().getByRole('list', { name: 'E-mails que vão receber o comparativo' })).toBeInTheDocument();
  });
});

describe('conversation threads', () => {
  it('keeps a sent comparative in its own thread, out of the carriers’ threads', () => {
    const request = makeBccRequest();
    const comparative = makeMessage({
      direction: 'sent',
      transportadorId: null,
      transportadorNome: null,
      tipo: 'comparativo',
      to: ['gerencia@importadora.com.br'],
      subject: 'Comparativo de fretes COT-2026-0042',
    });
    const threads = buildThreads(
      [request, comparative],
      [
        { transportadorId: ids.a1, nome: 'Atlântico Logística' },
        { transportadorId: ids.a2, nome: 'Boreal Cargas' },
      ],
    );
    expect(threads.map((thread) => thread.nome)).toEqual([
      'Atlântico Logística',
      'Boreal Cargas',
      'Comparativos enviados',
    ]);
    expect(threads[0]!.messages).toEqual([request]);
    expect(threads[2]!.messages).toEqual([comparative]);
  });
});
