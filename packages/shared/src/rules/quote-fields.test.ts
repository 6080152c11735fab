import { describe, expect, it } from 'vitest';
import { deadlineError, hasRecipients, isFileFormat, routeFieldErrors } from './quote-fields.js';

describe('quote field rules (spec 001 §5)', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('a manual request needs origem and destino; blanks count as missing', () => {
    expect(routeFieldErrors({ metodoEnvio: 'EMAIL', origem: ' ', destino: null })).toEqual({
      origem: 'QUOTE_ORIGEM_REQUIRED',
      destino: 'QUOTE_DESTINO_REQUIRED',
    });
    expect(routeFieldErrors({ metodoEnvio: 'EMAIL', origem: 'Shanghai', destino: 'Santos' })).toEqual({});
  });

  it('a PDF or Excel request carries its route in the file', () => {
    expect(routeFieldErrors({ metodoEnvio: 'PDF' })).toEqual({});
    expect(isFileFormat('EXCEL')).toBe(true);
    expect(isFileFormat('EMAIL')).toBe(false);
  });

  it('the deadline must be valid and later than now', () => {
    expect(deadlineError(null, now)).toBe('QUOTE_PRAZO_INVALID');
    expect(deadlineError(new Date('x'), now)).toBe('QUOTE_PRAZO_INVALID');
    expect(deadlineError(now, now)).toBe('QUOTE_PRAZO_PAST');
    expect(deadlineError(new Date(now.getTime() + 60_000), now)).toBeNull();
  });

  it('at least one carrier or group', () => {
    expect(hasRecipients({ transportadores: [], grupos: [] })).toBe(false);
    expect(hasRecipients({ transportadores: [], grupos: ['g'] })).toBe(true);
  });
});
