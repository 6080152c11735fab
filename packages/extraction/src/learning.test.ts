import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toCorpusFormat } from './corpus-format.js';
import { extractFromText } from './extract-text.js';
import { analystCorrections, evaluateLearning } from './scoring/learning.js';

const here = dirname(fileURLToPath(import.meta.url));
const pairsDirectory = resolve(here, '../test/learning');

describe('learning from corrections (ADR 0101)', () => {
  const learning = evaluateLearning(pairsDirectory);
  const pair = (carrier: string) => learning.pairs.find((p) => p.carrier === carrier)!;

  it("corrections of a carrier's first reply make its second reply better", () => {
    expect(learning.pairs.map((p) => p.carrier)).toEqual([
      'bluehorizon',
      'condor',
      'mares',
      'oceanic',
      'portonovo',
    ]);
    for (const p of learning.pairs)
      expect(p.with.overall, p.carrier).toBeGreaterThanOrEqual(p.without.overall);
    for (const carrier of ['bluehorizon', 'condor', 'oceanic', 'portonovo'])
      expect(pair(carrier).with.overall, carrier).toBeGreaterThan(pair(carrier).without.overall + 0.15);
    expect(learning.with).toBeGreaterThanOrEqual(0.95);
    expect(learning.with - learning.without).toBeGreaterThanOrEqual(0.25);
  });

  it('a hint changes nothing where the reply states the value itself (the control pair)', () => {
    expect(pair('mares').hints.map((h) => [h.tipo, h.rotulo, h.valor])).toEqual([
      ['unidade', 'Frete', '40HC'],
    ]);
    expect(pair('mares').applied).toBe(0);
    expect(pair('mares').with).toEqual(pair('mares').without);
  });

  it('learns per label: a fee never corrected before stays as the rules read it', () => {
    expect(pair('portonovo').with.overall).toBeLessThan(1);
    expect(pair('portonovo').hints.map((h) => h.rotulo)).not.toContain('ISPS');
  });

  it('the simulated analyst corrects units and currencies in place and clears what is not a charge', () => {
    const first = pair('oceanic');
    expect(first.corrections).toEqual([
      { campo: 'fretes.0.unidade', valor: '40HC' },
      { campo: 'taxas.itens.0.unidade', valor: 'BL' },
      { campo: 'taxas.itens.1.valor', valor: null },
    ]);
    const text = 'Frete 40HC: USD 2.000,00\nTHC: R$ 1.400,00 por contêiner\n';
    const right = toCorpusFormat(extractFromText(text));
    expect(analystCorrections(extractFromText(text), right)).toEqual([]);
    const wrongValue = { ...right, frete: [{ ...right.frete[0]!, valor: 2100 }] };
    expect(analystCorrections(extractFromText(text), wrongValue)).toEqual([
      { campo: 'fretes.0.valor', valor: 2100 },
    ]);
  });
});
