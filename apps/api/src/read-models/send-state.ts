import type { QuoteRecipient } from '@cotacoes/shared';

/** A recipient's send state: 'falhou' after a bounce or a failed send, else the state of its outbox row. */
export function sendStateOf(
  falhaEntrega: string | null,
  outboxStatus: string | null,
): QuoteRecipient['estadoEnvio'] {
  if (falhaEntrega || outboxStatus === 'failed') return 'falhou';
  return outboxStatus === 'sent' ? 'enviado' : 'pendente';
}
