import type { InboundSourceStatus } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/errors.js';
import type { SourceStatusProvider } from '../source.js';
import type { MicrosoftMailbox } from './graph-sync.js';

/**
 * The polling fallback of the Microsoft 365 mailboxes, in the worker process like ImapSource: every
 * MICROSOFT_POLL_SECONDS a delta sync of each connected mailbox (change notifications usually come first;
 * the lease keeps two processes from syncing one mailbox at once).
 */
export class MicrosoftPoller {
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly mailbox: MicrosoftMailbox,
    private readonly pollSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const schedule = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.tick = this.mailbox
          .syncAll()
          .catch((error: unknown) =>
            this.log.warn({ reason: (error as Error).name }, 'microsoft: poll did not run'),
          )
          .finally(schedule);
      }, this.pollSeconds * 1000);
      this.timer.unref();
    };
    schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.tick;
  }
}

/**
 * The Microsoft 365 rows of the status view (GET /api/inbound/status `sources`, ids `microsoft:<uuid>`)
 * and their 'Sincronizar agora'.
 */
export class MicrosoftStatusProvider implements SourceStatusProvider {
  constructor(private readonly mailbox: MicrosoftMailbox) {}

  list(): Promise<InboundSourceStatus[]> {
    return this.mailbox.connections.statusRows('microsoft');
  }

  async sync(id: string): Promise<void> {
    const connectionId = id.replace(/^microsoft:/, '');
    const row = /^[0-9a-f-]{36}$/i.test(connectionId)
      ? await this.mailbox.connections.findById(connectionId)
      : undefined;
    if (row?.provider !== 'microsoft') throw new AppError('MAILBOX_NOT_CONNECTED', { email: id });
    await runSync(this.mailbox, row.id, row.email);
  }
}

/** A sync asked by a person: resolves when it ran; throws the pt-BR reason when it could not. */
export async function runSync(mailbox: MicrosoftMailbox, id: string, email: string): Promise<number> {
  const outcome = await mailbox.sync(id);
  switch (outcome.status) {
    case 'ok':
      return outcome.received;
    // Another process holds the lease: "0 mensagens" would claim a read that did not happen here.
    case 'busy':
      throw new AppError('INBOUND_SOURCE_BUSY');
    case 'skipped': {
      const row = await mailbox.connections.findById(id);
      if (row?.state === 'reconectar') throw new AppError('MAILBOX_RECONNECT', { email });
      throw new AppError('MAILBOX_NOT_CONNECTED', { email });
    }
    case 'throttled':
      throw new AppError('MAILBOX_PROVIDER_THROTTLED', {
        provider: 'Microsoft 365',
        seconds: outcome.retryAfterMs / 1000,
      });
    case 'reconectar':
      throw new AppError('MAILBOX_RECONNECT', { email });
    default:
      throw new AppError('MAILBOX_PROVIDER_UNAVAILABLE', { provider: 'Microsoft 365' });
  }
}
