/**
 * P3 budget: the JavaScript the browser loads for /login (entry chunk, its static imports and the
 * login route chunk with its imports) must stay ≤ 170 kB gzip. Reads dist/.vite/manifest.json.
 * Usage: npm run build -w apps/web && npx tsx apps/web/scripts/check-bundle.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_JS_BUDGET_BYTES = 170_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

function collect(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, into);
}

export interface BundleReport {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

/** JS files /login needs: the entry's static graph plus the lazily loaded login route's static graph. */
export function measureLoginBundle(dir = distDir): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  collect(manifest, entry[0], files);
  const loginKey = Object.keys(manifest).find((key) => /src\/app\/routes\/login\.tsx$/.test(key));
  if (!loginKey) throw new Error('no login route chunk in the manifest (is the route still lazy?)');
  collect(manifest, loginKey, files);
  const measured = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length }));
  return { files: measured, totalGzipBytes: measured.reduce((sum, item) => sum + item.gzipBytes, 0) };
}

function main() {
  const report = measureLoginBundle();
  for (const { file, gzipBytes } of report.files)
    console.log(`${(gzipBytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
  const total = report.totalGzipBytes / 1000;
  const budget = LOGIN_JS_BUDGET_BYTES / 1000;
  console.log(`${total.toFixed(1).padStart(7)} kB  total gzip for /login (budget ${budget} kB)`);
  if (report.totalGzipBytes > LOGIN_JS_BUDGET_BYTES) {
    console.error(`Bundle budget exceeded by ${(total - budget).toFixed(1)} kB`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
