import {
  createQuoteBodySchema,
  idParamsSchema,
  listQuotesQuerySchema,
  MAX_QUOTE_UPLOAD_BYTES,
  problemSchema,
  quoteDetailSchema,
  quoteListResponseSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldError } from '../../lib/errors.js';
import { access, requireAuth } from '../../plugins/access.js';
import { requestMeta } from '../auth/auth.routes.js';
import type { QuoteFiles, QuotesService } from './quotes.service.js';

const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  413: problemSchema,
  415: problemSchema,
  429: problemSchema,
};
const tags = ['quotes'];
const companyMember = access.company();
/** Creating a quote sends e-mail to many carriers: a per-IP limit besides the global one. */
const CREATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const JSON_FIELDS = new Set(['itens', 'destinatarios[transportadores]', 'destinatarios[grupos]']);

/** The multipart form of POST /quotes/create-with-file as the JSON payload (spec 001 §7) plus files. */
function formToBody(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const destinatarios: Record<string, unknown> = { transportadores: [], grupos: [] };
  for (const [name, raw] of Object.entries(fields)) {
    let value: unknown = raw;
    if (JSON_FIELDS.has(name)) {
      try {
        value = raw.trim() === '' ? [] : JSON.parse(raw);
      } catch {
        throw new AppError('QUOTE_FIELDS_INVALID', { detail: `${name} não é uma lista JSON` });
      }
    } else if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (raw === '' || raw === 'null' || raw === 'undefined') value = null;
    const match = /^destinatarios\[(transportadores|grupos)\]$/.exec(name);
    if (match) destinatarios[match[1]!] = value;
    else body[name] = value;
  }
  body.destinatarios = destinatarios;
  return body;
}

export const quotesRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService }> = async (app, { quotes }) => {
  app.post(
    '/quotes',
    {
      config: { access: companyMember, rateLimit: CREATE_LIMIT },
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, body: createQuoteBodySchema, response: { 201: quoteDetailSchema, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await quotes.create(requireAuth(request), request.body, {}, requestMeta(request))),
  );

  app.post(
    '/quotes/create-with-file',
    {
      config: { access: companyMember, rateLimit: CREATE_LIMIT },
      schema: { tags, response: { 201: quoteDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const fields: Record<string, string> = {};
      const files: QuoteFiles = {};
      try {
        for await (const part of request.parts({
          limits: { fileSize: MAX_QUOTE_UPLOAD_BYTES, files: 2, fields: 60, fieldSize: 100_000 },
        })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (part.fieldname === 'file' || part.fieldname === 'dangerousCargoFile')
              files[part.fieldname] = { filename: part.filename, buffer };
          } else fields[part.fieldname] = String(part.value ?? '');
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('QUOTE_FILE_TOO_LARGE', { max: MAX_QUOTE_UPLOAD_BYTES / 1024 / 1024 });
        throw error;
      }
      const parsed = createQuoteBodySchema.safeParse(formToBody(fields));
      if (!parsed.success) {
        const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message:
            issue.code === 'unrecognized_keys'
              ? `Campo não permitido: ${issue.keys.join(', ')}`
              : issue.message,
        }));
        throw new AppError('VALIDATION_FAILED', undefined, fieldErrors, 400).withMessage(
          fieldErrors.length === 1 ? fieldErrors[0]!.message : undefined,
        );
      }
      return reply.status(201).send(await quotes.create(auth, parsed.data, files, requestMeta(request)));
    },
  );

  app.get(
    '/quotes',
    {
      config: { access: companyMember },
      schema: {
        tags,
        querystring: listQuotesQuerySchema,
        response: {
          200: quoteListResponseSchema.extend({ totalLimitado: z.boolean().optional() }),
          ...errors,
        },
      },
    },
    async (request) => quotes.list(requireAuth(request), request.query),
  );

  app.get(
    '/quotes/:id',
    {
      config: { access: companyMember },
      schema: { tags, params: idParamsSchema, response: { 200: quoteDetailSchema, ...errors } },
    },
    async (request) => quotes.get(requireAuth(request), request.params.id),
  );

  app.get(
    '/quotes/:id/pdf',
    { config: { access: companyMember }, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const file = await quotes.pdf(requireAuth(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
