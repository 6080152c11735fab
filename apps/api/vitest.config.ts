import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker loads the app's modules once for all its files instead of once per file: every file
    // builds its own app on its own database (PGlite from the template, or its own PostgreSQL schema) and
    // closes it, and no test mocks a module. The suite's imports took 224 s of 600 isolated, 16 s of 375
    // not (PostgreSQL: 442 → 294 s); CI's time limit is 45 minutes for both passes.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
