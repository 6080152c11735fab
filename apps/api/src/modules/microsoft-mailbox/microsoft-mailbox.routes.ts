import {
  messageResponseSchema,
  microsoftAuthUrlSchema,
  microsoftExchangeBodySchema,
  microsoftMailboxBodySchema,
  microsoftMailboxListSchema,
  microsoftMailboxMessages,
  microsoftSyncResultSchema,
} from '@cotacoes/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MicrosoftMailbox } from '../../inbound/sources/microsoft/graph-sync.js';
import { runSync } from '../../inbound/sources/microsoft/microsoft-source.js';
import { AppError, problemResponses } from '../../lib/errors.js';
import { access, requireAuth } from '../../plugins/access.js';

const tags = ['microsoft-mailbox'];
const errors = problemResponses(400, 401, 403, 404, 409, 429, 502, 503);
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** A change or lifecycle notification batch as Graph posts it; only what we check is read. */
const notificationBodySchema = z.object({
  value: z
    .array(
      z
        .object({
          subscriptionId: z.string().min(1).max(256),
          clientState: z.string().max(1024).optional(),
          changeType: z.string().max(64).optional(),
          lifecycleEvent: z.string().max(64).optional(),
        })
        .passthrough(),
    )
    .min(1)
    .max(1000),
});

/**
 * The Microsoft 365 mailbox connection (issue 34 part 2, ADR 0028). The mailbox is platform-wide like
 * the IMAP one (one reply address for every company, ADR 0010): a desenvolvedor connects it; the reply
 * token of each message decides its company. Tokens never leave the server.
 */
export const microsoftMailboxRoutes: FastifyPluginAsyncZod<{ mailbox: MicrosoftMailbox }> = async (
  app,
  { mailbox },
) => {
  const developer = access.roles('desenvolvedor');
  const oauth = () => mailbox.oauth;

  app.get(
    '/microsoft/mailboxes',
    {
      config: { access: developer },
      schema: { tags, response: { 200: microsoftMailboxListSchema, ...errors } },
    },
    async () => {
      const rows = await mailbox.connections.list('microsoft');
      return {
        configured: oauth().isConfigured(),
        data: rows
          .filter((row) => row.state !== 'desconectada')
          .map((row) => ({
            email: row.email,
            state:
              row.state === 'ok'
                ? ('ok' as const)
                : row.state === 'erro'
                  ? ('erro' as const)
                  : ('reconectar' as const),
            lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
            lastError: row.lastError,
            received: row.messagesReceived,
            notifications: Boolean(row.watchId),
          })),
      };
    },
  );

  app.get(
    '/microsoft/auth-url',
    {
      config: { access: developer, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, response: { 200: microsoftAuthUrlSchema, ...errors } },
    },
    async (request) => ({ url: await oauth().authorizationUrl(requireAuth(request).user.id) }),
  );

  app.post(
    '/microsoft/exchange-code',
    {
      config: { access: developer, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: microsoftExchangeBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, code, state } = request.body;
      const row = await mailbox.connect(requireAuth(request).user.id, email, code, state);
      return { message: fill(microsoftMailboxMessages.connected, { email: row.email }) };
    },
  );

  app.post(
    '/microsoft/sync',
    {
      config: { access: developer, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: microsoftMailboxBodySchema,
        response: { 200: microsoftSyncResultSchema, ...errors },
      },
    },
    async (request) => {
      const row = await mailbox.connections.require('microsoft', request.body.email);
      const received = await runSync(mailbox, row.id, row.email);
      return { message: fill(microsoftMailboxMessages.synced, { n: received }), received };
    },
  );

  app.post(
    '/microsoft/disconnect',
    {
      config: { access: developer, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, body: microsoftMailboxBodySchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const row = await mailbox.disconnect(request.body.email);
      return { message: fill(microsoftMailboxMessages.disconnected, { email: row.email }) };
    },
  );

  // Graph's calls: the validation handshake (echo validationToken as text/plain, within 10 s) and change
  // notifications, each checked against the clientState of its subscription (only its hash is stored).
  app.post(
    '/microsoft/notifications',
    {
      config: { access: access.public, plainText: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        querystring: z.object({ validationToken: z.string().min(1).max(2048).optional() }),
      },
    },
    async (request, reply) => {
      const { validationToken } = request.query;
      if (validationToken !== undefined) {
        return reply.status(200).type('text/plain; charset=utf-8').send(validationToken);
      }
      const parsed = notificationBodySchema.safeParse(request.body);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED');
      if (!(await mailbox.acceptNotifications(parsed.data.value)))
        throw new AppError('MAILBOX_NOTIFICATION_REJECTED');
      return reply.status(202).send();
    },
  );
};
