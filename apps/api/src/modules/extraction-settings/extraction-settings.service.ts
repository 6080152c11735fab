import type { ExtractionSettings, ExtractionSettingsBody } from '@cotacoes/shared';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { isLlmEnabled, saveLlmEnabled } from '../../inbound/extraction-settings.repository.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';

/**
 * The company's extraction settings over HTTP (issue 32 item 3, ADR 0100 addendum): the AI pass switch,
 * and whether the server has a provider (its model's name only: never its URL or key).
 */
export class ExtractionSettingsService {
  constructor(
    private readonly db: Database,
    private readonly llm: AppConfig['extractionLlm'],
  ) {}

  private answer(llmEnabled: boolean): ExtractionSettings {
    return { llmEnabled, servidorConfigurado: this.llm !== undefined, modelo: this.llm?.model ?? null };
  }

  /** GET /empresas/my-company/extraction: any member reads them. */
  async settings(actor: Actor): Promise<ExtractionSettings> {
    return this.answer(await isLlmEnabled(this.db, actor.tenant));
  }

  /** PUT /empresas/my-company/extraction (supervisors): the switch, with its audit row. */
  async saveSettings(actor: Actor, body: ExtractionSettingsBody): Promise<ExtractionSettings> {
    return this.db.transaction(async (tx) => {
      const before = await isLlmEnabled(tx, actor.tenant);
      await saveLlmEnabled(tx, actor.tenant, body.llmEnabled, actor.userId);
      await writeAudit(tx, actor.meta, 'empresa.extracao', {
        entity: 'empresa',
        entityId: actor.tenant.empresaId,
        details: { antes: { llmEnabled: before }, depois: body },
      });
      return this.answer(body.llmEnabled);
    });
  }
}
