import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { skippedWithoutDatabase } from '../../scripts/data-paths-only';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Globals stubbed by a test (fetch, XMLHttpRequest, URL) are put back after it: files share a worker.
    unstubGlobals: true,
    // One jsdom per worker for all its files instead of one per file: the environment and the imports
    // were 80 of the suite's 220 s. setup.ts puts back what a test may leave behind (storage, history,
    // the theme class, the session, toasts, the navigator); no file mocks a module.
    isolate: false,
    // The unit tests render components against a stubbed fetch (src/testing/network.ts).
    ...skippedWithoutDatabase('the web unit tests'),
  },
});
