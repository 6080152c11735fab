import { formatMessage } from '@cotacoes/shared/messages/errors';
import { inboundTexts } from '@cotacoes/shared/messages/inbound';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { act, screen, waitFor, within } from '@testing-library/react';
import { quoteResponsesKey } from '@/api/quote-keys';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { fakeQuotesApi, ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { fakeResponsesApi, makeDados, makeEntry, makeVersion } from '@/testing/fake-responses-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

// A deadline ahead: carriers not heard from are still awaited (a passed deadline is tested apart).
const quote = makeQuoteDetail({ prazoResposta: '2099-03-10T15:00:00.000Z' });
const [atlantico, boreal, delta] = quote.destinatarios as [
  QuoteDetail['destinatarios'][number],
  QuoteDetail['destinatarios'][number],
  QuoteDetail['destinatarios'][number],
];

function entries(): ResponseEntry[] {
  return [
    makeEntry(atlantico, [makeVersion()], { tempoRespostaMinutos: 3 * 60 + 17 }),
    makeEntry(boreal),
    makeEntry(delta, [], { falhaEntrega: '550 5.1.1 Caixa postal inexistente' }),
  ];
}

function setup(list: ResponseEntry[] = entries(), detail: QuoteDetail = quote) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const quotes = fakeQuotesApi({ details: [detail] });
  const responses = fakeResponsesApi(ids.q1, list);
  const network = stubNetwork({ ...quotes.routes, ...responses.routes });
  const view = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { ...view, network, db: responses.db };
}

const cards = () => screen.findByRole('list', { name: 'Respostas dos transportadores' }, { timeout: 3_000 });
const card = async (name: string) =>
  within((await within(await cards()).findByRole('heading', { name }, { timeout: 3_000 })).closest('li')!);
const responseCalls = (network: ReturnType<typeof setup>['network']) =>
  network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}/respostas`);

afterEach(() => {
  vi.useRealTimers();
});

describe('response cards', () => {
  it('shows the answer progress and a waiting carrier', async () => {
    setup();
    const boreal = await card('Boreal Cargas');
    expect(boreal.getByText('Pendente', { selector: '[title="Situação da resposta"]' })).toBeInTheDocument();
    expect(boreal.getByText('Aguardando resposta')).toBeInTheDocument();
    expect(boreal.getByText('Envio na fila')).toBeInTheDocument();
    expect(boreal.queryByText(/Versão/)).toBeNull();
    const progress = screen.getByRole('progressbar', { name: 'Respostas recebidas' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(progress).toHaveAttribute('aria-valuemax', '3');
    expect(screen.getByText('1 de 3 responderam')).toBeInTheDocument();
  });

  it("a receipt set aside shows on the carrier's card; 'Contar como resposta' makes it the answer", async () => {
    const list = entries();
    list[1] = makeEntry(boreal, [], {
      respostaAutomatica: {
        mensagemId: 'm-recibo',
        recebidaEm: '2026-03-03T13:05:00.000Z',
        tipo: 'confirmacao',
      },
    });
    list[0] = makeEntry(atlantico, [makeVersion()], {
      respostaAutomatica: {
        mensagemId: 'm-ferias',
        recebidaEm: '2026-03-04T12:00:00.000Z',
        tipo: 'automatica',
      },
    });
    const { user, network } = setup(list);
    // A carrier that already answered: the out-of-office is shown, not offered as its answer.
    const answered = await card('Atlântico Logística');
    expect(answered.getByText(/Resposta automática em 04\/03\/2026, 09:00/)).toBeInTheDocument();
    expect(answered.queryByRole('button', { name: /Contar como resposta/ })).toBeNull();
    const borealCard = await card('Boreal Cargas');
    expect(
      borealCard.getByText(
        'Confirmação de recebimento em 03/03/2026, 10:05, sem cotação: não conta como resposta.',
      ),
    ).toBeInTheDocument();
    expect(borealCard.getByText('Aguardando resposta')).toBeInTheDocument();
    expect(
      borealCard.getByRole('link', { name: 'Ver a mensagem de Boreal Cargas que não contou como resposta' }),
    ).toHaveAttribute('href', `/quotes/${ids.q1}?aba=historico&mensagem=m-recibo`);
    await user.click(
      borealCard.getByRole('button', { name: 'Contar como resposta a mensagem de Boreal Cargas' }),
    );
    expect(
      await screen.findByText('Mensagem contada como resposta. Os valores estão sendo lidos.'),
    ).toBeInTheDocument();
    const counted = await card('Boreal Cargas');
    expect(await counted.findByText('Respondido', undefined, { timeout: 3_000 })).toBeInTheDocument();
    expect(counted.queryByText(/não conta como resposta/)).toBeNull();
    expect(counted.getByText('Extração em andamento…')).toBeInTheDocument();
    expect(
      network.requests.some(
        (request) =>
          request.method === 'POST' &&
          request.url === `/api/quotes/${ids.q1}/mensagens/m-recibo/contar-como-resposta`,
      ),
    ).toBe(true);
  });

  it('a reply that announced a file and brought none says so, and can be counted (QA pass 18)', async () => {
    const list = entries();
    list[1] = makeEntry(boreal, [], {
      respostaAutomatica: {
        mensagemId: 'm-sem-anexo',
        recebidaEm: '2026-03-03T13:05:00.000Z',
        tipo: 'semAnexo',
      },
    });
    setup(list);
    const borealCard = await card('Boreal Cargas');
    expect(
      borealCard.getByText(
        'Mensagem de 03/03/2026, 10:05 diz que a cotação segue em anexo, mas não trouxe arquivo: não conta como resposta. Peça o anexo ao agente de carga.',
      ),
    ).toBeInTheDocument();
    expect(borealCard.getByText('Aguardando resposta')).toBeInTheDocument();
    expect(
      borealCard.getByRole('button', { name: 'Contar como resposta a mensagem de Boreal Cargas' }),
    ).toBeInTheDocument();
  });

  it('an answer within the first minute reads "menos de 1 min", not "0 min"', async () => {
    setup([makeEntry(atlantico, [makeVersion()], { tempoRespostaMinutos: 0.3 })]);
    expect((await card('Atlântico Logística')).getByText('Respondeu em menos de 1 min')).toBeInTheDocument();
  });

  it('summarises an answered carrier with its confidence, answer time and a link to the message', async () => {
    setup();
    const atlantico = await card('Atlântico Logística');
    expect(atlantico.getByText('Respondido')).toBeInTheDocument();
    expect(atlantico.getByText('Enviado em 03/03/2026, 09:31')).toBeInTheDocument();
    // Minutes, not tenths of an hour (3.3 h would have read '3 h 18 min').
    expect(atlantico.getByText('Respondeu em 3 h 17 min')).toBeInTheDocument();
    const summary = within(atlantico.getByRole('group', { name: 'Resumo extraído de Atlântico Logística' }));
    const value = (label: string) => summary.getByText(label).nextElementSibling;
    expect(value("Frete 20'")).toHaveTextContent('US$ 1.850,00');
    expect(value("Frete 40'")).toHaveTextContent('US$ 2.950,00');
    // The TOTAL line is left out (spec 001 §5); each fee with its unit, never a sum of unlike units.
    expect(value('Taxas')).toHaveTextContent(
      'THC R$ 1.350,00/contêiner · BL US$ 75,00/contêiner (valores unitários; os totais com as quantidades estão na Comparação)',
    );
    expect(value('Transit time')).toHaveTextContent('32 dias');
    expect(value('Free time')).toHaveTextContent('14 dias');
    expect(value('Validade')).toHaveTextContent('30/12/2026');
    expect(value('Pagamento')).toHaveTextContent('30 dias após o embarque');
    const badge = atlantico.getByTitle('Confiança');
    expect(badge).toHaveTextContent('92%');
    expect(badge).toHaveAttribute('data-level', 'high');
    expect(atlantico.getByText('Versão 1 de 1')).toBeInTheDocument();
    expect(atlantico.queryByRole('combobox')).toBeNull();
    const link = atlantico.getByRole('link', { name: 'Ver mensagem de Atlântico Logística' });
    expect(link).toHaveAttribute('href', `/quotes/${ids.q1}?aba=historico&mensagem=m-1`);
  });

  it.each([
    [0.65, 'medium', '65%'],
    [0.3, 'low', '30%'],
  ])('colours a confidence of %s as %s', async (confidence, level, text) => {
    const version = makeVersion({ dadosExtraidos: makeDados({ confidence_overall: confidence }) });
    setup([makeEntry(atlantico, [version])]);
    const badge = (await card('Atlântico Logística')).getByTitle('Confiança');
    expect(badge).toHaveAttribute('data-level', level);
    expect(badge).toHaveTextContent(text);
  });

  it("a carrier that declined reads 'Declinou a cotação', not a confidence and 'Nenhum valor identificado'", async () => {
    const dados = makeDados({
      fretes: [],
      taxas: { itens: [] },
      preco_por_container_20: null,
      preco_por_container_40: null,
      confidence_overall: 0.24,
      declinou: true,
    } as Parameters<typeof makeDados>[0]);
    setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: dados, flags: { declinou: true } })])]);
    const declinedCard = await card('Atlântico Logística');
    const summary = within(
      declinedCard.getByRole('group', { name: 'Resumo extraído de Atlântico Logística' }),
    );
    expect(summary.getByText('Declinou a cotação')).toBeInTheDocument();
    expect(summary.queryByText('Nenhum valor identificado nesta resposta.')).toBeNull();
    expect(summary.queryByTitle('Confiança')).toBeNull();
    expect(declinedCard.queryByText('24%')).toBeNull();
    // Still an answer: the carrier answered, and its message is linked.
    expect(declinedCard.getByText('Respondido')).toBeInTheDocument();
    expect(
      declinedCard.getByRole('link', { name: 'Ver mensagem de Atlântico Logística' }),
    ).toBeInTheDocument();
  });

  it('a reply with several options says which one the figures come from, and names the others', async () => {
    const option = (kind: string, title: string, recomendada?: boolean) => ({
      kind,
      startLine: 1,
      endLine: 1,
      title,
      origin: 'body',
      lines: [title],
      ...(recomendada === undefined ? {} : { recomendada }),
    });
    const withOptions = (recomendada?: boolean) => ({
      ...makeDados(),
      blocks: [
        option(
          'alternative_discarded',
          'Opção 1: MSC USD 2.900/40HC, 35 dias.',
          recomendada === undefined ? undefined : false,
        ),
        option('alternative', 'Opção 2: COSCO USD 2.750/40HC, 38 dias.', recomendada),
      ],
    });
    const view = setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: withOptions(true) })])]);
    const note = async () => {
      const optionCard = await card('Atlântico Logística');
      return optionCard.getByText(/A resposta traz 2 opções/);
    };
    expect((await note()).textContent).toBe(
      'A resposta traz 2 opções. Valores lidos da opção recomendada pelo agente: “Opção 2: COSCO USD 2.750/40HC, 38 dias.”. Não contada(s): “Opção 1: MSC USD 2.900/40HC, 35 dias.”.',
    );
    view.unmount();
    const first = setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: withOptions(false) })])]);
    expect((await note()).textContent).toMatch(/não recomenda nenhuma\. Valores lidos da primeira: “Opção 2/);
    first.unmount();
    // A reading stored before the extraction said it: no claim about a recommendation.
    setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: withOptions(undefined) })])]);
    expect((await note()).textContent).toBe(
      'A resposta traz 2 opções. Valores lidos de “Opção 2: COSCO USD 2.750/40HC, 38 dias.”. Não contada(s): “Opção 1: MSC USD 2.900/40HC, 35 dias.”.',
    );
  });

  it('a reply of one offer says nothing about options', async () => {
    setup([makeEntry(atlantico, [makeVersion()])]);
    const plain = await card('Atlântico Logística');
    await plain.findByRole('group', { name: 'Resumo extraído de Atlântico Logística' });
    expect(plain.queryByText(/opções/)).toBeNull();
  });

  it("says which file could not be read and why, not only 'Nenhum valor identificado' (QA pass 9)", async () => {
    const dados = makeDados({ fretes: [], taxas: { itens: [] }, confidence_overall: 0 });
    dados.detect.reasons = [
      'nenhum valor de frete encontrado',
      'proposta.pdf: não foi possível ler o arquivo (pdf): o arquivo é protegido por senha',
    ];
    setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: dados })])]);
    const alert = (await card('Atlântico Logística')).getByText(/O que não pôde ser lido/);
    expect(alert).toHaveTextContent(
      'O que não pôde ser lido: proposta.pdf: não foi possível ler o arquivo (pdf): o arquivo é protegido por senha. Peça o arquivo em outro formato',
    );
    expect(alert).not.toHaveTextContent('nenhum valor de frete encontrado');
  });

  it('an empty reply says it came without text, not only "Nenhum valor identificado" (QA pass 40b)', async () => {
    const dados = makeDados({
      fretes: [],
      preco_por_container_20: null,
      preco_por_container_40: null,
      taxas: { itens: [] },
      transit_time_dias: null,
      free_time_destino_dias: null,
      validadeProposta: null,
      confidence_overall: 0,
    });
    dados.detect.reasons = [
      'nenhum valor de frete encontrado',
      'sem texto de resposta: mensagem vazia ou só com a mensagem citada',
    ];
    setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: dados, condicoesPagamento: null })])]);
    const summary = await card('Atlântico Logística');
    expect(await summary.findByText(/A mensagem chegou sem texto de resposta/)).toBeInTheDocument();
    expect(summary.queryByText('Nenhum valor identificado nesta resposta.')).toBeNull();
  });

  it('says a message naming another quote was read only where it speaks of this one (QA pass 41b)', async () => {
    const dados = makeDados();
    dados.detect.reasons = ['valores de outra cotação ignorados: COT-2026-0010'];
    setup([makeEntry(atlantico, [makeVersion({ dadosExtraidos: dados })])]);
    expect(
      await (await card('Atlântico Logística')).findByText(
        /A mensagem fala também de outra cotação \(COT-2026-0010\): foram lidos só os valores desta/,
      ),
    ).toBeInTheDocument();
  });

  it('says when the extraction is still running or failed', async () => {
    setup([
      makeEntry(atlantico, [makeVersion({ extracao: 'pendente', dadosExtraidos: null })]),
      makeEntry(boreal, [
        makeVersion({
          id: 'v-b',
          extracao: 'falhou',
          dadosExtraidos: null,
          extracaoErro: 'O anexo está protegido por senha.',
        }),
      ]),
    ]);
    const running = await card('Atlântico Logística');
    expect(running.getByRole('status')).toHaveTextContent('Extração em andamento…');
    expect(running.queryByTitle('Confiança')).toBeNull();
    const failed = await card('Boreal Cargas');
    expect(failed.getByRole('alert')).toHaveTextContent(
      'Não foi possível extrair os valores desta resposta.O anexo está protegido por senha.',
    );
  });

  it('a version being read is asked for again within seconds, and its figures replace the spinner', async () => {
    const list = [makeEntry(atlantico, [makeVersion({ extracao: 'pendente', dadosExtraidos: null })])];
    const { db, network } = setup(list);
    const running = await card('Atlântico Logística');
    expect(running.getByRole('status')).toHaveTextContent('Extração em andamento…');
    const asked = responseCalls(network).length;
    // The reading ends on the server.
    db.entries[0] = makeEntry(atlantico, [makeVersion()]);
    // Within the 2 s poll, not the 15 s one (QA pass 5).
    await waitFor(() => expect(responseCalls(network).length).toBeGreaterThan(asked), { timeout: 3_500 });
    const done = await card('Atlântico Logística');
    await waitFor(() =>
      expect(done.getByText("Frete 40'").nextElementSibling).toHaveTextContent('US$ 2.950,00'),
    );
  });

  it("'Tentar ler de novo' asks for a new reading of a failed one and shows it running", async () => {
    const { user, network } = setup([
      makeEntry(atlantico, [makeVersion()]),
      makeEntry(boreal, [
        makeVersion({ id: 'v-b', extracao: 'falhou', dadosExtraidos: null, extracaoErro: 'Tempo esgotado.' }),
      ]),
    ]);
    const failed = await card('Boreal Cargas');
    // Only under a failed reading.
    expect(
      (await card('Atlântico Logística')).queryByRole('button', { name: /Tentar ler de novo/ }),
    ).toBeNull();
    await user.click(failed.getByRole('button', { name: 'Tentar ler de novo a resposta de Boreal Cargas' }));
    expect(
      await screen.findByText('Lendo a resposta de novo. Os valores aparecem aqui em instantes.'),
    ).toBeInTheDocument();
    expect(
      network.requests.filter(
        (r) => r.method === 'POST' && r.url === `/api/quotes/${ids.q1}/respostas/v-b/ler-de-novo`,
      ),
    ).toHaveLength(1);
    expect((await card('Boreal Cargas')).getByRole('status')).toHaveTextContent('Extração em andamento…');
  });

  it('marks an answer received after the quote’s deadline (it still counts)', async () => {
    setup(
      [
        makeEntry(atlantico, [makeVersion()], { respondeuEm: '2026-03-11T10:00:00.000Z' }),
        makeEntry(boreal, [makeVersion({ id: 'v-b' })], { respondeuEm: '2026-03-09T10:00:00.000Z' }),
      ],
      makeQuoteDetail({ prazoResposta: '2026-03-10T15:00:00.000Z' }),
    );
    const late = (await card('Atlântico Logística')).getByText('Após o prazo');
    expect(late).toHaveAttribute('title', expect.stringContaining('Recebida depois do prazo de resposta'));
    expect((await card('Boreal Cargas')).queryByText('Após o prazo')).toBeNull();
  });

  it('a carrier not heard from by the deadline of a quote still waiting reads as late, not awaited', async () => {
    setup(entries(), makeQuoteDetail({ prazoResposta: '2026-03-10T15:00:00.000Z' }));
    const boreal = await card('Boreal Cargas');
    expect(
      boreal.getByText('Sem resposta no prazo', { selector: '[title="Situação da resposta"]' }),
    ).toBeInTheDocument();
    expect(
      boreal.getByText(
        /^O prazo de resposta terminou em 10\/03\/2026.*; uma resposta que chegar ainda conta\.$/,
      ),
    ).toBeInTheDocument();
    expect(boreal.queryByText('Aguardando resposta')).toBeNull();
    // The one that answered is not late, and the undelivered one stays 'Não entregue'.
    expect((await card('Atlântico Logística')).queryByText('Sem resposta no prazo')).toBeNull();
    expect((await card('Delta Shipping')).getByText('Não entregue')).toBeInTheDocument();
  });

  it("'Desfazer atribuição' takes back a message assigned to the wrong carrier, saying what follows", async () => {
    const { user, network } = setup([
      makeEntry(atlantico, [
        makeVersion({ id: 'v-2', versao: 2, origem: 'imap', registradoPor: 'Ana Souza', atribuida: true }),
        makeVersion({ id: 'v-1', versao: 1 }),
      ]),
      makeEntry(boreal, [
        makeVersion({ id: 'v-b', origem: 'imap', registradoPor: 'Ana Souza', atribuida: true }),
      ]),
      makeEntry(delta, [makeVersion({ id: 'v-d', origem: 'manual', registradoPor: 'Ana Souza' })]),
    ]);
    // Registered by hand: no assignment to undo, and the card says who registered it.
    const typed = await card('Delta Shipping');
    expect(typed.getByText('Registrada por Ana Souza')).toBeInTheDocument();
    expect(typed.queryByRole('button', { name: /Desfazer atribuição da/ })).toBeNull();

    const atl = await card('Atlântico Logística');
    expect(atl.getByText('Atribuída de "Não identificadas" por Ana Souza')).toBeInTheDocument();
    await user.click(
      atl.getByRole('button', { name: 'Desfazer atribuição da resposta de Atlântico Logística' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Desfazer a atribuição?' });
    expect(dialog).toHaveTextContent('A versão 1 de Atlântico Logística fica como a resposta atual.');
    await user.click(within(dialog).getByRole('button', { name: 'Desfazer atribuição' }));
    expect(
      await screen.findByText('Atribuição desfeita: a mensagem voltou para "Não identificadas".'),
    ).toBeInTheDocument();
    expect(
      network.requests.filter(
        (r) => r.method === 'POST' && r.url === `/api/quotes/${ids.q1}/respostas/v-2/desfazer-atribuicao`,
      ),
    ).toHaveLength(1);
    // Version 1 is current again, nothing left to undo; it is not announced as a new answer (QA pass 36).
    await waitFor(async () =>
      expect(
        (await card('Atlântico Logística')).queryByRole('button', { name: /Desfazer atribuição da/ }),
      ).toBeNull(),
    );

    expect(screen.queryByText(/^Nova resposta de Atlântico/)).toBeNull();

    // The carrier's only answer: it goes back to no answer.
    await user.click(
      (await card('Boreal Cargas')).getByRole('button', {
        name: 'Desfazer atribuição da resposta de Boreal Cargas',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Desfazer a atribuição?' })).toHaveTextContent(
      'Boreal Cargas volta a constar sem resposta nesta cotação, que volta a aguardar a resposta dele.',
    );
  });

  it('shows why the AI pass could not read a response whose rules figures stand', async () => {
    const unavailable = formatMessage(inboundTexts.extraction.llmUnavailable, {
      motivo: inboundTexts.extraction.llmReasons.timeout,
    });
    setup([
      makeEntry(atlantico, [makeVersion({ extracaoErro: unavailable })]),
      makeEntry(boreal, [makeVersion({ id: 'v-b' })]),
    ]);
    const warned = await card('Atlântico Logística');
    expect(warned.getByText(unavailable)).toBeInTheDocument();
    expect(warned.getByTitle('Confiança')).toBeInTheDocument();
    expect((await card('Boreal Cargas')).queryByText(/Leitura por IA/)).toBeNull();
  });

  it('shows a failed delivery with the bounce reason', async () => {
    setup();
    const delta = await card('Delta Shipping');
    expect(delta.getByText('Falhou')).toBeInTheDocument();
    expect(delta.getByRole('alert')).toHaveTextContent(
      'O e-mail não foi entregue: 550 5.1.1 Caixa postal inexistente',
    );
    // Not awaited: the status says so and no 'Aguardando resposta' line contradicts it.
    expect(delta.getByTitle('Situação da resposta')).toHaveTextContent('Não entregue');
    expect(delta.queryByText('Aguardando resposta')).toBeNull();
  });

  it('a carrier that answered after a bounce is not "não entregue": a hint to check its address (QA pass 25)', async () => {
    setup([
      makeEntry(delta, [makeVersion()], {
        estadoEnvio: 'falhou',
        falhaEntrega: '550 5.1.1 Caixa postal inexistente',
        respondeuEm: '2026-12-06T15:00:00.000Z',
      }),
    ]);
    const answered = await card('Delta Shipping');
    expect(
      answered.getByText(
        'O pedido voltou de um endereço (550 5.1.1 Caixa postal inexistente), mas o agente de carga respondeu: confira o e-mail cadastrado.',
      ),
    ).toBeInTheDocument();
    expect(answered.queryByText(/não foi entregue/)).toBeNull();
  });

  it("a reply pricing two ports shows each port its own freight and transit, not the first port's for both", async () => {
    const source = { line: 5, text: 'POD Santos: USD 2.300/40HC, transit 32 days', origin: 'body' };
    const freight = (destino: string, valor: number) => ({
      destino,
      unidade: '40HC',
      valor,
      moeda: 'USD',
      minimo: null,
      confidence: 0.9,
      source,
    });
    const version = makeVersion({
      dadosExtraidos: makeDados({
        fretes: [freight('Santos', 2300), freight('Paranaguá', 2000)],
        preco_por_container_40: 2300,
        transit_time_dias: 36,
        destinos: [
          { nome: 'Santos', valorFreteUSD: 2300, valorFreteBRL: null, transit_time_dias: 32 },
          {
            nome: 'Paranaguá',
            valorFreteUSD: 2000,
            valorFreteBRL: null,
            transit_time_dias: 36,
            validade: '2026-12-31',
          },
        ],
      }),
    });
    setup([makeEntry(atlantico, [version])]);
    const summary = within(
      (await card('Atlântico Logística')).getByRole('group', {
        name: 'Resumo extraído de Atlântico Logística',
      }),
    );
    const value = (label: string) => summary.getByText(label).nextElementSibling;
    expect(value("Frete 40'")).toHaveTextContent('Santos US$ 2.300,00 · Paranaguá US$ 2.000,00');
    expect(value('Transit time')).toHaveTextContent('Santos 32 dias · Paranaguá 36 dias');
    // Free time given once for the answer stays one figure.
    expect(value('Free time')).toHaveTextContent(/^14 dias$/);
    // A port's own validity beside the answer's (QA pass 41c).
    expect(value('Validade')).toHaveTextContent('Santos 30/12/2026 · Paranaguá 31/12/2026');
  });

  it('switches between versions and flags an unknown sender', async () => {
    const older = makeVersion({
      id: 'v-1',
      versao: 1,
      createdAt: '2026-03-03T15:50:00.000Z',
      dadosExtraidos: makeDados({ fretes: [], preco_por_container_20: 2100 }),
    });
    const newer = makeVersion({
      id: 'v-2',
      versao: 2,
      createdAt: '2026-03-05T13:00:00.000Z',
      mensagemId: 'm-2',
      flags: {
        remetenteDesconhecido: 'vendas@atlantico-cargo.com',
        anexosIgnorados: '2',
        interno: true,
        separada: 'confirmacao',
      },
      dadosExtraidos: makeDados({
        fretes: [],
        preco_por_container_20: null,
        validadeProposta: null,
        free_time_destino_dias: null,
        condicoesMantidas: { line: 4, text: 'Demais condições sem alteração.', origin: 'body' },
      }),
    });
    const { user } = setup([makeEntry(atlantico, [newer, older])]);
    const view = await card('Atlântico Logística');
    expect(view.getByText('Versão 2 de 2')).toBeInTheDocument();
    expect(view.getByText('Remetente não cadastrado: vendas@atlantico-cargo.com')).toBeInTheDocument();
    expect(
      view.getByText('Anexos não guardados à parte (acima de 50 por mensagem ou de 20 MB cada): 2'),
    ).toBeInTheDocument();
    expect(view.queryByText(/interno/)).toBeNull();
    // A receipt a user counted as the answer says so in words (QA pass 18 saw a raw 'confirmacao').
    expect(view.getByText('Contada como resposta (era confirmação de recebimento)')).toBeInTheDocument();
    expect(view.queryByText('confirmacao')).toBeNull();
    // A revision that says the rest stands says so on its card (the Comparação fills it from v1).
    expect(
      view.getByText(
        'A resposta diz: “Demais condições sem alteração.” Na Comparação, o que ela não repete vem da versão anterior.',
      ),
    ).toBeInTheDocument();
    // What v2 does not repeat shows as v1 gave it, named so; what neither gave stays 'Não informado'.
    const shown = (label: string) => view.getByText(label).nextElementSibling;
    expect(shown("Frete 20'")).toHaveTextContent(/^US\$ 2\.100,00 \(da versão 1\)$/);
    expect(shown('Validade')).toHaveTextContent(/^30\/12\/2026 \(da versão 1\)$/);
    expect(shown('Free time')).toHaveTextContent(/^14 dias \(da versão 1\)$/);
    // What v2 says itself is not named.
    expect(shown("Frete 40'")).toHaveTextContent(/^US\$ 2\.950,00$/);
    const select = view.getByRole('combobox', { name: 'Versão da resposta de Atlântico Logística' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Versão 2 · 05/03/2026, 10:00 (atual)', 'Versão 1 · 03/03/2026, 12:50']);

    await user.selectOptions(select, 'v-1');
    expect(view.getByText('Versão 1 de 2')).toBeInTheDocument();
    expect(view.getByText('Você está vendo uma versão anterior. A versão atual é a 2.')).toBeInTheDocument();
    expect(view.queryByText(/A resposta diz/)).toBeNull();
    expect(view.getByText("Frete 20'").nextElementSibling).toHaveTextContent('US$ 2.100,00');
    expect(view.queryByText(/Remetente não cadastrado/)).toBeNull();
    expect(view.getByRole('link', { name: /Ver mensagem/ })).toHaveAttribute(
      'href',
      `/quotes/${ids.q1}?aba=historico&mensagem=m-1`,
    );
  });

  it('polls every 15 s while the quote waits and toasts a new answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { network, db } = setup();
    await card('Boreal Cargas');
    expect(responseCalls(network)).toHaveLength(1);

    db.entries = db.entries.map((entry) =>
      entry.transportadorId === boreal.transportadorId
        ? makeEntry(boreal, [makeVersion({ id: 'v-boreal' })])
        : entry,
    );
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await vi.waitFor(() => expect(screen.getByText('Nova resposta de Boreal Cargas')).toBeInTheDocument());
    expect(responseCalls(network)).toHaveLength(2);
    expect(screen.getByText('2 de 3 responderam')).toBeInTheDocument();
    // The quote's own counter is fetched again.
    await vi.waitFor(() =>
      expect(network.requests.filter((request) => request.url === `/api/quotes/${ids.q1}`)).toHaveLength(2),
    );
    // Nothing new at the next poll: the first toast has gone and no other comes.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(responseCalls(network)).toHaveLength(3);
    expect(screen.queryByText('Nova resposta de Boreal Cargas')).toBeNull();
  });

  it('does not poll a closed quote and offers no registration there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { network, queryClient } = setup(entries(), makeQuoteDetail({ status: 'FECHADA' }));
    await card('Boreal Cargas');
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(responseCalls(network)).toHaveLength(1);
    expect(queryClient.getQueryState(quoteResponsesKey(ids.q1))?.dataUpdateCount).toBe(1);
    expect(screen.queryByRole('button', { name: 'Registrar resposta' })).toBeNull();
  });

  it('a carrier that answered only after the approval says so and links the message (QA pass 39)', async () => {
    setup(
      [
        makeEntry(atlantico, [makeVersion()], { tempoRespostaMinutos: 30 }),
        makeEntry(boreal, [], {
          respostaTardia: { mensagemId: 'm-late', recebidaEm: '2026-03-12T13:00:00.000Z' },
        }),
      ],
      makeQuoteDetail({ status: 'APROVADA' }),
    );
    const late = await card('Boreal Cargas');
    expect(
      late.getByText('Resposta após o fim', { selector: '[title="Situação da resposta"]' }),
    ).toBeInTheDocument();
    expect(
      late.getByText('Respondeu em 12/03/2026, 10:00, depois da aprovação da cotação: a mensagem não conta.'),
    ).toBeInTheDocument();
    expect(
      late.getByRole('link', { name: 'Ver a mensagem de Boreal Cargas que não contou como resposta' }),
    ).toHaveAttribute('href', expect.stringContaining('mensagem=m-late'));
    expect(late.queryByText('Não respondeu até a aprovação da cotação')).toBeNull();
  });

  it('on a cancelled quote a carrier that never answered is not awaited: "Sem resposta", the figures stay', async () => {
    setup(entries(), makeQuoteDetail({ status: 'CANCELADA' }));
    const silent = await card('Boreal Cargas');
    expect(
      silent.getByText('Sem resposta', { selector: '[title="Situação da resposta"]' }),
    ).toBeInTheDocument();
    expect(silent.getByText('Não respondeu — cotação cancelada')).toBeInTheDocument();
    expect(silent.queryByText('Pendente', { selector: '[title="Situação da resposta"]' })).toBeNull();
    expect(screen.queryByText('Aguardando resposta')).toBeNull();
    // The carrier that answered keeps its answer and figures.
    const answered = await card('Atlântico Logística');
    expect(answered.getByText('Respondeu em 3 h 17 min')).toBeInTheDocument();
    expect(answered.getByText('Versão 1 de 1')).toBeInTheDocument();
  });

  it('on a closed quote the line says it was closed', async () => {
    setup(entries(), makeQuoteDetail({ status: 'FECHADA' }));
    const silent = await card('Boreal Cargas');
    expect(silent.getByText('Não respondeu — cotação encerrada')).toBeInTheDocument();
    expect(
      silent.getByText('Sem resposta', { selector: '[title="Situação da resposta"]' }),
    ).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const quotes = fakeQuotesApi();
    let fail = true;
    stubNetwork({
      ...quotes.routes,
      [`GET /api/quotes/${ids.q1}/respostas`]: () =>
        fail ? { status: 500, body: '', contentType: 'text/plain' } : { body: { data: entries() } },
    });
    const { user } = renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    expect(
      await screen.findByText('Erro ao carregar as respostas', undefined, { timeout: 8_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await card('Boreal Cargas')).toBeTruthy();
  });
});
