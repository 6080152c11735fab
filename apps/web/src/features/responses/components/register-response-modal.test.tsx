import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { toLocalInput } from '@/lib/local-datetime';
import { sessionStore } from '@/lib/session';
import { fakeQuotesApi, ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { fakeResponsesApi, makeEntry, REGISTERED_MESSAGE } from '@/testing/fake-responses-api';
import { makeUser } from '@/testing/fixtures';
import {
  type Handler,
  problem,
  type RecordedRequest,
  type StubResponse,
  stubNetwork,
} from '@/testing/network';
import { renderAt } from '@/testing/render';

const quote = makeQuoteDetail();
const recipients = quote.destinatarios as [
  QuoteDetail['destinatarios'][number],
  ...QuoteDetail['destinatarios'],
];
const REGISTER = `/api/quotes/${ids.q1}/respostas/registrar`;

/** The detail over the fake APIs; `gate` holds the registration's answer until it resolves. */
function setup(
  options: { routes?: Record<string, Handler>; gate?: Promise<void>; detail?: QuoteDetail } = {},
) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const quotes = fakeQuotesApi({ details: [options.detail ?? quote] });
  const responses = fakeResponsesApi(
    ids.q1,
    recipients.map((recipient) => makeEntry(recipient)),
  );
  const register = responses.routes[`POST ${REGISTER}`] as Handler;
  const network = stubNetwork({
    ...quotes.routes,
    ...responses.routes,
    [`POST ${REGISTER}`]: async (request) => {
      await options.gate;
      return (await register(request)) as StubResponse;
    },
    ...options.routes,
  });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Registrar resposta' }));
const registrations = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url === REGISTER).map((request) => request.body as FormData);

async function open(user: ReturnType<typeof setup>['user'], carrier = 'Boreal Cargas') {
  await user.click(await screen.findByRole('button', { name: 'Registrar resposta' }, { timeout: 3_000 }));
  if (carrier) await user.selectOptions(dialog().getByRole('combobox', { name: 'Transportador' }), carrier);
}
const submit = (user: ReturnType<typeof setup>['user']) =>
  user.click(dialog().getByRole('button', { name: 'Registrar' }));
const borealCard = () =>
  within(
    within(screen.getByRole('list', { name: 'Respostas dos transportadores' }))
      .getByRole('heading', { name: 'Boreal Cargas' })
      .closest('li')!,
  );

describe('Registrar resposta', () => {
  it('uploads a dropped .msg file with progress, says what the server said and refreshes the cards', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, network } = setup({ gate });
    await open(user);
    expect(dialog().getByRole('tab', { name: 'Arquivo' })).toHaveAttribute('aria-selected', 'true');
    const file = new File(['From: cotacao@boreal.com.br\r\n\r\nFrete 20 USD 1800'], 'resposta boreal.msg', {
      type: 'application/vnd.ms-outlook',
    });
    fireEvent.drop(dialog().getByTestId('mail-file-drop'), { dataTransfer: { files: [file] } });
    expect(dialog().getByText(/resposta boreal\.msg/)).toBeInTheDocument();

    await submit(user);
    const progress = await dialog().findByRole('progressbar', { name: 'Envio do arquivo' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(dialog().getByRole('button', { name: 'Enviando 50%' })).toBeDisabled();
    release();

    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar resposta' })).toBeNull());
    const [form] = registrations(network.requests);
    expect(form!.get('transportadorId')).toBe(ids.a2);
    expect(form!.get('modo')).toBe('arquivo');
    expect((form!.get('arquivo') as File).name).toBe('resposta boreal.msg');
    // The cards show the registered version (its extraction is still running), without a 'new answer' toast.
    await waitFor(() => expect(borealCard().getByText('Extração em andamento…')).toBeInTheDocument());
    expect(borealCard().getByText('Registrada manualmente')).toBeInTheDocument();
    expect(borealCard().getByText('Registrada por Ana Souza')).toBeInTheDocument();
    expect(screen.queryByText('Nova resposta de Boreal Cargas')).toBeNull();
  });

  it('picks a file with the file input and refuses other types', async () => {
    const { user, network } = setup();
    await open(user);
    fireEvent.drop(dialog().getByTestId('mail-file-drop'), {
      dataTransfer: { files: [new File(['x'], 'notas.txt', { type: 'text/plain' })] },
    });
    await submit(user);
    expect(
      dialog().getByText('Tipo de arquivo inválido. Selecione um arquivo .eml ou .msg.'),
    ).toBeInTheDocument();
    expect(registrations(network.requests)).toEqual([]);

    // Choosing a good one clears the message.
    const input = dialog().getByLabelText('Mensagem salva (.eml ou .msg)');
    await user.upload(input, new File(['From: x'], 'resposta.eml', { type: 'message/rfc822' }));
    expect(dialog().queryByText(/Tipo de arquivo inválido/)).toBeNull();
    await submit(user);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    expect((registrations(network.requests)[0]!.get('arquivo') as File).name).toBe('resposta.eml');
  });

  it('asks for the carrier and the file before sending anything', async () => {
    const { user, network } = setup();
    await open(user, '');
    await submit(user);
    const carrier = dialog().getByRole('combobox', { name: 'Transportador' });
    expect(carrier).toHaveAccessibleDescription('Selecione o transportador que respondeu.');
    expect(dialog().getByText('Selecione o arquivo da mensagem.')).toBeInTheDocument();
    await user.selectOptions(carrier, 'Delta Shipping');
    expect(carrier).not.toHaveAccessibleDescription();
    expect(dialog().getByText('Selecione o arquivo da mensagem.')).toBeInTheDocument();
    expect(registrations(network.requests)).toEqual([]);
    // Only the quote's recipients are offered.
    expect(
      within(carrier)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione o transportador', 'Atlântico Logística', 'Boreal Cargas', 'Delta Shipping']);
  });

  it('registers pasted text', async () => {
    const { user, network } = setup();
    await open(user);
    await user.click(dialog().getByRole('tab', { name: 'Texto' }));
    await submit(user);
    const text = dialog().getByRole('textbox', { name: 'Texto da resposta' });
    expect(text).toHaveAccessibleDescription('Cole o texto da resposta ou anexe o arquivo da cotação.');
    await user.type(text, "Frete 40' USD 2.900,00{enter}Transit time 30 dias");
    expect(text).not.toHaveAccessibleDescription();
    await submit(user);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    const [form] = registrations(network.requests);
    expect(form!.get('modo')).toBe('texto');
    expect(form!.get('texto')).toBe("Frete 40' USD 2.900,00\nTransit time 30 dias");
    expect(form!.get('arquivo')).toBeNull();
    // Left blank: the server dates it now.
    expect(form!.get('recebidaEm')).toBeNull();
  });

  it('registers a quote that came as a file alone (a PDF by WhatsApp), and lists and removes files (QA pass 18)', async () => {
    const { user, network } = setup();
    await open(user);
    await user.click(dialog().getByRole('tab', { name: 'Texto' }));
    expect(dialog().getByText('Nenhum arquivo escolhido.')).toBeInTheDocument();
    const input = dialog().getByLabelText('Anexos da resposta (opcional)');
    await user.upload(input, [
      new File(['%PDF-1.4'], 'cotacao.pdf', { type: 'application/pdf' }),
      new File(['x'], 'foto.jpg', { type: 'image/jpeg' }),
    ]);
    expect(dialog().getByText(/^cotacao\.pdf/)).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Remover foto.jpg' }));
    expect(dialog().queryByText(/^foto\.jpg/)).toBeNull();
    // No text: the file is the answer.
    await submit(user);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    const [form] = registrations(network.requests);
    expect(form!.get('modo')).toBe('texto');
    expect(form!.getAll('anexos').map((file) => (file as File).name)).toEqual(['cotacao.pdf']);
  });

  it('gives the focus back to “Registrar resposta” when the dialog closes', async () => {
    const { user } = setup();
    const opener = await screen.findByRole('button', { name: 'Registrar resposta' }, { timeout: 3_000 });
    await user.click(opener);
    await user.click(dialog().getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar resposta' })).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("sends 'Recebida em' for an answer that came earlier by phone, and refuses one in the future", async () => {
    const { user, network } = setup();
    await open(user);
    // A saved message carries its own date: no field for it.
    expect(dialog().queryByLabelText('Recebida em (opcional)')).toBeNull();
    await user.click(dialog().getByRole('tab', { name: 'Texto' }));
    await user.type(dialog().getByRole('textbox', { name: 'Texto da resposta' }), "Frete 40' USD 2.900,00");
    const when = dialog().getByLabelText('Recebida em (opcional)') as HTMLInputElement;
    expect(when.type).toBe('datetime-local');
    expect(when).toHaveAccessibleDescription(
      'Quando o agente respondeu, se não foi agora: conta no tempo de resposta dele.',
    );
    fireEvent.change(when, { target: { value: toLocalInput(new Date(Date.now() + 2 * 3_600_000)) } });
    await submit(user);
    expect(when).toHaveAccessibleDescription(expect.stringContaining('não pode estar no futuro'));
    expect(registrations(network.requests)).toEqual([]);

    const yesterday = new Date(Date.now() - 20 * 3_600_000);
    yesterday.setSeconds(0, 0);
    fireEvent.change(when, { target: { value: toLocalInput(yesterday) } });
    await submit(user);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    const [form] = registrations(network.requests);
    expect(form!.get('recebidaEm')).toBe(yesterday.toISOString());
  });

  it('checks typed values as the API does, clears each message once corrected and sends them as JSON', async () => {
    const { user, network } = setup();
    await open(user);
    await user.click(dialog().getByRole('tab', { name: 'Valores' }));
    await submit(user);
    expect(dialog().getByText('Informe ao menos um frete ou uma taxa.')).toBeInTheDocument();

    const field = (name: string) => dialog().getByRole('textbox', { name });
    await user.type(field('Valor do frete 1'), '1.850,00');
    await user.type(field('Valor do frete 2'), '2950,5,1');
    await user.click(dialog().getByRole('button', { name: 'Adicionar taxa' }));
    // "1.350": thousands, as in every other amount of the product (it was read as 1,35).
    await user.type(field('Valor da taxa 1'), '1.350');
    await user.selectOptions(dialog().getByRole('combobox', { name: 'Moeda da taxa 1' }), 'BRL');
    await user.type(field('Transit time (dias)'), '32,5');
    await user.type(field('Free time (dias)'), '14');
    await submit(user);
    expect(dialog().queryByText('Informe ao menos um frete ou uma taxa.')).toBeNull();
    expect(field('Valor do frete 2')).toHaveAccessibleDescription('Informe um valor maior que zero.');
    expect(field('Taxa 1')).toHaveAccessibleDescription('Informe o nome da taxa.');
    expect(field('Transit time (dias)')).toHaveAccessibleDescription(
      'Informe um número inteiro de dias entre 0 e 365.',
    );
    expect(field('Valor do frete 1')).not.toHaveAccessibleDescription();
    expect(registrations(network.requests)).toEqual([]);

    // Each correction clears its own message; the others stay until corrected.
    await user.clear(field('Valor do frete 2'));
    await user.type(field('Valor do frete 2'), '2.950,50');
    expect(field('Valor do frete 2')).not.toHaveAccessibleDescription();
    expect(field('Taxa 1')).toHaveAccessibleDescription('Informe o nome da taxa.');
    await user.type(field('Taxa 1'), 'THC');
    expect(field('Taxa 1')).not.toHaveAccessibleDescription();
    // A THC is charged per container (QA pass 5: every typed fee counted once per BL).
    expect(dialog().getByRole('combobox', { name: 'Cobrança da taxa 1' })).toHaveValue('conteiner');
    await user.clear(field('Transit time (dias)'));
    await user.type(field('Transit time (dias)'), '32');
    await user.click(dialog().getByRole('button', { name: 'Adicionar taxa' }));
    await user.type(field('Taxa 2'), 'BL');
    // A BL fee is charged per BL, from its name, until the analyst picks a basis.
    expect(dialog().getByRole('combobox', { name: 'Cobrança da taxa 2' })).toHaveValue('bl');
    await user.selectOptions(dialog().getByRole('combobox', { name: 'Cobrança da taxa 2' }), 'embarque');
    await user.type(field('Taxa 2'), ' fee');
    expect(dialog().getByRole('combobox', { name: 'Cobrança da taxa 2' })).toHaveValue('embarque');
    await user.type(field('Valor da taxa 2'), '75');
    await user.click(dialog().getByRole('button', { name: 'Remover taxa 2' }));
    fireEvent.change(dialog().getByLabelText('Validade da proposta'), { target: { value: '2026-12-30' } });
    await user.type(dialog().getByRole('textbox', { name: 'Observações' }), 'Sujeito a espaço');
    await submit(user);

    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    const [form] = registrations(network.requests);
    expect(form!.get('modo')).toBe('valores');
    // The quote names no container type: a row for 20DC and one for 40HC, as the portal offers.
    expect(JSON.parse(String(form!.get('valores')))).toEqual({
      moeda: 'USD',
      fretes: [
        { unidade: '20DC', valor: 1850, moeda: 'USD', minimo: null, destino: null },
        { unidade: '40HC', valor: 2950.5, moeda: 'USD', minimo: null, destino: null },
      ],
      taxas: [{ nome: 'THC', valor: 1350, moeda: 'BRL', unidade: 'conteiner', minimo: null, destino: null }],
      transitTimeDias: 32,
      freeTimeDias: 14,
      validade: '2026-12-30',
      observacoes: 'Sujeito a espaço',
    });
    // Typed values are extracted at once: the card shows them.
    await waitFor(() =>
      expect(borealCard().getByText("Frete 40'").nextElementSibling).toHaveTextContent('US$ 2.950,50'),
    );
  }, 20_000);

  it('offers W/M with a minimum for an LCL quote, and a port for each price and charge of a two-port quote (QA pass 21)', async () => {
    const lcl = setup({ detail: makeQuoteDetail({ tipoFrete: 'LCL' }) });
    await open(lcl.user);
    await lcl.user.click(dialog().getByRole('tab', { name: 'Valores' }));
    expect(dialog().getByRole('combobox', { name: 'Tipo do frete 1' })).toHaveValue('WM');
    expect(dialog().queryByRole('combobox', { name: 'Tipo do frete 2' })).toBeNull();
    await lcl.user.type(dialog().getByRole('textbox', { name: 'Valor do frete 1' }), '48');
    await lcl.user.type(dialog().getByRole('textbox', { name: 'Mínimo do frete 1' }), '300');
    // A charge on an LCL quote starts per shipment: there is no container to count (QA pass 22).
    await lcl.user.click(dialog().getByRole('button', { name: 'Adicionar taxa' }));
    expect(dialog().getByRole('combobox', { name: 'Cobrança da taxa 1' })).toHaveValue('embarque');
    // The new row takes the focus, not the button below it (QA pass 22).
    expect(dialog().getByRole('textbox', { name: 'Taxa 1' })).toHaveFocus();
    // Per shipment: no minimum. Per W/M, a minimum (QA pass 42c: a charge had none).
    expect(dialog().queryByRole('textbox', { name: 'Mínimo da taxa 1' })).toBeNull();
    await lcl.user.type(dialog().getByRole('textbox', { name: 'Taxa 1' }), 'CFS');
    await lcl.user.type(dialog().getByRole('textbox', { name: 'Valor da taxa 1' }), '95');
    await lcl.user.selectOptions(dialog().getByRole('combobox', { name: 'Cobrança da taxa 1' }), 'wm');
    await lcl.user.type(dialog().getByRole('textbox', { name: 'Mínimo da taxa 1' }), '150');
    await submit(lcl.user);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    const lclSent = JSON.parse(String(registrations(lcl.network.requests)[0]!.get('valores')));
    expect(lclSent.fretes).toEqual([{ unidade: 'WM', valor: 48, moeda: 'USD', minimo: 300, destino: null }]);
    expect(lclSent.taxas).toEqual([
      { nome: 'CFS', valor: 95, moeda: 'USD', unidade: 'wm', minimo: 150, destino: null },
    ]);
    lcl.unmount();

    const ports = setup({ detail: makeQuoteDetail({ destino: 'Santos, BR / Itajaí, BR' }) });
    await open(ports.user);
    await ports.user.click(dialog().getByRole('tab', { name: 'Valores' }));
    // A row per type for each port: 20DC and 40HC at Santos, then at Itajaí.
    expect(
      [1, 2, 3, 4].map((n) => [
        (dialog().getByRole('combobox', { name: `Tipo do frete ${n}` }) as HTMLSelectElement).value,
        (dialog().getByRole('combobox', { name: `Destino do frete ${n}` }) as HTMLSelectElement).value,
      ]),
    ).toEqual([
      ['20DC', 'Santos'],
      ['40HC', 'Santos'],
      ['20DC', 'Itajaí'],
      ['40HC', 'Itajaí'],
    ]);
    await ports.user.type(dialog().getByRole('textbox', { name: 'Valor do frete 2' }), '2.300');
    await ports.user.type(dialog().getByRole('textbox', { name: 'Valor do frete 4' }), '2.450');
    await ports.user.click(dialog().getByRole('button', { name: 'Adicionar frete' }));
    expect(dialog().getByRole('combobox', { name: 'Tipo do frete 5' })).toHaveFocus();
    await ports.user.click(dialog().getByRole('button', { name: 'Remover frete 5' }));
    await ports.user.click(dialog().getByRole('button', { name: 'Adicionar taxa' }));
    await ports.user.type(dialog().getByRole('textbox', { name: 'Taxa 1' }), 'THC');
    await ports.user.type(dialog().getByRole('textbox', { name: 'Valor da taxa 1' }), '1.450');
    expect(dialog().getByRole('combobox', { name: 'Destino da taxa 1' })).toHaveValue('');
    await ports.user.selectOptions(dialog().getByRole('combobox', { name: 'Destino da taxa 1' }), 'Santos');
    await submit(ports.user);
    expect(await screen.findByText(REGISTERED_MESSAGE)).toBeInTheDocument();
    const sent = JSON.parse(String(registrations(ports.network.requests)[0]!.get('valores')));
    expect(sent.fretes).toEqual([
      { unidade: '40HC', valor: 2300, moeda: 'USD', minimo: null, destino: 'Santos' },
      { unidade: '40HC', valor: 2450, moeda: 'USD', minimo: null, destino: 'Itajaí' },
    ]);
    expect(sent.taxas).toEqual([
      { nome: 'THC', valor: 1450, moeda: 'USD', unidade: 'conteiner', minimo: null, destino: 'Santos' },
    ]);
  }, 30_000);

  it("keeps the dialog open with the server's message when the registration fails", async () => {
    const { user } = setup({
      routes: { [`POST ${REGISTER}`]: () => problem(409, 'QUOTE_FINAL', 'A cotação já foi encerrada.') },
    });
    await open(user);
    await user.click(dialog().getByRole('tab', { name: 'Texto' }));
    await user.type(dialog().getByRole('textbox', { name: 'Texto da resposta' }), 'Frete USD 100');
    await submit(user);
    expect(await dialog().findByRole('alert')).toHaveTextContent('A cotação já foi encerrada.');
    expect(dialog().getByRole('textbox', { name: 'Texto da resposta' })).toHaveValue('Frete USD 100');
  });
});
