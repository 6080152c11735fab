import { makeRow, makeRows, respIds, value } from '@/features/decisions/testing/fake-decisions-api';
import {
  ariaSort,
  DEFAULT_SORT,
  destinationsOf,
  missingOfCarrier,
  nextSort,
  sortRows,
} from './comparison-rows';

const names = (rows: ReturnType<typeof makeRows>) =>
  rows.map((row) => `${row.transportador.nome}${row.destino ? ` ${row.destino}` : ''}`);

describe('comparison sorting (spec 001 §9: custoTotalBRL, custoTotalUSD, prazo)', () => {
  it('orders by the BRL total, both ways', () => {
    const rows = makeRows();
    expect(names(sortRows(rows, { key: 'custoTotalBRL', direction: 'asc' }))).toEqual([
      'Delta Shipping',
      'Boreal Cargas Santos',
      'Boreal Cargas Itajaí',
      'Atlântico Logística',
    ]);
    expect(names(sortRows(rows, { key: 'custoTotalBRL', direction: 'desc' }))).toEqual([
      'Atlântico Logística',
      'Boreal Cargas Itajaí',
      'Boreal Cargas Santos',
      'Delta Shipping',
    ]);
  });

  it('orders by the USD total', () => {
    const rows = makeRows().map((row) =>
      row.respostaId === respIds.atl ? { ...row, custoTotalUSD: 1000 } : row,
    );
    expect(names(sortRows(rows, { key: 'custoTotalUSD', direction: 'asc' }))).toEqual([
      'Atlântico Logística',
      'Delta Shipping',
      'Boreal Cargas Santos',
      'Boreal Cargas Itajaí',
    ]);
  });

  it('counts a missing transit time as 999 days: last going up, first going down; ties by carrier and destination', () => {
    const rows = makeRows();
    expect(names(sortRows(rows, { key: 'prazo', direction: 'asc' }))).toEqual([
      'Atlântico Logística',
      'Boreal Cargas Itajaí',
      'Boreal Cargas Santos',
      'Delta Shipping',
    ]);
    expect(names(sortRows(rows, { key: 'prazo', direction: 'desc' }))[0]).toBe('Delta Shipping');
    const longer = makeRow({ respostaId: 'x', prazo: value(998) });
    expect(sortRows([rows[3]!, longer], { key: 'prazo', direction: 'asc' })[0]).toBe(longer);
  });

  it('keeps equal rows of one carrier and destination in order and leaves the input alone', () => {
    const a = makeRow({ respostaId: 'a', custoTotalBRL: 100 });
    const b = makeRow({ respostaId: 'b', custoTotalBRL: 100 });
    const input = [a, b];
    expect(sortRows(input, { key: 'custoTotalBRL', direction: 'desc' })).toEqual([a, b]);
    expect(input).toEqual([a, b]);
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'custoTotalBRL', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'custoTotalBRL')).toEqual({ key: 'custoTotalBRL', direction: 'desc' });
    expect(nextSort({ key: 'custoTotalBRL', direction: 'desc' }, 'custoTotalBRL').direction).toBe('asc');
    expect(nextSort({ key: 'custoTotalBRL', direction: 'desc' }, 'prazo')).toEqual({
      key: 'prazo',
      direction: 'asc',
    });
    expect(ariaSort({ key: 'prazo', direction: 'desc' }, 'prazo')).toBe('descending');
    expect(ariaSort({ key: 'prazo', direction: 'asc' }, 'prazo')).toBe('ascending');
    expect(ariaSort({ key: 'prazo', direction: 'asc' }, 'custoTotalUSD')).toBe('none');
  });
});

describe('rows of one response or carrier', () => {
  it('lists the destinations of a response once each', () => {
    const rows = makeRows();
    expect(destinationsOf(rows, respIds.bor)).toEqual(['Santos', 'Itajaí']);
    expect(destinationsOf(rows, respIds.atl)).toEqual([]);
  });

  it("joins what a carrier's rows lack, once each", () => {
    const rows = [
      makeRow({ respostaId: 'r', destino: 'Santos', faltando: ['frete40', 'prazo'] }),
      makeRow({ respostaId: 'r', destino: 'Itajaí', faltando: ['prazo', 'validade'] }),
    ];
    expect(missingOfCarrier(rows, rows[0]!.transportadorId)).toEqual(['frete40', 'prazo', 'validade']);
  });
});
