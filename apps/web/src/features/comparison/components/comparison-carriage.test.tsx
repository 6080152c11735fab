import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { render } from '@testing-library/react';
import { makeRows } from '@/features/decisions/testing/fake-decisions-api';
import { HeldVersionBadge, Variation } from './comparison-row-parts';
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

  it("marks an armador a revision did not name as the earlier version's (QA pass 42a)", () => {
    const row = { ...makeRows()[0]!, armador: 'Hapag-Lloyd', rota: null, transbordo: null } as ComparisonRow;
    const { container, rerender } = render(<CarriageLine row={{ ...row, armadorVersaoAnterior: 1 }} />);
    expect(container).toHaveTextContent(/^Armador Hapag-Lloyd \(da versão 1\)$/);
    rerender(<CarriageLine row={row} />);
    expect(container).toHaveTextContent(/^Armador Hapag-Lloyd$/);
  });
});

describe('the change against the previous version', () => {
  it('a revision that adds a freight the previous one lacked is no rise: said so, shown neutral (QA pass 23)', () => {
    const row = {
      ...makeRows()[0]!,
      variacao: {
        versaoAnterior: 1,
        custoTotalBRL: 7579.5,
        custoTotalUSD: 1422,
        prazo: 0,
        anteriorSemFrete: ['frete20'],
      },
    } as ComparisonRow;
    const { container } = render(<Variation row={row} />);
    expect(container).toHaveTextContent(
      "a versão 1 não trazia o preço do contêiner de 20': a variação não é aumento nem economia",
    );
    expect(container.querySelector('[data-incompleta]')).not.toBeNull();
  });
});

describe('a latest version that could not be read', () => {
  it("says 'versão 2 não lida' and that the row shows the last one read (QA pass 25)", () => {
    const row = { ...makeRows()[0]!, versao: 1, versaoNaoLida: 2 } as ComparisonRow;
    const { container } = render(<HeldVersionBadge row={row} />);
    expect(container).toHaveTextContent('versão 2 não lida');
    expect(container).toHaveTextContent('Esta linha mostra a versão 1, a última lida.');
  });
});
