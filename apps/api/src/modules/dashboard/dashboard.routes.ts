import {
  activityItemSchema,
  dashboardSchema,
  dashboardStatsSchema,
  deadlineItemSchema,
} from '@cotacoes/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';
import type { DashboardService } from './dashboard.service.js';

const errors = problemResponses(401, 403, 429);
const tags = ['dashboard'];
const companyMember = access.company();

/** Spec 000 §7 "Dashboard": the whole dashboard in one call, and each of its parts. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    { config: { access: companyMember }, schema: { tags, response: { 200: dashboardSchema, ...errors } } },
    async (request) => dashboard.dashboard(requireActor(request)),
  );
  app.get(
    '/dashboard/stats',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: dashboardStatsSchema, ...errors } },
    },
    async (request) => dashboard.stats(requireActor(request)),
  );
  app.get(
    '/dashboard/atividades',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: z.array(activityItemSchema), ...errors } },
    },
    async (request) => dashboard.activity(requireActor(request)),
  );
  app.get(
    '/dashboard/vencimentos',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: z.array(deadlineItemSchema), ...errors } },
    },
    async (request) => dashboard.deadlines(requireActor(request)),
  );
};
