import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import type { ComparisonLane } from '@cotacoes/shared/schemas/lanes';
import { screen, within } from '@testing-library/react';
import { fakeDecisionsApi, makeRows, respIds } from '@/features/decisions/testing/fake-decisions-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

/*
 * Issue 36 on the comparison: each row's freight against its lane's 90-day median, the sentence and the
 * points it rests on; nothing on a row whose lane has fewer than 3 points (the API sends no `lane`).
 */

const LANE = 'FCL|SHANGHAI|SANTOS';
const lane = (overrides: Partial<ComparisonLane>): ComparisonLane => ({
  chave: LANE,
  unidade: '40HC',
  mediana: 3000,
  quantidade: 14,
  deltaPct: 22,
  flag: 'acima',
  pontos: [
    { id: 'p1', data: '2026-11-20', transportador: 'Boreal Cargas', freteUsd: 2900, aprovado: true },
    { id: 'p2', data: '2026-10-02', transportador: 'Delta Frete', freteUsd: 3100, aprovado: false },
  ],
  ...overrides,
});

function rowsWithLanes(): ComparisonRow[] {
  return makeRows().map((row) => {
    if (row.respostaId === respIds.atl) return { ...row, lane: lane({}) };
    if (row.respostaId === respIds.bor) return { ...row, lane: lane({ deltaPct: -18.5, flag: 'abaixo' }) };
    return row;
  });
}

function setup() {
  sessionStore.set({ status: 'ready', user: makeUser() });
  const fake = fakeDecisionsApi({ rows: rowsWithLanes() });
  stubNetwork(fake.routes);
  return renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
}

const rowOf = (table: HTMLElement, carrier: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.hasAttribute('data-row') && within(row).queryByText(carrier))!;

describe('the lane median on the comparison', { timeout: 20_000 }, () => {
  it('says how far above or below the median each row is, and nothing where there is no median', async () => {
    const { user } = setup();
    const table = await screen.findByRole(
      'table',
      { name: 'Propostas dos transportadores, uma linha por destino' },
      { timeout: 5_000 },
    );
    const above = within(rowOf(table, 'Atlântico Logística')).getByRole('button', {
      name: '22 % acima da mediana de 90 dias, 14 propostas',
    });
    expect(above).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(rowOf(table, 'Boreal Cargas')).getByRole('button', {
        name: '18,5 % abaixo da mediana de 90 dias, 14 propostas',
      }),
    ).toBeInTheDocument();
    // Every row of the two answers with a median has its flag; the third answer's rows have none.
    const flagged = rowsWithLanes().filter((row) => row.lane).length;
    expect(table.querySelectorAll('[data-lane-flag]')).toHaveLength(flagged);
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-row'));
    expect(rows.filter((row) => !row.querySelector('[data-lane-flag]')).length).toBe(rows.length - flagged);
    expect(rows.length).toBeGreaterThan(flagged);

    await user.click(above);
    expect(above).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(above.getAttribute('aria-controls')!)!;
    expect(panel).toHaveTextContent("Mediana de 90 dias: US$ 3.000,00 por 40' HC (14 propostas)");
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => (item.textContent ?? '').replace(/\u00a0/g, ' ')),
    ).toEqual([
      '20/11/2026 · Boreal Cargas · US$ 2.900,00(aprovada)',
      '02/10/2026 · Delta Frete · US$ 3.100,00',
    ]);
    expect(within(panel).getByRole('link', { name: 'Ver histórico da rota' })).toHaveAttribute(
      'href',
      // The unit the flag is about (QA pass 14: the lane opened on another container type).
      `/lanes/${encodeURIComponent(LANE)}?unidade=40HC`,
    );
  });
});
