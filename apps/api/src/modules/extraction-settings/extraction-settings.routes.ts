import { extractionSettingsBodySchema, extractionSettingsSchema } from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';
import type { ExtractionSettingsService } from './extraction-settings.service.js';

const errors = problemResponses(400, 401, 403, 404, 422, 429);
const tags = ['extraction'];
const companyMember = access.company();
/** The company's settings are the supervisors' (as its follow-up settings are). */
const companyManagers = access.company('desenvolvedor', 'supervisor');
const SETTINGS_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * GET/PUT /empresas/my-company/extraction (issue 32 item 3, ADR 0100 addendum): whether the company's
 * replies may be read by the AI pass, and whether the server has a provider for it.
 */
export const extractionSettingsRoutes: FastifyPluginAsyncZod<{
  extractionSettings: ExtractionSettingsService;
}> = async (app, { extractionSettings }) => {
  app.get(
    '/empresas/my-company/extraction',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: extractionSettingsSchema, ...errors } },
    },
    async (request) => extractionSettings.settings(requireActor(request)),
  );

  app.put(
    '/empresas/my-company/extraction',
    {
      config: { access: companyManagers, rateLimit: SETTINGS_LIMIT },
      schema: {
        tags,
        body: extractionSettingsBodySchema,
        response: { 200: extractionSettingsSchema, ...errors },
      },
    },
    async (request) => extractionSettings.saveSettings(requireActor(request), request.body),
  );
};
