// Builds the API (apps/api/dist) when it is missing or older than its sources, so `npm start` runs the
// compiled server on a fresh clone without building on every start (ADR 0014).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/api/dist/server.js');

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

const sources = [
  'apps/api/src',
  'apps/api/scripts/build.mjs',
  'apps/api/package.json',
  'packages/shared/src',
  'packages/extraction/src',
].map((p) => path.join(root, p));
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt && Math.max(...sources.map(newestMtime)) <= builtAt) process.exit(0);

console.log(builtAt ? 'API sources changed: rebuilding the API…' : 'Building the API (first run)…');
const result = spawnSync(process.execPath, [path.join(root, 'apps/api/scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
