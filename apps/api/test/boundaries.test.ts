import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

type Probe = {
  /** What the probe shows, as the test's name. */
  name: string;
  /** Throwaway files placed in the tree (paths from the repository root) and their source. */
  files: Record<string, string>;
  /** The rule that must fail on the first file, or null when the lint must pass. */
  fails: 'noRestrictedImports' | 'noImportCycles' | null;
};

const importing = (specifier: string) => `import { a } from '${specifier}';\nexport const probe = a;\n`;
const api = (file: string) => `apps/api/src/${file}`;
const web = (file: string) => `apps/web/src/${file}`;

/*
 * One probe per boundary of docs/architecture.md ('Boundaries'), among them each hole issue 31 found
 * open: a module reaching another through `../../modules/`, the folders in no lint group (inbound,
 * deadlines, hints, conversation, read-models), a web feature's root file importing a sibling feature,
 * shared web code importing a feature, and import cycles. The allowed imports are probed too, so that a
 * rule too wide fails here rather than in someone's next change.
 */
const probes: Probe[] = [
  {
    name: 'a module importing another module',
    files: { [api('modules/rates/boundary-probe-1.ts')]: importing('../quotes/quotes.service.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a module importing another module through ../../modules/',
    files: {
      [api('modules/rates/boundary-probe-2.ts')]: importing('../../modules/carriers/carriers.service.js'),
    },
    fails: 'noRestrictedImports',
  },
  {
    name: "a file in a module's subfolder importing another module",
    files: {
      [api('modules/rates/boundary-probe/probe-sub.ts')]: importing('../../quotes/quotes.service.js'),
    },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a module importing the deadlines job',
    files: { [api('modules/rates/boundary-probe-3.ts')]: importing('../../deadlines/deadlines.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a module importing infrastructure, a shared domain folder and the inbound pipeline (allowed)',
    files: {
      [api('modules/rates/boundary-probe-4.ts')]:
        "import { AppError } from '../../lib/errors.js';\nimport { recordMessage } from '../../conversation/conversation.repository.js';\nimport { a } from '../../quote-lifecycle/probe.js';\nimport { composeMessage } from '../../inbound/compose.js';\nexport const probe = [AppError, recordMessage, a, composeMessage];\n",
    },
    fails: null,
  },
  {
    name: 'the inbound pipeline importing a module',
    files: { [api('inbound/boundary-probe-5.ts')]: importing('../modules/carriers/carriers.service.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'an inbound source importing the HTTP plugins',
    files: { [api('inbound/sources/boundary-probe-6.ts')]: importing('../../plugins/request-context.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the deadlines job importing a module',
    files: { [api('deadlines/boundary-probe-7.ts')]: importing('../modules/quotes/quotes.service.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the deadlines job importing the inbound pipeline',
    files: { [api('deadlines/boundary-probe-8.ts')]: importing('../inbound/pipeline.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the entry points importing the quote lifecycle and the shared domain folders (allowed)',
    files: {
      [api('inbound/boundary-probe-9.ts')]:
        "import { a } from '../quote-lifecycle/probe.js';\nimport { learnFromCorrection } from '../hints/hints.repository.js';\nexport const probe = [a, learnFromCorrection];\n",
      [api('deadlines/boundary-probe-10.ts')]: importing('../quote-lifecycle/probe.js'),
    },
    fails: null,
  },
  {
    name: 'the hints store importing a module',
    files: { [api('hints/boundary-probe-11.ts')]: importing('../modules/carriers/carriers.service.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the conversation importing the inbound pipeline',
    files: { [api('conversation/boundary-probe-12.ts')]: importing('../inbound/pipeline.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the quote lifecycle importing a module',
    files: {
      [api('quote-lifecycle/boundary-probe-13.ts')]: importing('../modules/quotes/quotes.service.js'),
    },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the follow-up domain folder importing a module or the deadlines job',
    files: {
      [api('follow-up/boundary-probe-13b.ts')]: importing('../modules/quotes/quotes.service.js'),
      [api('follow-up/boundary-probe-13c.ts')]: importing('../deadlines/deadlines.js'),
    },
    fails: 'noRestrictedImports',
  },
  {
    name: 'the deadlines job and a module importing the follow-up domain folder (allowed)',
    files: {
      [api('deadlines/boundary-probe-13d.ts')]: importing('../follow-up/portal-tokens.js'),
      [api('modules/quotes/boundary-probe-13e.ts')]: importing('../../follow-up/portal-tokens.js'),
    },
    fails: null,
  },
  {
    name: 'a read model importing a shared domain folder',
    files: {
      [api('read-models/boundary-probe-14.ts')]: importing('../conversation/conversation.repository.js'),
    },
    fails: 'noRestrictedImports',
  },
  {
    name: 'infrastructure importing a module',
    files: { [api('lib/boundary-probe-15.ts')]: importing('../modules/quotes/quotes.service.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'infrastructure importing the HTTP plugins',
    files: { [api('mail/boundary-probe-16.ts')]: importing('../plugins/request-context.js') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a web feature importing another feature',
    files: { [web('features/rates/components/boundary-probe-17.ts')]: importing('../../quotes/api/keys') },
    fails: 'noRestrictedImports',
  },
  {
    name: "a file at a web feature's root importing another feature",
    files: { [web('features/rates/boundary-probe-18.ts')]: importing('../quotes/api/keys') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a web feature importing another feature through ../../../features/',
    files: {
      [web('features/rates/api/boundary-probe-19.ts')]: importing('../../../features/quotes/api/keys'),
    },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a web feature importing the routes (src/app)',
    files: { [web('features/rates/api/boundary-probe-20.ts')]: importing('@/app/router') },
    fails: 'noRestrictedImports',
  },
  {
    name: 'a web feature importing shared web code and itself (allowed)',
    files: {
      [web('features/rates/api/boundary-probe-21.ts')]:
        "import { apiClient } from '@/lib/api-client';\nimport { a } from '../../../components/ui/button';\nimport { b } from '../components/rates-ticker';\nexport const probe = [apiClient, a, b];\n",
    },
    fails: null,
  },
  ...['lib', 'components', 'api', 'config'].map(
    (shared): Probe => ({
      name: `shared web code (src/${shared}) importing a feature`,
      files: { [web(`${shared}/boundary-probe-22.ts`)]: importing('@/features/quotes/api/keys') },
      fails: 'noRestrictedImports',
    }),
  ),
  {
    name: 'two files importing each other',
    files: {
      [api('lib/boundary-probe-a.ts')]: importing('./boundary-probe-b.js'),
      [api('lib/boundary-probe-b.ts')]: importing('./boundary-probe-a.js'),
    },
    fails: 'noImportCycles',
  },
  {
    name: 'two files importing each other only for types',
    files: {
      [api('lib/boundary-probe-c.ts')]:
        "import type { B } from './boundary-probe-d.js';\nexport type A = B[];\n",
      [api('lib/boundary-probe-d.ts')]:
        "import type { A } from './boundary-probe-c.js';\nexport type B = A | null;\n",
    },
    fails: 'noImportCycles',
  },
];

/** The probes are linted in one Biome run (its project scan, which the cycle rule needs, is the slow part). */
function lintAll(files: string[]): Map<string, string[]> {
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', ...files], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    output = (error as { stdout?: string }).stdout ?? '';
  }
  const report = JSON.parse(output) as { diagnostics: { category: string; location?: { path?: string } }[] };
  const rules = new Map<string, string[]>();
  for (const diagnostic of report.diagnostics) {
    const file = diagnostic.location?.path;
    if (file) rules.set(file, [...(rules.get(file) ?? []), diagnostic.category.split('/').pop()!]);
  }
  return rules;
}

// Lint, no database: CI's PostgreSQL pass (DATA_PATHS_ONLY) does not repeat it.
describe.skipIf(Boolean(process.env.DATA_PATHS_ONLY))(
  'import boundaries (docs/architecture.md, "Boundaries")',
  () => {
    const files = probes.flatMap((probe) => Object.entries(probe.files));
    let rules = new Map<string, string[]>();
    const createdDirectories: string[] = [];

    beforeAll(() => {
      expect(new Set(files.map(([file]) => file)).size, 'each probe file is used once').toBe(files.length);
      try {
        for (const [file, source] of files) {
          const directory = path.dirname(path.join(root, file));
          if (!fs.existsSync(directory)) {
            fs.mkdirSync(directory, { recursive: true });
            createdDirectories.push(directory);
          }
          fs.writeFileSync(path.join(root, file), source);
        }
        rules = lintAll(files.map(([file]) => file));
      } finally {
        for (const [file] of files) fs.rmSync(path.join(root, file), { force: true });
        for (const directory of createdDirectories.reverse())
          fs.rmSync(directory, { recursive: true, force: true });
      }
    }, 120_000);

    it.each(probes)('$name', (probe) => {
      const [first, ...others] = Object.keys(probe.files);
      if (probe.fails === null) {
        for (const file of [first!, ...others]) expect(rules.get(file) ?? [], file).toEqual([]);
      } else {
        expect(rules.get(first!) ?? [], first).toContain(probe.fails);
      }
    });
  },
);
