import {
  activityItemSchema,
  dashboardSchema,
  dashboardStatsSchema,
  deadlineItemSchema,
} from '@cotacoes/shared/schemas/dashboard';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { problemResponses } from '../../lib/errors.js';
import { sendKeptJson } from '../../lib/stamped-cache.js';
import { access, requireActor } from '../../plugins/access.js';
import type { DashboardService } from './dashboard.service.js';

const errors = problemResponses(401, 403, 429);
const tags = ['dashboard'];
const companyMember = access.company();
const activityListSchema = z.array(activityItemSchema);
const deadlineListSchema = z.array(deadlineItemSchema);

/** The route's own serialisation, for a kept answer sent as bytes made once (ADR 0031). */
const serializerOf = (schema: ZodType, url: string) =>
  serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' }) as (value: object) => string;
const serialize = {
  dashboard: serializerOf(dashboardSchema, '/dashboard'),
  stats: serializerOf(dashboardStatsSchema, '/dashboard/stats'),
  activity: serializerOf(activityListSchema, '/dashboard/atividades'),
  deadlines: serializerOf(deadlineListSchema, '/dashboard/vencimentos'),
};

/** Spec 000 §7 "Dashboard": the whole dashboard in one call, and each of its parts. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    { config: { access: companyMember }, schema: { tags, response: { 200: dashboardSchema, ...errors } } },
    async (request, reply) => {
      const { value, etag } = await dashboard.dashboard(requireActor(request));
      return sendKeptJson(request, reply, value, etag, serialize.dashboard);
    },
  );
  app.get(
    '/dashboard/stats',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: dashboardStatsSchema, ...errors } },
    },
    async (request, reply) => {
      const { value, etag } = await dashboard.stats(requireActor(request));
      return sendKeptJson(request, reply, value, etag, serialize.stats);
    },
  );
  app.get(
    '/dashboard/atividades',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: activityListSchema, ...errors } },
    },
    async (request, reply) => {
      const { value, etag } = await dashboard.activity(requireActor(request));
      return sendKeptJson(request, reply, value, etag, serialize.activity);
    },
  );
  app.get(
    '/dashboard/vencimentos',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: deadlineListSchema, ...errors } },
    },
    async (request, reply) => {
      const { value, etag } = await dashboard.deadlines(requireActor(request));
      return sendKeptJson(request, reply, value, etag, serialize.deadlines);
    },
  );
};
