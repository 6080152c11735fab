import {
  failedListSchema,
  type InboundSourceStatus,
  idParamsSchema,
  inboundHealthSchema,
  inboundSourceParamsSchema,
  inboundStatusSchema,
  messageResponseSchema,
  reprocessResultSchema,
  successMessages,
} from '@cotacoes/shared';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { inboundMessages, mailboxState } from '../../db/schema/inbound.js';
import { listFailed } from '../../inbound/inbound.repository.js';
import type { InboundPipeline } from '../../inbound/pipeline.js';
import { inboundFailures } from '../../inbound/sources/health.js';
import type { InboundSources } from '../../inbound/sources/index.js';
import type { SourceStatusProvider } from '../../inbound/sources/source.js';
import { AppError, problemResponses } from '../../lib/errors.js';
import { access, requireAuth } from '../../plugins/access.js';

const tags = ['inbound'];
const errors = problemResponses(400, 401, 403, 404, 409, 429);
const FAILED_PAGE = 200;

/** Every provider's rows, in the providers' order. */
async function sourceRows(
  providers: SourceStatusProvider[],
): Promise<Array<{ row: InboundSourceStatus; provider: SourceStatusProvider }>> {
  const lists = await Promise.all(
    providers.map(async (provider) => ({ provider, rows: await provider.list() })),
  );
  return lists.flatMap(({ provider, rows }) => rows.map((row) => ({ row, provider })));
}

/**
 * The state of the inbound sources and the messages that could not be processed, for a desenvolvedor
 * (issue 19 §2, issue 29), and to everyone which mailbox stopped reading (GET /inbound/health): the mailbox and the listener are shared by every company (one reply address,
 * ADR 0010), and a message that failed has no company yet — so these routes are platform-wide.
 */
export const inboundAdminRoutes: FastifyPluginAsyncZod<{
  config: AppConfig;
  db: Database;
  sources: InboundSources;
  pipeline: InboundPipeline;
}> = async (app, { config, db, sources, pipeline }) => {
  const developer = { access: access.roles('desenvolvedor') };

  app.get(
    '/inbound/status',
    { config: developer, schema: { tags, response: { 200: inboundStatusSchema } } },
    async () => {
      const mailboxId = sources.imapMailboxId;
      const [state] = mailboxId
        ? await db.select().from(mailboxState).where(eq(mailboxState.id, mailboxId))
        : [];
      // The same set as 'Não identificadas' lists: not assigned, not dismissed (QA pass 5: it counted those
      // dismissed, "1" above an empty list).
      const [unmatched] = await db
        .select({ total: count() })
        .from(inboundMessages)
        .where(
          and(
            inArray(inboundMessages.outcome, ['nao_identificada', 'invalida']),
            isNull(inboundMessages.descartadaEm),
          ),
        );
      // The same set as 'Com falha' lists: failed, and stored but not processed yet.
      const [failed] = await db
        .select({ total: count() })
        .from(inboundMessages)
        .where(inArray(inboundMessages.status, ['pendente', 'falhou']));
      const smtpPort = sources.smtpPort();
      const rows = await sourceRows(sources.providers);
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
        comFalha: failed?.total ?? 0,
        sources: rows.map(({ row }) => row),
      };
    },
  );

  // Every signed-in user: the mailboxes that stopped bringing replies, shown above every screen (QA pass 41b).
  app.get(
    '/inbound/health',
    { config: { access: access.user }, schema: { tags, response: { 200: inboundHealthSchema, ...errors } } },
    async () => ({ falhas: await inboundFailures(db, config.IMAP_URL) }),
  );

  // 'Sincronizar agora' (issue 34 §4): runs a sync of one row now; only rows that say canSync.
  app.post(
    '/inbound/sources/:id/sync',
    {
      config: { ...developer, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: inboundSourceParamsSchema,
        response: { 200: messageResponseSchema, ...problemResponses(400, 401, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const found = (await sourceRows(sources.providers)).find(({ row }) => row.id === request.params.id);
      if (!found) throw new AppError('INBOUND_SOURCE_NOT_FOUND');
      if (!found.row.canSync || !found.provider.sync) throw new AppError('INBOUND_SOURCE_NOT_SYNCABLE');
      await found.provider.sync(found.row.id);
      request.log.info({ source: found.row.id }, 'inbound source synced on request');
      return { message: successMessages.inboundSourceSynced.replace('{fonte}', found.row.label) };
    },
  );

  app.get(
    '/inbound/failed',
    { config: developer, schema: { tags, response: { 200: failedListSchema, ...errors } } },
    async () => {
      const rows = await listFailed(db, FAILED_PAGE);
      const [total] = await db
        .select({ total: count() })
        .from(inboundMessages)
        .where(inArray(inboundMessages.status, ['pendente', 'falhou']));
      return {
        data: rows.map((row) => ({
          id: row.id,
          status: row.status,
          source: row.source,
          from: row.fromAddress,
          fromName: row.fromName,
          subject: row.subject,
          receivedAt: row.createdAt.toISOString(),
          tamanho: row.tamanho,
          tentativas: row.tentativas,
          erro: row.erro,
          proximaTentativa: row.proximaTentativa?.toISOString() ?? null,
        })),
        total: total?.total ?? 0,
      };
    },
  );

  app.post(
    '/inbound/messages/:id/reprocess',
    {
      config: developer,
      schema: { tags, params: idParamsSchema, response: { 200: reprocessResultSchema, ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await pipeline.reprocess(request.params.id, auth.user.id);
      return {
        message:
          result.status === 'falhou'
            ? successMessages.inboundReprocessFailed.replace('{erro}', result.erro ?? '')
            : successMessages.inboundReprocessed,
        status: result.status,
        outcome: result.outcome,
        erro: result.erro,
      };
    },
  );

  app.post(
    '/inbound/messages/:id/discard',
    {
      config: developer,
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await pipeline.discard(request.params.id, auth.user.id);
      return { message: successMessages.inboundDiscarded };
    },
  );
};
