import {
  carrierHintParamsSchema,
  carrierHintSchema,
  idParamsSchema,
  messageResponseSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HintsService } from '../../hints/hints.service.js';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';

const errors = problemResponses(400, 401, 403, 404, 429);
/** Who may edit a carrier may see and remove what its replies taught (ADR 0101). */
const companyMember = access.company();

/** A carrier's 'Aprendizados de correções' (beyond the spec; ADR 0101). */
export const hintsRoutes: FastifyPluginAsyncZod<{ hints: HintsService }> = async (app, { hints }) => {
  const tags = ['transporters'];

  app.get(
    '/transporters/:id/hints',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: z.array(carrierHintSchema), ...errors },
      },
    },
    async (request) => hints.list(requireActor(request), request.params.id),
  );

  app.delete(
    '/transporters/:id/hints/:hintId',
    {
      config: { access: companyMember },
      schema: { tags, params: carrierHintParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => hints.remove(requireActor(request), request.params.id, request.params.hintId),
  );
};
