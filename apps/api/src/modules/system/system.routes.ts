import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import type { DatabaseHandle } from '../../db/client.js';
import { access } from '../../plugins/access.js';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';

export const systemRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  database: DatabaseHandle;
  /** Whether a sign-in provider is configured (the auth module answers). */
  isProviderConfigured: (provider: 'google' | 'microsoft') => boolean;
  /** Whether this server has the local mailbox (the dev-mailbox module answers). */
  isMailboxAvailable: () => boolean;
}> = async (app, { config, database, isProviderConfigured, isMailboxAvailable }) => {
  app.get(
    '/health',
    {
      config: { access: access.public, rateLimit: false },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') }),
          503: z.object({
            status: z.literal('error'),
            version: z.string(),
            database: z.literal('unreachable'),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, version: APP_VERSION, database: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', version: APP_VERSION, database: 'unreachable' });
      }
    },
  );

  app.get(
    '/config',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            googleEnabled: z.boolean(),
            microsoftEnabled: z.boolean(),
            mailTransport: z.enum(['local', 'smtp']),
            mailboxEnabled: z.boolean(),
            supportEmail: z.string(),
          }),
        },
      },
    },
    async () => ({
      googleEnabled: isProviderConfigured('google'),
      microsoftEnabled: isProviderConfigured('microsoft'),
      mailTransport: config.MAIL_TRANSPORT,
      mailboxEnabled: isMailboxAvailable(),
      supportEmail: config.SUPPORT_EMAIL,
    }),
  );
};
