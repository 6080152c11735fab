import {
  createQuoteBodySchema,
  idParamsSchema,
  listQuotesQuerySchema,
  MAX_QUOTE_UPLOAD_BYTES,
  quoteDetailSchema,
  quoteListResponseSchema,
  quoteUploadSchema,
  updatedQuoteSchema,
  updateQuoteBodySchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, problemResponses } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { keptSerializer } from '../../lib/serializer.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor } from '../../plugins/access.js';
import { parseQuoteForm } from './quote-form.js';
import type { QuotesService } from './quotes.service.js';

const errors = problemResponses(400, 401, 403, 404, 409, 413, 415, 429);
const tags = ['quotes'];
const companyMember = access.company();
/** Creating a quote sends e-mail to many carriers: a per-IP limit besides the global one. */
const CREATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/**
 * PATCH /quotes/{id} with `avisarTransportadores` e-mails carriers: then the limit of sending a quote; any
 * other edit the default global one (RATE_LIMIT_MAX). Counted after the body is read (preHandler), so the
 * body can tell them apart.
 */
const NOTICE_LIMIT = {
  hook: 'preHandler' as const,
  timeWindow: '1 minute',
  max: (request: { body?: unknown }) =>
    (request.body as { avisarTransportadores?: unknown } | undefined)?.avisarTransportadores === true
      ? CREATE_LIMIT.max
      : 300,
};
const listResponseSchema = quoteListResponseSchema.extend({ totalLimitado: z.boolean().optional() });
const serializeList = keptSerializer(listResponseSchema, '/quotes');
export const quotesRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService }> = async (app, { quotes }) => {
  app.post(
    '/quotes',
    {
      config: { access: companyMember, rateLimit: CREATE_LIMIT },
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, body: createQuoteBodySchema, response: { 201: quoteDetailSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await quotes.create(requireActor(request), request.body, {})),
  );

  app.post(
    '/quotes/create-with-file',
    {
      config: { access: companyMember, rateLimit: CREATE_LIMIT, multipart: true },
      schema: { tags, response: { 201: quoteDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await readMultipart(request, {
        maxFileBytes: MAX_QUOTE_UPLOAD_BYTES,
        maxFiles: 2,
        notMultipart: new AppError('UNSUPPORTED_MEDIA_TYPE'),
        tooLarge: new AppError('QUOTE_FILE_TOO_LARGE', { max: MAX_QUOTE_UPLOAD_BYTES / 1024 / 1024 }),
      });
      const body = parseQuoteForm(form.fields);
      const files = { file: form.files.file?.[0], dangerousCargoFile: form.files.dangerousCargoFile?.[0] };
      return reply.status(201).send(await quotes.create(actor, body, files));
    },
  );

  app.post(
    '/quotes/upload',
    {
      config: { access: companyMember, rateLimit: CREATE_LIMIT, multipart: true },
      schema: { tags, response: { 201: quoteUploadSchema, ...errors } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await readMultipart(request, {
        maxFileBytes: MAX_QUOTE_UPLOAD_BYTES,
        maxFiles: 1,
        notMultipart: new AppError('UNSUPPORTED_MEDIA_TYPE'),
        tooLarge: new AppError('QUOTE_FILE_TOO_LARGE', { max: MAX_QUOTE_UPLOAD_BYTES / 1024 / 1024 }),
      });
      return reply.status(201).send(await quotes.upload(actor, form.files.file?.[0]));
    },
  );

  app.patch(
    '/quotes/:id',
    {
      config: { access: companyMember, rateLimit: NOTICE_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateQuoteBodySchema,
        response: { 200: updatedQuoteSchema, ...errors },
      },
    },
    async (request) => quotes.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/quotes/:id',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => quotes.remove(requireActor(request), request.params.id),
  );

  app.get(
    '/quotes',
    {
      config: { access: companyMember },
      schema: {
        tags,
        querystring: listQuotesQuerySchema,
        response: { 200: listResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { stamp, value } = await quotes.list(actor, request.query);
      if (stamp === null) return value;
      return sendKeptJson(request, reply, value, `${actor.tenant.empresaId}.${stamp}`, serializeList);
    },
  );

  app.get(
    '/quotes/:id',
    {
      config: { access: companyMember },
      schema: { tags, params: idParamsSchema, response: { 200: quoteDetailSchema, ...errors } },
    },
    async (request) => quotes.get(requireActor(request), request.params.id),
  );

  app.get(
    '/quotes/:id/pdf',
    { config: { access: companyMember }, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const file = await quotes.pdf(requireActor(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
