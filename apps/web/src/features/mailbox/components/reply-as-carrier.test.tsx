import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { makeUser, publicConfig } from '@/testing/fixtures';
import {
  type Handler,
  problem,
  type RecordedRequest,
  type StubResponse,
  stubNetwork,
} from '@/testing/network';
import { renderAt } from '@/testing/render';
import { MailboxPage } from './mailbox-page';
import { carrierAddresses } from './reply-as-carrier';

const QUOTE_ID = '6f1c2a4e-8b3d-4c5e-9f10-1a2b3c4d5e01';
const request = {
  id: 'req-1',
  from: 'Importadora Cotações <cotacoes@importadora.com.br>',
  to: 'cotacoes+0123456789abcdef0123456789abcdef@importadora.com.br · Cco: Atlântico Logística <comercial@atlantico.com.br>, cotacao@boreal.com.br',
  subject: 'Cotação COT-2026-0042 - IMP-2026-015',
  date: '2026-03-03T12:31:00.000Z',
  text: 'Prezados, solicitamos a cotação de frete.',
  html: null,
  anexos: [
    { filename: 'COT-2026-0042.pdf', contentType: 'application/pdf', size: 4096 },
    { filename: 'fispq.pdf', contentType: 'application/pdf', size: 812 },
  ],
};
const code = {
  id: 'code-1',
  from: 'Sistema de Cotações <nao-responda@cotacoes.local>',
  to: 'ana@importadora.com.br',
  subject: 'Seu código de verificação: 123456',
  date: '2026-03-03T12:00:00.000Z',
  text: 'Seu código: 123456',
  html: null,
  anexos: [],
};
const revision = {
  id: 'rev-1',
  from: 'Ana Souza <cotacoes@importadora.com.br>',
  to: 'comercial@atlantico.com.br',
  subject: 'Re: Cotação COT-2026-0042 - IMP-2026-015',
  date: '2026-03-04T12:00:00.000Z',
  text: 'Poderiam rever o frete?',
  html: null,
  anexos: [],
};
const REPLY = '/api/dev/mailbox/req-1/reply';

/** A signed-in desenvolvedor (the mailbox is theirs) reading message `id`. */
function setup(id: string, routes: Record<string, Handler | StubResponse> = {}) {
  sessionStore.set({ status: 'ready', user: makeUser({ role: 'desenvolvedor' }) });
  window.localStorage.setItem('token', 'token-dev');
  const network = stubNetwork({
    'GET /api/config': { body: publicConfig },
    'GET /api/dev/mailbox': { body: { messages: [request, code] } },
    'GET /api/dev/mailbox/req-1': { body: request },
    'GET /api/dev/mailbox/code-1': { body: code },
    'GET /api/dev/mailbox/rev-1': { body: revision },
    'POST /api/dev/mailbox/rev-1/reply': {
      status: 201,
      body: { message: 'Resposta recebida e em extração.', cotacaoId: QUOTE_ID },
    },
    [`POST ${REPLY}`]: {
      status: 201,
      body: { message: 'Resposta recebida e em extração.', cotacaoId: QUOTE_ID },
    },
    ...routes,
  });
  const view = renderAt(<MailboxPage />, '/dev/mailbox', `/dev/mailbox?id=${id}`);
  return { ...view, network };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Responder como transportador' }));
const replies = (requests: RecordedRequest[]) =>
  requests.filter((item) => item.url === REPLY).map((item) => item.body as FormData);

describe('Responder como transportador', () => {
  it('answers a quote request as one of its carriers, with text and a PDF, and links to the quote', async () => {
    const { user, network } = setup('req-1');
    await user.click(
      await screen.findByRole('button', { name: 'Responder como transportador' }, { timeout: 3_000 }),
    );
    const from = dialog().getByRole('combobox', { name: 'Responder como' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['comercial@atlantico.com.br', 'cotacao@boreal.com.br']);
    await user.selectOptions(from, 'cotacao@boreal.com.br');

    const text = dialog().getByRole('textbox', { name: 'Texto da resposta' }) as HTMLTextAreaElement;
    for (const line of [
      "Frete marítimo 20' DC: USD 1.850,00",
      "Frete marítimo 40' HC: USD 2.950,00",
      'THC: BRL 1.350,00 por contêiner',
      'Taxa de BL: USD 75,00',
      'Transit time: 32 dias',
      'Free time no destino: 14 dias',
    ])
      expect(text.value).toContain(line);
    expect(text.value).toMatch(/Validade da proposta: \d{2}\/\d{2}\/\d{4}/);

    const files = dialog().getByLabelText('Anexos');
    await user.upload(files, [
      new File(['%PDF-1.4'], 'proposta-boreal.pdf', { type: 'application/pdf' }),
      new File(['x'], 'rascunho.txt', { type: 'text/plain' }),
    ]);
    await user.click(dialog().getByRole('button', { name: 'Remover rascunho.txt' }));
    expect(
      within(dialog().getByRole('list', { name: 'Anexos' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['proposta-boreal.pdf']);

    await user.click(dialog().getByRole('button', { name: 'Enviar resposta' }));
    expect(
      await screen.findByText('Resposta recebida e em extração.', { selector: '[data-position] p' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Responder como transportador' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Abrir a cotação' })).toHaveAttribute(
      'href',
      `/quotes/${QUOTE_ID}`,
    );

    const [form] = replies(network.requests);
    expect(form!.get('from')).toBe('cotacao@boreal.com.br');
    expect(form!.get('texto')).toBe(text.value);
    const sentFiles = [...form!.entries()].filter(([name]) => name.startsWith('arquivos'));
    expect(sentFiles.map(([name, file]) => [name, (file as File).name])).toEqual([
      ['arquivos[0]', 'proposta-boreal.pdf'],
    ]);
  });

  it('is not offered on messages that are not quote requests', async () => {
    setup('code-1');
    expect(
      await screen.findByRole('heading', { name: 'Seu código de verificação: 123456' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Responder como transportador' })).toBeNull();
  });

  it('asks for a text and shows why the server refused', async () => {
    const { user, network } = setup('req-1', {
      [`POST ${REPLY}`]: problem(404, 'NOT_FOUND', 'A caixa de e-mails local não está disponível.'),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Responder como transportador' }, { timeout: 3_000 }),
    );
    const text = dialog().getByRole('textbox', { name: 'Texto da resposta' });
    await user.clear(text);
    await user.click(dialog().getByRole('button', { name: 'Enviar resposta' }));
    expect(text).toHaveAccessibleDescription('Escreva o texto da resposta.');
    expect(replies(network.requests)).toEqual([]);
    await user.type(text, 'Frete USD 100');
    expect(text).not.toHaveAccessibleDescription();
    await user.click(dialog().getByRole('button', { name: 'Enviar resposta' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'A caixa de e-mails local não está disponível.',
    );
  });
});

describe('the local mailbox (issue 30)', () => {
  it("lists a message's attachments with their sizes, and none when it has none", async () => {
    setup('req-1');
    const list = await screen.findByRole('list', { name: 'Anexos' }, { timeout: 3_000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['COT-2026-0042.pdf (4,0 KB)', 'fispq.pdf (812 B)']);
  });

  it("offers 'Responder como transportador' on a revision e-mail, from the carrier it went to", async () => {
    const { user, network } = setup('rev-1');
    await user.click(
      await screen.findByRole('button', { name: 'Responder como transportador' }, { timeout: 3_000 }),
    );
    await user.type(dialog().getByRole('textbox', { name: 'Texto da resposta' }), ' Frete revisado USD 90');
    await user.click(dialog().getByRole('button', { name: 'Enviar resposta' }));
    await waitFor(() =>
      expect(network.requests.some((item) => item.url === '/api/dev/mailbox/rev-1/reply')).toBe(true),
    );
    const body = network.requests.find((item) => item.url === '/api/dev/mailbox/rev-1/reply')!
      .body as FormData;
    expect(body.get('from')).toBe('comercial@atlantico.com.br');
    expect(screen.queryByRole('list', { name: 'Anexos' })).toBeNull();
  });
});

describe('carrierAddresses', () => {
  it("reads To and Cco without the sender, and nothing from mail that is not a quote's", () => {
    expect(carrierAddresses(request)).toEqual(['comercial@atlantico.com.br', 'cotacao@boreal.com.br']);
    // A revision in the carrier's thread ('Re: Cotação …', sent by this server) can be answered too.
    expect(
      carrierAddresses({
        from: 'Importadora <cotacoes@importadora.com.br>',
        to: 'comercial@atlantico.com.br',
        subject: 'Re: Cotação COT-2026-0042 - IMP-2026-015',
      }),
    ).toEqual(['comercial@atlantico.com.br']);
    expect(carrierAddresses(code)).toEqual([]);
    expect(
      carrierAddresses({ from: 'cotacoes@x.com', to: 'X@Delta.com', subject: 'Quotation COT-2026-0007 - A' }),
    ).toEqual(['x@delta.com']);
    // A subject edited without the code: the reply address in To still tells a request.
    expect(
      carrierAddresses({
        ...request,
        subject: 'Frete Xangai–Santos',
        to: 'cotacoes+0123456789abcdef0123456789abcdef@importadora.com.br · Cco: a@b.com',
      }),
    ).toEqual(['a@b.com']);
  });
});
