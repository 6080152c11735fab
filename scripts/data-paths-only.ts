/**
 * CI's second pass (PostgreSQL) sets DATA_PATHS_ONLY=1: a suite that never reaches a database ran in the
 * first pass (PGlite) already and is not repeated. These are the vitest `test` options of such a suite:
 * in that pass, no file and a pass (with one line saying why); otherwise nothing changed.
 */
export function skippedWithoutDatabase(suite: string): { include?: string[]; passWithNoTests?: boolean } {
  if (!process.env.DATA_PATHS_ONLY) return {};
  console.log(`[test] DATA_PATHS_ONLY: ${suite} never reach a database; they ran in the first pass.`);
  return { include: [], passWithNoTests: true };
}
