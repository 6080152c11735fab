import {
  approveJoinBodySchema,
  assignUserBodySchema,
  assignUserResponseSchema,
  cnpjLookupResponseSchema,
  cnpjParamsSchema,
  companyUserSchema,
  createEmpresaBodySchema,
  createPendingUserBodySchema,
  deleteEmpresaQuerySchema,
  empresaDetailSchema,
  empresaSchema,
  idParamsSchema,
  inviteInfoResponseSchema,
  joinBodySchema,
  joinRequestSchema,
  joinRequestsQuerySchema,
  joinResponseSchema,
  memberListQuerySchema,
  messageResponseSchema,
  myJoinRequestResponseSchema,
  onboardingBodySchema,
  onboardingResponseSchema,
  pendingInviteSchema,
  problemSchema,
  rejectJoinBodySchema,
  setVisaoResponseSchema,
  successMessages,
  tokenParamsSchema,
  updateEmpresaBodySchema,
  visaoResponseSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../../lib/errors.js';
import { access, requireAuth } from '../../plugins/access.js';
import { requestMeta } from '../../plugins/request-context.js';
import type { EmpresasService } from './empresas.service.js';
import type { MembersService } from './members.service.js';

/** The CNPJ search calls an outside service, so it has its own per-IP limit besides the global one. */
export const CNPJ_SEARCH_LIMIT_PER_MINUTE = 30;
/** Invitation links are looked up without a session: a per-IP limit against token guessing. */
const INVITE_LOOKUP_LIMIT_PER_MINUTE = 30;

const errors = problemResponses(400, 401, 403, 404, 409, 429);
const tags = ['empresas'];
const managers = access.roles('desenvolvedor', 'supervisor');
const companyManagers = access.company('desenvolvedor', 'supervisor');
const developer = access.roles('desenvolvedor');

export const empresasRoutes: FastifyPluginAsyncZod<{
  empresas: EmpresasService;
  members: MembersService;
}> = async (app, { empresas, members }) => {
  // ---- administration (desenvolvedor) ----

  app.get(
    '/empresas',
    { config: { access: developer }, schema: { tags, response: { 200: z.array(empresaSchema), ...errors } } },
    async () => empresas.list(),
  );

  app.post(
    '/empresas',
    {
      config: { access: developer },
      schema: { tags, body: createEmpresaBodySchema, response: { 201: empresaSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await empresas.create(request.body, requestMeta(request))),
  );

  app.get(
    '/empresas/:id',
    {
      config: { access: developer },
      schema: { tags, params: idParamsSchema, response: { 200: empresaDetailSchema, ...errors } },
    },
    async (request) => empresas.get(request.params.id),
  );

  app.patch(
    '/empresas/:id',
    {
      config: { access: developer },
      schema: {
        tags,
        params: idParamsSchema,
        body: updateEmpresaBodySchema,
        response: { 200: empresaSchema, ...errors },
      },
    },
    async (request) => empresas.update(request.params.id, request.body, requestMeta(request)),
  );

  app.delete(
    '/empresas/:id',
    {
      config: { access: developer },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: deleteEmpresaQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await empresas.remove(request.params.id, request.query.forceDelete, requestMeta(request));
      return { message: 'Empresa removida.' };
    },
  );

  // ---- CNPJ look-up and onboarding (any signed-in user) ----

  app.get(
    '/empresas/search/cnpj/:cnpj',
    {
      config: {
        access: access.user,
        rateLimit: { max: CNPJ_SEARCH_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        params: cnpjParamsSchema,
        response: { 200: cnpjLookupResponseSchema, ...errors, 502: problemSchema, 503: problemSchema },
      },
    },
    async (request) => empresas.search(request.params.cnpj),
  );

  app.post(
    '/empresas/onboarding',
    {
      config: { access: access.user },
      schema: { tags, body: onboardingBodySchema, response: { 201: onboardingResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await empresas.onboard(requireAuth(request), request.body, requestMeta(request))),
  );

  app.post(
    '/empresas/join/:id',
    {
      config: { access: access.user },
      schema: {
        tags,
        params: idParamsSchema,
        body: joinBodySchema,
        response: { 201: joinResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await members.join(
            requireAuth(request),
            request.params.id,
            request.body.cnpj,
            requestMeta(request),
          ),
        ),
  );

  app.get(
    '/empresas/join-requests/mine',
    {
      config: { access: access.user },
      schema: { tags, response: { 200: myJoinRequestResponseSchema, ...errors } },
    },
    async (request) => ({ request: await members.myJoinRequest(requireAuth(request)) }),
  );

  app.get(
    '/empresas/invites/:token',
    {
      config: {
        access: access.public,
        rateLimit: { max: INVITE_LOOKUP_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: { tags, params: tokenParamsSchema, response: { 200: inviteInfoResponseSchema, ...errors } },
    },
    async (request) => members.inviteInfo(request.params.token),
  );

  // ---- join requests (the company's supervisors) ----

  app.get(
    '/empresas/my-company/join-requests',
    {
      config: { access: companyManagers },
      schema: {
        tags,
        querystring: joinRequestsQuerySchema,
        response: { 200: z.array(joinRequestSchema), ...errors },
      },
    },
    async (request) => members.listJoinRequests(requireAuth(request), request.query.status),
  );

  app.post(
    '/empresas/join-requests/:id/approve',
    {
      config: { access: companyManagers },
      schema: {
        tags,
        params: idParamsSchema,
        body: approveJoinBodySchema,
        response: { 200: joinRequestSchema, ...errors },
      },
    },
    async (request) =>
      members.approveJoinRequest(
        requireAuth(request),
        request.params.id,
        request.body?.role ?? 'analista',
        requestMeta(request),
      ),
  );

  app.post(
    '/empresas/join-requests/:id/reject',
    {
      config: { access: companyManagers },
      schema: {
        tags,
        params: idParamsSchema,
        body: rejectJoinBodySchema,
        response: { 200: joinRequestSchema, ...errors },
      },
    },
    async (request) =>
      members.rejectJoinRequest(
        requireAuth(request),
        request.params.id,
        request.body?.motivo ?? null,
        requestMeta(request),
      ),
  );

  // ---- members and invites (desenvolvedor: any company; supervisor: their own) ----

  app.post(
    '/empresas/assign-user',
    {
      config: { access: managers },
      schema: { tags, body: assignUserBodySchema, response: { 200: assignUserResponseSchema, ...errors } },
    },
    async (request) => members.assignUser(requireAuth(request), request.body, requestMeta(request)),
  );

  app.delete(
    '/empresas/unlink-user/:id',
    {
      config: { access: managers },
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await members.unlinkUser(requireAuth(request), request.params.id, requestMeta(request));
      return { message: successMessages.userUnlinked };
    },
  );

  app.get(
    '/empresas/my-company/users',
    {
      config: { access: companyManagers },
      schema: {
        tags,
        querystring: memberListQuerySchema,
        response: { 200: z.array(companyUserSchema), ...errors },
      },
    },
    async (request) => members.listUsers(requireAuth(request), 'mine', request.query),
  );

  app.get(
    '/empresas/:id/users',
    {
      config: { access: managers },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: z.array(companyUserSchema), ...errors },
      },
    },
    async (request) => members.listUsers(requireAuth(request), request.params.id, request.query),
  );

  app.post(
    '/empresas/pending-users',
    {
      config: { access: managers },
      schema: { tags, body: createPendingUserBodySchema, response: { 201: pendingInviteSchema, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await members.createInvite(requireAuth(request), request.body, requestMeta(request))),
  );

  app.get(
    '/empresas/my-company/pending-users',
    {
      config: { access: companyManagers },
      schema: {
        tags,
        querystring: memberListQuerySchema,
        response: { 200: z.array(pendingInviteSchema), ...errors },
      },
    },
    async (request) => members.listInvites(requireAuth(request), 'mine', request.query),
  );

  app.get(
    '/empresas/:id/pending-users',
    {
      config: { access: managers },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: z.array(pendingInviteSchema), ...errors },
      },
    },
    async (request) => members.listInvites(requireAuth(request), request.params.id, request.query),
  );

  app.delete(
    '/empresas/pending-users/:id',
    {
      config: { access: managers },
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await members.deleteInvite(requireAuth(request), request.params.id, requestMeta(request));
      return { message: successMessages.inviteRemoved };
    },
  );

  // ---- visão (the company a desenvolvedor acts in) ----

  app.post(
    '/empresas/set-visao/:id',
    {
      config: { access: developer },
      schema: { tags, params: idParamsSchema, response: { 200: setVisaoResponseSchema, ...errors } },
    },
    async (request) => empresas.setVisao(requireAuth(request), request.params.id, requestMeta(request)),
  );

  app.get(
    '/empresas/current/visao',
    { config: { access: access.user }, schema: { tags, response: { 200: visaoResponseSchema, ...errors } } },
    async (request) => empresas.currentVisao(requireAuth(request)),
  );

  app.get(
    '/empresas/current/empresa',
    { config: { access: access.user }, schema: { tags, response: { 200: empresaSchema, ...errors } } },
    async (request) => empresas.currentEmpresa(requireAuth(request)),
  );
};
