import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, startServerProcess, waitForHealth } from './server-process.js';

// Production runs the API built once (`npm run build` → dist/server.js), not TypeScript through tsx.
const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cotacoes-build-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('builds the API and the compiled server answers /api/health in production', async () => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  const bundle = fs.readFileSync(path.join(apiDir, 'dist/server.js'), 'utf8');
  // The workspace packages are inside the bundle (they are TypeScript source); npm packages are not.
  expect(bundle).not.toMatch(/from ["']@cotacoes\//);
  expect(bundle).toMatch(/from ["']fastify["']/);
  expect(fs.existsSync(path.join(apiDir, 'dist/migrations/meta/_journal.json'))).toBe(true);
  // The extraction sandbox forks its child from beside the bundle (ADR 0022).
  const child = fs.readFileSync(path.join(apiDir, 'dist/extraction-child.js'), 'utf8');
  expect(child).not.toMatch(/from ["']@cotacoes\//);
  expect(bundle).toContain('extraction-child.js');

  const server = startServerProcess(
    { PORT: String(await freePort()), DATA_DIR: dataDir, NODE_ENV: 'production' },
    { compiled: true },
  );
  try {
    await waitForHealth(server, 60_000);
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(health.headers.get('strict-transport-security')).toContain('max-age=31536000');
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}, 120_000);
