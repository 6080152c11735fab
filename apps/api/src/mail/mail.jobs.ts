import type { JobQueue } from '../jobs/queue.js';
import { QUEUES } from '../jobs/queue.js';
import type { Mailer } from './mailer.js';

/** Workers of outgoing mail: deliver outbox rows, and deliver what a crash left behind (ADR 0004). */
export async function registerMailJobs(
  jobs: JobQueue,
  mailer: Mailer,
  options: { pollSeconds: number; releaseAllClaims: boolean },
): Promise<void> {
  await jobs.work<{ outboxId: string }>(
    QUEUES.mailDeliver,
    async ({ outboxId }) => {
      await mailer.deliver(outboxId);
    },
    options.pollSeconds,
  );
  await mailer.recoverPending({ releaseAllClaims: options.releaseAllClaims });
}
