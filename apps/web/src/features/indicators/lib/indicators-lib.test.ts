import { describe, expect, it } from 'vitest';
import { moveHandle, rangeDates, rangeDays } from './period';
import { cutEmail, formatResponseTime } from './response-time';
import { nextSort } from './sort';

describe('response time format (spec 000 §9)', () => {
  it.each([
    [0, 'menos de 1 min'],
    [0.25, '15 min'],
    // An answer in 21 s or 39 s: under a minute (it read "0 min" and "1 min").
    [21 / 3600, 'menos de 1 min'],
    [39 / 3600, 'menos de 1 min'],
    [1 / 60, '1 min'],
    [0.75, '45 min'],
    [0.999, '1,0 h'],
    [1, '1,0 h'],
    [5.25, '5,3 h'],
    [10, '10,0 h'],
    [23.94, '23,9 h'],
    [23.96, '1 d 0 h'],
    [24, '1 d 0 h'],
    [30, '1 d 6 h'],
    [47.6, '2 d 0 h'],
    [65, '2 d 17 h'],
    [100, '4 d 4 h'],
  ])('%s h reads %s', (hours, text) => {
    expect(formatResponseTime(hours)).toBe(text);
  });

  it("no answer reads 'Não informado'", () => {
    expect(formatResponseTime(null)).toBe('Não informado');
  });

  it('cuts e-mails at 20 characters', () => {
    expect(cutEmail('pricing@alfa-cargas.com.br')).toBe('pricing@alfa-cargas.…');
    expect(cutEmail('a@b.com')).toBe('a@b.com');
    expect(cutEmail('12345678901234567890')).toBe('12345678901234567890');
  });
});

describe('sort rules (spec 000 §2)', () => {
  it('a new column starts descending; the same column toggles', () => {
    const first = nextSort(null, 'tempoMedioRespostaHoras');
    expect(first).toEqual({ field: 'tempoMedioRespostaHoras', direction: 'desc' });
    const second = nextSort(first, 'tempoMedioRespostaHoras');
    expect(second).toEqual({ field: 'tempoMedioRespostaHoras', direction: 'asc' });
    expect(nextSort(second, 'tempoMedioRespostaHoras').direction).toBe('desc');
    expect(nextSort(second, 'totalRespostas')).toEqual({ field: 'totalRespostas', direction: 'desc' });
  });
});

describe('period of the slider', () => {
  it('spans whole months, both days counted', () => {
    expect(rangeDates({ year: 2026, start: 0, end: 11 })).toEqual({
      dataInicio: '2026-01-01',
      dataFim: '2026-12-31',
    });
    expect(rangeDays({ year: 2026, start: 0, end: 11 })).toBe(365);
    expect(rangeDays({ year: 2028, start: 0, end: 11 })).toBe(366);
    expect(rangeDates({ year: 2028, start: 1, end: 1 })).toEqual({
      dataInicio: '2028-02-01',
      dataFim: '2028-02-29',
    });
    expect(rangeDays({ year: 2026, start: 1, end: 1 })).toBe(28);
  });

  it('start may not pass end, end may not precede start', () => {
    const range = { year: 2026, start: 2, end: 5 };
    expect(moveHandle(range, 'start', 8)).toEqual({ year: 2026, start: 5, end: 5 });
    expect(moveHandle(range, 'end', 0)).toEqual({ year: 2026, start: 2, end: 2 });
    expect(moveHandle(range, 'start', -3)).toEqual({ year: 2026, start: 0, end: 5 });
    expect(moveHandle(range, 'end', 40)).toEqual({ year: 2026, start: 2, end: 11 });
  });
});
