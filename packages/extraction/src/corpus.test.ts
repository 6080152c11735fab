import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateCorpus } from './eval.js';

const here = dirname(fileURLToPath(import.meta.url));
/** An outside corpus (e.g. the team's development corpus) is scored only when named: the repository's own cases are the test. */
const externalCorpus = process.env.EXTRACTION_CORPUS_DIR ?? '';
const ownCases = resolve(here, '../test/generalisation');

describe('extraction corpus', () => {
  it.skipIf(!externalCorpus || !existsSync(externalCorpus))(
    `scores overall >= 0.95 with no case below 0.70 (${externalCorpus})`,
    () => {
      const evaluation = evaluateCorpus(externalCorpus);
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
