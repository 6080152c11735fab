import { type InboundSourceStatus, inboundTexts } from '@cotacoes/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config/env.js';
import type { Database } from '../../../db/client.js';
import type { ReceiveResult } from '../../pipeline.js';
import type { Ingestor, SourceStatusProvider } from '../source.js';
import { receivedBy } from '../status.js';
import type { WebhookMessage } from './form.js';

export const WEBHOOK_PROVIDERS = ['mailgun', 'sendgrid', 'postmark'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/** Whether the provider's secret is set (an unconfigured provider's route answers 404). */
export function webhookConfigured(config: AppConfig, provider: WebhookProvider): boolean {
  if (provider === 'mailgun') return Boolean(config.MAILGUN_SIGNING_KEY);
  return Boolean(config.INBOUND_WEBHOOK_USER && config.INBOUND_WEBHOOK_PASSWORD);
}

type Outcome = { at: Date; error: string | null };

/**
 * The provider webhooks' side of the pipeline (issue 34 §3, ADR 0029): hands each message's raw bytes to
 * `receive` (the route answers 2xx only once this resolved: the message is committed), then asks for it
 * to be processed. It remembers, per process, the last refused or failed request of each provider for
 * the status view (a webhook has no state of its own to keep: the messages are in `inbound_messages`).
 */
export class WebhookIngress {
  private readonly lastOutcome = new Map<WebhookProvider, Outcome>();

  constructor(
    private readonly ingestor: Ingestor,
    private readonly log: FastifyBaseLogger,
  ) {}

  async receive(provider: WebhookProvider, message: WebhookMessage): Promise<ReceiveResult> {
    const stored = await this.ingestor.receive(message.raw, {
      source: provider,
      envelopeTo: message.envelopeTo,
      // The provider posted it now: its arrival, whatever the sender's Date says.
      arrivedAt: new Date(),
    });
    this.lastOutcome.set(provider, { at: new Date(), error: null });
    if (!stored.duplicate) this.ingestor.processSoon(stored.inboundId);
    this.log.info(
      { provider, inboundId: stored.inboundId, duplicate: stored.duplicate, bytes: message.raw.length },
      'inbound webhook: message stored',
    );
    return stored;
  }

  /** A refused or failed request: its pt-BR reason is the provider's last error until a message passes. */
  recordFailure(provider: WebhookProvider, reason: string): void {
    this.lastOutcome.set(provider, { at: new Date(), error: reason });
  }

  lastError(provider: WebhookProvider): string | null {
    return this.lastOutcome.get(provider)?.error ?? null;
  }

  /** When the provider's last error was recorded, while it is the last outcome. */
  lastErrorAt(provider: WebhookProvider): string | null {
    const outcome = this.lastOutcome.get(provider);
    return outcome?.error ? outcome.at.toISOString() : null;
  }
}

/**
 * The status rows of the three webhooks: configured or not ('inativo'), the time of the last message
 * stored through it and how many it stored (from `inbound_messages`, so every process agrees), and the
 * last refused or failed request seen by this process. Nothing to sync: the provider pushes.
 */
export function webhookStatusProvider(
  db: Database,
  config: AppConfig,
  ingress: WebhookIngress,
): SourceStatusProvider {
  return {
    async list(): Promise<InboundSourceStatus[]> {
      const rows: InboundSourceStatus[] = [];
      for (const provider of WEBHOOK_PROVIDERS) {
        const { received, lastAt } = await receivedBy(db, provider);
        const configured = webhookConfigured(config, provider);
        const lastError = configured ? ingress.lastError(provider) : null;
        rows.push({
          id: `webhook:${provider}`,
          kind: provider,
          label: inboundTexts.sources.webhookLabel[provider],
          state: !configured ? 'inativo' : lastError ? 'erro' : 'ok',
          lastSyncAt: lastAt,
          lastError,
          lastErrorAt: lastError ? ingress.lastErrorAt(provider) : null,
          received,
          canSync: false,
        });
      }
      return rows;
    },
  };
}
