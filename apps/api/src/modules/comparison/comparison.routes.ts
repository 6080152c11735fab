import { comparisonQuerySchema, comparisonSchema, idParamsSchema } from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../lib/errors.js';
import { keptSerializer } from '../../lib/serializer.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor } from '../../plugins/access.js';
import type { ComparisonService } from './comparison.service.js';

const errors = problemResponses(400, 401, 403, 404, 429);
const serializeComparison = keptSerializer(comparisonSchema, '/quotes/:id/comparison');

/** GET /quotes/{id}/comparison?exchangeMargin=2.5: the 'Comparação' tab (spec 001 §2, §5, §9). */
export const comparisonRoutes: FastifyPluginAsyncZod<{ comparison: ComparisonService }> = async (
  app,
  { comparison },
) => {
  app.get(
    '/quotes/:id/comparison',
    {
      config: { access: access.company() },
      schema: {
        tags: ['comparison'],
        params: idParamsSchema,
        querystring: comparisonQuerySchema,
        response: { 200: comparisonSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { etag, comparison: value } = await comparison.kept(
        requireActor(request).tenant,
        request.params.id,
        request.query.exchangeMargin,
      );
      return sendKeptJson(request, reply, value, etag, serializeComparison);
    },
  );
};
