import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * QA pass 41c: several ports and airports, tables and all-in prices. The pipeline test with hand totals is
 * apps/api/src/modules/comparison/qa41.routes.test.ts; these are the engine's readings, one rule each.
 */

const read = (text: string): FinalData => extractFromText(text).final;
const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.valor, x.moeda, x.rotulo]);

describe('QA 41c: the engine', () => {
  it('keeps a priced charge said to be "not included" in the freight (in en, pt and es)', () => {
    const f = read(
      [
        'Frete LCL: USD 45,00 por W/M',
        'BL fee: USD 75.00 per BL (not included in the freight)',
        'Doc fee: USD 40 - not included',
        'Desconsolidação: R$ 400,00 (não incluso no frete)',
        'Handling: USD 30 (no incluido)',
        'THC: incluso',
      ].join('\n'),
    );
    expect(fees(f).map(([nome, valor]) => [nome, valor])).toEqual([
      ['BL FEE', 75],
      ['DOC FEE', 40],
      ['DESCONSOLIDACAO', 400],
      ['HANDLING', 30],
    ]);
  });

  it('reads "Excluding BL fee USD 75.00 per BL." after a sentence about the all-in as the BL fee', () => {
    const f = read(
      [
        'Ocean freight ALL IN:',
        '- 40HC: USD 3,250.00',
        'All in includes THC at destination and ISPS. Excluding BL fee USD 75.00 per BL.',
      ].join('\n'),
    );
    expect(f.fretes.map((x) => [x.valor, x.unidade])).toEqual([[3250, '40HC']]);
    expect(f.taxas.itens.map((x) => [x.nome, x.valor, x.unidade])).toEqual([['BL FEE', 75, 'BL']]);
  });

  it('takes a table\'s "Mínimo" column as the minimum of the row\'s freight', () => {
    const f = read(
      [
        'Destino | Frete (USD por W/M) | Mínimo | Transit time',
        'Santos | USD 48,00 | USD 150,00 | 27 dias',
        'Itajaí | USD 52,00 | USD 160,00 | 31 dias',
      ].join('\n'),
    );
    expect(f.fretes.map((x) => [x.destino, x.valor, x.minimo])).toEqual([
      ['Santos', 48, 150],
      ['Itajaí', 52, 160],
    ]);
  });

  it('gives each airport of "FRA-GRU: M 95 / -45 7,10 / …" its own list, and its transit by code', () => {
    const f = read(
      [
        'Tarifa aérea (USD por kg, peso taxado):',
        'FRA-GRU: M 95,00 / -45 7,10 / +45 5,60 / +100 4,35',
        'FRA-VCP: M 90,00 / -45 6,90 / +45 5,40 / +100 4,20',
        'Transit time: GRU 2 dias / VCP 3 dias',
      ].join('\n'),
    );
    expect(f.fretes.map((x) => [x.destino, x.origem, x.faixaKg, x.valor, x.minimo])).toEqual([
      ['Guarulhos', 'Frankfurt', 0, 7.1, 95],
      ['Guarulhos', 'Frankfurt', 45, 5.6, 95],
      ['Guarulhos', 'Frankfurt', 100, 4.35, 95],
      ['Viracopos', 'Frankfurt', 0, 6.9, 90],
      ['Viracopos', 'Frankfurt', 45, 5.4, 90],
      ['Viracopos', 'Frankfurt', 100, 4.2, 90],
    ]);
    expect(f.destinos.map((d) => [d.nome, d.transit_time_dias])).toEqual([
      ['Guarulhos', 2],
      ['Viracopos', 3],
    ]);
  });

  it("reads each port's transit and free time from its own line, past its validity", () => {
    const f = read(
      [
        'Santos: 40HC USD 2.400,00; validade 15/12/2026; transit time 35 dias; free time 10 dias.',
        'Paranaguá: 40HC USD 2.300,00; validade 31/12/2026; transit time 38 dias; free time 14 dias.',
      ].join('\n'),
    );
    expect(f.destinos.map((d) => [d.nome, d.transit_time_dias, d.free_time_dias])).toEqual([
      ['Santos', 35, 10],
      ['Paranaguá', 38, 14],
    ]);
  });

  it('names a fee after a sentence without the sentence\'s full stop (". BL fee")', () => {
    const f = read('THC: R$ 1.400,00 por contêiner. BL fee: USD 50,00 por BL.');
    expect(fees(f)).toEqual([
      ['THC', 1400, 'BRL', 'THC'],
      ['BL FEE', 50, 'USD', 'BL fee'],
    ]);
  });
});
