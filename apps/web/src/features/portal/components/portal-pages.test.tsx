import { ui } from '@cotacoes/shared/messages/ui';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render';
import { fakePortalApi, PORTAL_TOKEN, portalView } from '../testing/fake-portal-api';

const t = ui.portal;

afterEach(() => vi.unstubAllGlobals());

function network(routes = fakePortalApi()) {
  return stubNetwork({ 'GET /api/config': { body: publicConfig }, ...routes });
}

describe("'Consultar cotação' (/portal)", () => {
  it('checks the code and e-mail in pt-BR before asking, then says a link was sent (without saying whether it matched)', async () => {
    const { requests } = network();
    const { user } = renderApp('/portal');
    await user.click(await screen.findByRole('button', { name: t.entry.submit }));
    expect(await screen.findByText('Informe o código da cotação (ex.: COT-2026-0042).')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/portal/link')).toBe(false);

    await user.type(screen.getByLabelText(t.entry.codigoLabel), 'cot-2026-0042');
    await user.type(screen.getByLabelText(t.entry.emailLabel), 'Pricing@Atlantica.com.br');
    await user.click(screen.getByRole('button', { name: t.entry.submit }));
    expect(await screen.findByRole('heading', { name: t.entry.sentTitle })).toBeInTheDocument();
    expect(screen.getByText(/Se este e-mail recebeu a cotação COT-2026-0042/)).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/portal/link')?.body).toEqual({
      codigo: 'COT-2026-0042',
      email: 'pricing@atlantica.com.br',
    });
  });
});

describe('the answer page (/portal/:token)', () => {
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
    // The container type the quote asked is offered first.
    expect(screen.getByLabelText(t.answer.freightUnit)).toHaveValue('40HC');
    await user.type(screen.getByLabelText(t.answer.freightValue), '2.500,00');
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
        'Resposta enviada. Você pode alterá-la até 11/12/2026, 14:00 (horário de Brasília).',
      ),
    ).toBeInTheDocument();
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta`)!;
    const form = sent.body as FormData;
    expect(JSON.parse(String(form.get('dados')))).toEqual({
      fretes: [{ unidade: '40HC', moeda: 'USD', valor: 2500, destino: null }],
      taxas: [
        { nome: 'THC', moeda: 'BRL', valor: 1450, unidade: 'conteiner' },
        { nome: 'BL fee', moeda: 'USD', valor: 50, unidade: 'bl' },
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
  });

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
    await user.type(within(santos).getByLabelText(t.answer.freightValue), '2.200');
    await user.type(within(itajai).getByLabelText(t.answer.freightValue), '2.400');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    await screen.findByText(/^Resposta enviada/);
    const sent = requests.find((r) => r.url === `/api/portal/${PORTAL_TOKEN}/resposta`)!;
    expect(JSON.parse(String((sent.body as FormData).get('dados'))).fretes).toEqual([
      { unidade: '40HC', moeda: 'USD', valor: 2200, destino: 'Santos' },
      { unidade: '40HC', moeda: 'USD', valor: 2400, destino: 'Itajaí' },
    ]);
  });

  it('refuses bad values with pt-BR messages beside the fields and sends nothing', async () => {
    const { requests } = network();
    const { user } = renderApp(`/portal/${PORTAL_TOKEN}`);
    const freight = () =>
      within(screen.getByRole('group', { name: 'Frete 1' })).getByLabelText(t.answer.freightValue);
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
    await user.type(await screen.findByLabelText(t.answer.freightValue), '2500');
    await user.click(screen.getByRole('button', { name: t.answer.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Valor acima do permitido.');
    expect(screen.getByLabelText(t.answer.freightValue)).toHaveAccessibleDescription(
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
    expect((await screen.findAllByLabelText(t.answer.freightValue))[0]).toHaveValue('2.380,50');
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

  it('a decided quote says so', async () => {
    network(fakePortalApi(portalView({ estado: 'decidida' })));
    renderApp(`/portal/${PORTAL_TOKEN}`);
    expect(await screen.findByText(t.answer.closedDecided)).toBeInTheDocument();
    expect(screen.getByText(t.answer.noAnswer)).toBeInTheDocument();
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
