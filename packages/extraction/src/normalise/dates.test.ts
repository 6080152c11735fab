import { describe, expect, it } from 'vitest';
import { readValidity } from '../fields/values.js';
import { findDates, resolveDate, resolveRelativeValidity } from './dates.js';

const reference = new Date('2026-10-20T12:00:00Z');
const iso = (text: string, order: 'DMY' | 'MDY' = 'DMY') =>
  findDates(text, order).map((d) => resolveDate(d, reference));

describe('dates', () => {
  it('reads numeric dates in D/M/Y, and M/D/Y when the numbers or the order say so', () => {
    expect(iso('31/10/2026')).toEqual(['2026-10-31']);
    expect(iso('11/30/2026')).toEqual(['2026-11-30']);
    expect(iso('10/12/2026')).toEqual(['2026-12-10']);
    expect(iso('10/12/2026', 'MDY')).toEqual(['2026-10-12']);
    expect(iso('2026-11-05')).toEqual(['2026-11-05']);
  });

  it('reads written dates in pt, en and es', () => {
    expect(iso('till 15th Dec 2026')).toEqual(['2026-12-15']);
    expect(iso('30-Nov-2026')).toEqual(['2026-11-30']);
    expect(iso('qui, 8 de out de 2026')).toEqual(['2026-10-08']);
    expect(iso('lunes, 26 de octubre de 2026')).toEqual(['2026-10-26']);
    expect(iso('November 5, 2026')).toEqual(['2026-11-05']);
  });

  it('takes the year of the message for a yearless date, rolling over when it would be long past', () => {
    expect(iso('validade até 15/11')).toEqual(['2026-11-15']);
    const december = new Date('2026-12-10T12:00:00Z');
    expect(findDates('até 15/01', 'DMY').map((d) => resolveDate(d, december))).toEqual(['2027-01-15']);
  });

  it('computes relative validity from the message date', () => {
    expect(resolveRelativeValidity('end of Nov.', reference)).toBe('2026-11-30');
    expect(resolveRelativeValidity('até o fim do mês', reference)).toBe('2026-10-31');
    expect(resolveRelativeValidity('válida por 15 dias', reference)).toBe('2026-11-04');
    expect(resolveRelativeValidity('sem data', reference)).toBeNull();
  });

  it('takes the end of a validity range', () => {
    expect(readValidity('Oct 20 - Nov 15, 2026', 'DMY', reference)).toBe('2026-11-15');
    expect(readValidity('de 01/11/2026 a 30/11/2026', 'DMY', reference)).toBe('2026-11-30');
    expect(readValidity('30/11/2026. ETD 05/12/2026', 'DMY', reference)).toBe('2026-11-30');
  });
});
