import {
  assignMessageBodySchema,
  type DadosExtraidos,
  fieldMessages,
  idParamsSchema,
  messageResponseSchema,
  responseEntrySchema,
  responsesListSchema,
  responseVersionSchema,
  successMessages,
  testResponseBodySchema,
  typedValuesSchema,
  unmatchedListSchema,
  unmatchedQuerySchema,
  uuidSchema,
} from '@cotacoes/shared';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantOfUser } from '../../db/tenant.js';
import { AppError, problemResponses, validationError } from '../../lib/errors.js';
import { type MultipartForm, readMultipart } from '../../lib/multipart.js';
import { keptSerializer } from '../../lib/serializer.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor, requireAuth } from '../../plugins/access.js';
import type { RegisterForm, ResponsesService } from './responses.service.js';

const errors = problemResponses(400, 401, 403, 404, 409, 413, 415, 429);
const tags = ['responses'];
const companyMember = access.company();
/** Vouching for a sender is an analyst's decision (ADR 0023): not the plain 'usuario' role. */
const analyst = access.company('desenvolvedor', 'supervisor', 'analista');
const responseParamsSchema = z.object({ id: uuidSchema, respostaId: uuidSchema });
const messageParamsSchema = z.object({ id: uuidSchema, mensagemId: uuidSchema });
const MAX_MESSAGE_FILE_BYTES = 25 * 1024 * 1024;
/** Files sent with a pasted or typed answer (field `anexos`, repeated): the carrier's PDF or sheet. */
const MAX_ATTACHMENTS = 10;
const created = z.object({ data: responseEntrySchema, message: z.string() });

/**
 * Reads the 'Registrar resposta' form: which carrier, and a message file (`arquivo`), pasted text or typed
 * values, with the answer's attachments (`anexos`, the field repeated once per file) for the latter two.
 */
function parseRegisterForm(fields: Record<string, string>, files: MultipartForm['files']): RegisterForm {
  const file = files.arquivo?.[0];
  const anexos = files.anexos ?? [];
  const id = uuidSchema.safeParse(fields.transportadorId);
  if (!id.success) throw validationError([{ path: 'transportadorId', message: id.error.issues[0]!.message }]);
  const modo = fields.modo ?? (file ? 'arquivo' : fields.valores ? 'valores' : 'texto');
  if (modo !== 'arquivo' && modo !== 'texto' && modo !== 'valores')
    throw new AppError('RESPONSE_CONTENT_REQUIRED');
  let valores: RegisterForm['valores'];
  if (modo === 'valores') {
    let json: unknown;
    try {
      json = JSON.parse(fields.valores ?? '');
    } catch {
      throw new AppError('RESPONSE_CONTENT_REQUIRED');
    }
    const parsed = typedValuesSchema.safeParse(json);
    if (!parsed.success)
      throw validationError(
        parsed.error.issues.map((issue) => ({
          path: `valores.${issue.path.join('.')}`,
          message: issue.message,
        })),
      );
    valores = parsed.data;
  }
  // A message file carries its own attachments, and its own date.
  if (modo === 'arquivo' && anexos.length > 0) throw new AppError('RESPONSE_ATTACHMENTS_WITH_FILE');
  let recebidaEm: Date | undefined;
  if (fields.recebidaEm) {
    if (modo === 'arquivo')
      throw validationError([{ path: 'recebidaEm', message: fieldMessages.responseDateWithFile }]);
    const parsed = z.iso.datetime({ offset: true }).safeParse(fields.recebidaEm);
    if (!parsed.success)
      throw validationError([{ path: 'recebidaEm', message: fieldMessages.responseDateInvalid }]);
    recebidaEm = new Date(parsed.data);
  }
  return { transportadorId: id.data, modo, texto: fields.texto, valores, arquivo: file, anexos, recebidaEm };
}

/**
 * GET …/respostas answers the documented `responsesListSchema` (the OpenAPI document shows it), but its
 * serializer does not walk the extraction results again: that walk was the largest part of the route's
 * time (bench:responses). The extraction results pass as stored — the engine writes them in that schema,
 * and it is loose anyway; every other field is still checked and stripped by the schema.
 */
const storedExtraction = z.custom<DadosExtraidos>().nullable();
const versionOut = responseVersionSchema.extend({ dadosExtraidos: storedExtraction });
const listOut = z.object({
  data: z.array(
    responseEntrySchema.extend({
      dadosExtraidos: storedExtraction,
      versoes: z.array(versionOut),
    }),
  ),
});
const listSerializer: FastifySerializerCompiler<unknown> = (route) =>
  serializerCompiler(route.httpStatus === '200' ? { ...route, schema: listOut } : (route as never));
const serializeList = keptSerializer(listOut, '/quotes/:id/respostas');

/** Spec 001 responses: GET /quotes/{id}/respostas (and /responses), registering answers, 'Não identificadas'. */
export const responsesRoutes: FastifyPluginAsyncZod<{ responses: ResponsesService }> = async (
  app,
  { responses },
) => {
  for (const path of ['/quotes/:id/respostas', '/quotes/:id/responses'])
    app.get(
      path,
      {
        config: { access: companyMember },
        schema: { tags, params: idParamsSchema, response: { 200: responsesListSchema, ...errors } },
        serializerCompiler: listSerializer,
      },
      async (request, reply) => {
        const { stamp, value } = await responses.listStamped(requireActor(request).tenant, request.params.id);
        return sendKeptJson(request, reply, value, stamp, serializeList);
      },
    );

  app.post(
    '/quotes/:id/respostas/registrar',
    {
      config: { access: companyMember, multipart: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: idParamsSchema, response: { 201: created, ...errors } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const form = await readMultipart(request, {
        maxFileBytes: MAX_MESSAGE_FILE_BYTES,
        maxFiles: 1 + MAX_ATTACHMENTS,
        notMultipart: new AppError('UNSUPPORTED_MEDIA_TYPE'),
        tooLarge: new AppError('QUOTE_FILE_TOO_LARGE', { max: MAX_MESSAGE_FILE_BYTES / 1024 / 1024 }),
      });
      const body = parseRegisterForm(form.fields, form.files);
      return reply.status(201).send(await responses.register(actor, request.params.id, body));
    },
  );

  app.post(
    '/quotes/:id/respostas-teste',
    {
      bodyLimit: 4 * 1024 * 1024,
      config: { access: access.company('desenvolvedor') },
      schema: {
        tags,
        params: idParamsSchema,
        body: testResponseBodySchema,
        response: { 201: created, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await responses.test(requireActor(request), request.params.id, request.body)),
  );

  app.post(
    '/quotes/:id/respostas/:respostaId/confirmar-remetente',
    {
      config: { access: analyst, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: responseParamsSchema,
        response: { 200: z.object({ data: responseEntrySchema, message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      data: await responses.confirmSender(
        requireActor(request),
        request.params.id,
        request.params.respostaId,
      ),
      message: successMessages.senderConfirmed,
    }),
  );

  // 'Desfazer atribuição': a message assigned from 'Não identificadas' to the wrong quote or carrier goes back.
  app.post(
    '/quotes/:id/respostas/:respostaId/desfazer-atribuicao',
    {
      config: { access: companyMember, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: responseParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) =>
      responses.undoAssignment(requireActor(request), request.params.id, request.params.respostaId),
  );

  app.post(
    '/quotes/:id/mensagens/:mensagemId/contar-como-resposta',
    {
      config: { access: companyMember, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: messageParamsSchema,
        response: { 200: z.object({ data: responseEntrySchema, message: z.string() }), ...errors },
      },
    },
    async (request) =>
      responses.countSetAside(requireActor(request), request.params.id, request.params.mensagemId),
  );

  app.post(
    '/quotes/:id/respostas/:respostaId/ler-de-novo',
    {
      // Each click queues a reading in the sandbox: a tighter limit than reading the list.
      config: { access: companyMember, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: responseParamsSchema,
        response: { 200: z.object({ data: responseEntrySchema, message: z.string() }), ...errors },
      },
    },
    async (request) =>
      responses.extractAgain(requireActor(request), request.params.id, request.params.respostaId),
  );

  app.get(
    '/inbound/unmatched',
    {
      config: { access: access.user },
      schema: { tags, querystring: unmatchedQuerySchema, response: { 200: unmatchedListSchema, ...errors } },
    },
    async (request) => {
      // Any signed-in user: one without a company sees no company's messages (a desenvolvedor, the unknown ones).
      const { user } = requireAuth(request);
      return responses.unmatched(user.empresaId ? tenantOfUser(user) : null, user.role, request.query);
    },
  );

  app.post(
    '/inbound/messages/:id/assign',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        body: assignMessageBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => responses.assign(requireActor(request), request.params.id, request.body),
  );

  app.post(
    '/inbound/messages/:id/dismiss',
    {
      config: { access: companyMember, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => responses.dismiss(requireActor(request), request.params.id),
  );

  // 'Restaurar' on 'Dispensadas': a message dismissed by mistake waits in 'Não identificadas' again.
  app.post(
    '/inbound/messages/:id/restore',
    {
      config: { access: companyMember, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => responses.restore(requireActor(request), request.params.id),
  );
};
