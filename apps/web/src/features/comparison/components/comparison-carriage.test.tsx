import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { render } from '@testing-library/react';
import { makeRows } from '@/features/decisions/testing/fake-decisions-api';
import { CarriageLine } from './comparison-warnings';

describe('the carriage line', () => {
  it("names an air proposal's carrier 'Companhia aérea', a sea one's 'Armador' (QA pass 24)", () => {
    const base = makeRows()[0]!;
    const air = {
      ...base,
      armador: 'Lufthansa Cargo',
      rota: null,
      transbordo: null,
      fretes: [{ ...base.fretes[0]!, tipo: 'KG', base: 'pesoTaxado', quantidade: 565 }],
    } as ComparisonRow;
    const { container, rerender } = render(<CarriageLine row={air} />);
    expect(container).toHaveTextContent('Companhia aérea Lufthansa Cargo');
    rerender(<CarriageLine row={{ ...air, armador: 'MSC', fretes: base.fretes }} />);
    expect(container).toHaveTextContent('Armador MSC');
  });
});
