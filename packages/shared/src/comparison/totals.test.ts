import { describe, expect, it } from 'vitest';
import { toDecimal, toNumber } from './decimal.js';
import {
  addDays,
  exchangeRateInfo,
  FALLBACK_USD_RATE,
  fallbackPtax,
  todayInSaoPaulo,
  totalCosts,
} from './totals.js';

const totals = (valorBRL: number, valorUSD: number, custoRodoviario: number, taxa: number) => {
  const result = totalCosts(
    {
      valorBRL: toDecimal(valorBRL),
      valorUSD: toDecimal(valorUSD),
      custoRodoviario: toDecimal(custoRodoviario),
    },
    taxa,
  );
  return { BRL: toNumber(result.custoTotalBRL), USD: toNumber(result.custoTotalUSD) };
};

describe('spec 001 §9 totals', () => {
  it('"Total cost in BRL = BRL value + USD value times the rate + road cost"', () => {
    // 1440 + 3065 × 5.2457 + 2100 = 19618.0705 → 19618.07
    expect(totals(1440, 3065, 2100, 5.2457).BRL).toBe(19618.07);
  });

  it('"in USD = the inverse": (BRL value + road cost) ÷ rate + USD value', () => {
    // (1440 + 2100) / 5.2457 + 3065 = 3739.8384… → 3739.84
    expect(totals(1440, 3065, 2100, 5.2457).USD).toBe(3739.84);
  });

  it('"rounded to 2 decimals", half away from zero, once', () => {
    // floating point: Math.round(1.005 * 100) / 100 = 1
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect(totals(1.005, 0, 0, 5.2).BRL).toBe(1.01);
    expect(totals(0, 0.1, 0, 5.05).BRL).toBe(0.51);
    expect(totals(0.1, 0.2, 0, 1).BRL).toBe(0.3);
    expect(totals(1, 0, 0, 3).USD).toBe(0.33);
    expect(totals(2, 0, 0, 3).USD).toBe(0.67);
  });

  it('only BRL, only USD, nothing', () => {
    expect(totals(5200, 0, 0, 5.2)).toEqual({ BRL: 5200, USD: 1000 });
    expect(totals(0, 1000, 0, 5.2)).toEqual({ BRL: 5200, USD: 1000 });
    expect(totals(0, 0, 0, 5.2)).toEqual({ BRL: 0, USD: 0 });
  });
});

describe('exchange rate: PTAX plus the margin', () => {
  it('taxa = ptax × (1 + margem/100), 4 decimals', () => {
    const info = exchangeRateInfo({ ptax: 5.1177, dataCotacao: '2026-07-28', fonte: 'ptax' }, 2.5);
    // 5.1177 × 1.025 = 5.24564250 → 5.2456
    expect(info).toEqual({
      moeda: 'USD',
      ptax: 5.1177,
      dataCotacao: '2026-07-28',
      fonte: 'ptax',
      margem: 2.5,
      taxa: 5.2456,
    });
    expect(exchangeRateInfo({ ptax: 4.9676, dataCotacao: null, fonte: 'ptax' }, 0).taxa).toBe(4.9676);
    expect(exchangeRateInfo({ ptax: 4.9676, dataCotacao: null, fonte: 'ptax' }, 100).taxa).toBe(9.9352);
    expect(exchangeRateInfo({ ptax: 5.0001, dataCotacao: null, fonte: 'ptax' }, 0.1).taxa).toBe(5.0051);
  });

  it("the fallback is the spec's USD 5.2, flagged", () => {
    expect(FALLBACK_USD_RATE).toBe(5.2);
    expect(exchangeRateInfo(fallbackPtax(), 2.5)).toMatchObject({
      ptax: 5.2,
      dataCotacao: null,
      fonte: 'fallback',
      taxa: 5.33,
    });
  });
});

describe('today in America/Sao_Paulo', () => {
  it('is the local date, not the UTC one', () => {
    // 02:30 UTC on 1 Dec is still 30 Nov in São Paulo (UTC−3)
    expect(todayInSaoPaulo(new Date('2026-12-01T02:30:00Z'))).toBe('2026-11-30');
    expect(todayInSaoPaulo(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01');
  });
});

describe('addDays', () => {
  it('moves a calendar day across months, years and a leap day, both ways', () => {
    expect(addDays('2026-12-04', -90)).toBe('2026-09-05');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-04', -364)).toBe('2025-12-05');
  });
});
