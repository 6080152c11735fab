import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { purgeExpiredInbound } from './retention.js';

/** Daily at 06:20 UTC (03:20 in São Paulo), one occurrence for all worker processes (pg-boss cron). */
export const RETENTION_CRON = '20 6 * * *';

/** The retention job of raw replies (issue 29, LGPD), in the processes that work the queues. */
export async function registerRetentionJobs(
  jobs: JobQueue,
  db: Database,
  retentionDays: number,
  logger: FastifyBaseLogger,
  pollSeconds: number,
): Promise<void> {
  await jobs.work(
    QUEUES.inboundRetention,
    async () => {
      const result = await purgeExpiredInbound(db, retentionDays);
      if (result.messages > 0) logger.info(result, 'inbound retention: raw messages purged');
    },
    pollSeconds,
  );
  await jobs.schedule(QUEUES.inboundRetention, RETENTION_CRON);
}
