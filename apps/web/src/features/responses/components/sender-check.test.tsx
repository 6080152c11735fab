import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeDecisionsApi, makeRows, respIds } from '@/features/decisions/testing/fake-decisions-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { fakeQuotesApi, ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { fakeResponsesApi, makeDados, makeEntry, makeVersion } from '@/testing/fake-responses-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

const quote = makeQuoteDetail();
const [atlantico, boreal] = quote.destinatarios as [
  QuoteDetail['destinatarios'][number],
  QuoteDetail['destinatarios'][number],
];

/** Atlântico: a verified version 1 (current) and a forged version 2 held back; Boreal: one flagged answer. */
function entries(): ResponseEntry[] {
  return [
    makeEntry(atlantico, [
      makeVersion({ id: 'v-1', versao: 1, remetenteNaoVerificado: false }),
      makeVersion({
        id: 'v-2',
        versao: 2,
        createdAt: '2026-03-04T10:00:00.000Z',
        dadosExtraidos: makeDados({ preco_por_container_40: 1 }),
        remetenteNaoVerificado: true,
        aguardandoConfirmacao: true,
        flags: { remetenteNaoVerificado: 'autenticacao' },
      }),
    ]),
    makeEntry(boreal, [
      makeVersion({
        id: 'b-1',
        remetenteNaoVerificado: true,
        flags: { remetenteNaoVerificado: 'codigo' },
      }),
    ]),
  ];
}

function setup(role: 'analista' | 'usuario') {
  sessionStore.set({ status: 'ready', user: makeUser({ role }) });
  const quotes = fakeQuotesApi({ details: [quote] });
  const responses = fakeResponsesApi(ids.q1, entries());
  const network = stubNetwork({ ...quotes.routes, ...responses.routes });
  renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
  return { network };
}

const card = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Respostas dos transportadores' }, { timeout: 3_000 });
  return within((await within(list).findByRole('heading', { name }, { timeout: 3_000 })).closest('li')!);
};

describe('sender check on the response cards', () => {
  it('shows the badge with its reason and lets an analyst confirm a held version, which becomes current', async () => {
    const { network } = setup('analista');
    const atlanticoCard = await card(atlantico.nome);
    expect(atlanticoCard.getByText('Versão 1 de 2')).toBeInTheDocument();
    expect(
      atlanticoCard.getByText(
        'A versão 2 chegou de um remetente não verificado e aguarda confirmação: a versão 1 continua valendo.',
      ),
    ).toBeInTheDocument();
    const badge = atlanticoCard.getByText('Remetente não verificado');
    expect(badge.closest('[title]')).toHaveAttribute(
      'title',
      'A verificação do domínio do remetente (DKIM, SPF, DMARC) falhou.',
    );

    const boreal = await card('Boreal Cargas');
    expect(boreal.getByText('Remetente não verificado').closest('[title]')).toHaveAttribute(
      'title',
      'Identificada apenas pelo código da cotação no assunto.',
    );
    // The reason is not repeated as a raw flag.
    expect(boreal.queryByText(/codigo/)).toBeNull();

    await userEvent.click(
      atlanticoCard.getByRole('button', { name: `Confirmar remetente da versão 2 de ${atlantico.nome}` }),
    );
    expect(
      await screen.findByText('Remetente confirmado. Esta versão da resposta passa a valer.'),
    ).toBeInTheDocument();
    expect(
      network.requests.some(
        (request) =>
          request.method === 'POST' &&
          request.url === `/api/quotes/${ids.q1}/respostas/v-2/confirmar-remetente`,
      ),
    ).toBe(true);
    const after = await card(atlantico.nome);
    expect(await after.findByText('Versão 2 de 2')).toBeInTheDocument();
    expect(after.getByText('Remetente confirmado por Ana Souza')).toBeInTheDocument();
    expect(after.queryByText('Remetente não verificado')).toBeNull();
  }, 20_000);

  it('shows the badge but no confirmation to a plain user', async () => {
    setup('usuario');
    const atlanticoCard = await card(atlantico.nome);
    expect(atlanticoCard.getByText('Remetente não verificado')).toBeInTheDocument();
    expect(atlanticoCard.queryByRole('button', { name: /Confirmar remetente/ })).toBeNull();
  }, 20_000);
});

describe('sender check on the comparison', () => {
  it('marks the row of an answer whose sender is not verified, and only that one', async () => {
    sessionStore.set({ status: 'ready', user: makeUser() });
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.bor ? { ...row, remetenteNaoVerificado: true } : row,
    );
    stubNetwork(fakeDecisionsApi({ rows }).routes);
    renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
    const table = await screen.findByRole(
      'table',
      { name: 'Propostas dos transportadores, uma linha por destino' },
      { timeout: 3_000 },
    );
    const rowOf = (nome: string) =>
      within(
        within(table)
          .getAllByRole('row')
          .find((row) => row.hasAttribute('data-row') && within(row).queryByText(nome))!,
      );
    expect(rowOf('Boreal Cargas').getByText('Remetente não verificado')).toBeInTheDocument();
    expect(rowOf('Atlântico Logística').queryByText('Remetente não verificado')).toBeNull();
  }, 20_000);
});
