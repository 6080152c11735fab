import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../schemas/comparison.js';
import { laneDelta, laneExclusionsOfRow, laneOf, lanePointsOfRow, laneRound, laneUnit } from './lanes.js';

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

const fee = (
  nome: string,
  valor: number,
  moeda: string,
  quantidade: number,
  base: string,
  equipamento?: string,
) => ({
  ...value,
  valor,
  moeda,
  nome,
  rotulo: nome,
  destino: null,
  contabilizada: true,
  motivo: null,
  unidade: null,
  quantidade,
  base,
  valorTotal: valor * quantidade,
  ...(equipamento ? { equipamento } : {}),
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
    // QA pass 34: freight in EUR (Hamburg → Santos) made no point. EUR 1.200 × 6,0475 = R$ 7.257,00
    // ÷ 5,535 = US$ 1.311,1111 per container.
    const inEur = lanePointsOfRow(
      row({ fretes: [freight('20DC', 1200, 'EUR', 2)], custoTotalBRL: 17129.13 }),
      { ...places, origem: 'Hamburg, DE' },
      { taxa: 5.535, taxaEur: 6.0475 },
    );
    expect(inEur[0]).toMatchObject({ freteUsd: 1311.1111, moedaOriginal: 'EUR', valorOriginal: 1200 });
    // Without the euro's rate there is no figure to give.
    expect(
      lanePointsOfRow(row({ fretes: [freight('20DC', 1200, 'EUR', 2)] }), places, { taxa: 5.535 }),
    ).toEqual([]);
    const lcl = lanePointsOfRow(
      row({ fretes: [freight('m³', 45, 'USD', 12.5, 'm3')], custoTotalBRL: 5000 }),
      { ...places, modal: 'LCL' },
      5,
    );
    expect(lcl[0]).toMatchObject({ unidade: 'm3', freteUsd: 45, totalBrl: 400 });
  });

  /*
   * ADR 0030 addendum (2026-12-06), the example worked by hand. A mixed shipment of 2 × 20DV + 1 × 40HC at
   * 5,50 BRL/USD: freight USD 1.350 per 20DV and USD 2.450 per 40HC, THC BRL 1.100 per 20DV and BRL 1.450
   * per 40HC, BL fee USD 75 once. Total: (2.700 + 2.450 + 75) × 5,50 + 2.200 + 1.450 = 32.387,50.
   *   20DV own: 2.700 × 5,50 + 2.200 = 17.050,00 → 8.525,00 per container;
   *   40HC own: 2.450 × 5,50 + 1.450 = 14.925,00 → 14.925,00 per container;
   *   shared: 32.387,50 − 17.050 − 14.925 = 412,50 (the BL fee) over 3 containers = 137,50 each;
   *   20DV 8.662,50, 40HC 15.062,50 (2 × 8.662,50 + 15.062,50 = 32.387,50).
   * The old figure gave both 32.387,50 / 3 = 10.795,83.
   */
  it('a mixed shipment: each type its own freight and THC, the BL fee shared per container', () => {
    const mixed = row({
      fretes: [freight('20DV', 1350, 'USD', 2), freight('40HC', 2450, 'USD', 1)],
      taxas: [
        fee('THC', 1100, 'BRL', 2, 'conteiner', '20DV'),
        fee('THC', 1450, 'BRL', 1, 'conteiner', '40HC'),
        fee('BL FEE', 75, 'USD', 1, 'documento'),
      ],
      custoTotalBRL: 32387.5,
    });
    const points = lanePointsOfRow(mixed, places, 5.5);
    expect(points.map((point) => [point.unidade, point.freteUsd, point.totalBrl])).toEqual([
      ['20DC', 1350, 8662.5],
      ['40HC', 2450, 15062.5],
    ]);
    expect(2 * points[0]!.totalBrl + points[1]!.totalBrl).toBe(32387.5);
    // A THC per container of no type is the same for every container: shared like the BL fee.
    const untyped = lanePointsOfRow(
      row({
        fretes: [freight('20DV', 1350, 'USD', 2), freight('40HC', 2450, 'USD', 1)],
        taxas: [fee('THC', 1200, 'BRL', 3, 'conteiner'), fee('BL FEE', 75, 'USD', 1, 'documento')],
        // (5.150 + 75) × 5,50 + 3.600 = 32.337,50; shared (3.600 + 412,50) / 3 = 1.337,50.
        custoTotalBRL: 32337.5,
      }),
      places,
      5.5,
    );
    expect(untyped.map((point) => point.totalBrl)).toEqual([7425 + 1337.5, 13475 + 1337.5]);
  });

  it('keeps the freight as quoted: currency and value per unit', () => {
    const [point] = lanePointsOfRow(row({ fretes: [freight('40HC', 7950, 'BRL', 2)] }), places, 5.4838);
    expect(point).toMatchObject({ freteUsd: 1449.7246, moedaOriginal: 'BRL', valorOriginal: 7950 });
  });

  it.each([
    [4.075, 2, 4.08],
    [3.975, 2, 3.98],
    [1.005, 2, 1.01],
    // A float median of 4,05 and 4,10 (what percentile_cont answers) rounds as the decimal it stands for.
    [4.05 + 0.5 * (4.1 - 4.05), 2, 4.08],
    [-20.05, 1, -20.1],
    [17383.505, 2, 17383.51],
  ])('rounds %d half up at %d places: %d', (input, places, expected) => {
    expect(laneRound(input, places)).toBe(expected);
  });

  it('an incomplete row adds no point but is told as left out, with its freight and why', () => {
    const fretes = [freight('40HC', 2700, 'USD', 2)];
    const incomplete = row({ fretes, taxasAusentes: ['ISPS'] });
    expect(lanePointsOfRow(incomplete, places, 5)).toEqual([]);
    expect(laneExclusionsOfRow(incomplete, places, 5)).toEqual([
      expect.objectContaining({ unidade: '40HC', freteUsd: 2700, motivo: 'taxasAusentes', detalhe: 'ISPS' }),
    ]);
    expect(laneExclusionsOfRow(row({ fretes, taxasNaoSomadas: ['THC em EUR'] }), places, 5)[0]).toMatchObject(
      { motivo: 'taxasNaoSomadas', detalhe: 'THC em EUR' },
    );
    // A complete row, an unfinished extraction or a row without a freight price leaves nothing out.
    expect(laneExclusionsOfRow(row({ fretes }), places, 5)).toEqual([]);
    expect(
      laneExclusionsOfRow(row({ fretes, taxasAusentes: ['ISPS'], extracao: 'pendente' }), places, 5),
    ).toEqual([]);
    expect(
      laneExclusionsOfRow(row({ fretes, taxasAusentes: ['ISPS'], precificada: false }), places, 5),
    ).toEqual([]);
  });

  it("an all-in freight adds no point to the lane's freight (it holds the charges) and is told as left out", () => {
    const fretes = [freight('40HC', 2925, 'USD', 2)];
    const allIn = row({ fretes, freteAllIn: true });
    expect(lanePointsOfRow(allIn, places, 5)).toEqual([]);
    expect(laneExclusionsOfRow(allIn, places, 5)).toEqual([
      expect.objectContaining({ unidade: '40HC', freteUsd: 2925, motivo: 'freteAllIn', detalhe: '' }),
    ]);
    // Incomplete as well: the incompleteness is the reason told.
    expect(
      laneExclusionsOfRow(row({ fretes, freteAllIn: true, taxasAusentes: ['ISPS'] }), places, 5)[0],
    ).toMatchObject({
      motivo: 'taxasAusentes',
    });
    // The same freight not all in is a point.
    expect(lanePointsOfRow(row({ fretes }), places, 5)).toHaveLength(1);
  });

  it('per kg, the air rate with its fuel and security: quoted beside it or inside it, one lane figure', () => {
    const air = { modal: 'AÉREO', origem: 'Guarulhos', destino: 'Shanghai' };
    // USD 3,20/kg + fuel 0,90/kg + security R$ 0,7868/kg (USD 0,15 at 5,2456) on 350 kg; AWB apart.
    const apart = row({
      destino: 'Shanghai',
      fretes: [freight('kg', 3.2, 'USD', 350, 'pesoTaxado')],
      taxas: [
        fee('FSC', 0.9, 'USD', 350, 'pesoTaxado'),
        fee('SSC', 0.7868, 'BRL', 350, 'pesoTaxado'),
        fee('AWB FEE', 35, 'USD', 1, 'documento'),
      ],
      custoTotalBRL: 7717.39,
    });
    const [point] = lanePointsOfRow(apart, air, 5.2456);
    // 3,20 + 0,90 + 0,7868 / 5,2456 = 4,25 (0,1499923 → 4,2499923, 4 decimals 4,25).
    expect(point).toMatchObject({ unidade: 'kg', freteUsd: 4.25, valorOriginal: 3.2, totalBrl: 22.05 });
    // "USD 4,25/kg all in (inclui fuel e security)": the same figure, a point (not left out as an ocean all in).
    const inside = row({
      destino: 'Shanghai',
      fretes: [freight('kg', 4.25, 'USD', 350, 'pesoTaxado')],
      freteAllIn: true,
    });
    expect(lanePointsOfRow(inside, air, 5.2456)).toEqual([
      expect.objectContaining({ unidade: 'kg', freteUsd: 4.25 }),
    ]);
    expect(laneExclusionsOfRow(inside, air, 5.2456)).toEqual([]);
    // A per-shipment fuel charge is no part of the rate per kg; a surcharge in a currency without a rate
    // leaves no figure.
    const perShipment = row({
      destino: 'Shanghai',
      fretes: [freight('kg', 3.2, 'USD', 350, 'pesoTaxado')],
      taxas: [fee('FSC', 90, 'USD', 1, 'embarque')],
    });
    expect(lanePointsOfRow(perShipment, air, 5.2456)[0]).toMatchObject({ freteUsd: 3.2 });
    const inEuro = row({
      destino: 'Shanghai',
      fretes: [freight('kg', 3.2, 'USD', 350, 'pesoTaxado')],
      taxas: [fee('FSC', 0.8, 'EUR', 350, 'pesoTaxado')],
    });
    expect(lanePointsOfRow(inEuro, air, 5.2456)).toEqual([]);
    expect(lanePointsOfRow(inEuro, air, { taxa: 5.2456, taxaEur: 6.1 })[0]?.freteUsd).toBe(4.1303);
  });

  it('a surcharge typed by hand in Spanish counts in the rate per kg; insurance does not (QA pass 39)', () => {
    const air = { modal: 'AÉREO', origem: 'Frankfurt', destino: 'Viracopos' };
    const typed = row({
      destino: 'Viracopos',
      fretes: [freight('kg', 4.1, 'USD', 350, 'pesoTaxado')],
      taxas: [
        fee('FSC', 0.9, 'USD', 350, 'pesoTaxado'),
        // Added with 'Adicionar taxa que falta': the name as typed.
        fee('Recargo de seguridad (SSC)', 0.2, 'USD', 350, 'pesoTaxado'),
        fee('Seguro de carga', 0.05, 'USD', 350, 'pesoTaxado'),
      ],
    });
    // 4,10 + 0,90 + 0,20 = 5,20 (the insurance per kg is no part of the rate).
    expect(lanePointsOfRow(typed, air, 5.2456)[0]).toMatchObject({ unidade: 'kg', freteUsd: 5.2 });
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
