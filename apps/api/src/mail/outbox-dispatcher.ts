import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { Mailer } from './mailer.js';

/** The first retry after a failed claim; doubled while claims keep failing, up to the poll interval. */
const CLAIM_RETRY_MS = 500;

/** The channel the `mail_outbox` insert trigger NOTIFYs (migration 0010). */
export const OUTBOX_CHANNEL = 'mail_outbox';

export type OutboxDispatcherOptions = {
  /** Messages in flight at once (the SMTP pool has as many connections). */
  concurrency: number;
  /** Backstop poll: retries whose backoff ended and claims a dead process left expire without a NOTIFY. */
  pollMs: number;
  /** How long a claim outlives its last renewal; renewed every third of it while the message is in flight. */
  leaseSeconds: number;
  /** The embedded database has one process: what a crash left claimed is sent again at once. */
  releaseAllClaims: boolean;
};

/**
 * Works the outbox (ADR 0014): woken by NOTIFY when a transaction that queued mail commits (and by a slow
 * poll), it keeps up to `concurrency` messages in flight, claiming the most urgent deliverable rows each
 * time a slot frees. Claims are leases renewed while sending, so after a crash another process (or the
 * restarted one) takes the rows over within `leaseSeconds` + `pollMs`.
 */
export class OutboxDispatcher {
  private readonly inFlight = new Map<string, Promise<void>>();
  private filling = false;
  private wokenWhileFilling = false;
  private running = false;
  private pollTimer?: NodeJS.Timeout;
  private claimFailures = 0;
  private leaseTimer?: NodeJS.Timeout;
  private unlisten?: () => Promise<void>;
  private readonly retryTimers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly mailer: Mailer,
    private readonly database: DatabaseHandle,
    private readonly logger: FastifyBaseLogger,
    private readonly options: OutboxDispatcherOptions,
  ) {}

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.options.releaseAllClaims) await this.mailer.releaseAllClaims();
    this.unlisten = await this.database.listen(OUTBOX_CHANNEL, () => this.wake());
    this.pollTimer = setInterval(() => this.wake(), this.options.pollMs);
    const renewEveryMs = (this.options.leaseSeconds * 1000) / 3;
    this.leaseTimer = setInterval(() => void this.renewClaims(), renewEveryMs);
    this.wake();
  }

  /** Claims and starts what fits in the free slots (now, or right after the claim already running). */
  wake(): void {
    if (!this.running) return;
    if (this.filling) {
      this.wokenWhileFilling = true;
      return;
    }
    void this.fill();
  }

  private async fill(): Promise<void> {
    this.filling = true;
    try {
      do {
        this.wokenWhileFilling = false;
        while (this.running) {
          const free = this.options.concurrency - this.inFlight.size;
          if (free <= 0) break;
          const rows = await this.mailer.claimBatch(free, this.options.leaseSeconds);
          this.claimFailures = 0;
          for (const row of rows) {
            const sending = this.mailer
              .deliverClaimed(row)
              .then((retryInSeconds) => {
                if (retryInSeconds !== undefined) this.wakeIn(retryInSeconds * 1000);
              })
              .catch((error: unknown) =>
                this.logger.error({ err: error, outboxId: row.id }, 'could not record a delivery'),
              )
              .finally(() => {
                this.inFlight.delete(row.id);
                this.wake();
              });
            this.inFlight.set(row.id, sending);
          }
          if (rows.length < free) break;
        }
      } while (this.wokenWhileFilling && this.running);
    } catch (error) {
      // The claim failed (database unreachable or busy): the message whose NOTIFY woke us must not wait
      // for the backstop poll (minutes away). Try again soon, backing off while it keeps failing.
      this.claimFailures += 1;
      const retryMs = Math.min(CLAIM_RETRY_MS * 2 ** (this.claimFailures - 1), this.options.pollMs);
      this.logger.error({ err: error, retryMs }, 'could not claim outgoing mail');
      this.wakeIn(retryMs);
    } finally {
      this.filling = false;
    }
  }

  /** A failed message is due again after its backoff, whatever the poll interval. */
  private wakeIn(ms: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, ms + 50);
    this.retryTimers.add(timer);
  }

  private async renewClaims(): Promise<void> {
    if (!this.inFlight.size) return;
    try {
      await this.mailer.renewClaims([...this.inFlight.keys()], this.options.leaseSeconds);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew mail claims');
    }
  }

  /** Stops claiming and waits (at most `timeoutMs`) for the messages in flight. */
  async stop(timeoutMs = 5000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.pollTimer);
    clearInterval(this.leaseTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.unlisten?.().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
