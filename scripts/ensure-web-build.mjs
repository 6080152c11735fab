// Builds the web app when its bundle is missing or older than its sources, so `npm start` always serves
// the current SPA without rebuilding on every start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

if (!fs.existsSync(path.join(web, 'package.json'))) process.exit(0);
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts', '../../packages/shared/src'].map(
  (p) => path.join(web, p),
);
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt && Math.max(...sources.map(newestMtime)) <= builtAt) process.exit(0);

console.log(builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first run)…');
const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
