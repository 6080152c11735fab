import type { FastifyBaseLogger } from 'fastify';
import { type JobQueue, QUEUES } from '../../../jobs/queue.js';

/** Every hour (pg-boss cron, one occurrence for all worker processes): Gmail watches ending within 24 h. */
export const GMAIL_WATCH_RENEWAL_CRON = '23 * * * *';

/**
 * Gmail's push subscription (users.watch) lapses after at most 7 days; the renewal job starts it again on
 * its stored topic a day ahead (ADR 0027). A mailbox whose renewal fails is tried again next hour; the
 * poller keeps it in sync meanwhile.
 */
export async function registerGmailJobs(
  jobs: JobQueue,
  /** GmailService.renewWatches (the composition passes it; src/inbound never imports a module). */
  renewWatches: () => Promise<{ renewed: number; failed: number }>,
  logger: FastifyBaseLogger,
  pollSeconds: number,
): Promise<void> {
  await jobs.work(
    QUEUES.gmailWatchRenewal,
    async () => {
      const result = await renewWatches();
      if (result.renewed > 0 || result.failed > 0) logger.info(result, 'gmail watches renewed');
    },
    pollSeconds,
  );
  await jobs.schedule(QUEUES.gmailWatchRenewal, GMAIL_WATCH_RENEWAL_CRON);
}
