import { describe, expect, it } from 'vitest';
import { planPeriod } from './indicators.repository.js';

describe('planPeriod: whole years, whole months, raw days', () => {
  it('a calendar year is one yearly read', () => {
    expect(planPeriod('2026-01-01', '2026-12-31')).toEqual({
      years: { from: 2026, to: 2027 },
      months: [],
      allMonths: { from: '2026-01-01', to: '2027-01-01' },
      raw: [],
      period: { from: '2026-01-01', to: '2027-01-01' },
    });
  });

  it('months within a year are monthly reads', () => {
    expect(planPeriod('2026-03-01', '2026-08-31')).toEqual({
      years: null,
      months: [{ from: '2026-03-01', to: '2026-09-01' }],
      allMonths: { from: '2026-03-01', to: '2026-09-01' },
      raw: [],
      period: { from: '2026-03-01', to: '2026-09-01' },
    });
  });

  it('partial months at the ends are raw days; years in the middle yearly', () => {
    expect(planPeriod('2024-11-15', '2026-02-10')).toEqual({
      years: { from: 2025, to: 2026 },
      months: [
        { from: '2024-12-01', to: '2025-01-01' },
        { from: '2026-01-01', to: '2026-02-01' },
      ],
      allMonths: { from: '2024-12-01', to: '2026-02-01' },
      raw: [
        { from: '2024-11-15', to: '2024-12-01' },
        { from: '2026-02-01', to: '2026-02-11' },
      ],
      period: { from: '2024-11-15', to: '2026-02-11' },
    });
  });

  it('a period inside one month is raw days only; a leap day counts', () => {
    expect(planPeriod('2028-02-29', '2028-02-29')).toEqual({
      years: null,
      months: [],
      allMonths: null,
      raw: [{ from: '2028-02-29', to: '2028-03-01' }],
      period: { from: '2028-02-29', to: '2028-03-01' },
    });
    expect(planPeriod('2026-12-01', '2026-12-31').months).toEqual([{ from: '2026-12-01', to: '2027-01-01' }]);
  });
});
