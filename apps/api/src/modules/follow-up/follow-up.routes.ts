import {
  followUpSettingsBodySchema,
  followUpSettingsSchema,
  idParamsSchema,
  quoteRemindersPatchSchema,
  quoteRemindersSchema,
  sendRemindersBodySchema,
  sendRemindersResultSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../lib/errors.js';
import { access, requireActor } from '../../plugins/access.js';
import type { FollowUpService } from './follow-up.service.js';

const errors = problemResponses(400, 401, 403, 404, 409, 422, 429);
const tags = ['follow-up'];
const companyMember = access.company();
/** The company's settings are the supervisors' (as its members and invites are). */
const companyManagers = access.company('desenvolvedor', 'supervisor');
/** 'Lembrar agora' mails carriers: the per-IP limit of the other decisions that mail them. */
const MAIL_LIMIT = { max: 30, timeWindow: '1 minute' };
const SETTINGS_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * Follow-up (issue 35, ADR 0026): GET/PUT /empresas/my-company/follow-up (the company's settings, beside
 * its other /my-company routes), GET/PATCH /quotes/{id}/lembretes and POST /quotes/{id}/lembretes/enviar.
 * Reminders are for whoever may request a revision today: any member of the company.
 */
export const followUpRoutes: FastifyPluginAsyncZod<{ followUp: FollowUpService }> = async (
  app,
  { followUp },
) => {
  app.get(
    '/empresas/my-company/follow-up',
    {
      config: { access: companyMember },
      schema: { tags, response: { 200: followUpSettingsSchema, ...errors } },
    },
    async (request) => followUp.settings(requireActor(request)),
  );

  app.put(
    '/empresas/my-company/follow-up',
    {
      config: { access: companyManagers, rateLimit: SETTINGS_LIMIT },
      schema: {
        tags,
        body: followUpSettingsBodySchema,
        response: { 200: followUpSettingsSchema, ...errors },
      },
    },
    async (request) => followUp.saveSettings(requireActor(request), request.body),
  );

  app.get(
    '/quotes/:id/lembretes',
    {
      config: { access: companyMember },
      schema: { tags, params: idParamsSchema, response: { 200: quoteRemindersSchema, ...errors } },
    },
    async (request) => followUp.quoteReminders(requireActor(request), request.params.id),
  );

  app.patch(
    '/quotes/:id/lembretes',
    {
      config: { access: companyMember, rateLimit: SETTINGS_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: quoteRemindersPatchSchema,
        response: { 200: quoteRemindersSchema, ...errors },
      },
    },
    async (request) =>
      followUp.setQuoteReminders(requireActor(request), request.params.id, request.body.ativos),
  );

  app.post(
    '/quotes/:id/lembretes/enviar',
    {
      config: { access: companyMember, rateLimit: MAIL_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: sendRemindersBodySchema,
        response: { 200: sendRemindersResultSchema, ...errors },
      },
    },
    async (request) => followUp.sendNow(requireActor(request), request.params.id, request.body),
  );
};
