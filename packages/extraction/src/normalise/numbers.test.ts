import { describe, expect, it } from 'vitest';
import { findAmounts } from './money.js';
import { parseLocaleNumber, renderCellNumber } from './numbers.js';

describe('parseLocaleNumber', () => {
  it.each([
    ['1.850,00', 1850],
    ['1,850.00', 1850],
    ['3.100', 3100],
    ['2,250', 2250],
    ['6,40', 6.4],
    ['3.15', 3.15],
    ['0,38', 0.38],
    ['0.125', 0.125],
    ['1.240,-', 1240],
    ['1.234.567,89', 1234567.89],
    ['42', 42],
  ])('%s -> %d', (text, value) => {
    expect(parseLocaleNumber(text)?.value).toBeCloseTo(value, 6);
  });

  it('rejects malformed numbers', () => {
    expect(parseLocaleNumber('1..2')).toBeNull();
    expect(parseLocaleNumber('12,34,5')).toBeNull();
    expect(parseLocaleNumber('abc')).toBeNull();
  });

  it('tells the style apart', () => {
    expect(parseLocaleNumber('1.850,00')?.style).toBe('BR');
    expect(parseLocaleNumber('1,850.00')?.style).toBe('US');
    expect(parseLocaleNumber('850')?.style).toBe('PLAIN');
  });

  it('renders spreadsheet numbers so they read back unchanged', () => {
    for (const value of [2250, 38.5, 1.234, 0.125, 1999.99]) {
      expect(parseLocaleNumber(renderCellNumber(value))?.value).toBeCloseTo(value, 6);
    }
  });
});

describe('findAmounts', () => {
  const values = (text: string) => findAmounts(text).map((a) => [a.value, a.currency, a.isPercent]);

  it('reads currency before or after the number, in both styles, on one line', () => {
    expect(values("Frete 20'DC: USD 1.850,00 / 40'HC: 2,750.00 USD")).toEqual([
      [1850, 'USD', false],
      [2750, 'USD', false],
    ]);
    expect(values('THC R$ 1.580,00 + € 1.240,- e US$ 6,40/kg')).toEqual([
      [1580, 'BRL', false],
      [1240, 'EUR', false],
      [6.4, 'USD', false],
    ]);
  });

  it('reads percentages and ignores numbers without currency', () => {
    expect(values('IOF 0,38% sobre 1.200 kg, 3,2 cbm, tel +55 13 3219-4410, 30/11/2026')).toEqual([
      [0.38, null, true],
    ]);
  });
});
