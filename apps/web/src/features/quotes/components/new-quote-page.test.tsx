import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { defaultPrazo } from './draft';
import { NewQuotePage } from './new-quote-page';

const t = ui.quotes;
type UserEvents = ReturnType<typeof renderAt>['user'];

function setup(routes: Record<string, Handler | StubResponse> = {}, user: User = makeUser()) {
  sessionStore.set({ status: 'ready', user });
  window.localStorage.setItem('token', 'token-123');
  const api = fakeQuotesApi();
  const network = stubNetwork({
    ...api.routes,
    'POST /api/quotes': { status: 201, body: makeQuoteDetail() },
    'POST /api/quotes/create-with-file': { status: 201, body: makeQuoteDetail({ metodoEnvio: 'PDF' }) },
    ...routes,
  });
  const view = renderAt(<NewQuotePage />, '/quotes');
  return { ...view, network, db: api.db };
}

const next = () => screen.getByRole('button', { name: /^Próximo/ });
const stepHeading = () => screen.getByRole('heading', { level: 2 });
const posts = (network: { requests: RecordedRequest[] }) =>
  network.requests.filter((request) => request.method === 'POST');

async function fillManual(user: UserEvents) {
  await user.type(screen.getByRole('textbox', { name: 'Referência do processo' }), 'IMP-2026-015');
  await user.type(screen.getByRole('textbox', { name: 'Origem' }), 'Xangai, China');
  await user.type(screen.getByRole('textbox', { name: 'Destino' }), 'Santos, SP');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Incoterm' }), 'FOB');
  await user.type(screen.getByRole('textbox', { name: 'Tempo de trânsito desejado' }), 'até 35 dias');
}

async function pickGroup(user: UserEvents, name = 'Marítimo Ásia') {
  const groups = await screen.findByRole('list', { name: t.recipients.groupsList });
  await user.click(within(groups).getByRole('checkbox', { name }));
}

describe('the draft kept in this browser (QA pass 10: leaving the wizard lost everything typed)', {
  timeout: 20_000,
}, () => {
  it('comes back where it was left after leaving the page, says so, and asks for the files again', async () => {
    const first = setup();
    await first.user.click(next());
    await fillManual(first.user);
    await first.user.click(next());
    expect(stepHeading()).toHaveTextContent('Destinatários');
    first.unmount();

    const again = setup();
    expect(stepHeading()).toHaveTextContent('Destinatários');
    expect(screen.getByText(/Rascunho recuperado: você continua de onde parou/)).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: /Conteúdo/ }));
    expect(screen.getByRole('textbox', { name: 'Referência do processo' })).toHaveValue('IMP-2026-015');
    expect(screen.getByRole('textbox', { name: 'Origem' })).toHaveValue('Xangai, China');

    await again.user.click(screen.getByRole('button', { name: 'Descartar rascunho' }));
    expect(stepHeading()).toHaveTextContent('Formato');
    again.unmount();
    setup();
    expect(screen.queryByText(/Rascunho recuperado/)).not.toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Formato');
  });

  it('a file is not kept: its name is, to attach it again', async () => {
    const first = setup();
    await first.user.click(screen.getByRole('radio', { name: 'PDF' }));
    await first.user.click(next());
    await first.user.type(screen.getByRole('textbox', { name: 'Referência do processo' }), 'IMP-PDF-1');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await first.user.upload(input, new File(['%PDF-1.4'], 'pedido.pdf', { type: 'application/pdf' }));
    first.unmount();
    setup();
    expect(
      screen.getByText('Anexe de novo: pedido.pdf. Arquivos não ficam guardados no rascunho.'),
    ).toBeInTheDocument();
  });

  it('is gone once the quote is sent', async () => {
    const { user } = setup();
    await user.click(next());
    await fillManual(user);
    expect(window.localStorage.getItem(`quote-draft:${makeUser().id}`)).not.toBeNull();
    await user.click(next());
    await pickGroup(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    await screen.findByText(t.wizard.created);
    expect(window.localStorage.getItem(`quote-draft:${makeUser().id}`)).toBeNull();
  });
});

describe('new quote wizard', { timeout: 20_000 }, () => {
  it('moves forward only on a valid step and back only by clicking an earlier step', async () => {
    const { user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Nova Cotação' })).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: t.wizard.stepsLabel }));
    // Step 1 is current; later steps are not buttons (cannot be reached by click).
    expect(
      screen.getByRole('navigation', { name: t.wizard.stepsLabel }).querySelector('[aria-current="step"]'),
    ).toHaveTextContent(/^1Formato \(etapa atual\)$/);
    expect(steps.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('radio', { name: 'Manual' })).toBeChecked();

    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Conteúdo da cotação');
    expect(stepHeading()).toHaveFocus();
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(t.wizard.incomplete)).toBeInTheDocument();

    // Trying the unavailable button stays on the step and shows every missing field.
    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Conteúdo da cotação');
    expect(screen.getByText('Referência do processo é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('Origem é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('Destino é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Incoterm é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Tempo de trânsito é obrigatório')).toBeInTheDocument();
    // ...and takes the keyboard to the first of them (QA pass 42b: focus stayed on the button).
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Referência do processo' })).toHaveFocus(),
    );

    await fillManual(user);
    expect(next()).not.toHaveAttribute('aria-disabled');
    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Destinatários');
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    expect(steps.getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringMatching(/^1?Formato/),
      expect.stringMatching(/^2?Conteúdo/),
    ]);

    // Back by clicking step 1; what was typed stays.
    await user.click(steps.getByRole('button', { name: /Formato/ }));
    expect(stepHeading()).toHaveTextContent('Formato de envio');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Origem' })).toHaveValue('Xangai, China');
    // The Voltar button goes one step back too.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(stepHeading()).toHaveTextContent('Formato de envio');
  });

  it('refuses a negative weight and a quantity of zero, on the field, before anything is sent (QA pass 42b)', async () => {
    const { user, network } = setup();
    await user.click(next());
    await fillManual(user);
    await user.type(screen.getByRole('textbox', { name: 'Peso bruto total' }), '-1500 kg');
    await user.type(screen.getByRole('textbox', { name: /^Quantidade de volumes/ }), '0 contêineres');
    await user.tab();
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Conteúdo da cotação');
    expect(screen.getByText('Informe um peso bruto maior que zero.')).toBeInTheDocument();
    expect(
      screen.getByText('Informe uma quantidade de volumes maior que zero em cada item.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Peso bruto total' })).toHaveFocus());
    expect(posts(network)).toEqual([]);
  });

  it('prefills the requester, keeps one cargo item at least, makes FTI optional', async () => {
    const { user } = setup();
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Solicitante' })).toHaveValue('Ana Souza');
    expect(screen.getByRole('textbox', { name: 'FTI (opcional)' })).not.toBeRequired();
    expect(screen.getByRole('combobox', { name: 'Tipo de frete' })).toHaveValue('FCL');
    expect(
      within(screen.getByRole('combobox', { name: 'Tipo de frete' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['FCL', 'LCL', 'AÉREO', 'RODOVIÁRIO']);
    expect(
      within(screen.getByRole('combobox', { name: 'Incoterm' }))
        .getAllByRole('option')
        .map((option) => option.textContent)
        .slice(1),
    ).toEqual(['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF']);

    const removeFirst = screen.getByRole('button', { name: 'Remover item 1' });
    expect(removeFirst).toHaveAttribute('aria-disabled', 'true');
    await user.click(removeFirst);
    expect(screen.getAllByRole('textbox', { name: /^Mercadoria/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Mercadoria (Item 2)' })).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: 'Mercadoria (Item 2)' }), 'Rolamentos');
    await user.click(screen.getByRole('button', { name: 'Remover item 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Mercadoria/ })).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Mercadoria (Item 1)' })).toHaveValue('Rolamentos');
  });

  it('defaults the deadline to 7 days from now and refuses past dates', async () => {
    const before = defaultPrazo();
    const { user } = setup();
    await user.click(next());
    const prazo = screen.getByLabelText(/^Prazo limite de resposta/) as HTMLInputElement;
    expect(prazo.type).toBe('datetime-local');
    expect([before, defaultPrazo()]).toContain(prazo.value);
    expect(prazo.min <= prazo.value).toBe(true);

    await fillManual(user);
    fireEvent.change(prazo, { target: { value: '2020-01-01T10:00' } });
    fireEvent.blur(prazo);
    expect(await screen.findByText('O prazo de resposta não pode estar no passado.')).toBeInTheDocument();
    expect(next()).toHaveAttribute('aria-disabled', 'true');

    // Cleared, it goes back to the 7-day default.
    fireEvent.change(prazo, { target: { value: '' } });
    fireEvent.blur(prazo);
    expect([before, defaultPrazo()]).toContain(prazo.value);
    expect(next()).not.toHaveAttribute('aria-disabled');
  });

  it('sends the manual quote as JSON, shows the success and opens /sent-quotes after 2 s', async () => {
    const { user, network } = setup();
    await user.click(next());
    await fillManual(user);
    await user.type(screen.getByRole('textbox', { name: 'FTI (opcional)' }), 'FTI-8891');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de frete' }), 'LCL');
    await user.click(screen.getByRole('checkbox', { name: 'Preferência por rota direta' }));
    await user.click(screen.getByRole('switch', { name: 'Carga perigosa' }));
    await user.type(screen.getByRole('textbox', { name: 'Mercadoria (Item 1)' }), 'Peças automotivas');
    await user.type(screen.getByRole('textbox', { name: 'Quantidade de volumes (Item 1)' }), '20 pallets');
    await user.click(next());

    // Groups show their member count; an empty group cannot be chosen.
    const groups = await screen.findByRole('list', { name: t.recipients.groupsList });
    expect(within(groups).getByText('2 agente(s) de carga')).toBeInTheDocument();
    expect(within(groups).getByRole('checkbox', { name: 'Aéreo EUA' })).toBeDisabled();
    await pickGroup(user);
    expect(screen.getByText('0 agente(s) de carga e 1 grupo(s) selecionado(s)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cópia oculta (CCO)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.click(next());

    expect(stepHeading()).toHaveTextContent('Revisão');
    expect(screen.getByText('Xangai, China → Santos, SP')).toBeInTheDocument();
    expect(screen.getByText('Peças automotivas · 20 pallets · Não informado')).toBeInTheDocument();
    expect(screen.getByText('Cotação {código gerado no envio} -')).toBeInTheDocument();
    const subject = screen.getByRole('textbox', { name: 'Assunto' });
    expect(subject).toHaveValue('IMP-2026-015');
    await user.clear(subject);
    await user.type(subject, 'Peças da China');
    // The preview is the server's own text until edited: each value once.
    const body = () => screen.getByTestId('email-preview') as HTMLTextAreaElement;
    expect(body()).toHaveAccessibleName('Corpo do e-mail (prévia)');
    expect(body().value).toContain('Origem: Xangai, China');
    expect(body().value.split('Xangai, China').length).toBe(2);
    await user.click(screen.getByRole('radio', { name: 'Inglês' }));
    expect(body().value).toContain('Origin: Xangai, China');
    expect(body().value).toContain('Best regards,\nAna Souza');
    // The server's English subject starts with 'Quotation'.
    // The code placeholder in the e-mail's language, as in the body below (QA pass 15).
    expect(screen.getByText('Quotation {code assigned on sending} -')).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
      // (findBy/waitFor wait on setTimeout, which is fake here: plain queries after each step.)
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('Cotação criada com sucesso!')).toBeInTheDocument();
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1_999));
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByTestId('location')).toHaveTextContent('/sent-quotes');
    } finally {
      vi.useRealTimers();
    }

    const sent = posts(network);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/quotes');
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-123');
    expect(sent[0]!.body).toEqual({
      nomeSolicitante: 'Ana Souza',
      referenciaProcesso: 'IMP-2026-015',
      tipoFrete: 'LCL',
      prazoResposta: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/),
      fti: 'FTI-8891',
      metodoEnvio: 'EMAIL',
      descricaoGeral: null,
      descricaoAdicional: null,
      idiomaEmail: 'en',
      tituloEmail: 'Peças da China',
      modoEnvio: 'individual',
      destinatarios: { transportadores: [], grupos: [ids.g1] },
      cargaPerigosa: true,
      origem: 'Xangai, China',
      destino: 'Santos, SP',
      incoterm: 'FOB',
      tempoTransito: 'até 35 dias',
      preferenciaRota: true,
      evitarRota: null,
      evitarArmador: null,
      pesoBrutoTotal: null,
      valorMercadoria: null,
      observacoes: null,
      itens: [{ mercadoria: 'Peças automotivas', quantidadeVolumes: '20 pallets', dimensoes: null }],
    });
    const prazo = new Date((sent[0]!.body as { prazoResposta: string }).prazoResposta).getTime();
    expect(Math.abs(prazo - (Date.now() + 7 * 86_400_000))).toBeLessThan(5 * 60_000);
  });

  it('edits the e-mail body in the preview, per language, and sends exactly what was previewed', async () => {
    const { user, network } = setup();
    await user.click(next());
    await fillManual(user);
    await user.click(next());
    await pickGroup(user);
    await user.click(next());
    const body = () =>
      screen.getByRole('textbox', { name: 'Corpo do e-mail (prévia)' }) as HTMLTextAreaElement;
    expect(body().value).toContain('Código: {código gerado no envio}');
    expect(screen.queryByRole('button', { name: 'Restaurar texto gerado a partir dos dados' })).toBeNull();

    // Edited in Portuguese: a line added after the greeting.
    const generatedPt = body().value;
    await user.click(body());
    body().setSelectionRange('Prezados,'.length, 'Prezados,'.length);
    await user.keyboard('{Enter}Favor priorizar saída em dezembro.');
    const editedPt = generatedPt.replace('Prezados,', 'Prezados,\nFavor priorizar saída em dezembro.');
    expect(body().value).toBe(editedPt);

    // English has its own text (its own code placeholder); Portuguese keeps the edit.
    await user.click(screen.getByRole('radio', { name: 'Inglês' }));
    expect(body().value).toContain('Reference code: {code assigned on sending}');
    expect(body().value).not.toContain('dezembro');
    await user.click(screen.getByRole('radio', { name: 'Português' }));
    expect(body().value).toBe(editedPt);

    // Restoring brings the generated text back; edit again and send.
    await user.click(screen.getByRole('button', { name: 'Restaurar texto gerado a partir dos dados' }));
    expect(body().value).toBe(generatedPt);
    await user.clear(body());
    await user.type(body(), 'Prezados,{Enter}{Enter}Segue a cotação {{código gerado no envio}.');
    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    await screen.findByText('Cotação criada com sucesso!');
    const sent = posts(network).find((request) => request.url === '/api/quotes')!;
    expect(sent.body).toMatchObject({
      idiomaEmail: 'pt',
      descricaoGeral: 'Prezados,\n\nSegue a cotação {código gerado no envio}.',
    });
  });

  it('sends a PDF quote as multipart with the request file, the dangerous-cargo document and upload progress', async () => {
    let release: (() => void) | undefined;
    const { user, network } = setup({
      'POST /api/quotes/create-with-file': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: makeQuoteDetail({ metodoEnvio: 'PDF' }) });
        }),
    });
    await user.click(screen.getByRole('radio', { name: 'PDF' }));
    await user.click(next());
    expect(screen.queryByRole('textbox', { name: 'Origem' })).not.toBeInTheDocument();
    const fileInput = screen.getByLabelText(/^Arquivo PDF da cotação/);

    // The type is checked before anything is sent.
    // A person can pick any file with the picker's "all files" option: the accept list is only a hint.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(fileInput, new File(['x'], 'notas.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText('Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.'),
    ).toBeInTheDocument();
    expect(next()).toHaveAttribute('aria-disabled', 'true');
    // A refused file is not listed as selected (issue 30).
    expect(screen.queryByText(/Arquivo selecionado: notas\.txt/)).toBeNull();
    expect(screen.getByText(/Arquivo recusado: notas\.txt/)).toBeInTheDocument();

    // A text file named .pdf is refused when chosen, by its content (QA pass 10: only at sending).
    await user.upload(fileInput, new File(['só texto'], 'nao-e-pdf.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText(
        'O conteúdo de nao-e-pdf.pdf não é de um PDF. Escolha o arquivo PDF do pedido.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Arquivo recusado: nao-e-pdf\.pdf/)).toBeInTheDocument();

    await user.upload(fileInput, new File(['%PDF-1.7'], 'pedido.pdf', { type: 'application/pdf' }));
    await screen.findByText(/Arquivo selecionado: pedido\.pdf/);
    expect(screen.queryByText(/Arquivo recusado/)).toBeNull();
    expect(screen.queryByText(/Tipo de arquivo inválido/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Referência do processo' }), 'IMP-2026-016');
    expect(screen.queryByLabelText(/Documento da carga perigosa/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Carga perigosa' }));
    const dangerous = screen.getByLabelText(/Documento da carga perigosa/);
    await anyFile.upload(dangerous, new File(['x'], 'fispq.gif', { type: 'image/gif' }));
    expect(
      await screen.findByText(
        'Tipo de arquivo inválido para o documento de carga perigosa. Use PDF, DOC, DOCX, JPG ou PNG.',
      ),
    ).toBeInTheDocument();
    await user.upload(dangerous, new File(['png'], 'fispq.png', { type: 'image/png' }));
    await user.click(next());

    await pickGroup(user);
    const carriers = await screen.findByRole('list', { name: t.recipients.carriersList });
    await user.click(within(carriers).getByRole('checkbox', { name: 'Boreal Cargas' }));
    expect(within(carriers).getByRole('checkbox', { name: /Cruzeiro Freight/ })).toBeDisabled();
    await user.click(next());
    // The dangerous-cargo document is said too (QA pass 10: it went, but the line left it out).
    expect(
      screen.getByText(
        'Anexos: o PDF da cotação, o arquivo pedido.pdf e o documento da carga perigosa fispq.png.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('email-preview')).toHaveTextContent(
      'Os arquivos da solicitação seguem em anexo.',
    );

    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    const bar = await screen.findByRole('progressbar', { name: t.wizard.progressLabel });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Enviando arquivos... 50%')).toBeInTheDocument();
    release?.();
    expect(await screen.findByText('Cotação criada com sucesso!')).toBeInTheDocument();

    const sent = posts(network);
    expect(sent.map((request) => request.url)).toEqual(['/api/quotes/create-with-file']);
    expect(sent[0]!.headers.Authorization).toBe('Bearer token-123');
    const form = sent[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('metodoEnvio')).toBe('PDF');
    expect(form.get('nomeSolicitante')).toBe('Ana Souza');
    expect(form.get('referenciaProcesso')).toBe('IMP-2026-016');
    expect(form.get('tipoFrete')).toBe('FCL');
    expect(form.get('cargaPerigosa')).toBe('true');
    expect(form.get('modoEnvio')).toBe('bcc');
    expect(form.get('idiomaEmail')).toBe('pt');
    expect(form.get('tituloEmail')).toBe('IMP-2026-016');
    expect(form.get('prazoResposta')).toMatch(/Z$/);
    expect(form.get('descricaoGeral')).toBeNull();
    expect(form.get('fti')).toBeNull();
    expect(form.get('destinatarios[grupos]')).toBe(JSON.stringify([ids.g1]));
    expect(form.get('destinatarios[transportadores]')).toBe(JSON.stringify([ids.a2]));
    expect(form.get('itens')).toBe('[]');
    expect((form.get('file') as File).name).toBe('pedido.pdf');
    expect((form.get('dangerousCargoFile') as File).name).toBe('fispq.png');
  });

  it("shows the server's message, else 'Erro ao criar cotação'", async () => {
    let answer: StubResponse = problem(
      400,
      'VALIDATION_FAILED',
      'O prazo de resposta não pode estar no passado.',
    );
    const { user } = setup({ 'POST /api/quotes': () => answer });
    await user.click(next());
    await fillManual(user);
    await user.click(next());
    await pickGroup(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O prazo de resposta não pode estar no passado.',
    );

    answer = { status: 500, body: '', contentType: 'text/plain' };
    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erro ao criar cotação'));
    expect(stepHeading()).toHaveTextContent('Revisão');
  });

  it('hands a 403 to the company-error notice instead of an inline message', async () => {
    const { user } = setup({
      'POST /api/quotes': problem(
        403,
        'EMPRESA_REQUIRED',
        'Usuário precisa estar vinculado a uma empresa para realizar esta ação.',
      ),
    });
    await user.click(next());
    await fillManual(user);
    await user.click(next());
    await pickGroup(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    expect(await screen.findByText(ui.empresaRequired)).toBeInTheDocument();
    expect(
      screen.queryByText('Usuário precisa estar vinculado a uma empresa para realizar esta ação.'),
    ).toBeNull();
    expect(screen.queryByText('Erro ao criar cotação')).toBeNull();
  });

  it("says 'Usuário não vinculado a empresa' without a company and sends nothing", async () => {
    const { user, network } = setup({}, makeUser({ empresaId: null }));
    expect(screen.getByText('Usuário não vinculado a empresa')).toBeInTheDocument();
    await user.click(next());
    await fillManual(user);
    await user.click(next());
    await pickGroup(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enviar Cotação' }));
    expect(screen.getAllByText('Usuário não vinculado a empresa')).toHaveLength(2);
    expect(posts(network)).toHaveLength(0);
  });

  it('creates a carrier inline and selects it; creates a group inline', async () => {
    const created = {
      id: ids.a4,
      nome: 'Delta Shipping',
      email: 'a@delta.com;b@delta.com',
      grupos: [],
      ativo: true,
    };
    const { user, network, db } = setup({
      'POST /api/transporters': () => {
        db.carriers.push(created);
        return { status: 201, body: created };
      },
      'POST /api/groups': (request) => {
        const body = request.body as { nome: string; descricao: string | null };
        const grupo = {
          id: 'g-new',
          ...body,
          cor: '#0066CC',
          ativo: true,
          data_criacao: '03/03/2026',
          transportadores: [],
        };
        db.groups.push(grupo);
        return { status: 201, body: grupo };
      },
    });
    await user.click(next());
    await fillManual(user);
    await user.click(next());

    await user.click(screen.getByRole('button', { name: 'Novo agente de carga' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Novo agente de carga' }));
    await user.click(dialog.getByRole('button', { name: 'Cadastrar e selecionar' }));
    expect(dialog.getByText('O nome do agente de carga é obrigatório.')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Delta Shipping');
    await user.type(dialog.getByRole('textbox', { name: 'E-mails' }), 'a@delta.com; b@delta.com');
    await user.click(dialog.getByRole('button', { name: 'Cadastrar e selecionar' }));
    expect(await screen.findByText('Transportador criado e selecionado com sucesso!')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url === '/api/transporters')?.body).toEqual({
      nome: 'Delta Shipping',
      email: 'a@delta.com;b@delta.com',
      grupos: [],
      ativo: true,
    });
    expect(screen.getByRole('button', { name: 'Remover Delta Shipping' })).toBeInTheDocument();
    expect(screen.getByText('1 agente(s) de carga e 0 grupo(s) selecionado(s)')).toBeInTheDocument();
    expect(next()).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('button', { name: 'Novo grupo' }));
    const groupDialog = within(screen.getByRole('dialog', { name: 'Novo grupo' }));
    await user.type(groupDialog.getByRole('textbox', { name: 'Nome' }), 'Rodoviário Sul');
    await user.click(groupDialog.getByRole('button', { name: 'Criar grupo' }));
    expect(await screen.findByText('Grupo criado com sucesso!')).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Destinatários');
    expect(
      network.requests.find((request) => request.url === '/api/groups' && request.method === 'POST')?.body,
    ).toEqual({ nome: 'Rodoviário Sul', descricao: null });
    const groups = await screen.findByRole('list', { name: t.recipients.groupsList });
    await waitFor(() => expect(within(groups).getByText('Rodoviário Sul')).toBeInTheDocument());
  });

  it("shows 'Erro ao criar transportador' when the carrier cannot be created", async () => {
    const { user } = setup({
      'POST /api/transporters': { status: 500, body: '', contentType: 'text/plain' },
    });
    await user.click(next());
    await fillManual(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Novo agente de carga' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Novo agente de carga' }));
    await user.type(dialog.getByRole('textbox', { name: 'Nome' }), 'Delta Shipping');
    await user.type(dialog.getByRole('textbox', { name: 'E-mails' }), 'a@delta.com');
    await user.click(dialog.getByRole('button', { name: 'Cadastrar e selecionar' }));
    expect(await dialog.findByText('Erro ao criar transportador')).toBeInTheDocument();
  });

  it('searches carriers on the server (debounced) and groups by name ignoring accents', async () => {
    const { user, network } = setup();
    await user.click(next());
    await fillManual(user);
    await user.click(next());
    await screen.findByRole('list', { name: t.recipients.carriersList });
    await user.type(screen.getByRole('searchbox', { name: t.recipients.searchCarriers }), 'boreal');
    await waitFor(() =>
      expect(
        network.requests.some((request) => request.url === '/api/transporters?search=boreal&page=1&limit=50'),
      ).toBe(true),
    );
    expect(network.requests.filter((request) => request.url.includes('search=bor&'))).toHaveLength(0);
    const carriers = screen.getByRole('list', { name: t.recipients.carriersList });
    await waitFor(() => expect(within(carriers).getAllByRole('checkbox')).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: t.recipients.searchGroups }), 'maritimo');
    const groups = screen.getByRole('list', { name: t.recipients.groupsList });
    expect(
      within(groups)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-labelledby')),
    ).toHaveLength(1);
    expect(within(groups).getByRole('checkbox', { name: 'Marítimo Ásia' })).toBeInTheDocument();
  });
});
