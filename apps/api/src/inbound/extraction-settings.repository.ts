import type { Executor } from '../db/client.js';
import { extractionSettings } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/*
 * A company's extraction settings (issue 32 item 3, ADR 0100 addendum): whether the AI pass may send its
 * replies' text to the server's provider. No row: off. Read by the extraction job and the settings routes.
 */

/** Whether the company turned the AI pass on. */
export async function isLlmEnabled(executor: Executor, tenant: Tenant): Promise<boolean> {
  const [row] = await executor
    .select({ llmEnabled: extractionSettings.llmEnabled })
    .from(extractionSettings)
    .where(inTenant(extractionSettings.empresaId, tenant))
    .limit(1);
  return row?.llmEnabled ?? false;
}

/** Replaces the company's settings (one row per company). */
export async function saveLlmEnabled(
  executor: Executor,
  tenant: Tenant,
  llmEnabled: boolean,
  userId: string,
): Promise<void> {
  const values = { llmEnabled, updatedAt: new Date(), updatedBy: userId };
  await executor
    .insert(extractionSettings)
    .values({ ...values, empresaId: tenant.empresaId })
    .onConflictDoUpdate({ target: extractionSettings.empresaId, set: values });
}
