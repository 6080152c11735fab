import {
  laneDetailQuerySchema,
  laneDetailSchema,
  laneKeyParamsSchema,
  lanesListSchema,
  lanesQuerySchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../lib/errors.js';
import { keptSerializer } from '../../lib/serializer.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor } from '../../plugins/access.js';
import type { LanesService } from './lanes.service.js';

const errors = problemResponses(400, 401, 403, 429);

const serializeList = keptSerializer(lanesListSchema, '/lanes');
const serializeDetail = keptSerializer(laneDetailSchema, '/lanes/:key');

/** Issue 36 'Rotas': the company's lane history (ADR 0030); any member who sees the quotes. */
export const lanesRoutes: FastifyPluginAsyncZod<{ lanes: LanesService }> = async (app, { lanes }) => {
  app.get(
    '/lanes',
    {
      config: { access: access.company() },
      schema: {
        tags: ['lanes'],
        querystring: lanesQuerySchema,
        response: { 200: lanesListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { etag, value } = await lanes.listStamped(requireActor(request), request.query);
      return sendKeptJson(request, reply, value, etag, serializeList);
    },
  );

  // Registered before /lanes/:key, which would otherwise take 'export.csv' as a lane.
  app.get(
    '/lanes/export.csv',
    {
      config: { access: access.company(), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['lanes'], querystring: lanesQuerySchema },
    },
    async (request, reply) => {
      const file = await lanes.exportCsv(requireActor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.get(
    '/lanes/:key',
    {
      config: { access: access.company() },
      schema: {
        tags: ['lanes'],
        params: laneKeyParamsSchema,
        querystring: laneDetailQuerySchema,
        response: { 200: laneDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { etag, value } = await lanes.detailStamped(
        requireActor(request),
        request.params.key,
        request.query,
      );
      return sendKeptJson(request, reply, value, etag, serializeDetail);
    },
  );
};
