import type { FastifyBaseLogger } from 'fastify';
import { type JobQueue, QUEUES } from '../../../jobs/queue.js';
import type { MicrosoftMailbox } from './graph-sync.js';

/** Every hour (pg-boss cron, one occurrence for all worker processes): Graph subscriptions near their end. */
export const MICROSOFT_SUBSCRIPTIONS_CRON = '17 * * * *';

/**
 * The renewal job of the Microsoft 365 change-notification subscriptions (ADR 0028): a mail subscription
 * lasts days, not forever; those ending within a day are extended, lost or missing ones re-created.
 */
export async function registerMicrosoftSubscriptionJobs(
  jobs: JobQueue,
  mailbox: MicrosoftMailbox,
  logger: FastifyBaseLogger,
  pollSeconds: number,
): Promise<void> {
  await jobs.work(
    QUEUES.microsoftSubscriptions,
    async () => {
      const result = await mailbox.renewSubscriptions();
      if (result.renewed > 0 || result.created > 0) logger.info(result, 'microsoft subscriptions renewed');
    },
    pollSeconds,
  );
  await jobs.schedule(QUEUES.microsoftSubscriptions, MICROSOFT_SUBSCRIPTIONS_CRON);
}
