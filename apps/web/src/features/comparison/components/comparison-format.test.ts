import { feeLabel } from './comparison-format';

describe('feeLabel', () => {
  it("names a fee once ('Taxa de liberação', not 'Taxa Taxa de liberação') and tells two lines apart", () => {
    expect(feeLabel({ rotulo: 'Taxa de liberação' })).toBe('Taxa de liberação');
    expect(feeLabel({ rotulo: 'THC', equipamento: '20DV' })).toBe('Taxa THC (20DV)');
    expect(feeLabel({ rotulo: 'THC', equipamento: '40HC', destino: 'Santos' })).toBe(
      'Taxa THC (40HC, Santos)',
    );
    expect(feeLabel({ rotulo: 'BL fee', destino: null })).toBe('Taxa BL fee');
  });
});
