import { inboundStatusSchema } from '@cotacoes/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { inboundMessages, mailboxState } from '../../db/schema/inbound.js';
import type { InboundSources } from '../../inbound/sources/index.js';
import { access } from '../../plugins/access.js';

/** The state of the inbound sources, for a desenvolvedor (issue 19 §2). */
export const inboundAdminRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  db: Database;
  sources: InboundSources;
}> = async (app, { config, db, sources }) => {
  app.get(
    '/inbound/status',
    {
      config: { access: access.roles('desenvolvedor') },
      schema: { tags: ['inbound'], response: { 200: inboundStatusSchema } },
    },
    async () => {
      const mailboxId = sources.imapMailboxId;
      const [state] = mailboxId
        ? await db.select().from(mailboxState).where(eq(mailboxState.id, mailboxId))
        : [];
      const [unmatched] = await db
        .select({ total: count() })
        .from(inboundMessages)
        .where(eq(inboundMessages.outcome, 'nao_identificada'));
      const smtpPort = sources.smtpPort();
      return {
        imap: mailboxId
          ? {
              mailbox: mailboxId,
              lastSyncAt: state?.lastSyncAt?.toISOString() ?? null,
              lastError: state?.lastError ?? null,
              lastErrorAt: state?.lastErrorAt?.toISOString() ?? null,
              leaseOwner: state?.leaseOwner ?? null,
              messagesIngested: state?.messagesIngested ?? 0,
            }
          : null,
        smtp: smtpPort === null ? null : { port: smtpPort },
        localMode: config.MAIL_TRANSPORT === 'local',
        naoIdentificadas: unmatched?.total ?? 0,
      };
    },
  );
};
