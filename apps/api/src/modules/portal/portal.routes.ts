import {
  messageResponseSchema,
  portalAnswerResultSchema,
  portalLanguageQuerySchema,
  portalLinkBodySchema,
  portalTokenParamsSchema,
  portalViewSchema,
  uuidSchema,
} from '@cotacoes/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.js';
import { AppError, problemResponses } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { access } from '../../plugins/access.js';
import { requestMeta } from '../../plugins/request-context.js';
import type { PortalCaller, PortalService } from './portal.service.js';

/** The cookie that binds a 'link' token to the browser that opened it first (ADR 0026). */
export const PORTAL_BINDING_COOKIE = 'portal_bind';
const errors = problemResponses(400, 403, 404, 409, 410, 413, 415, 429);
const tags = ['portal'];
/** Public: the token in the path is the credential, checked by the service (token-scoped). */
const tokenScoped = access.public;
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 10;

/** `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266): any name, no header injection. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * The carrier portal (issue 35): 'Consultar cotação' (POST /portal/link) and the token-scoped page of one
 * quote for one recipient (GET /portal/{token}, its files, POST its answer). No account: the token is the
 * credential; the CSRF plugin checks the Origin of the POSTs like every other browser POST.
 */
export const portalRoutes: FastifyPluginAsyncZod<{ portal: PortalService; config: AppConfig }> = async (
  app,
  { portal, config },
) => {
  const secure = new URL(config.APP_URL).protocol === 'https:';
  /** Per IP: asking for links is like asking for a password reset (S4). */
  const linkLimit = { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' };
  const tokenLimit = { max: 120, timeWindow: '1 minute' };

  const callerOf = (request: FastifyRequest): PortalCaller => {
    const meta = requestMeta(request);
    return {
      binding: request.cookies[PORTAL_BINDING_COOKIE],
      meta: { requestId: meta.requestId, ip: meta.ip },
    };
  };
  const bind = (reply: FastifyReply, binding: string | undefined) => {
    if (!binding) return;
    reply.setCookie(PORTAL_BINDING_COOKIE, binding, {
      httpOnly: true,
      secure,
      sameSite: 'strict',
      path: '/api/portal',
      maxAge: 12 * 3600,
    });
  };

  app.post(
    '/portal/link',
    {
      config: { access: access.public, rateLimit: linkLimit },
      schema: { tags, body: portalLinkBodySchema, response: { 202: messageResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(202).send(await portal.requestLink(request.body, callerOf(request).meta)),
  );

  app.get(
    '/portal/:token',
    {
      config: { access: tokenScoped, rateLimit: tokenLimit },
      schema: { tags, params: portalTokenParamsSchema, response: { 200: portalViewSchema, ...errors } },
    },
    async (request, reply) => {
      const { value, binding } = await portal.view(request.params.token, callerOf(request));
      bind(reply, binding);
      return value;
    },
  );

  app.get(
    '/portal/:token/anexos/:id',
    {
      config: { access: tokenScoped, rateLimit: tokenLimit },
      schema: { tags, params: portalTokenParamsSchema.extend({ id: uuidSchema }) },
    },
    async (request, reply) => {
      const { value, binding } = await portal.attachment(
        request.params.token,
        request.params.id,
        callerOf(request),
      );
      bind(reply, binding);
      return reply
        .header('content-type', value.contentType)
        .header('content-disposition', contentDisposition(value.filename))
        .header('x-content-type-options', 'nosniff')
        .send(value.body);
    },
  );

  app.get(
    '/portal/:token/pedido.pdf',
    {
      config: { access: tokenScoped, rateLimit: tokenLimit },
      schema: { tags, params: portalTokenParamsSchema },
    },
    async (request, reply) => {
      const { value, binding } = await portal.requestDocument(request.params.token, callerOf(request));
      bind(reply, binding);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(value.filename))
        .header('x-content-type-options', 'nosniff')
        .send(value.body);
    },
  );

  app.post(
    '/portal/:token/resposta',
    {
      config: { access: tokenScoped, multipart: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: portalTokenParamsSchema,
        querystring: portalLanguageQuerySchema,
        response: { 201: portalAnswerResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, {
        maxFileBytes: MAX_FILE_BYTES,
        maxFiles: MAX_FILES,
        notMultipart: new AppError('UNSUPPORTED_MEDIA_TYPE'),
        tooLarge: new AppError('PORTAL_FILE_TOO_LARGE', { max: MAX_FILE_BYTES / 1024 / 1024 }),
      });
      const { value, binding } = await portal.answer(
        request.params.token,
        { dados: form.fields.dados, anexos: form.files.anexos ?? [] },
        callerOf(request),
        request.query.lang,
      );
      bind(reply, binding);
      return reply.status(201).send(value);
    },
  );
};
