import { describe, expect, it } from 'vitest';
import { defaultFeeUnit, usualFeeUnit } from './portal.js';

describe('the basis a typed charge starts with', () => {
  it('per container on FCL, per BL for documents, per shipment for an air waybill', () => {
    expect(usualFeeUnit('THC')).toBe('conteiner');
    expect(usualFeeUnit('THC', 'FCL')).toBe('conteiner');
    expect(usualFeeUnit('BL fee', 'FCL')).toBe('bl');
    expect(usualFeeUnit('Taxa de liberação')).toBe('bl');
    // QA pass 22: "AWB fee" started per container on an air quote, and was never summed.
    expect(usualFeeUnit('AWB fee', 'AÉREO')).toBe('embarque');
    expect(usualFeeUnit('HAWB', 'AEREO')).toBe('embarque');
  });

  it('per shipment on an air or LCL quote, where there is no container to count', () => {
    expect(usualFeeUnit('Screening', 'AÉREO')).toBe('embarque');
    expect(usualFeeUnit('Desconsolidação', 'LCL')).toBe('embarque');
    expect(defaultFeeUnit('LCL')).toBe('embarque');
    expect(defaultFeeUnit('FCL')).toBe('conteiner');
    expect(defaultFeeUnit(null)).toBe('conteiner');
  });
});
