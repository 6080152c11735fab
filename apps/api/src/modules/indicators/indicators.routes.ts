import {
  responseTimeCarriersQuerySchema,
  responseTimeCarriersSchema,
  responseTimesExportQuerySchema,
  responseTimesQuerySchema,
  responseTimesResponseSchema,
} from '@cotacoes/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../lib/errors.js';
import { keptSerializer } from '../../lib/serializer.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor } from '../../plugins/access.js';
import type { IndicatorsService } from './indicators.service.js';

const errors = problemResponses(400, 401, 403, 429);
const serializeTable = keptSerializer(responseTimesResponseSchema, '/indicators/response-times');

/** Spec 000 §7 "Indicators": response times per carrier of the caller's company. */
export const indicatorsRoutes: FastifyPluginAsyncZod<{ indicators: IndicatorsService }> = async (
  app,
  { indicators },
) => {
  app.get(
    '/indicators/response-times',
    {
      config: { access: access.company() },
      schema: {
        tags: ['indicators'],
        querystring: responseTimesQuerySchema,
        response: { 200: responseTimesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { value, etag } = await indicators.responseTimes(requireActor(request), request.query);
      return sendKeptJson(request, reply, value, etag, serializeTable);
    },
  );

  // Beyond the spec: the carrier filter's list, once per period (not with every page of the table).
  app.get(
    '/indicators/response-times/transportadores',
    {
      config: { access: access.company() },
      schema: {
        tags: ['indicators'],
        querystring: responseTimeCarriersQuerySchema,
        response: { 200: responseTimeCarriersSchema, ...errors },
      },
    },
    async (request) => indicators.carriers(requireActor(request), request.query),
  );

  // Beyond the spec: the whole table (every page) of the same filters and order, as CSV.
  app.get(
    '/indicators/response-times/export',
    {
      config: { access: access.company(), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['indicators'], querystring: responseTimesExportQuerySchema },
    },
    async (request, reply) => {
      const file = await indicators.exportCsv(requireActor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
