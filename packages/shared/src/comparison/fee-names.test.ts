import { describe, expect, it } from 'vitest';
import { feeDisplayName } from './fee-names.js';

describe('fee names as shown', () => {
  it("gives the accents back to canonical names and leaves codes and carriers' labels alone", () => {
    expect(feeDisplayName('DESCONSOLIDACAO')).toBe('Desconsolidação');
    expect(feeDisplayName('LIBERACAO')).toBe('Liberação');
    expect(feeDisplayName('THC')).toBe('THC');
    expect(feeDisplayName('BL FEE')).toBe('BL FEE');
    expect(feeDisplayName('Taxa de desconsolidação')).toBe('Taxa de desconsolidação');
  });
});
