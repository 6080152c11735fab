import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { screen, within } from '@testing-library/react';
import { approvalCautions } from '@/features/decisions/components/approve-page-rules';
import { fakeDecisionsApi, makeRows, respIds } from '@/features/decisions/testing/fake-decisions-api';
import { QuoteDetailPage } from '@/features/quotes/components/quote-detail-page';
import { sessionStore } from '@/lib/session';
import { ids } from '@/testing/fake-quotes-api';
import { makeUser } from '@/testing/fixtures';
import { stubNetwork } from '@/testing/network';
import { renderAt } from '@/testing/render';

/*
 * QA pass (high severity): the cheapest proposal may lack a charge the others quote; it is "Menor custo"
 * by its estimate — each charge it lacks costed at the highest amount another agent quotes for it — and
 * the screen and the approval confirmation say so: 'Menor custo (estimado)', 'Estimado em R$ …, completando
 * com CFS de Maré Alta (R$ 663,00)'.
 */

/** Spaces as written (Intl writes 'R$' and the amount apart with a no-break space). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

/**
 * makeRows with Atlântico (R$ 11.065,28) lacking CFS and the cheapest by its estimate: + Maré Alta's CFS
 * R$ 663,00 = R$ 11.728,28; Delta (R$ 8.927,55, no 40' price) no longer marked.
 */
function estimatedRows(
  taxas = [{ nome: 'CFS', valorBRL: 663, transportador: 'Maré Alta' }],
): ComparisonRow[] {
  const rows = makeRows();
  const atlantico = rows.find((row) => row.respostaId === respIds.atl)!;
  atlantico.taxasAusentes = taxas.map((taxa) => taxa.nome);
  atlantico.destaque = { menorCusto: true, menorPrazo: true };
  atlantico.menorCustoEstimado = {
    totalBRL: taxas.reduce((sum, taxa) => Math.round((sum + taxa.valorBRL) * 100) / 100, 11_065.28),
    taxas,
  };
  for (const row of rows) if (row !== atlantico) row.destaque = { ...row.destaque, menorCusto: false };
  return rows;
}

function render(rows: ComparisonRow[]) {
  sessionStore.set({ status: 'ready', user: makeUser() });
  stubNetwork(fakeDecisionsApi({ rows }).routes);
  renderAt(<QuoteDetailPage />, '/quotes/:id', `/quotes/${ids.q1}`);
}

async function tableRow(nome: string) {
  const table = await screen.findByRole('table', {
    name: 'Propostas dos transportadores, uma linha por destino',
  });
  return within(table)
    .getAllByRole('row')
    .find((item) => item.hasAttribute('data-row') && within(item).queryByText(nome))!;
}

describe('Comparação: the cheapest by its estimate', { timeout: 20_000 }, () => {
  it("badges 'Menor custo (estimado)' and says how the estimate was made", async () => {
    render(estimatedRows());
    const row = await tableRow('Atlântico Logística');
    const badge = within(row).getByText('Menor custo (estimado)');
    expect(badge.closest('[title]')).toHaveAttribute(
      'title',
      'Esta proposta não traz todas as taxas: para compará-la, cada taxa que falta foi somada pelo maior valor que outro agente de carga cotou para ela. O total da proposta não muda.',
    );
    expect(within(row).queryByText('Menor custo')).toBeNull();
    expect(plain(row.querySelector('[data-estimate]')?.textContent)).toBe(
      'Estimado em R$ 11.728,28, completando com CFS de Maré Alta (R$ 663,00)',
    );
    // Its own total stays as it is; the badge of what it lacks stays too.
    expect(plain(within(row).getByText(/^R\$\s11\.065,28$/).textContent)).toBe('R$ 11.065,28');
    expect(within(row).getByText('incompleta: sem CFS')).toBeInTheDocument();
    const delta = await tableRow('Delta Shipping');
    expect(within(delta).queryByText(/^Menor custo/)).toBeNull();
    expect(delta.querySelector('[data-estimate]')).toBeNull();
  });

  it('names every charge added, joined with commas', async () => {
    render(
      estimatedRows([
        { nome: 'CFS', valorBRL: 663, transportador: 'Maré Alta' },
        { nome: 'DESCONSOLIDACAO', valorBRL: 741, transportador: 'Pacífico' },
      ]),
    );
    const row = await tableRow('Atlântico Logística');
    expect(plain(row.querySelector('[data-estimate]')?.textContent)).toBe(
      'Estimado em R$ 12.469,28, completando com CFS de Maré Alta (R$ 663,00), Desconsolidação de Pacífico (R$ 741,00)',
    );
  });

  it('says the same on the phone cards', async () => {
    const narrow = (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { value: narrow, configurable: true });
    try {
      render(estimatedRows());
      const cards = await screen.findByRole(
        'list',
        { name: 'Propostas dos transportadores, uma linha por destino' },
        { timeout: 5_000 },
      );
      const card = within(cards).getByRole('heading', { name: 'Atlântico Logística' }).closest('li')!;
      expect(within(card).getByText('Menor custo (estimado)')).toBeInTheDocument();
      expect(plain(card.querySelector('[data-estimate]')?.textContent)).toBe(
        'Estimado em R$ 11.728,28, completando com CFS de Maré Alta (R$ 663,00)',
      );
    } finally {
      Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
    }
  });
});

describe('an incomplete row that is not the cheapest', { timeout: 20_000 }, () => {
  it('says what it would cost completed (QA pass 26)', async () => {
    const rows = estimatedRows();
    const boreal = rows.find((row) => row.respostaId === respIds.bor)!;
    boreal.taxasAusentes = ['CFS'];
    boreal.custoEstimado = {
      totalBRL: 9_663,
      taxas: [{ nome: 'CFS', valorBRL: 663, transportador: 'Maré Alta' }],
    };
    render(rows);
    const row = await tableRow('Boreal Cargas');
    expect(within(row).queryByText('Menor custo (estimado)')).toBeNull();
    expect(plain(within(row).getAllByText(/^Estimado em/)[0]!.textContent)).toBe(
      'Estimado em R$ 9.663,00, completando com CFS de Maré Alta (R$ 663,00)',
    );
  });
});

describe('the approval confirmation of the cheapest by its estimate', () => {
  const rows = estimatedRows();
  const byId = (id: string) => rows.find((row) => row.respostaId === id)!;
  const cautions = (chosen: ComparisonRow) =>
    approvalCautions(rows, chosen)
      .map(plain)
      .filter((text) => !text.startsWith('Esta proposta não traz'));

  it('approving it: incomplete, and the cheapest all the same once completed', () => {
    expect(cautions(byId(respIds.atl))).toEqual([
      'Esta proposta está incompleta (sem CFS): o total dela não inclui essas taxas.',
      'Completada com CFS de Maré Alta (R$ 663,00), ela continua a de menor custo (R$ 11.728,28, estimado).',
    ]);
  });

  it('approving a dearer complete proposal: not the lowest (estimated) cost, by how much', () => {
    // Boreal Santos R$ 9.000,00 against the estimate R$ 11.728,28: cheaper, no "a menos" claim; Boreal
    // Itajaí R$ 10.535,00 likewise. A complete proposal dearer than the estimate says the difference.
    const dearer = { ...byId(respIds.bor), custoTotalBRL: 12_000 };
    expect(approvalCautions(rows, dearer).map(plain)).toContain(
      'Esta não é a proposta de menor custo (estimado): Atlântico Logística, completada com CFS de Maré Alta (R$ 663,00), custa R$ 271,72 a menos (R$ 11.728,28, estimado).',
    );
  });

  it('approving another incomplete proposal names the cheapest by its estimate, never a complete one', () => {
    const other: ComparisonRow = {
      ...byId(respIds.del),
      // Its validity still running (the fixture's has ended: that caution has its own test).
      validade: { ...byId(respIds.del).validade, expirada: false },
      faltando: [],
      taxasAusentes: ['BL FEE'],
    };
    const texts = approvalCautions([...rows.filter((row) => row !== byId(respIds.del)), other], other).map(
      plain,
    );
    expect(texts).toEqual([
      'Esta proposta está incompleta (sem BL FEE): o total dela não inclui essas taxas.',
      'A proposta de menor custo (estimado) é Atlântico Logística: R$ 11.728,28, completada com CFS de Maré Alta (R$ 663,00).',
    ]);
    expect(texts.join(' ')).not.toContain('completa de menor custo');
  });

  it('approving another incomplete proposal compares it completed too (QA pass 26)', () => {
    // Delta R$ 8.927,55 lacking a BL fee, completed at Boreal's R$ 2.972,45 → R$ 11.900,00 (the engine's
    // estimate), R$ 171,72 above Atlântico's R$ 11.728,28 (estimated): not "R$ 8.927,55 beside 11.728,28".
    const other: ComparisonRow = {
      ...byId(respIds.del),
      // Its validity still running (the fixture's has ended: that caution has its own test).
      validade: { ...byId(respIds.del).validade, expirada: false },
      faltando: [],
      taxasAusentes: ['BL FEE'],
      custoEstimado: {
        totalBRL: 11_900,
        taxas: [{ nome: 'BL FEE', valorBRL: 2_972.45, transportador: 'Boreal' }],
      },
    };
    const texts = approvalCautions([...rows.filter((row) => row !== byId(respIds.del)), other], other).map(
      plain,
    );
    expect(texts).toEqual([
      'Esta proposta está incompleta (sem BL FEE): o total dela não inclui essas taxas.',
      'Completada com BL FEE de Boreal (R$ 2.972,45), ela custaria R$ 11.900,00 (estimado): R$ 171,72 a mais que Atlântico Logística (R$ 11.728,28, estimado).',
    ]);
  });
});
