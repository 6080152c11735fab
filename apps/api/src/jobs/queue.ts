import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

/** One job of a batch: its data and whether this attempt is its last (retries exhausted after it). */
export type BatchJob<T> = { data: T; isLastAttempt: boolean };

export interface BatchWorkOptions {
  /** Jobs claimed at once (one FOR UPDATE SKIP LOCKED fetch) and run concurrently. */
  batchSize: number;
  /** Fetch loops of this process: while one batch waits on a slow job, the other claims more. */
  loops: number;
  /** Idle poll; with LISTEN/NOTIFY (queues created with `notify`) a new job wakes the loops at once. */
  pollingIntervalSeconds: number;
}

/** Outgoing mail is not a pg-boss job: the outbox dispatcher works `mail_outbox` directly (ADR 0014). */
export const QUEUES = {
  inboundExtract: 'inbound.extract',
  /** A quote's PDF/Excel request file read once, after its creation (src/modules/quotes/quote-file.ts). */
  quoteFileRead: 'quotes.read-file',
  /** Every minute: quotes whose answer deadline passed move on (src/deadlines, ADR 0018). */
  quoteDeadlines: 'quotes.deadlines',
  /** Every minute: reminders to carriers that have not answered, and deadline summaries (src/deadlines/follow-up.ts, ADR 0026). */
  quoteFollowUp: 'quotes.follow-up',
  /** Daily: raw replies of quotes closed longer than INBOUND_RETENTION_DAYS are purged (src/inbound/retention.ts). */
  inboundRetention: 'inbound.retention',
  /** Hourly: Gmail watches (push) ending within 24 h are renewed (src/inbound/sources/gmail, ADR 0027). */
  gmailWatchRenewal: 'gmail.watch-renewal',
  /** Hourly: Microsoft 365 change-notification subscriptions near their end are renewed (src/inbound/sources/microsoft, ADR 0028). */
  microsoftSubscriptions: 'microsoft.subscriptions',
} as const;
type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Durable Postgres-backed queue (pg-boss) on the same database as the business data. */
export class JobQueue {
  readonly boss: PgBoss;
  private started = false;

  constructor(
    database: DatabaseHandle,
    private readonly logger: FastifyBaseLogger,
    options: { workers?: boolean } = {},
  ) {
    const { db, backend, connectionString, schema, max } = database.boss;
    this.boss = new PgBoss({
      ...(db ? { db, backend } : { connectionString, max }),
      schema,
      supervise: true,
      // A job sent on a queue with `notify` wakes the workers at commit instead of at their next poll.
      useListenNotify: true,
      // Cron runs in the processes that work the queues (pg-boss lets one of them send each occurrence).
      schedule: options.workers ?? false,
    });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const name of Object.values(QUEUES)) {
      await this.boss.createQueue(name, {
        retryLimit: 10,
        retryDelay: 5,
        retryBackoff: true,
        retryDelayMax: 600,
        expireInSeconds: 120,
      });
      // Queues made before issue 29 item 6 were created without `notify`: createQueue leaves them as
      // they were. A batch of extractions may wait for the sandbox's slots: it gets longer.
      if (name === QUEUES.inboundExtract)
        await this.boss.updateQueue(name, { notify: true, expireInSeconds: 900 });
      await this.warmQueueCache(name);
    }
    this.started = true;
  }

  /**
   * pg-boss caches each queue's row, and createQueue empties that entry. A miss is filled by a query on
   * pg-boss's own connection: on PGlite (one connection) an enqueue inside our transaction would then wait
   * for that query, which waits for the transaction — the first enqueue of a process with no worker on the
   * queue hung. Any call that reads a job through the cache fills it; a lookup by an id that cannot exist
   * does it without side effects (getQueue reads the queue but does not fill the cache).
   */
  private async warmQueueCache(name: QueueName): Promise<void> {
    await this.boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
  }

  /** Enqueues inside the caller's transaction, so the job exists exactly when the change commits. */
  async sendInTransaction(
    executor: Executor,
    name: QueueName,
    data: object,
    singletonKey?: string,
  ): Promise<void> {
    await this.boss.send(name, data, { db: fromDrizzle(executor as never, sql), singletonKey });
  }

  async send(name: QueueName, data: object, singletonKey?: string): Promise<void> {
    await this.boss.send(name, data, { singletonKey });
  }

  /** A recurring job (cron, UTC); the same name and cron again changes nothing. */
  async schedule(name: QueueName, cron: string): Promise<void> {
    await this.boss.schedule(name, cron);
  }

  async work<T extends object>(
    name: QueueName,
    handler: JobHandler<T>,
    pollingIntervalSeconds = 2,
  ): Promise<void> {
    await this.boss.work<T>(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data);
    });
  }

  /**
   * Works a queue in batches: each loop claims up to `batchSize` jobs in one statement (SKIP LOCKED, so
   * replicas never claim the same job) and runs them concurrently; each job completes or fails on its
   * own (a failed one is retried with the queue's backoff). A full batch is followed by the next fetch
   * at once.
   */
  async workBatch<T extends object>(
    name: QueueName,
    handler: (job: BatchJob<T>) => Promise<void>,
    options: BatchWorkOptions,
    onFailure: (error: unknown) => void,
  ): Promise<void> {
    const workOptions = {
      batchSize: options.batchSize,
      includeMetadata: true,
      perJobResults: true,
      localConcurrency: options.loops,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: Math.max(options.pollingIntervalSeconds, 30),
    } as const;
    await this.boss.work<T, unknown, typeof workOptions>(name, workOptions, async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await handler({ data: job.data, isLastAttempt: job.retryCount >= job.retryLimit });
            return { id: job.id, status: 'completed' as const };
          } catch (error) {
            onFailure(error);
            return { id: job.id, status: 'failed' as const };
          }
        }),
      ),
    );
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
