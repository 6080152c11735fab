import { parseMoneyInput, parsePtBrNumber } from './number-input';

describe('numbers typed in forms', () => {
  it.each([
    ['2.500', 2500],
    ['2.500,00', 2500],
    ['2500,5', 2500.5],
    ['2150.50', 2150.5],
    ['2,150.50', 2150.5],
    ['1,800', 1800],
    ['12,500,000', 12500000],
    ['US$ 1.450', 1450],
    ['1,80', 1.8],
  ])('an amount %s is %d', (typed, value) => {
    expect(parseMoneyInput(typed)).toBe(value);
  });

  it('refuses what is not a number', () => {
    expect(parseMoneyInput('abc')).toBeNull();
    expect(parseMoneyInput('2950,5,1')).toBeNull();
    expect(parseMoneyInput('')).toBeNull();
  });

  it('a correction keeps its rule: "1,800" is one point eight (ADR 0201)', () => {
    expect(parsePtBrNumber('1,800')).toBe(1.8);
    expect(parsePtBrNumber('1.250')).toBe(1250);
  });
});
