import { describe, expect, it } from 'vitest';
import { FEES } from '../dictionary/fees.js';
import { canonicalFeeName, matchFee, printedFeeName } from './fee-names.js';

describe('fee dictionary', () => {
  it.each([
    ['THC / Capatazia', 'THC'],
    ['Capatazia (armazém de desova)', 'THC'],
    ['Terminal charge HKG', 'THC'],
    ['Taxa de liberação de BL', 'BL FEE'],
    ['Liberação do BL', 'BL FEE'],
    ['Taxa de liberação', 'LIBERACAO'],
    ['Cargo release fee', 'LIBERACAO'],
    ['Emisión de BL', 'DOC FEE'],
    ['Emissão de CRT e MIC/DTA', 'DOC FEE'],
    ['Documentation (HBL)', 'DOC FEE'],
    ['Emissão de AWB', 'AWB FEE'],
    ['Desconsolidación', 'DESCONSOLIDACAO'],
    ['Taxa Siscarga (CE Mercante)', 'SISCARGA'],
    ['Export customs declaration', 'EXPORT CLEARANCE'],
    ['Despacho en frontera', 'DESPACHO'],
    ['Low Sulphur Surcharge', 'LSS'],
    ['Precinto', 'LACRE'],
    ['Trucking to Shanghai port', 'PICKUP'],
    ['Handling fee', 'HANDLING'],
  ])('%s -> %s', (label, name) => {
    expect(matchFee(label)?.fee.name).toBe(name);
  });

  it('uses the printed acronym, else the label without "Taxa de" and "fee", outside the dictionary', () => {
    expect(printedFeeName('EIS filing')).toBe('EIS');
    expect(printedFeeName('Taxa de fumigação')).toBe('FUMIGACAO');
    expect(canonicalFeeName('Telex release')).toBe('TELEX RELEASE');
  });

  it('is data: every entry has a canonical name, labels and a default basis', () => {
    for (const fee of FEES) {
      expect(fee.name).toMatch(/^[A-Z ]+$/);
      expect(fee.labels.length).toBeGreaterThan(0);
      for (const label of fee.labels) expect(label).toBe(label.toLowerCase());
      expect(['BL', 'PROCESSO']).toContain(fee.defaultUnit);
    }
  });
});
