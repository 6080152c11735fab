import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/check-node.mjs');
// A plain .mjs run by node before anything is built: loaded by path, so typed by its use here.
const check = (await import(pathToFileURL(script).href)) as {
  nodeVersionVerdict: (version: string, required: string) => 'ok' | 'unsupported' | 'too-old';
  requiredNode: () => string;
  nodeVersionMessage: (verdict: string, version: string, required: string) => string | null;
};

const manifest = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

// No database: CI's PostgreSQL pass (DATA_PATHS_ONLY) does not repeat it.
describe.skipIf(Boolean(process.env.DATA_PATHS_ONLY))(
  'the Node.js version npm start requires (issue 31)',
  () => {
    it('is the one every package.json and the README state, the newest any dependency declares', () => {
      expect(check.requiredNode()).toBe('22.12');
      for (const file of [
        'package.json',
        'apps/api/package.json',
        'apps/web/package.json',
        'packages/shared/package.json',
        'packages/extraction/package.json',
      ])
        expect(manifest(file).engines?.node, file).toBe('>=22.12');
      expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node.js ≥ 22.12');
      const pgBoss = manifest('node_modules/pg-boss/package.json');
      expect(pgBoss.engines.node).toBe('>=22.12.0');
    });

    it.each([
      ['v18.20.4', 'too-old'],
      ['v20.18.3', 'too-old'],
      ['v20.19.0', 'unsupported'],
      ['v20.20.2', 'unsupported'],
      ['v22.11.0', 'unsupported'],
      ['v22.12.0', 'ok'],
      ['v24.1.0', 'ok'],
    ])('Node.js %s is %s', (version, verdict) => {
      expect(check.nodeVersionVerdict(version, '22.12')).toBe(verdict);
    });

    it('says so in one line; only a Node.js that cannot run the server stops npm start', () => {
      expect(check.nodeVersionMessage('too-old', 'v18.20.4', '22.12')).toBe(
        'Node.js v18.20.4 is too old for Sistema de Cotações: install Node.js 22.12 or newer (README, "Os dois comandos").',
      );
      expect(check.nodeVersionMessage('unsupported', 'v20.20.2', '22.12')).toContain(
        'install Node.js 22.12 or newer',
      );
      expect(check.nodeVersionMessage('ok', 'v22.12.0', '22.12')).toBeNull();
      // The Node.js running this suite can run the server: the script exits 0, with the warning below 22.12.
      const verdict = check.nodeVersionVerdict(process.version, '22.12');
      expect(verdict).not.toBe('too-old');
      const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim()).toBe(check.nodeVersionMessage(verdict, process.version, '22.12') ?? '');
      expect(manifest('package.json').scripts.start.startsWith('node scripts/check-node.mjs && ')).toBe(true);
      expect(manifest('package.json').scripts.worker.startsWith('node scripts/check-node.mjs && ')).toBe(
        true,
      );
    });
  },
);
