import { portalTexts, uiPortal } from '@cotacoes/shared/messages/ui-portal';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render';
import { fakePortalApi, PORTAL_TOKEN, portalView } from '../testing/fake-portal-api';

const t = uiPortal;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A Brazilian carrier's browser (jsdom says en-US): the page opens in Portuguese before it knows the quote. */
const brazilianBrowser = () => vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');

function network(routes = fakePortalApi()) {
  return stubNetwork({ 'GET /api/config': { body: publicConfig }, ...routes });
}

describe("'Consultar cotação' (/portal)", () => {
  beforeEach(brazilianBrowser);
  it('checks the code and e-mail in pt-BR before asking, then says a link was sent (without saying whether it matched)', async () => {
    const { requests } = network();
    const { user } = renderApp('/portal');
    await user.click(await screen.findByRole('button', { name: t.entry.submit }));
    expect(await screen.findByText('Informe o código da cotação (ex.: COT-2026-0042).')).toBeInTheDocument();
    // Said once: not "Código inválido" beside it (QA pass 42c).
    expect(screen.queryByText(/^Código inválido/)).toBeNull();
    expect(requests.some((r) => r.url === '/api/portal/link')).toBe(false);

    await user.type(screen.getByLabelText(t.entry.codigoLabel), 'cot-2026-0042');
    await user.type(screen.getByLabelText(t.entry.emailLabel), 'Pricing@Atlantica.com.br');
    await user.click(screen.getByRole('button', { name: t.entry.submit }));
    expect(await screen.findByRole('heading', { name: t.entry.sentTitle })).toBeInTheDocument();
    expect(screen.getByText(/Se este e-mail recebeu a cotação COT-2026-0042/)).toBeInTheDocument();
    // The page's language goes with it: the link e-mail and page follow it (QA pass 42c).
    expect(requests.find((r) => r.url === '/api/portal/link')?.body).toEqual({
      codigo: 'COT-2026-0042',
      email: 'pricing@atlantica.com.br',
      idioma: 'pt',
    });
  });
});

describe('the answer page (/portal/:token)', () => {
  beforeEach(brazilianBrowser);
  it('shows the request, its files and the deadline, and sends the structured answer with its file and progress', async () => {
    const { requests } = network();
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Cotação COT-2026-0042' })).toBeInTheDocument();
    expect(screen.getByText('Pedido de Importadora Horizonte para Atlântica Cargas')).toBeInTheDocument();
    expect(screen.getByTestId('portal-request')).toHaveTextContent(
      'Importadora Horizonte solicita cotação de frete.',
    );
    expect(screen.getByRole('link', { name: 'Baixar pedido.pdf' })).toHaveAttribute(
      'href',
      `/api/portal/${PORTAL_TOKEN}/anexos/7d3c1d8e-8f57-4a4e-9a0e-0d3f3f9b2a11`,
    );
    // The request's own PDF, which its text says goes with it.
    expect(screen.getByRole('link', { name: 'Baixar COT-2026-0042.pdf' })).toHaveAttribute(
      'href',
      `/api/portal/${PORTAL_TOKEN}/pedido.pdf`,
    );
    // The container type the quote asked is offered first.
    expect(screen.getByLabelText(t.answer.freightUnit)).toHaveValue('40HC');
    await user.type(screen.getByLabelText(t.answer.freightValueBy.container!), '2.500,00');
    await user.click(screen.getByRole('button', { name: t.answer.addFee }));
    await user.click(screen.getByRole('button', { name: t.answer.addFee }));
    const [thc, bl] = screen.getAllByRole('group', { name: /^Taxa \d$/ });
    await user.type(within(thc!).getByLabelText(t.answer.feeName), 'THC');
    // "1.450" is one thousand four hundred and fifty, as the carrier means it (it was read as 1,45).
    await user.type(within(thc!).getByLabelText(t.answer.feeValue), '1.450');
    await user.type(within(bl!).getByLabelText(t.answer.feeName), 'BL fee');
    await user.selectOptions(within(bl!).getByLabelText(t.answer.feeCurrency), 'USD');
    await user.type(within(bl!).getByLabelText(t.answer.feeValue), '50');
    await user.selectOptions(within(bl!).getByLabelText(t.answer.feeUnit), 'bl');
    await user.type(screen.getByLabelText(t.answer.transitTime), '32');
    await user.upload(
      screen.getByLabelText(t.answer.attachments),
      new File(['%PDF-1.4'], 'proposta.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('proposta.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.answer.submit }));

    expect(
      await screen.findByText(
        'Resposta enviada. Você pode alterá-la até 11/12/2026, 14:00 (horário de Brasília) pelo link do pedido ou por um novo link em "Consultar cotação".',
      ),
    ).toBeInTheDocument();
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta?lang=pt`)!;
    const form = sent.body as FormData;
    expect(JSON.parse(String(form.get('dados')))).toEqual({
      fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2500, minimo: null, destino: null }],
      taxas: [
        { nome: 'THC', moeda: 'BRL', valor: 1450, unidade: 'conteiner', minimo: null, destino: null },
        { nome: 'BL fee', moeda: 'USD', valor: 50, unidade: 'bl', minimo: null, destino: null },
      ],
      transitTimeDias: 32,
      freeTimeDias: null,
      validade: null,
      condicoesPagamento: null,
      observacoes: null,
    });
    expect((form.get('anexos') as File).name).toBe('proposta.pdf');
    // The next send is a new version.
    expect(screen.getByRole('button', { name: t.answer.update })).toBeInTheDocument();
    // Many keystrokes on the first render of the page: over 5 s on a busy machine.
  }, 20_000);

  it('a quote to two ports asks each price its port, and sends it (QA pass 8)', async () => {
    const { requests } = network(
      fakePortalApi(portalView({ destinos: ['Santos', 'Itajaí'], unidadesSugeridas: ['40HC'] })),
    );
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(await screen.findByText(t.answer.freightDestinationsHint)).toBeInTheDocument();
    // One row per port for the type asked.
    const [santos, itajai] = [
      screen.getByRole('group', { name: 'Frete 1' }),
      screen.getByRole('group', { name: 'Frete 2' }),
    ];
    expect(within(santos).getByLabelText(t.answer.freightDestination)).toHaveValue('Santos');
    expect(within(itajai).getByLabelText(t.answer.freightDestination)).toHaveValue('Itajaí');
    await user.type(within(santos).getByLabelText(t.answer.freightValueBy.container!), '2.200');
    await user.type(within(itajai).getByLabelText(t.answer.freightValueBy.container!), '2.400');
    // A charge is for every port unless the carrier picks one (QA pass 17).
    expect(screen.getByText(t.answer.feeDestinationsHint)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.answer.addFee }));
    await user.click(screen.getByRole('button', { name: t.answer.addFee }));
    const [thc, bl] = screen.getAllByRole('group', { name: /^Taxa \d$/ });
    expect(within(thc!).getByLabelText(t.answer.feeDestination)).toHaveValue('');
    expect(within(thc!).getByRole('option', { name: t.answer.feeAllDestinations })).toBeInTheDocument();
    await user.type(within(thc!).getByLabelText(t.answer.feeName), 'THC');
    await user.type(within(thc!).getByLabelText(t.answer.feeValue), '1.600');
    await user.selectOptions(within(thc!).getByLabelText(t.answer.feeDestination), 'Itajaí');
    await user.type(within(bl!).getByLabelText(t.answer.feeName), 'BL fee');
    await user.type(within(bl!).getByLabelText(t.answer.feeValue), '350');
    await user.selectOptions(within(bl!).getByLabelText(t.answer.feeUnit), 'bl');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    await screen.findByText(/^Resposta enviada/);
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta?lang=pt`)!;
    const dados = JSON.parse(String((sent.body as FormData).get('dados')));
    expect(dados.fretes).toEqual([
      { unidade: '40HC', moeda: 'USD', valor: 2200, minimo: null, destino: 'Santos' },
      { unidade: '40HC', moeda: 'USD', valor: 2400, minimo: null, destino: 'Itajaí' },
    ]);
    expect(dados.taxas).toEqual([
      { nome: 'THC', moeda: 'BRL', valor: 1600, unidade: 'conteiner', minimo: null, destino: 'Itajaí' },
      { nome: 'BL fee', moeda: 'BRL', valor: 350, unidade: 'bl', minimo: null, destino: null },
    ]);
  }, 20_000);

  it('an air quote: per kg first, with a minimum the form sends; a container row has none (QA pass 17)', async () => {
    const { requests } = network(
      fakePortalApi(portalView({ tipoFrete: 'AÉREO', unidadesSugeridas: ['KG'] })),
    );
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    const row = within(await screen.findByRole('group', { name: 'Frete 1' }));
    expect(row.getByLabelText(t.answer.freightUnit)).toHaveValue('KG');
    await user.type(row.getByLabelText(t.answer.freightValueBy.KG!), '3,85');
    await user.type(row.getByLabelText(t.answer.freightMinimum), '150');
    // W/M is offered (LCL), and a container type has no minimum.
    expect(row.getByRole('option', { name: t.answer.units.WM! })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.answer.addFreight }));
    const second = within(screen.getByRole('group', { name: 'Frete 2' }));
    await user.selectOptions(second.getByLabelText(t.answer.freightUnit), '40HC');
    expect(second.queryByLabelText(t.answer.freightMinimum)).toBeNull();
    await user.type(second.getByLabelText(t.answer.freightValueBy.container!), '2.000');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    await screen.findByText(/^Resposta enviada/);
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta?lang=pt`)!;
    expect(JSON.parse(String((sent.body as FormData).get('dados'))).fretes).toEqual([
      { unidade: 'KG', moeda: 'USD', valor: 3.85, minimo: 150, destino: null },
      { unidade: '40HC', moeda: 'USD', valor: 2000, minimo: null, destino: null },
    ]);
  }, 20_000);

  it('a container price says it is per container; a charge per kg takes its minimum (QA pass 42c)', async () => {
    const { requests } = network(
      fakePortalApi(portalView({ tipoFrete: 'AÉREO', unidadesSugeridas: ['KG'] })),
    );
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    const freight = within(await screen.findByRole('group', { name: 'Frete 1' }));
    // Per kg: no word about containers, but what the price per kg is multiplied by (QA pass 43a).
    expect(screen.queryByText(t.answer.freightPerContainerHint)).toBeNull();
    expect(screen.getByText(t.answer.freightPerKgHint)).toBeInTheDocument();
    await user.type(freight.getByLabelText('Valor por kg'), '3,60');
    await user.selectOptions(freight.getByLabelText(t.answer.freightUnit), '40HC');
    expect(freight.getByLabelText('Valor por contêiner')).toHaveValue('3,60');
    expect(screen.getByText(t.answer.freightPerContainerHint)).toBeInTheDocument();
    await user.selectOptions(freight.getByLabelText(t.answer.freightUnit), 'KG');

    await user.click(screen.getByRole('button', { name: t.answer.addFee }));
    const fee = within(screen.getByRole('group', { name: 'Taxa 1' }));
    // Per shipment (an air quote's default): no minimum.
    expect(fee.queryByLabelText(t.answer.feeMinimum)).toBeNull();
    await user.type(fee.getByLabelText(t.answer.feeName), 'Fuel surcharge');
    await user.selectOptions(fee.getByLabelText(t.answer.feeCurrency), 'USD');
    await user.type(fee.getByLabelText(t.answer.feeValue), '0,25');
    await user.selectOptions(fee.getByLabelText(t.answer.feeUnit), 'kg');
    await user.type(fee.getByLabelText(t.answer.feeMinimum), '50');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    await screen.findByText(/^Resposta enviada/);
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta?lang=pt`)!;
    expect(JSON.parse(String((sent.body as FormData).get('dados'))).taxas).toEqual([
      { nome: 'Fuel surcharge', moeda: 'USD', valor: 0.25, unidade: 'kg', minimo: 50, destino: null },
    ]);
  }, 20_000);

  it('refuses bad values with pt-BR messages beside the fields and sends nothing', async () => {
    const { requests } = network();
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    const freight = () =>
      within(screen.getByRole('group', { name: 'Frete 1' })).getByLabelText(
        t.answer.freightValueBy.container!,
      );
    await screen.findByRole('group', { name: 'Frete 1' });
    await user.type(freight(), 'abc');
    await user.type(screen.getByLabelText(t.answer.freeTime), '1,5');
    await user.click(screen.getByRole('button', { name: t.answer.addFee }));
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    expect(await screen.findByText(t.answer.fixFields)).toBeInTheDocument();
    expect(freight()).toHaveAccessibleDescription('Informe um valor numérico.');
    expect(screen.getByLabelText(t.answer.freeTime)).toHaveAccessibleDescription(
      'Informe um número inteiro de dias (0 a 365).',
    );
    expect(screen.getByLabelText(t.answer.feeName)).toHaveAccessibleDescription(
      'Informe o nome da taxa (ex.: THC).',
    );
    expect(requests.some((r) => r.url.endsWith('/resposta'))).toBe(false);
    // Removing the bad fee row and fixing the value clears their messages.
    await user.click(screen.getByRole('button', { name: 'Remover taxa 1' }));
    await user.clear(freight());
    expect(freight()).not.toHaveAccessibleDescription('Informe um valor numérico.');
    // A minus sign is a negative amount, and says so (QA pass 17: "Informe um valor numérico").
    await user.type(freight(), '-50');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    expect(await screen.findByText('O valor não pode ser negativo.')).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/resposta'))).toBe(false);
  });

  it('refuses a validity already past beside its field and sends nothing (QA pass 17)', async () => {
    const { requests } = network();
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    const row = within(await screen.findByRole('group', { name: 'Frete 1' }));
    await user.type(row.getByLabelText(t.answer.freightValueBy.container!), '2.500');
    const validity = screen.getByLabelText(t.answer.validity);
    await user.type(validity, '2020-01-01');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    expect(await screen.findByText(t.answer.fixFields)).toBeInTheDocument();
    expect(validity).toHaveAccessibleDescription('Esta data já passou. Informe até quando a proposta vale.');
    // With a bad amount too, both are said on the first round (QA pass 20).
    const value = row.getByLabelText(t.answer.freightValueBy.container!);
    await user.clear(value);
    await user.type(value, '-50');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    expect(await screen.findByText('O valor não pode ser negativo.')).toBeInTheDocument();
    expect(validity).toHaveAccessibleDescription('Esta data já passou. Informe até quando a proposta vale.');
    expect(requests.some((r) => r.url.endsWith('/resposta'))).toBe(false);
  });

  it("shows the server's field messages where they belong", async () => {
    network({
      ...fakePortalApi(),
      [`POST /api/portal/${PORTAL_TOKEN}/resposta`]: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          status: 400,
          message: 'Valor acima do permitido.',
          errors: [{ path: 'fretes.0.valor', message: 'Valor acima do permitido.' }],
        },
      },
    });
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    await user.type(await screen.findByLabelText(t.answer.freightValueBy.container!), '2500');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Valor acima do permitido.');
    expect(screen.getByLabelText(t.answer.freightValueBy.container!)).toHaveAccessibleDescription(
      'Valor acima do permitido.',
    );
  });

  it('prefills the current answer and, once the deadline passed, shows it read-only with the reason', async () => {
    const answer = {
      fretes: [{ unidade: '40HC' as const, moeda: 'USD' as const, valor: 2400 }],
      taxas: [{ nome: 'THC', moeda: 'BRL' as const, valor: 1450, unidade: 'conteiner' as const }],
      transitTimeDias: 30,
      freeTimeDias: 14,
      validade: '2026-12-30',
      condicoesPagamento: null,
      observacoes: null,
    };
    network(fakePortalApi(portalView({ estado: 'prazo_encerrado', resposta: answer, versao: 2 })));
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(
      await screen.findByText(
        /^O prazo desta cotação terminou em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(horário de Brasília\)\. Sua resposta não pode mais ser alterada pelo portal; para mudar algo, responda ao e-mail do pedido\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.answer.update })).not.toBeInTheDocument();
    expect(screen.getByText('30/12/2026')).toBeInTheDocument();
    expect(screen.getByText('THC')).toBeInTheDocument();
  });

  it('says a later answer by e-mail counts, in the form and once the quote is decided (QA pass 17)', async () => {
    const answer = {
      fretes: [{ unidade: '40HC' as const, moeda: 'USD' as const, valor: 2400 }],
      taxas: [],
      transitTimeDias: null,
      freeTimeDias: null,
      validade: null,
      condicoesPagamento: null,
      observacoes: null,
    };
    const newer = { versao: 2, recebidaEm: '2026-12-05T13:00:00.000Z' };
    network(
      fakePortalApi(
        portalView({
          resposta: answer,
          versao: 1,
          respondidaEm: '2026-12-04T18:00:00.000Z',
          respostaMaisNova: newer,
        }),
      ),
    );
    renderApp(`/portal/${PORTAL_TOKEN}`);
    const alert = await screen.findByText(
      /^Sua resposta que vale agora é a versão 2, recebida por e-mail em 05\/12\/2026/,
    );
    expect(alert).toHaveTextContent(
      'O formulário traz a versão 1, que você enviou pelo portal: confira os valores antes de enviar, porque o que você enviar passa a valer no lugar da versão 2.',
    );
    expect(screen.queryByText(/^Sua resposta atual é a versão 1/)).toBeNull();
  });

  it('says it on the read-only page too', async () => {
    network(
      fakePortalApi(
        portalView({
          estado: 'decidida',
          resposta: {
            fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2400 }],
            taxas: [],
            transitTimeDias: null,
            freeTimeDias: null,
            validade: null,
            condicoesPagamento: null,
            observacoes: null,
          },
          versao: 1,
          respondidaEm: '2026-12-04T18:00:00.000Z',
          respostaMaisNova: { versao: 3, recebidaEm: '2026-12-05T13:00:00.000Z' },
        }),
      ),
    );
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(
      await screen.findByText(
        /^Sua resposta que vale agora é a versão 3, recebida por e-mail em 05\/12\/2026/,
      ),
    ).toBeInTheDocument();
    // The figures below are the portal's version 1, and the page says so (QA pass 38: read as version 3's).
    expect(
      screen.getByText(
        /Abaixo, a versão 1, que você enviou pelo portal: ela não é a que vale agora \(os valores da versão 3 estão no seu e-mail\)\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('an answer sent before is shown again in the form as amounts are written (1.450,00, not 1450)', async () => {
    const answer = {
      fretes: [{ unidade: '40HC' as const, moeda: 'USD' as const, valor: 2380.5 }],
      taxas: [{ nome: 'THC', moeda: 'BRL' as const, valor: 1450, unidade: 'conteiner' as const }],
      transitTimeDias: 30,
      freeTimeDias: null,
      validade: null,
      condicoesPagamento: null,
      observacoes: null,
    };
    network(fakePortalApi(portalView({ resposta: answer, versao: 1 })));
    renderApp(`/portal/${PORTAL_TOKEN}`);
    // The freight's amount comes first; the fee's is in its own group.
    expect((await screen.findAllByLabelText(t.answer.freightValueBy.container!))[0]).toHaveValue('2.380,50');
    const [thc] = screen.getAllByRole('group', { name: /^Taxa \d$/ });
    expect(within(thc!).getByLabelText(t.answer.feeValue)).toHaveValue('1.450,00');
  });

  it('after the deadline, a carrier that never answered is told the e-mail still reaches the analyst', async () => {
    network(fakePortalApi(portalView({ estado: 'prazo_encerrado' })));
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(
      await screen.findByText(
        /e o portal não recebe mais propostas\. Se ainda quiser enviar a sua, responda ao e-mail do pedido/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Prazo de resposta: .+ \(horário de Brasília\)$/)).toBeInTheDocument();
    expect(screen.getByText(t.answer.noAnswer)).toBeInTheDocument();
  });

  it('a decided quote says so, without speaking of an answer the carrier never sent (QA pass 35)', async () => {
    network(fakePortalApi(portalView({ estado: 'decidida' })));
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(
      await screen.findByText('Esta cotação já foi decidida: o portal não recebe mais propostas para ela.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(t.answer.closedDecided)).toBeNull();
    expect(screen.getByText(t.answer.noAnswer)).toBeInTheDocument();
  });

  it('a cancelled quote says it was cancelled, not "já foi decidida", and offers no form', async () => {
    network(fakePortalApi(portalView({ estado: 'cancelada' })));
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(
      await screen.findByText(
        'Esta cotação foi cancelada pela empresa: não é preciso enviar nem atualizar propostas para ela.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(t.answer.closedDecided)).toBeNull();
    expect(screen.queryByRole('button', { name: t.answer.submit })).toBeNull();
  });

  it("a refused link (reused in another browser) explains why and offers 'Pedir novo link'", async () => {
    network({
      [`GET /api/portal/${PORTAL_TOKEN}`]: {
        status: 410,
        body: {
          code: 'PORTAL_LINK_REUSED',
          status: 410,
          message:
            'Este link já foi aberto em outro navegador. Por segurança, peça um novo link para este navegador.',
        },
      },
    });
    const { user, router } = renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(await screen.findByRole('heading', { name: t.invalid.title })).toBeInTheDocument();
    expect(screen.getByText(/já foi aberto em outro navegador/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: t.invalid.requestNew }));
    expect(router.state.location.pathname).toBe('/portal');
  });
});

describe('the portal in English (a request sent in English, ADR 0026 addendum)', () => {
  const en = portalTexts.en;

  it("a Portuguese request's page opened with ?lang=en (the carrier chose English) speaks English (QA pass 42c)", async () => {
    const { requests } = network(fakePortalApi(portalView({ idioma: 'pt', unidadesSugeridas: ['40HC'] })));
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}?lang=en`);
    expect(await screen.findByRole('heading', { name: 'Quote request COT-2026-0042' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount per container'), '2,500.00');
    await user.click(screen.getByRole('button', { name: en.answer.submit }));
    await waitFor(() =>
      expect(requests.some((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta?lang=en`)).toBe(true),
    );
  });

  it('the answer page speaks English: headings, labels, the port select, a field message, the deadline and amounts', async () => {
    document.documentElement.lang = 'pt-BR';
    const { requests } = network(
      fakePortalApi(
        portalView({ idioma: 'en', destinos: ['Santos', 'Itajaí'], unidadesSugeridas: ['40HC'] }),
      ),
    );
    const { user, router } = renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Quote request COT-2026-0042' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toMatch(/^Answer quote request/);
    expect(screen.getByText('Request from Importadora Horizonte to Atlântica Cargas')).toBeInTheDocument();
    expect(screen.getByText('Answer deadline: 11 Dec 2026, 14:00 (Brasília time)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your offer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download pedido.pdf' })).toHaveTextContent('(2.0 KB)');
    for (const label of ['Transit time (days)', 'Free time (days)', 'Offer valid until', 'Payment terms'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByText(en.answer.freightDestinationsHint)).toBeInTheDocument();
    const santos = screen.getByRole('group', { name: 'Freight 1' });
    const itajai = screen.getByRole('group', { name: 'Freight 2' });
    expect(within(santos).getByLabelText('Destination')).toHaveValue('Santos');
    expect(within(itajai).getByLabelText('Destination')).toHaveValue('Itajaí');
    expect(within(santos).getByRole('option', { name: "40' HC" })).toBeInTheDocument();

    await user.type(within(santos).getByLabelText('Amount per container'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Add charge' }));
    const charge = screen.getByRole('group', { name: 'Charge 1' });
    expect(within(charge).getByRole('option', { name: 'per B/L' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(within(santos).getByLabelText('Amount per container')).toHaveAccessibleDescription(
      'Enter a number.',
    );
    expect(within(charge).getByLabelText('Charge')).toHaveAccessibleDescription(
      'Enter the name of the charge (e.g. THC).',
    );
    expect(requests.some((r) => r.url.endsWith('/resposta'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove charge 1' }));
    await user.clear(within(santos).getByLabelText('Amount per container'));
    // Written the English way: "2,200.00" is two thousand two hundred.
    await user.type(within(santos).getByLabelText('Amount per container'), '2,200.00');
    await user.type(within(itajai).getByLabelText('Amount per container'), '2,400');
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(
      await screen.findByText(
        'Offer sent. You can change it until 11 Dec 2026, 14:00 (Brasília time) through the link in the request or a new one from "Access a quote request".',
      ),
    ).toBeInTheDocument();
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta?lang=en`)!;
    expect(JSON.parse(String((sent.body as FormData).get('dados'))).fretes).toEqual([
      { unidade: '40HC', moeda: 'USD', valor: 2200, minimo: null, destino: 'Santos' },
      { unidade: '40HC', moeda: 'USD', valor: 2400, minimo: null, destino: 'Itajaí' },
    ]);
    // The answer comes back in the form as written in English.
    expect(
      within(screen.getByRole('group', { name: 'Freight 1' })).getByLabelText('Amount per container'),
    ).toHaveValue('2,200.00');
    expect(screen.getByRole('button', { name: 'Send new version' })).toBeInTheDocument();

    // Leaving the portal gives the document its language back.
    await act(() => router.navigate('/login'));
    expect(document.documentElement.lang).toBe('pt-BR');
  }, 20_000);

  it("shows the server's English field message beside the port select", async () => {
    network({
      ...fakePortalApi(portalView({ idioma: 'en', destinos: ['Santos', 'Itajaí'] })),
      [`POST /api/portal/${PORTAL_TOKEN}/resposta`]: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          status: 400,
          message: en.fields.destinationInvalid,
          errors: [{ path: 'fretes.0.destino', message: en.fields.destinationInvalid }],
        },
      },
    });
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    const first = await screen.findByRole('group', { name: 'Freight 1' });
    await user.type(within(first).getByLabelText('Amount per container'), '2500');
    await user.type(
      within(screen.getByRole('group', { name: 'Freight 2' })).getByLabelText('Amount per container'),
      '2600',
    );
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Choose one of the request's destinations.");
    expect(within(first).getByLabelText('Destination')).toHaveAccessibleDescription(
      "Choose one of the request's destinations.",
    );
  });

  it('after the deadline, the saved offer is shown read-only in English, with en-US amounts', async () => {
    const answer = {
      fretes: [{ unidade: '40HC' as const, moeda: 'USD' as const, valor: 2400 }],
      taxas: [{ nome: 'THC', moeda: 'BRL' as const, valor: 1450, unidade: 'conteiner' as const }],
      transitTimeDias: 30,
      freeTimeDias: 14,
      validade: '2026-12-30',
      condicoesPagamento: null,
      observacoes: null,
    };
    network(
      fakePortalApi(portalView({ idioma: 'en', estado: 'prazo_encerrado', resposta: answer, versao: 2 })),
    );
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(
      await screen.findByText(
        'The deadline for this request ended on 11 Dec 2026, 14:00 (Brasília time). Your offer can no longer be changed on the portal; to change anything, reply to the request e-mail.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('USD 2,400.00')).toBeInTheDocument();
    expect(screen.getByText('BRL 1,450.00 per container')).toBeInTheDocument();
    expect(screen.getByText('30 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Transit time (days)')).toBeInTheDocument();
  });

  it("a refused link carrying ?lang=en says why in English and keeps English for 'Request a new link'", async () => {
    network({
      [`GET /api/portal/${PORTAL_TOKEN}`]: {
        status: 410,
        body: { code: 'PORTAL_LINK_EXPIRED', status: 410, message: 'Este link de acesso expirou.' },
      },
    });
    const { user, router } = renderApp(`/portal/${PORTAL_TOKEN}?lang=en`);
    expect(await screen.findByRole('heading', { name: 'Link unavailable' })).toBeInTheDocument();
    expect(screen.getByText(en.invalid.byCode.PORTAL_LINK_EXPIRED!)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(router.state.location.pathname).toBe('/portal');
    expect(router.state.location.search).toBe('?lang=en');
    expect(await screen.findByRole('heading', { name: 'Access a quote request' })).toBeInTheDocument();
  });

  it("the entry page follows an English browser, switches with 'Português | English' and keeps the choice in the URL", async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    const { requests } = network();
    const { user, router } = renderApp('/portal');
    expect(await screen.findByRole('heading', { name: 'Access a quote request' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter the quote code (e.g. COT-2026-0042).')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your e-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/portal/link')).toBe(false);

    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(languages).getByRole('link', { name: 'Português' }));
    expect(router.state.location.search).toBe('?lang=pt');
    expect(await screen.findByRole('heading', { name: t.entry.heading })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt-BR');
  });
});
