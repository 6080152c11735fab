import { describe, expect, it } from 'vitest';
import { searchPatterns } from './quotes.repository.js';

describe('searchPatterns', () => {
  it('looks a code up by its serial number and checks the whole code', () => {
    expect(searchPatterns(' COT-2026-0042 ')).toEqual({ lookup: '%0042%', whole: 'cot-2026-0042' });
    expect(searchPatterns('2026-00042')).toEqual({ lookup: '%00042%', whole: '2026-00042' });
  });
  it('looks a long number up alone, the longest and then the last one', () => {
    expect(searchPatterns('Peças São Paulo 54324')).toEqual({
      lookup: '%54324%',
      whole: 'peças são paulo 54324',
    });
    expect(searchPatterns('PO 45001 lote 123456')).toMatchObject({ lookup: '%123456%' });
    expect(searchPatterns('12345 x 67890')).toMatchObject({ lookup: '%67890%' });
  });
  it('looks a short number closing several words up with the end of the word before it', () => {
    expect(searchPatterns('importação máquinas 12')).toEqual({
      lookup: '%nas 12%',
      whole: 'importação máquinas 12',
    });
    expect(searchPatterns('lote 7')).toEqual({ lookup: '%ote 7%', whole: 'lote 7' });
    expect(searchPatterns('po 7')).toEqual({ lookup: '%po 7%', whole: '' });
    expect(searchPatterns('12')).toEqual({ lookup: '%12%', whole: '' });
  });
  it('keeps the whole term when no part is selective, and escapes LIKE wildcards', () => {
    expect(searchPatterns('importação máquinas')).toEqual({ lookup: '%importação máquinas%', whole: '' });
    expect(searchPatterns('FTI-4242')).toEqual({ lookup: '%fti-4242%', whole: '' });
    expect(searchPatterns('50%_off')).toEqual({ lookup: '%50\\%\\_off%', whole: '' });
    expect(searchPatterns('123456')).toEqual({ lookup: '%123456%', whole: '' });
  });
});
