import {
  addMembersBodySchema,
  addMembersResponseSchema,
  createGrupoBodySchema,
  createTransportadorBodySchema,
  exportQuerySchema,
  grupoCartaoSchema,
  grupoMemberParamsSchema,
  grupoResumoSchema,
  grupoSchema,
  idParamsSchema,
  importCommitBodySchema,
  importPreviewSchema,
  importResultSchema,
  listGruposQuerySchema,
  listTransportadoresQuerySchema,
  MAX_IMPORT_BYTES,
  memberChangeResponseSchema,
  messageResponseSchema,
  paginatedSchema,
  problemSchema,
  successMessages,
  transportadorFilterSchema,
  transportadorIdsResponseSchema,
  transportadorSchema,
  updateGrupoBodySchema,
  updateTransportadorBodySchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, problemResponses } from '../../lib/errors.js';
import { readMultipart } from '../../lib/multipart.js';
import { keptSerializer } from '../../lib/serializer.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor } from '../../plugins/access.js';
import type { CarriersService } from './carriers.service.js';
import type { CarrierImportService } from './import.service.js';

const errors = problemResponses(400, 401, 403, 404, 409, 429);

const listPageSchema = paginatedSchema(transportadorSchema).extend({
  totalLimitado: z.literal(true).optional(),
});
const serializeListPage = keptSerializer(listPageSchema, '/transporters');
const serializeIds = keptSerializer(transportadorIdsResponseSchema, '/transporters/ids');
const serializeCards = keptSerializer(paginatedSchema(grupoCartaoSchema), '/groups');
const serializeSummaries = keptSerializer(z.array(grupoResumoSchema), '/groups');
const companyMember = access.company();
/** Imports parse files and write thousands of rows: a tighter per-IP limit than the global one. */
const IMPORT_LIMIT = { max: 20, timeWindow: '1 minute' };

/** Agents and groups (spec 000 §7): every route works on the caller's company only. */
export const carriersRoutes: FastifyPluginAsyncZod<{
  transporters: CarriersService;
  imports: CarrierImportService;
}> = async (app, { transporters, imports }) => {
  // ---- carriers ----
  let tags = ['transporters'];

  app.get(
    '/transporters',
    {
      config: { access: companyMember },
      schema: {
        tags,
        querystring: listTransportadoresQuerySchema,
        response: { 200: z.union([z.array(transportadorSchema), listPageSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { stamp, value } = await transporters.list(actor, request.query);
      if (stamp === null) return value;
      return sendKeptJson(request, reply, value, `${actor.tenant.empresaId}.${stamp}`, serializeListPage);
    },
  );

  app.get(
    '/transporters/ids',
    {
      config: { access: companyMember },
      schema: {
        tags,
        querystring: transportadorFilterSchema,
        response: { 200: transportadorIdsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { stamp, value } = await transporters.ids(actor, request.query);
      return sendKeptJson(request, reply, value, `${actor.tenant.empresaId}.${stamp}`, serializeIds);
    },
  );

  app.post(
    '/transporters',
    {
      config: { access: companyMember },
      schema: {
        tags,
        body: createTransportadorBodySchema,
        response: { 201: transportadorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await transporters.create(requireActor(request), request.body)),
  );

  app.patch(
    '/transporters/:id',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateTransportadorBodySchema,
        response: { 200: transportadorSchema, ...errors },
      },
    },
    async (request) => transporters.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/transporters/:id',
    {
      config: { access: companyMember },
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await transporters.remove(requireActor(request), request.params.id);
      return { message: successMessages.transportadorRemoved };
    },
  );

  // ---- import / export (beyond the spec) ----

  app.post(
    '/transporters/import/preview',
    {
      config: { access: companyMember, rateLimit: IMPORT_LIMIT, multipart: true },
      schema: {
        tags,
        response: { 200: importPreviewSchema, ...errors, 413: problemSchema, 415: problemSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { files } = await readMultipart(request, {
        maxFileBytes: MAX_IMPORT_BYTES,
        maxFiles: 1,
        notMultipart: new AppError('IMPORT_FILE_REQUIRED'),
        tooLarge: new AppError('IMPORT_FILE_TOO_LARGE', { max: MAX_IMPORT_BYTES / 1024 / 1024 }),
      });
      const file = files.file?.[0] ?? Object.values(files).flat()[0];
      if (!file) throw new AppError('IMPORT_FILE_REQUIRED');
      if (file.buffer.length === 0) throw new AppError('IMPORT_EMPTY');
      return imports.preview(actor, file.filename.slice(0, 200), file.buffer);
    },
  );

  app.post(
    '/transporters/import',
    {
      config: { access: companyMember, rateLimit: IMPORT_LIMIT },
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, body: importCommitBodySchema, response: { 200: importResultSchema, ...errors } },
    },
    async (request) => imports.commit(requireActor(request), request.body),
  );

  app.get(
    '/transporters/export',
    {
      config: { access: companyMember, rateLimit: IMPORT_LIMIT },
      schema: { tags, querystring: exportQuerySchema },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const file = await imports.export(requireActor(request), filter, format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  // ---- groups ----
  tags = ['groups'];

  app.get(
    '/groups',
    {
      config: { access: companyMember },
      schema: {
        tags,
        querystring: listGruposQuerySchema,
        response: {
          // The groups tab's page of cards first: the answer read most (each variant is tried in turn).
          200: z.union([
            paginatedSchema(grupoCartaoSchema),
            z.array(grupoSchema),
            paginatedSchema(grupoSchema),
            z.array(grupoResumoSchema),
          ]),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { stamp, value } = await transporters.listGrupos(actor, request.query);
      if (stamp === null) return value;
      const serialize = Array.isArray(value) ? serializeSummaries : serializeCards;
      return sendKeptJson(request, reply, value, `${actor.tenant.empresaId}.${stamp}`, serialize);
    },
  );

  app.post(
    '/groups',
    {
      config: { access: companyMember },
      schema: { tags, body: createGrupoBodySchema, response: { 201: grupoSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await transporters.createGrupo(requireActor(request), request.body)),
  );

  app.patch(
    '/groups/:id',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateGrupoBodySchema,
        response: { 200: grupoSchema, ...errors },
      },
    },
    async (request) => transporters.updateGrupo(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/groups/:id',
    {
      config: { access: companyMember },
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await transporters.removeGrupo(requireActor(request), request.params.id);
      return { message: successMessages.grupoRemoved };
    },
  );

  app.post(
    '/groups/:id/transporters',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: idParamsSchema,
        body: addMembersBodySchema,
        response: { 200: addMembersResponseSchema, ...errors },
      },
    },
    async (request) =>
      transporters.addMembers(requireActor(request), request.params.id, request.body.transportadorIds),
  );

  app.post(
    '/groups/:id/transporters/:transporterId',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: grupoMemberParamsSchema,
        response: { 200: memberChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      transporters.addMember(requireActor(request), request.params.id, request.params.transporterId),
  );

  app.delete(
    '/groups/:id/transporters/:transporterId',
    {
      config: { access: companyMember },
      schema: {
        tags,
        params: grupoMemberParamsSchema,
        response: { 200: memberChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      transporters.removeMember(requireActor(request), request.params.id, request.params.transporterId),
  );
};
