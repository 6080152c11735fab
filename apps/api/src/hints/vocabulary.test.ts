import { FEE_UNITS, FREIGHT_UNITS } from '@cotacoes/extraction';
import { FEE_UNIT_CODES, FREIGHT_UNIT_CODES } from '@cotacoes/shared';
import { describe, expect, it } from 'vitest';

/*
 * The units an analyst may correct to (packages/shared, the correction schema and the screen's lists)
 * are written apart from the engine's own (packages/extraction, which does not depend on shared). A unit
 * the engine does not know would make a correction that no hint can ever apply.
 */
describe('correction units and the engine', () => {
  it('every freight unit a correction offers is one the engine reads', () => {
    expect(FREIGHT_UNITS).toEqual(expect.arrayContaining([...FREIGHT_UNIT_CODES]));
  });

  it('every fee basis a correction offers is one the engine reads', () => {
    expect(FEE_UNITS).toEqual(expect.arrayContaining([...FEE_UNIT_CODES]));
  });
});
