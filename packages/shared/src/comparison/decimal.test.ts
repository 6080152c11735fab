import { describe, expect, it } from 'vitest';
import {
  add,
  divide,
  divideToPlaces,
  formatDecimal,
  multiply,
  parseDecimal,
  round,
  subtract,
  toDecimal,
  toMoney,
  toNumber,
} from './decimal.js';

const d = toDecimal;

describe('decimal arithmetic (money never drifts like binary floating point)', () => {
  it('adds 0.1 + 0.2 to exactly 0.3, where floating point gives 0.30000000000000004', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toNumber(add(d(0.1), d(0.2)))).toBe(0.3);
  });

  it('sums many cents without drift', () => {
    const cents = Array.from({ length: 1000 }, () => d(0.01));
    let float = 0;
    for (let i = 0; i < 1000; i++) float += 0.01;
    expect(float).not.toBe(10);
    expect(toNumber(add(...cents))).toBe(10);
  });

  it('rounds half away from zero at 2 places: 1.005 → 1.01 (floating point gives 1.00)', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect(toMoney(d(1.005))).toBe(1.01);
    expect(toMoney(d(2.675))).toBe(2.68);
    expect(toMoney(d(-1.005))).toBe(-1.01);
    expect(toMoney(d(1.004999))).toBe(1);
  });

  it('multiplies a USD amount by a 4-decimal rate exactly', () => {
    expect(1234.56 * 5.3411).toBe(6593.908415999999);
    expect(toNumber(multiply(d(1234.56), d(5.3411)))).toBe(6593.908416);
    expect(toMoney(multiply(d(1234.56), d(5.3411)))).toBe(6593.91);
    expect(0.07 * 3).not.toBe(0.21);
    expect(toNumber(multiply(d(0.07), d(3)))).toBe(0.21);
    expect(toNumber(multiply(d(4.9676), d(1.025)))).toBe(5.09179);
  });

  it('divides with one rounding', () => {
    expect(toNumber(divide(d(10), d(3)))).toBe(3.33333333);
    expect(toNumber(divideToPlaces(d(10), d(3), 2))).toBe(3.33);
    expect(toNumber(divideToPlaces(d(2), d(3), 2))).toBe(0.67);
    expect(() => divide(d(1), d(0))).toThrow(RangeError);
  });

  it('reads the decimal a number prints as, including exponent notation and signs', () => {
    expect(parseDecimal('1780.55')).toBe(178055000000n);
    expect(parseDecimal('-0.1')).toBe(-10000000n);
    expect(parseDecimal('1e-7')).toBe(10n);
    expect(parseDecimal('2.5E3')).toBe(250000000000n);
    expect(parseDecimal('.5')).toBe(50000000n);
    expect(toDecimal(5.1177)).toBe(511770000n);
    expect(() => parseDecimal('abc')).toThrow(RangeError);
    expect(() => parseDecimal('')).toThrow(RangeError);
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('formats and rounds to any number of places', () => {
    expect(formatDecimal(d(1780.5), 2)).toBe('1780.50');
    expect(formatDecimal(d(-0.004), 2)).toBe('0.00');
    expect(formatDecimal(d(0.00001), 4)).toBe('0.0000');
    expect(formatDecimal(d(5.09179), 4)).toBe('5.0918');
    expect(toNumber(round(d(5.09175), 4))).toBe(5.0918);
    expect(toNumber(subtract(d(0.3), d(0.1)))).toBe(0.2);
    expect(Object.is(toNumber(subtract(d(0.1), d(0.1))), 0)).toBe(true);
  });
});

describe('decimal conversions agree with the exact text path', () => {
  it('toDecimal and toNumber round-trip what a number prints as', () => {
    const samples = [
      0,
      1,
      -1,
      0.1,
      0.2,
      0.3,
      0.1 + 0.2,
      1780.55,
      5.1177,
      5.24564,
      12345678.12,
      89999999.99999999,
      1e-8,
      1e-9,
      123456789.5,
      2 ** 60,
      -0.0000001,
    ];
    for (let i = 0; i < 2000; i++)
      samples.push(Math.round(Math.random() * 1e10) / 10 ** Math.floor(Math.random() * 9));
    for (const value of samples) {
      expect(toDecimal(value), String(value)).toBe(parseDecimal(String(value)));
      const decimal = parseDecimal(String(value));
      expect(toNumber(decimal), String(value)).toBe(Number(formatDecimal(decimal)) || 0);
    }
  });
});
