import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import type { FinalData } from './types.js';

/*
 * QA pass 39b: air rate tables with a "Mínimo" column. A PDF's text sets the header's words closer than its
 * rows', and a long label runs into its currency with one space ("Recargo de seguridad (SSC) USD"): that row
 * was dropped; the minimum column was read nowhere.
 */

const read = (text: string): FinalData => extractFromText(text).final;
const fees = (f: FinalData) => f.taxas.itens.map((x) => [x.nome, x.valor, x.unidade, x.minimo ?? null]);

const PDF_TEXT = [
  'Concepto           Moneda    Tarifa    Unidad     Mínimo',
  'Flete aéreo                USD      4,10    por kg        100,00',
  'Recargo combustible (FSC)  USD      0,90    por kg        -',
  'Recargo de seguridad (SSC) USD      0,20    por kg        25,00',
  'Recolección / Pick-up origen  USD   0,12    por kg        60,00',
  'Emisión AWB                USD      30,00   por AWB       -',
  'Desconsolidación VCP       BRL      300,00 por embarque -',
].join('\n');

describe('QA 39: an air table with a minimum column', () => {
  it('reads the row whose label runs into its currency, and every minimum in the column', () => {
    const f = read(PDF_TEXT);
    expect(fees(f)).toEqual([
      ['FSC', 0.9, 'KG', null],
      ['SSC', 0.2, 'KG', 25],
      ['PICKUP', 0.12, 'KG', 60],
      ['AWB FEE', 30, 'BL', null],
      ['DESCONSOLIDACAO', 300, 'PROCESSO', null],
    ]);
    expect(f.fretes.map((x) => [x.valor, x.unidade, x.moeda, x.minimo])).toEqual([[4.1, 'KG', 'USD', 100]]);
  });

  it('a delimited table: the minimum in the cell’s currency, else the row’s; "-" is none', () => {
    const f = read(
      [
        'Concepto | Moneda | Tarifa | Unidad | Mínimo',
        'Flete aéreo | USD | 4,10 | por kg | 100,00',
        'Pick-up origen | USD | 0,12 | por kg | USD 60,00',
        'Handling | USD | 0,05 | por kg | -',
      ].join('\n'),
    );
    expect(fees(f)).toEqual([
      ['PICKUP', 0.12, 'KG', 60],
      ['HANDLING', 0.05, 'KG', null],
    ]);
    expect(f.fretes[0]?.minimo).toBe(100);
  });
});

describe('QA 39: a "Destino" column in a description table', () => {
  it("gives each row's freight and fee its own port", () => {
    const f = extractFromText(
      [
        'Destino\tDescrição\tMoeda\tValor unitário\tUnidade\tQtd\tTotal',
        'Santos\tFrete marítimo 40HC\tUSD\t2650\tpor contêiner\t2\t5300',
        'Santos\tTHC destino\tBRL\t1500\tpor contêiner\t2\t3000',
        'Santos\tBL fee\tBRL\t450\tpor BL\t1\t450',
        'Itapoá\tFrete marítimo 40HC\tUSD\t2750\tpor contêiner\t2\t5500',
        'Itapoá\tTHC destino\tBRL\t1300\tpor contêiner\t2\t2600',
        'Itapoá\tBL fee\tBRL\t450\tpor BL\t1\t450',
      ].join('\n'),
      { containers: ['40HC'], destinations: ['Santos, BR', 'Itapoá, BR'] },
    ).final;
    expect(f.fretes.map((x) => [x.unidade, x.valor, x.destino])).toEqual([
      ['40HC', 2650, 'Santos'],
      ['40HC', 2750, 'Itapoá'],
    ]);
    expect(fees(f).length).toBe(3);
    expect(f.taxas.itens.filter((x) => x.nome === 'THC').map((x) => [x.valor, x.destino])).toEqual([
      [1500, 'Santos'],
      [1300, 'Itapoá'],
    ]);
  });
});
