import type { Database } from '../db/client.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { extractResponse } from './extract-response.js';

/** Workers of the inbound pipeline: the extraction of each new response version. */
export async function registerInboundJobs(jobs: JobQueue, db: Database, pollSeconds: number): Promise<void> {
  await jobs.work<{ responseId: string }>(
    QUEUES.inboundExtract,
    async ({ responseId }) => {
      await extractResponse(db, responseId);
    },
    pollSeconds,
  );
}
