import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';

/*
 * QA pass 42c: an air weight-break list whose minimum follows the last rate after a comma
 * ("… / +500 3,60, M 95") read no band: the first rate counted for every weight and 100, 300 and 95 became
 * freight lines of their own.
 */
describe('QA 42c: the engine', () => {
  it('reads "-45 kg 7,10 / +100 5,20 / +300 4,10 / +500 3,60, M 95" as four bands and a minimum of 95', () => {
    const { final } = extractFromText(
      [
        'Frete aéreo (USD/kg): -45 kg 7,10 / +100 5,20 / +300 4,10 / +500 3,60, M 95',
        'Fuel surcharge: USD 0,85/kg',
        'AWB fee: USD 35,00 por embarque',
      ].join('\n'),
    );
    expect(final.fretes.map((frete) => [frete.faixaKg, frete.valor, frete.minimo])).toEqual([
      [0, 7.1, 95],
      [100, 5.2, 95],
      [300, 4.1, 95],
      [500, 3.6, 95],
    ]);
  });

  it('leaves a decimal comma alone: "+500 3,60" is one rate', () => {
    const { final } = extractFromText('Frete aéreo (USD/kg): M 95 / -45 7,10 / +100 5,20 / +500 3,60');
    expect(final.fretes.map((frete) => frete.valor)).toEqual([7.1, 5.2, 3.6]);
  });
});
