import { defineConfig } from 'vitest/config';

// CI's second pass (PostgreSQL) sets DATA_PATHS_ONLY: this package never touches the database, and the
// first pass ran its tests already.
const skip = Boolean(process.env.DATA_PATHS_ONLY);
if (skip)
  console.log('[test] DATA_PATHS_ONLY: no database in this package; its tests ran in the first pass.');

export default defineConfig({
  test: skip ? { include: [], passWithNoTests: true } : {},
});
