import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const enabled = existsSync(chromium);
if (!enabled) {
  console.warn(
    `\n[e2e] SKIPPED: Chromium not found at ${chromium}. Install it with 'apt-get install -y chromium' ` +
      'or set CHROMIUM_PATH to run the browser tests.\n',
  );
}

/** Browser tests against the real API serving the built SPA (see e2e/global-setup.ts). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: enabled ? ['e2e/**/*.e2e.ts'] : [],
    // CI's second pass (PostgreSQL) sets DATA_PATHS_ONLY: the accessibility sweep and the bundle
    // budget check what the browser renders and loads, which does not depend on the database engine.
    exclude: process.env.DATA_PATHS_ONLY ? ['e2e/a11y.e2e.ts', 'e2e/bundle.e2e.ts'] : [],
    passWithNoTests: true,
    globalSetup: enabled ? ['./e2e/global-setup.ts'] : [],
    // One browser and one server on a 2-core machine: files run one after the other.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
