import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/** Lints one throwaway file placed in the tree; returns biome's output and whether it failed. */
function lintProbe(relative: string, source: string): { failed: boolean; output: string } {
  const file = path.join(root, relative);
  fs.writeFileSync(file, source);
  try {
    const output = execFileSync(biome, ['lint', file], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    return { failed: false, output };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('import boundaries (docs/architecture.md, "Boundaries")', () => {
  it('a module importing another module fails the lint', () => {
    const probe = lintProbe(
      'apps/api/src/modules/rates/boundary-probe.ts',
      "import { QuotesService } from '../quotes/quotes.service.js';\nexport const probe = QuotesService;\n",
    );
    expect(probe.failed).toBe(true);
    expect(probe.output).toContain('noRestrictedImports');
  });

  it('infrastructure importing a module fails the lint; importing infrastructure from a module passes', () => {
    expect(
      lintProbe(
        'apps/api/src/lib/boundary-probe.ts',
        "import { QuotesService } from '../modules/quotes/quotes.service.js';\nexport const probe = QuotesService;\n",
      ).failed,
    ).toBe(true);
    expect(
      lintProbe(
        'apps/api/src/modules/rates/boundary-probe.ts',
        "import { AppError } from '../../lib/errors.js';\nexport const probe = AppError;\n",
      ).failed,
    ).toBe(false);
  });

  it('a web feature importing another feature fails the lint', () => {
    const probe = lintProbe(
      'apps/web/src/features/rates/boundary-probe.ts',
      "import { quotesKey } from '../../quotes/api/keys';\nexport const probe = quotesKey;\n",
    );
    expect(probe.failed).toBe(true);
    expect(probe.output).toContain('noRestrictedImports');
  });
});
