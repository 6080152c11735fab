import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// CI's second pass (PostgreSQL) sets DATA_PATHS_ONLY: the unit tests render components against stubbed
// fetch and never reach a database, and the first pass ran them already.
const skip = Boolean(process.env.DATA_PATHS_ONLY);
if (skip) console.log('[test] DATA_PATHS_ONLY: web unit tests ran in the first pass (no database in them).');

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    include: skip ? [] : ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    passWithNoTests: skip,
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
  },
});
