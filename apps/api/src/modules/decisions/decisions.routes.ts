import {
  addFeeBodySchema,
  approveBodySchema,
  approveResultSchema,
  correctionBodySchema,
  idParamsSchema,
  responseEntrySchema,
  revisionRequestBodySchema,
  revisionResultSchema,
  uuidSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';
import type { DecisionsService } from './decisions.service.js';

const errors = problemResponses(400, 401, 403, 404, 409, 429);
const tags = ['decisions'];
const companyMember = access.company();
/** Spec 001 §6: approving needs a company link, with its own 'Acesso Negado' text. */
const approver = { ...access.company(), empresaError: 'APPROVAL_NO_COMPANY' } as const;
/** Revision and approval mail carriers: a per-IP limit besides the global one. */
const MAIL_LIMIT = { max: 30, timeWindow: '1 minute' };
const responseParamsSchema = z.object({ id: uuidSchema, respostaId: uuidSchema });

/**
 * The analyst's decisions (spec 001 §7): POST /quotes/{id}/request-revision, POST /quotes/{id}/approve,
 * and PUT /quotes/{id}/respostas/{respostaId}/correcoes (correcting an extracted value, issue #14).
 */
export const decisionsRoutes: FastifyPluginAsyncZod<{ decisions: DecisionsService }> = async (
  app,
  { decisions },
) => {
  app.put(
    '/quotes/:id/respostas/:respostaId/correcoes',
    {
      config: { access: companyMember, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: responseParamsSchema,
        body: correctionBodySchema,
        response: { 200: responseEntrySchema, ...errors },
      },
    },
    async (request) =>
      decisions.correct(requireActor(request), request.params.id, request.params.respostaId, request.body),
  );

  // Issue 30: a fee line the current version lacks, kept from the previous version or typed by hand.
  app.post(
    '/quotes/:id/respostas/:respostaId/taxas',
    {
      config: { access: companyMember, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: responseParamsSchema,
        body: addFeeBodySchema,
        response: { 200: responseEntrySchema, ...errors },
      },
    },
    async (request) =>
      decisions.addFee(requireActor(request), request.params.id, request.params.respostaId, request.body),
  );

  app.post(
    '/quotes/:id/request-revision',
    {
      config: { access: companyMember, rateLimit: MAIL_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: revisionRequestBodySchema,
        response: { 200: revisionResultSchema, ...errors },
      },
    },
    async (request) => decisions.requestRevision(requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/quotes/:id/approve',
    {
      config: { access: approver, rateLimit: MAIL_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: approveBodySchema,
        response: { 200: approveResultSchema, ...errors },
      },
    },
    async (request) => decisions.approve(requireActor(request), request.params.id, request.body),
  );
};
