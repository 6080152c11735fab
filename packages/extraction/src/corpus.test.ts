import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateCorpus } from './eval.js';

const here = dirname(fileURLToPath(import.meta.url));
const sharedCorpus = resolve(here, '../../../../shared/corpus/extraction');
const ownCases = resolve(here, '../test/generalisation');

describe('extraction corpus', () => {
  it.skipIf(!existsSync(sharedCorpus))(
    `scores overall >= 0.95 with no case below 0.70 (${sharedCorpus})`,
    () => {
      const evaluation = evaluateCorpus(sharedCorpus);
      expect(evaluation.cases.length).toBeGreaterThan(0);
      expect(evaluation.overall).toBeGreaterThanOrEqual(0.95);
      expect(evaluation.minimum).toBeGreaterThanOrEqual(0.7);
    },
  );

  it('generalises to the package’s own cases (other carriers, labels and layouts)', () => {
    const evaluation = evaluateCorpus(ownCases);
    expect(evaluation.cases.length).toBeGreaterThanOrEqual(10);
    expect(evaluation.overall).toBeGreaterThanOrEqual(0.9);
    expect(evaluation.minimum).toBeGreaterThanOrEqual(0.7);
  });
});

if (!existsSync(sharedCorpus)) {
  console.warn(
    `corpus test skipped: ${sharedCorpus} not found (the shared corpus lives beside the repository checkout)`,
  );
}
