import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { DeadlineSummaryDeps } from '../follow-up/deadline-summary.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { applyDeadlines } from './deadlines.js';
import { sendDeadlineSummaries, sendDueReminders } from './follow-up.js';

/** Every minute (pg-boss cron, one occurrence for all worker processes): the quotes' answer deadlines. */
export const DEADLINES_CRON = '* * * * *';
/** Every minute too: reminders and deadline summaries (ADR 0026). */
export const FOLLOW_UP_CRON = '* * * * *';

/**
 * The scheduled jobs of quote deadlines (ADR 0018) and of follow-up (reminders, deadline summaries: ADR
 * 0026), in the processes that work the queues. Two queues: a failing follow-up run never holds back the
 * status changes of the deadline job.
 */
export async function registerDeadlineJobs(
  jobs: JobQueue,
  db: Database,
  logger: FastifyBaseLogger,
  pollSeconds: number,
  followUp: DeadlineSummaryDeps,
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
  await jobs.work(
    QUEUES.quoteFollowUp,
    async () => {
      const now = new Date();
      const reminders = await sendDueReminders(db, followUp, now, logger);
      const summaries = await sendDeadlineSummaries(db, followUp, now, logger);
      if (reminders.reminders > 0 || summaries.summaries > 0)
        logger.info({ ...reminders, ...summaries }, 'quote follow-up sent');
    },
    pollSeconds,
  );
  await jobs.schedule(QUEUES.quoteFollowUp, FOLLOW_UP_CRON);
}
