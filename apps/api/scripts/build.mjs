// Builds the API once for production (ADR 0014): src/server.ts, src/worker.ts and the extraction sandbox's
// child (ADR 0022) bundled with the workspace
// packages (consumed as TypeScript source) into dist/ (one file each, no chunks: paths that code derives
// from its own location stay right), npm dependencies left as imports, the SQL
// migrations copied beside the bundle (db/client.ts finds them next to its own file).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(apiDir, 'dist');

/** Bundles our own code (relative imports and @cotacoes/*); every other package stays an import. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cotacoes/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(apiDir, 'src/server.ts'),
    worker: path.join(apiDir, 'src/worker.ts'),
    // The extraction sandbox's child (ADR 0022): the pool in the bundles above forks it from beside them.
    'extraction-child': path.join(apiDir, '../../packages/extraction/src/sandbox/extraction-child.ts'),
  },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
fs.cpSync(path.join(apiDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
console.log(
  `API built into ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms`,
);
