import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { empresas } from '../db/schema/index.js';

/** Companies as every module reads them (the empresas module owns their writes). */
export type EmpresaRow = typeof empresas.$inferSelect;

export async function findEmpresaById(executor: Executor, id: string): Promise<EmpresaRow | undefined> {
  const [row] = await executor.select().from(empresas).where(eq(empresas.id, id)).limit(1);
  return row;
}
