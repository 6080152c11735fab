import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../schemas/comparison.js';
import { laneDelta, laneOf, lanePointsOfRow, laneUnit } from './lanes.js';

const value = { campo: null, fonte: null, confianca: null, corrigido: false, baixaConfianca: false };
const freight = (tipo: string, valor: number, moeda: string, quantidade: number, base = 'conteiner') => ({
  ...value,
  tipo,
  valor,
  moeda,
  quantidade,
  base,
  valorTotal: valor * quantidade,
});

function row(overrides: Partial<ComparisonRow>): ComparisonRow {
  return {
    id: 'r:Santos',
    respostaId: 'r',
    transportadorId: 't',
    transportador: { nome: 'Agente', email: 'a@b.com' },
    status: 'respondido',
    versao: 1,
    destino: 'Santos',
    fretes: [],
    taxas: [],
    taxasPorMoeda: { USD: 0, BRL: 0 },
    valorUSD: 0,
    valorBRL: 0,
    custoRodoviario: 0,
    custoTotalBRL: 34767.02,
    custoTotalUSD: 0,
    prazo: { ...value, valor: 32, moeda: null },
    freeTime: { ...value, valor: 14, moeda: null },
    validade: { valor: null, campo: 'validade', fonte: null, corrigido: false, expirada: false },
    confianca: null,
    extracao: 'concluida',
    precificada: true,
    faltando: [],
    variacao: null,
    destaque: { menorCusto: false, menorPrazo: false },
    ...overrides,
  };
}

const places = { modal: 'FCL', origem: 'Porto de Shanghai, CN', destino: 'Santos - SP' };

describe('lanes', () => {
  it('names a lane by modal and the places as the comparison compares them', () => {
    expect(laneOf(places)).toMatchObject({
      lane: 'FCL|SHANGHAI|SANTOS',
      origemNome: 'Porto de Shanghai',
    });
    // The quote's "Santos, BR" and a reply's "Santos" are one lane, named one way (QA pass 7: the CSV split it).
    expect(laneOf({ ...places, destino: 'Santos, BR' })).toMatchObject({ destinoNome: 'Santos' });
    expect(laneOf({ ...places, destino: 'Santos' })).toMatchObject({ destinoNome: 'Santos' });
    expect(laneOf({ ...places, origem: null })).toBeNull();
    expect(laneOf({ ...places, destino: '  ' })).toBeNull();
  });

  it.each([
    ["40'HC", 'conteiner', '40HC'],
    ['40', 'conteiner', '40DC'],
    ["20'", 'conteiner', '20DC'],
    ['40RF', 'conteiner', '40RF'],
    ['kg', 'pesoTaxado', 'kg'],
    ['kg', 'kg', 'kg'],
    ['m³', 'm3', 'm3'],
    ['W/M', 'wm', 'wm'],
    ['BL', 'documento', null],
  ])('the unit of %s (%s) is %s', (tipo, base, unit) => {
    expect(laneUnit({ tipo, base })).toBe(unit);
  });

  it('one point per counted freight unit: USD as quoted, BRL at the rate, the total per container', () => {
    const points = lanePointsOfRow(
      row({ fretes: [freight('40HC', 3000, 'USD', 2), freight('20DC', 1850, 'USD', 0)] }),
      places,
      5.2456,
    );
    expect(points).toEqual([
      expect.objectContaining({
        lane: 'FCL|SHANGHAI|SANTOS',
        unidade: '40HC',
        freteUsd: 3000,
        totalBrl: 17383.51,
      }),
    ]);
    const inBrl = lanePointsOfRow(row({ fretes: [freight('40HC', 16500, 'BRL', 2)] }), places, 5.5);
    expect(inBrl[0]).toMatchObject({ freteUsd: 3000 });
    const lcl = lanePointsOfRow(
      row({ fretes: [freight('m³', 45, 'USD', 12.5, 'm3')], custoTotalBRL: 5000 }),
      { ...places, modal: 'LCL' },
      5,
    );
    expect(lcl[0]).toMatchObject({ unidade: 'm3', freteUsd: 45, totalBrl: 400 });
  });

  it('no point for an incomplete, unpriced or pending row', () => {
    const fretes = [freight('40HC', 3000, 'USD', 2)];
    expect(lanePointsOfRow(row({ fretes, taxasAusentes: ['THC'] }), places, 5)).toEqual([]);
    expect(lanePointsOfRow(row({ fretes, quantidadesDesconhecidas: ['x'] }), places, 5)).toEqual([]);
    expect(lanePointsOfRow(row({ fretes, precificada: false }), places, 5)).toEqual([]);
    expect(lanePointsOfRow(row({ fretes, extracao: 'pendente' }), places, 5)).toEqual([]);
  });

  it.each([
    [3900, 3000, 30, 'acima'],
    [3450, 3000, 15, null],
    [3460, 3000, 15.3, 'acima'],
    [2400, 3000, -20, 'abaixo'],
    [3050, 3000, 1.7, null],
  ])('%d against a median of %d is %d %% (%s)', (frete, mediana, deltaPct, flag) => {
    expect(laneDelta(frete, mediana)).toEqual({ deltaPct, flag });
  });
});
