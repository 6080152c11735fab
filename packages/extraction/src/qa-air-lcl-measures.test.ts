import { describe, expect, it } from 'vitest';
import { extractFromText } from './extract-text.js';
import { readChargeableWeight } from './fields/values.js';

/*
 * QA pass on air and LCL measures (air FRA→VCP, 3 pcs, 450 kg, 2,8 m³): the chargeable weight a carrier
 * states in parentheses after its label, or as "C.W.", is what it bills.
 */

const AIR_IN_PARENTHESES = `Prezados,

Segue nossa cotação aérea FRA x VCP:

All-in USD 4,90/kg sobre o peso taxado (467 kg)
Transit time: 3 dias
Validade: 31/12/2026

Att.
Marcos`;

const AIR_CW = `Hello,

Air freight FRA/VCP, 3 pcs 450 kgs / 2,80 cbm
C.W. 467 kgs
A/F: USD 3,85/kg, min USD 150,00
T/T 2-3 days, valid until 31/12/2026`;

describe('QA pass: chargeable weight in parentheses and as "C.W."', () => {
  it('reads the figure in parentheses after the label, and the C.W. abbreviation', () => {
    const read = (text: string) => readChargeableWeight(text)?.kg ?? null;
    expect(read('All-in USD 4,90/kg sobre o peso taxado (467 kg)')).toBe(467);
    expect(read('C.W. 467 kgs')).toBe(467);
    expect(read('CW: 467 kg')).toBe(467);
    expect(read('c.w. = 1.250 kg')).toBe(1250);
    expect(read('Chargeable weight (467 kg)')).toBe(467);
  });

  it('leaves alone figures that are not a weight in kg', () => {
    const read = (text: string) => readChargeableWeight(text)?.kg ?? null;
    expect(read('ETD CW 45')).toBeNull();
    expect(read('ETD: CW: 45')).toBeNull();
    expect(read('Peso taxado (45)')).toBeNull();
    expect(read('Peso taxado (min 45 kg)')).toBeNull();
    expect(read('rates per chargeable weight +45 kg')).toBeNull();
  });

  it('gives the reply its chargeable weight, with the line it came from', () => {
    for (const [text, line] of [
      [AIR_IN_PARENTHESES, 'All-in USD 4,90/kg sobre o peso taxado (467 kg)'],
      [AIR_CW, 'C.W. 467 kgs'],
    ] as const) {
      const final = extractFromText(text).final;
      expect(final.peso_taxavel_kg, line).toBe(467);
      expect(final.evidence.peso_taxavel_kg?.source?.text).toBe(line);
    }
  });
});
