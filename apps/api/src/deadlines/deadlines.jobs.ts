import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { applyDeadlines } from './deadlines.js';

/** Every minute (pg-boss cron, one occurrence for all worker processes): the quotes' answer deadlines. */
export const DEADLINES_CRON = '* * * * *';

/** The scheduled job of quote deadlines (ADR 0018), in the processes that work the queues. */
export async function registerDeadlineJobs(
  jobs: JobQueue,
  db: Database,
  logger: FastifyBaseLogger,
  pollSeconds: number,
): Promise<void> {
  await jobs.work(
    QUEUES.quoteDeadlines,
    async () => {
      const result = await applyDeadlines(db);
      if (result.quotes > 0) logger.info(result, 'quote deadlines applied');
    },
    pollSeconds,
  );
  await jobs.schedule(QUEUES.quoteDeadlines, DEADLINES_CRON);
}
