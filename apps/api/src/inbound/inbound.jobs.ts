import type { LlmOptions } from '@cotacoes/extraction';
import type { ExtractionSandbox } from '@cotacoes/extraction/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { type JobQueue, QUEUES } from '../jobs/queue.js';
import { extractResponse } from './extract-response.js';
import { failureSummary } from './failure.js';

/**
 * Workers of the inbound pipeline: the extraction of each new response version, in batches of a few per
 * sandbox child (claimed at once, run concurrently; issue 29 item 6), woken by NOTIFY when one is queued.
 */
export async function registerInboundJobs(
  jobs: JobQueue,
  db: Database,
  sandbox: ExtractionSandbox,
  options: {
    pollSeconds: number;
    workers: number;
    logger: FastifyBaseLogger;
    /** The AI pass's provider (EXTRACTION_LLM_*), when the server has one. */
    llm?: LlmOptions;
  },
): Promise<void> {
  await jobs.workBatch<{ responseId: string }>(
    QUEUES.inboundExtract,
    async ({ data, isLastAttempt }) => {
      await extractResponse(db, sandbox, data.responseId, { isLastAttempt }, { llm: options.llm });
    },
    { batchSize: options.workers * 4, loops: 2, pollingIntervalSeconds: options.pollSeconds },
    (error) => options.logger.warn({ reason: failureSummary(error) }, 'extraction attempt failed'),
  );
}
