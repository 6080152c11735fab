import { describe, expect, it } from 'vitest';
import {
  amountFieldErrors,
  deadlineError,
  firstAmountError,
  hasRecipients,
  isFileFormat,
  notPositiveAmount,
  routeFieldErrors,
} from './quote-fields.js';

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
    // At most a year ahead (QA pass 42b: 31/12/9999 was accepted and mailed).
    expect(deadlineError(new Date('2027-11-26T12:00:00Z'), now)).toBeNull();
    expect(deadlineError(new Date('2027-11-28T12:00:00Z'), now)).toBe('QUOTE_PRAZO_TOO_FAR');
    expect(deadlineError(new Date('9999-12-31T23:59:00Z'), now)).toBe('QUOTE_PRAZO_TOO_FAR');
  });

  it('a weight, transit time, value or quantity given starts with a number above zero (QA pass 42b)', () => {
    for (const bad of ['-1500 kg', ' - 5 dias', '−3', '0', '0 contêineres', '0,00', '0.000 kg'])
      expect(notPositiveAmount(bad), bad).toBe(true);
    for (const good of ['1.500 kg', '0,5 t', '30-35 dias', '2 x 40HC + 1 x 20DV', 'a confirmar', '', null])
      expect(notPositiveAmount(good), String(good)).toBe(false);
    expect(
      amountFieldErrors({
        pesoBrutoTotal: '-1500 kg',
        tempoTransito: '-5',
        valorMercadoria: '0',
        itens: [{ quantidadeVolumes: '2 x 40HC' }, { quantidadeVolumes: '0 contêineres' }],
      }),
    ).toEqual({
      pesoBrutoTotal: 'QUOTE_PESO_INVALID',
      tempoTransito: 'QUOTE_TRANSITO_INVALID',
      valorMercadoria: 'QUOTE_VALOR_INVALID',
      itens: 'QUOTE_VOLUMES_INVALID',
    });
    expect(
      amountFieldErrors({ pesoBrutoTotal: '1.850 kg', itens: [{ quantidadeVolumes: '3 pallets' }] }),
    ).toEqual({});
    expect(firstAmountError({ tempoTransito: '-5', itens: [{ quantidadeVolumes: '0' }] })).toBe(
      'QUOTE_TRANSITO_INVALID',
    );
    expect(firstAmountError({ pesoBrutoTotal: '1.850 kg' })).toBeNull();
  });

  it('at least one carrier or group', () => {
    expect(hasRecipients({ transportadores: [], grupos: [] })).toBe(false);
    expect(hasRecipients({ transportadores: [], grupos: ['g'] })).toBe(true);
  });
});
