import type { InboundSourceStatus } from '@cotacoes/shared';
import type { InboundPipeline } from '../pipeline.js';

/**
 * The contract every inbound source codes against (issue 34 §5). A source — a mailbox it polls (IMAP,
 * Gmail, Microsoft 365), a listener (SMTP) or a provider webhook route — does two things with a message:
 * store its raw bytes with `receive` (and only then acknowledge it to whoever sent it), then ask for it to
 * be processed with `processSoon`. It never matches, extracts or writes a quote itself: the pipeline
 * does, and the reply token decides the company, never the mailbox the message came through.
 */
export type Ingestor = Pick<InboundPipeline, 'receive' | 'processSoon'>;

/**
 * What a kind of source reports to the status view in Configurações (GET /api/inbound/status `sources`)
 * and how 'Sincronizar agora' reaches it (POST /api/inbound/sources/{id}/sync). IMAP, the SMTP listener,
 * Gmail, Microsoft 365 and each provider webhook register one provider each.
 */
export interface SourceStatusProvider {
  /** The rows this provider shows: one per configured mailbox, listener or webhook. */
  list(): Promise<InboundSourceStatus[]>;
  /**
   * Runs a sync of the row `id` now (only where the row says `canSync`). Resolves when the sync ran;
   * throws an AppError with a pt-BR message when it could not (the row's `lastError` says it too).
   */
  sync?(id: string): Promise<void>;
}
