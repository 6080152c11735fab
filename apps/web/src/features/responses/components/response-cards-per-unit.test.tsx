import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { screen, within } from '@testing-library/react';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { fakeQuotesApi, ids, makeQuoteDetail } from '@/testing/fake-quotes-api';
import { fakeResponsesApi, makeDados, makeEntry, makeVersion } from '@/testing/fake-responses-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

/*
 * QA pass on air and LCL: the reply card of an air answer showed only "Frete 20'" and "Frete 40'", both
 * "Não informado"; it shows the freight per kg with its minimum.
 */

const quote = makeQuoteDetail();
const atlantico = quote.destinatarios[0]!;

function setup(list: ResponseEntry[]) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const quotes = fakeQuotesApi({ details: [quote] });
  const responses = fakeResponsesApi(ids.q1, list);
  stubNetwork({ ...quotes.routes, ...responses.routes });
  renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
}

const summaryOf = async (nome: string) =>
  within(await screen.findByRole('group', { name: `Resumo extraído de ${nome}` }, { timeout: 3_000 }));

describe('the reply card of an air answer', () => {
  it('shows "Frete US$ 3,85/kg (mín. US$ 150,00)" and no per-container rows', async () => {
    const version = makeVersion({
      dadosExtraidos: makeDados({
        modal: 'AEREO',
        fretes: [
          {
            destino: null,
            unidade: 'KG',
            valor: 3.85,
            moeda: 'USD',
            minimo: 150,
            confidence: 0.9,
            source: { line: 4, text: 'A/F: USD 3,85/kg, min USD 150,00', origin: 'body' },
          },
        ],
        frete: null,
        preco_por_container_20: null,
        preco_por_container_40: null,
        preco_por_kg: 3.85,
        preco_minimo: 150,
        free_time_destino_dias: null,
      }),
    });
    setup([makeEntry(atlantico, [version])]);
    const summary = await summaryOf(atlantico.nome);
    expect(summary.getByText('Frete').nextElementSibling).toHaveTextContent(
      /^US\$\s3,85\/kg \(mín\. US\$\s150,00\)$/,
    );
    expect(summary.queryByText("Frete 20'")).toBeNull();
    expect(summary.queryByText("Frete 40'")).toBeNull();
    // No free time row: an air answer is not asked one (QA pass 39b read "Free time: Não informado").
    expect(summary.queryByText('Free time')).toBeNull();
    expect(summary.getByText('Transit time')).toBeInTheDocument();
  });
});
