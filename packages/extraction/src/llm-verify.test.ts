import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import {
  FIELD_LABELS,
  findDate,
  findModal,
  findNumber,
  findString,
  hasCurrency,
  hasNumber,
  linesOfText,
  readingsOf,
  sourceLinesOf,
} from './llm-verify.js';

const reply = linesOfText(
  [
    'Prezados, segue cotação:',
    'Frete marítimo 40HC Shanghai x Santos',
    'USD 2.500,00 por contêiner',
    'Ocean freight 20DC: 1,850.00 USD',
    'THC: R$ 1.350',
    'Transit time: 30 a 35 dias',
    'Free time: 14 dias no destino',
    'Validade: 30/11/2026',
    'Armador: Évergreen Line',
    'Outros valores: USD 999,00',
  ].join('\n'),
);

describe('readingsOf: a printed number in the reply’s own format', () => {
  it.each([
    ['2.500,00', [2500]],
    ['2,500.00', [2500]],
    ['2500', [2500]],
    ['2.500', [2500, 2.5]],
    ['1,5', [1.5]],
    ['1.234.567,89', [1234567.89]],
    ['12,34.5', []],
  ])('%s', (token, readings) => {
    expect(readingsOf(token).sort()).toEqual([...readings].sort());
  });
});

describe('findNumber: the value beside a label of its field', () => {
  it('finds a freight on the line under its label, in any of the formats', () => {
    expect(findNumber(reply, 2500, FIELD_LABELS.frete)?.line).toBe(3);
    expect(findNumber(reply, 1850, FIELD_LABELS.frete)?.line).toBe(4);
  });

  it('drops a number that is not in the text, or is far from the field’s label', () => {
    expect(findNumber(reply, 2600, FIELD_LABELS.frete)).toBeNull();
    // 999 is printed, but two lines below any freight label.
    expect(hasNumber(reply[9]!.text, 999)).toBe(true);
    expect(findNumber(reply, 999, FIELD_LABELS.frete)).toBeNull();
    expect(findNumber(reply, 14, FIELD_LABELS.transit)).toBeNull();
    expect(findNumber(reply, 14, FIELD_LABELS.freeTime)?.line).toBe(7);
    expect(findNumber(reply, 35, FIELD_LABELS.transit)?.line).toBe(6);
  });
});

describe('findString: verbatim, ignoring case and accents', () => {
  it('finds names as whole words and nothing else', () => {
    expect(findString(reply, 'EVERGREEN LINE')?.line).toBe(9);
    expect(findString(reply, 'santos')?.line).toBe(2);
    expect(findString(reply, 'Maersk')).toBeNull();
    expect(findString(reply, 'Santo')).toBeNull();
    expect(findString(reply, '  ')).toBeNull();
  });
});

describe('dates, currencies and the mode of transport', () => {
  it('finds an ISO date printed as the reply prints it, near a validity label', () => {
    expect(findDate(reply, '2026-11-30', FIELD_LABELS.validade)?.line).toBe(8);
    expect(findDate(reply, '2026-12-30', FIELD_LABELS.validade)).toBeNull();
    expect(findDate(reply, 'amanhã', FIELD_LABELS.validade)).toBeNull();
  });

  it('checks the currency on the line or the one before', () => {
    const thc = reply[4]!;
    expect(hasCurrency(reply, thc, 'BRL')).toBe(true);
    expect(hasCurrency(reply, thc, 'EUR')).toBe(false);
    const freight = reply[2]!;
    expect(hasCurrency(reply, freight, 'USD')).toBe(true);
  });

  it('finds the mode by its marks', () => {
    expect(findModal(reply, 'FCL')).not.toBeNull();
    expect(findModal(reply, 'AEREO')).toBeNull();
  });
});

describe('sourceLinesOf: the reply without the messages it quotes', () => {
  it('leaves quoted history out and keeps line numbers', () => {
    const text = [
      'Frete 40HC: USD 2.900,00',
      'Transit time: 30 dias',
      '',
      'Att,',
      'Ana',
      '',
      '> Frete 20DC: USD 1.000',
    ];
    const lines = sourceLinesOf(extractFromText(text.join('\n')));
    expect(lines.find((line) => line.text.includes('2.900'))?.line).toBe(1);
    expect(lines.some((line) => line.text.includes('1.000'))).toBe(false);
  });
});
