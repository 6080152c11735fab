import {
  comparisonQuerySchema,
  idParamsSchema,
  sendComparativeBodySchema,
  sendComparativeResultSchema,
} from '@cotacoes/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';
import type { ComparativeFile, ComparativeService } from './comparative.service.js';

const errors = problemResponses(400, 401, 403, 404, 409, 429);
const tags = ['comparative'];
const companyMember = access.company();
/** Rendering is CPU work: a per-IP limit besides the global one. */
const DOCUMENT_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Each send is an e-mail with two files. */
const SEND_LIMIT = { max: 20, timeWindow: '1 minute' };

/** Spec 001 §7: GET /quotes/{id}/comparative-excel and -pdf, POST /quotes/{id}/send-comparative. */
export const comparativeRoutes: FastifyPluginAsyncZod<{ comparative: ComparativeService }> = async (
  app,
  { comparative },
) => {
  const sendFile = (reply: FastifyReply, file: ComparativeFile) =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);

  app.get(
    '/quotes/:id/comparative-excel',
    {
      config: { access: companyMember, rateLimit: DOCUMENT_LIMIT },
      schema: { tags, params: idParamsSchema, querystring: comparisonQuerySchema, response: errors },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await comparative.excel(requireActor(request), request.params.id, request.query.exchangeMargin),
      ),
  );

  app.get(
    '/quotes/:id/comparative-pdf',
    {
      config: { access: companyMember, rateLimit: DOCUMENT_LIMIT },
      schema: { tags, params: idParamsSchema, querystring: comparisonQuerySchema, response: errors },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await comparative.pdf(requireActor(request), request.params.id, request.query.exchangeMargin),
      ),
  );

  app.post(
    '/quotes/:id/send-comparative',
    {
      config: { access: companyMember, rateLimit: SEND_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: sendComparativeBodySchema,
        response: { 200: sendComparativeResultSchema, ...errors },
      },
    },
    async (request) => comparative.send(requireActor(request), request.params.id, request.body),
  );
};
