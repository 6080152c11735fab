import {
  gmailAttachmentBodySchema,
  gmailAttachmentListSchema,
  gmailAttachmentSchema,
  gmailAttachmentsBodySchema,
  gmailAttachmentUrlBodySchema,
  gmailAuthUrlSchema,
  gmailConnectionSchema,
  gmailConnectionsSchema,
  gmailExchangeBodySchema,
  gmailSyncQuoteBodySchema,
  gmailSyncQuoteResultSchema,
  gmailWatchResultSchema,
  gmailWatchStartBodySchema,
  idParamsSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantOfUser } from '../../db/tenant.js';
import { AppError, problemResponses } from '../../lib/errors.js';
import { access, requireActor, requireAuth } from '../../plugins/access.js';
import type { GmailService } from './gmail.service.js';

const tags = ['gmail'];
const errors = problemResponses(400, 401, 403, 404, 409, 413, 429, 502, 503);

const pushBodySchema = z
  .object({
    message: z
      .object({
        data: z.string().max(8192).optional(),
        messageId: z.string().max(200).optional(),
        publishTime: z.string().max(100).optional(),
      })
      .loose()
      .optional(),
    subscription: z.string().max(400).optional(),
  })
  .loose();

/**
 * Mail integration (spec 000 settings, spec 001 /gmail/*; issue 34, ADR 0027). Every route is for a
 * desenvolvedor (the mailbox is platform-wide), except the Pub/Sub push, which is public and verified by
 * its signed OIDC token. Tokens never leave the server: no answer carries them.
 */
export const gmailRoutes: FastifyPluginAsyncZod<{ gmail: GmailService }> = async (app, { gmail }) => {
  const developer = access.roles('desenvolvedor');
  const developerInCompany = access.company('desenvolvedor');
  const limit = { max: 30, timeWindow: '1 minute' };

  app.get(
    '/gmail/auth-url',
    {
      config: { access: developer, rateLimit: limit },
      schema: { tags, response: { 200: gmailAuthUrlSchema, ...errors } },
    },
    async (request) => ({ url: await gmail.authUrl(requireAuth(request).user.id) }),
  );

  app.post(
    '/gmail/exchange-code',
    {
      config: { access: developer, rateLimit: limit },
      schema: { tags, body: gmailExchangeBodySchema, response: { 200: gmailConnectionSchema, ...errors } },
    },
    async (request) => gmail.exchange(requireAuth(request).user.id, request.body),
  );

  app.get(
    '/gmail/connections',
    { config: { access: developer }, schema: { tags, response: { 200: gmailConnectionsSchema, ...errors } } },
    async () => ({ items: await gmail.list() }),
  );

  app.delete(
    '/gmail/connections/:id',
    { config: { access: developer, rateLimit: limit }, schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      await gmail.disconnect(request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/gmail/sync-quote',
    {
      config: { access: developerInCompany, rateLimit: limit },
      schema: {
        tags,
        body: gmailSyncQuoteBodySchema,
        response: { 200: gmailSyncQuoteResultSchema, ...errors },
      },
    },
    async (request) => gmail.syncQuote(tenantOfUser(requireAuth(request).user), request.body),
  );

  app.post(
    '/gmail/watch-start',
    {
      config: { access: developer, rateLimit: limit },
      schema: { tags, body: gmailWatchStartBodySchema, response: { 200: gmailWatchResultSchema, ...errors } },
    },
    async (request) => gmail.watchStart(request.body),
  );

  app.post(
    '/gmail/attachments',
    {
      config: { access: developer, rateLimit: limit },
      schema: {
        tags,
        body: gmailAttachmentsBodySchema,
        response: { 200: gmailAttachmentListSchema, ...errors },
      },
    },
    async (request) => gmail.attachments(request.body),
  );

  app.post(
    '/gmail/attachment',
    {
      config: { access: developer, rateLimit: limit },
      schema: { tags, body: gmailAttachmentBodySchema, response: { 200: gmailAttachmentSchema, ...errors } },
    },
    async (request) => gmail.attachment(request.body),
  );

  app.post(
    '/gmail/attachment-url',
    {
      config: { access: developerInCompany, rateLimit: limit },
      schema: { tags, body: gmailAttachmentUrlBodySchema, response: { 200: gmailAuthUrlSchema, ...errors } },
    },
    async (request) => gmail.attachmentUrl(requireActor(request), request.body.key),
  );

  // Pub/Sub push: verified before the body is even validated, so a forged call learns nothing.
  app.post(
    '/gmail/push',
    {
      config: { access: access.public, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { tags, body: pushBodySchema },
      preValidation: async (request) => {
        const verified = await gmail.verifyPush(request.headers.authorization);
        if (!verified) throw new AppError('GMAIL_PUSH_UNAUTHORIZED');
      },
    },
    async (request, reply) => {
      await gmail.handlePush(request.body);
      return reply.status(204).send();
    },
  );
};
