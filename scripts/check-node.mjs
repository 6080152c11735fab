// Runs first in `npm start` and `npm run worker`: says plainly when this Node.js is older than the one the
// project requires (package.json `engines`, set by what the dependencies declare: pg-boss 12 asks for
// 22.12, cookie 2 and content-disposition 3 for 22). Older than RUNS_FROM it stops; between the two it
// warns and goes on (the whole suite passes on Node 20.20, the CI image's). Written for old Nodes too:
// no import.meta.dirname (Node 20.11).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Below this `npm start` stops: the floor ADR 0001 first set; nothing older was ever run. */
export const RUNS_FROM = '20.19.0';

/** [major, minor, patch] of 'v22.12.0', '22.12' or '>=22.12'. */
export function parseVersion(text) {
  const match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  if (!match) throw new Error(`not a version: ${text}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function isOlder(version, than) {
  const [a, b] = [parseVersion(version), parseVersion(than)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * 'ok' at or above the required version; 'unsupported' where it runs but is not what the dependencies
 * declare; 'too-old' below RUNS_FROM.
 */
export function nodeVersionVerdict(version, required, runsFrom = RUNS_FROM) {
  if (!isOlder(version, required)) return 'ok';
  return isOlder(version, runsFrom) ? 'too-old' : 'unsupported';
}

/** The required version, from the root package.json's `engines.node` ('>=22.12'). */
export function requiredNode() {
  const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return manifest.engines.node.replace(/^>=\s*/, '');
}

/** The message for a verdict, or null when there is nothing to say. */
export function nodeVersionMessage(verdict, version, required) {
  if (verdict === 'too-old')
    return `Node.js ${version} is too old for Sistema de Cotações: install Node.js ${required} or newer (README, "Os dois comandos").`;
  if (verdict === 'unsupported')
    return `Warning: Node.js ${version} is older than the ${required} this project requires (pg-boss, cookie and content-disposition declare it). It runs, but install Node.js ${required} or newer.`;
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const required = requiredNode();
  const verdict = nodeVersionVerdict(process.version, required);
  const message = nodeVersionMessage(verdict, process.version, required);
  if (message) console.error(message);
  if (verdict === 'too-old') process.exit(1);
}
