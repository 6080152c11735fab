import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { Mailer } from './mailer.js';
import { OutboxDispatcher } from './outbox-dispatcher.js';

/**
 * The worker of outgoing mail: the outbox dispatcher (ADR 0014), woken at each commit that queues mail;
 * it also takes over what a crash left behind. Stop it before closing the mailer.
 */
export async function startMailWorker(
  mailer: Mailer,
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
  options: { concurrency: number; pollSeconds: number; releaseAllClaims: boolean },
): Promise<OutboxDispatcher> {
  const dispatcher = new OutboxDispatcher(mailer, database, logger, {
    concurrency: options.concurrency,
    pollMs: options.pollSeconds * 1000,
    leaseSeconds: 6,
    releaseAllClaims: options.releaseAllClaims,
  });
  await dispatcher.start();
  return dispatcher;
}
