import { render, screen } from '@testing-library/react';
import { makeRows } from '@/features/decisions/testing/fake-decisions-api';
import { FeeTotals } from './comparison-row-parts';

describe('FeeTotals', () => {
  it("an all-in row with one fee apart: the other currency reads 'all in', as the PDF, not 0,00 (QA pass 37)", () => {
    const row = makeRows()[0]!;
    const allIn = {
      ...row,
      freteAllIn: true,
      taxas: row.taxas.slice(0, 1),
      taxasPorMoeda: { USD: 75, BRL: 0 },
    };
    const { container, unmount } = render(<FeeTotals row={allIn} />);
    expect(container.textContent).toMatch(/USD\s*75,00/);
    expect(container.textContent).toMatch(/BRL\s*all in/);
    expect(screen.queryByText('0,00')).toBeNull();
    unmount();
    // Not all in: a currency without fees is 0,00.
    render(<FeeTotals row={{ ...allIn, freteAllIn: false }} />);
    expect(screen.getByText('0,00')).toBeInTheDocument();
  });
});
