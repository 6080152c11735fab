import { describe, expect, it } from 'vitest';
import type { DadosExtraidos, ExtractionFinal } from '../schemas/responses.js';
import { missingItems, quoteAskedFrom } from './asked.js';
import { buildComparison, type ComparisonResponse } from './build.js';
import { formatDecimal, toDecimal } from './decimal.js';
import { feeItem, freightItem, makeFinal, port } from './fixtures/finals.js';
import {
  chargeableWeightKg,
  chargeQuantity,
  quoteChargeableWeight,
  quoteMeasuresFrom,
  quoteWideMeasures,
} from './quantities.js';
import { exchangeRateInfo } from './totals.js';

/*
 * QA pass on air and LCL measures (air FRA→VCP, 3 pcs, 450 kg, 2,8 m³; LCL 4,2 m³, 1.800 kg): the volume
 * typed in the weight field, one chargeable-weight basis for every row of a quote, the IATA half-kilogram,
 * and no free time expected of LCL or air.
 */

const taxa = exchangeRateInfo({ ptax: 5.33, dataCotacao: '2026-12-05', fonte: 'ptax' }, 0);
const text = (value: bigint | null) => (value === null ? null : formatDecimal(value, 2));

const dados = (final: ExtractionFinal) =>
  ({ final, detect: {}, blocks: [], fontes: [] }) as unknown as DadosExtraidos;
let ids = 0;
const reply = (nome: string, final: ExtractionFinal): ComparisonResponse => {
  const atual = { id: `v${++ids}`, versao: 1, status: 'respondido', dadosExtraidos: dados(final) };
  return {
    id: atual.id,
    transportadorId: `t-${nome}`,
    transportador: { nome, email: `${nome}@frete.com.br` },
    status: 'respondido',
    dadosExtraidos: atual.dadosExtraidos,
    atual,
    versoes: [],
  };
};
const airReply = (valor: number, volumeCarga: string | null = null) =>
  makeFinal({
    modal: 'AEREO',
    porto_destino: [port('Viracopos')],
    fretes: [freightItem('KG', valor)],
    taxas: { itens: [feeItem('AWB FEE', 35, 'USD')] },
    transit_time_dias: 3,
    validadeProposta: '2026-12-31',
    volumeCarga,
  });
const airQuote = (pesoBrutoTotal: string) =>
  quoteAskedFrom({
    tipoFrete: 'AÉREO',
    destino: 'Viracopos',
    pesoBrutoTotal,
    itens: [{ mercadoria: 'Peças', quantidadeVolumes: '3 pcs' }],
  });
const freightOf = (respostas: ComparisonResponse[], pesoBrutoTotal: string) =>
  buildComparison({
    cotacaoId: 'q',
    respostas,
    taxa,
    pedido: airQuote(pesoBrutoTotal),
    hoje: '2026-12-05',
  }).linhas.map((row) => [row.transportador.nome, row.fretes[0]?.quantidade, row.fretes[0]?.valorTotal]);

describe('the volume typed in the weight field ("450 kg / 2,8 m³")', () => {
  it("is the quote's volume, air and LCL", () => {
    const air = quoteMeasuresFrom({ tipoFrete: 'AÉREO', pesoBrutoTotal: '450 kg / 2,8 m³' });
    expect([text(air.pesoKg), text(air.volumeM3)]).toEqual(['450.00', '2.80']);
    const lcl = quoteMeasuresFrom({ tipoFrete: 'LCL', pesoBrutoTotal: '1.800 kg / 4,2 cbm' });
    expect([text(lcl.pesoKg), text(lcl.volumeM3)]).toEqual(['1800.00', '4.20']);
    // LCL: 4,2 m³ > 1,8 t → 4,2 W/M.
    expect(text(chargeQuantity('WM', { ...lcl, conteineres: null }).quantidade)).toBe('4.20');
  });

  it('gives every air row the same chargeable weight, 467 kg, whether or not its reply states the volume', () => {
    // 2,8 m³ × 166,67 = 466,67 → 467,0 kg; 467 × 3,85 = 1.797,95; 467 × 3,70 = 1.727,90.
    const rows = freightOf(
      [reply('Alfa', airReply(3.85, '3 pcs, 450 kgs, 2,80 m³')), reply('Beta', airReply(3.7))],
      '450 kg / 2,8 m³',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Alfa', 467, 1797.95],
        ['Beta', 467, 1727.9],
      ]),
    );
  });
});

describe('one basis for the rows of a quote that states no volume', () => {
  it("takes the volume its replies agree on for every row (one reply's 2,80 m³ gave only its row 466,67 kg)", () => {
    const rows = freightOf(
      [reply('Alfa', airReply(3.85, '3 pcs, 450 kgs, 2,80 m³')), reply('Beta', airReply(3.7))],
      '450 kg',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Alfa', 467, 1797.95],
        ['Beta', 467, 1727.9],
      ]),
    );
  });

  it("replies that disagree leave each row its own reply's volume; the quote's volume always wins", () => {
    const medidas = quoteMeasuresFrom({ tipoFrete: 'AÉREO', pesoBrutoTotal: '450 kg' });
    expect(text(quoteWideMeasures(medidas, ['2,80 m³', null, '2,8 cbm'])!.volumeM3)).toBe('2.80');
    expect(quoteWideMeasures(medidas, ['2,80 m³', '3,1 m³'])!.volumeM3).toBeNull();
    expect(quoteWideMeasures(medidas, [null])!.volumeM3).toBeNull();
    const stated = quoteMeasuresFrom({ tipoFrete: 'AÉREO', pesoBrutoTotal: '450 kg / 2,5 m³' });
    expect(text(quoteWideMeasures(stated, ['2,80 m³'])!.volumeM3)).toBe('2.50');
  });
});

describe('IATA: the chargeable weight is rounded up to the next 0,5 kg (air only)', () => {
  it('466,67 → 467,0; 166,67 → 167,0; 450,2 → 450,5; whole and half kilograms stay', () => {
    expect(text(chargeableWeightKg(toDecimal(450), toDecimal(2.8)))).toBe('467.00');
    expect(text(chargeableWeightKg(toDecimal(100), toDecimal(1)))).toBe('167.00');
    expect(text(chargeableWeightKg(toDecimal(450.2), null))).toBe('450.50');
    expect(text(chargeableWeightKg(toDecimal(450.5), null))).toBe('450.50');
    expect(text(chargeableWeightKg(toDecimal(180), toDecimal(1.2)))).toBe('200.00');
    expect(text(chargeableWeightKg(null, toDecimal(2.9)))).toBe('483.50');
  });

  it('sea per kg counts the gross weight as written', () => {
    const lcl = {
      ...quoteMeasuresFrom({ tipoFrete: 'LCL', pesoBrutoTotal: '1.800,2 kg' }),
      conteineres: null,
    };
    expect(text(chargeQuantity('KG', lcl).quantidade)).toBe('1800.20');
  });
});

describe('free time is not expected of LCL or air', () => {
  const complete = makeFinal({
    fretes: [freightItem('WM', 45)],
    transit_time_dias: 35,
    validadeProposta: '2026-12-31',
  });

  it('an LCL reply without free time ("não aplicável para LCL") lacks nothing', () => {
    const lcl = quoteAskedFrom({ tipoFrete: 'LCL', pesoBrutoTotal: '1.800 kg / 4,2 m³' });
    expect(missingItems(complete, lcl)).toEqual([]);
    expect(missingItems({ ...complete, modal: 'LCL' }, { ...lcl, tipoFrete: null })).toEqual([]);
    // FCL still asks it.
    expect(missingItems(complete, { ...lcl, tipoFrete: 'FCL' })).toEqual(['freeTime']);
  });

  it('neither the LCL nor the air row of the comparison says "Faltando: free time"', () => {
    const lclPedido = quoteAskedFrom({
      tipoFrete: 'LCL',
      destino: 'Santos',
      pesoBrutoTotal: '1.800 kg / 4,2 m³',
    });
    const lcl = buildComparison({
      cotacaoId: 'q',
      respostas: [reply('Gama', { ...complete, modal: 'LCL', porto_destino: [port('Santos')] })],
      taxa,
      pedido: lclPedido,
      hoje: '2026-12-05',
    });
    expect(lcl.linhas[0]).toMatchObject({ faltando: [], custoTotalUSD: 189 });
    const air = buildComparison({
      cotacaoId: 'q',
      respostas: [reply('Alfa', airReply(3.85))],
      taxa,
      pedido: airQuote('450 kg / 2,8 m³'),
      hoje: '2026-12-05',
    });
    expect(air.linhas[0]!.faltando).toEqual([]);
  });
});

describe('quoteChargeableWeight (the quote detail says it)', () => {
  it('410 kg and 4 boxes of 118 × 78 × 92 cm: 3,387 m³ × 166,67 = 564,51 kg → 565 kg; FCL: none', () => {
    const itens = [
      { mercadoria: 'Peças', quantidadeVolumes: '4 caixas', dimensoes: '4 caixas de 118 x 78 x 92 cm' },
    ];
    expect(quoteChargeableWeight({ tipoFrete: 'AÉREO', pesoBrutoTotal: '410 kg', itens })).toEqual({
      kg: 565,
      pesoKg: 410,
      volumeM3: 3.3871,
    });
    expect(quoteChargeableWeight({ tipoFrete: 'FCL', pesoBrutoTotal: '410 kg', itens })).toBeNull();
  });
});
