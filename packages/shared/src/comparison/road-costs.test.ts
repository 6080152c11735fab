import { describe, expect, it } from 'vitest';
import { toNumber } from './decimal.js';
import { DEFAULT_ROAD_COSTS, type RoadCostEntry, roadCost, roadCostEntry } from './road-costs.js';

const cost = (
  destino: string | null,
  quantidade = 1,
  tipoFrete: string | null = 'FCL',
  table?: RoadCostEntry[],
) => toNumber(roadCost(destino, quantidade, tipoFrete, table));

describe('spec 001 §9 road freight (rodoviário) cost per container by destination port', () => {
  it('is a table of entries: Itapoá 2100, Navegantes 1035, Itajaí 1035 BRL', () => {
    expect(DEFAULT_ROAD_COSTS.map((entry) => [entry.porto, entry.custoPorConteiner])).toEqual([
      ['Itapoá', 2100],
      ['Navegantes', 1035],
      ['Itajaí', 1035],
    ]);
  });

  it.each([
    ['Itapoá', 2100],
    ['ITAPOA', 2100],
    ['itapoá', 2100],
    ['Navegantes', 1035],
    ['Itajaí', 1035],
    ['Itajai', 1035],
    ['Itajaí, BR', 1035],
    ['Porto de Itajaí (SC)', 1035],
  ])('%s costs %d per container (case and accents ignored)', (destino, expected) => {
    expect(cost(destino)).toBe(expected);
  });

  it('"multiplied by the container quantity"', () => {
    expect(cost('Itapoá', 2)).toBe(4200);
    expect(cost('Navegantes', 3)).toBe(3105);
  });

  it('"zero when the destination has no normal costs"', () => {
    expect(cost('Santos', 2)).toBe(0);
    expect(cost('Paranaguá')).toBe(0);
    expect(cost(null)).toBe(0);
    expect(roadCostEntry('Itajaí do Norte')).toBeUndefined();
  });

  it('applies to container (FCL) shipments and to rows whose freight type is unknown', () => {
    expect(cost('Itapoá', 1, null)).toBe(2100);
    expect(cost('Itapoá', 1, 'LCL')).toBe(0);
    expect(cost('Navegantes', 1, 'AÉREO')).toBe(0);
  });

  it('is data: another table changes the cost without touching the rule', () => {
    const table: RoadCostEntry[] = [
      { porto: 'Santos', custoPorConteiner: 800.5, tiposFrete: ['FCL'] },
      { porto: 'Itapoá', custoPorConteiner: 1999.99, tiposFrete: ['FCL', 'LCL'] },
    ];
    expect(cost('Santos', 2, 'FCL', table)).toBe(1601);
    expect(cost('Itapoá', 3, 'LCL', table)).toBe(5999.97);
    expect(cost('Navegantes', 1, 'FCL', table)).toBe(0);
  });
});
