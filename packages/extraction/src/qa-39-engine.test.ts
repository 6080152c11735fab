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
