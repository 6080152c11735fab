import type { FastifyBaseLogger } from 'fastify';
import type { GmailSync } from './gmail-sync.js';

/**
 * Syncs every connected Gmail mailbox every GMAIL_POLL_SECONDS in a process that runs workers (like
 * ImapSource): the fallback when push is not set up or a push was lost. Mailboxes are synced one after
 * the other; the lease keeps two processes off the same mailbox and a quota back-off is respected.
 */
export class GmailPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly sync: GmailSync,
    private readonly pollSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        this.schedule(this.pollSeconds * 1000);
      });
    }, ms);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    try {
      for (const connection of await this.sync.active()) {
        if (this.stopped) return;
        await this.sync.syncMailbox(connection);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'gmail: poll round failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.sync.drain();
  }
}
