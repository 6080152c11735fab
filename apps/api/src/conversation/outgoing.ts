import type { Executor } from '../db/client.js';
import type { Tenant } from '../db/tenant.js';
import type { Mailer, OutgoingMail } from '../mail/mailer.js';
import { recordMessage } from './conversation.repository.js';

/** What the conversation calls a message the company sent (cotacao_mensagens.tipo, direction 'sent'). */
export type SentKind =
  | 'pedido'
  | 'revisao'
  | 'aprovacao'
  | 'reprovacao'
  | 'comparativo'
  | 'lembrete'
  /** The company cancelled (or closed) the quote and told the carrier (ADR 0026 addendum 2026-12-06). */
  | 'cancelamento'
  | 'encerramento';

/** The message a quote's conversation gains: which quote, which carrier's thread (null: several or none). */
export type ConversationTarget = {
  cotacaoId: string;
  codigo: string;
  transportadorId: string | null;
  tipo: SentKind;
};

/** The parent and ancestry of a reply in a carrier's thread: its last message, then the request. */
export type ThreadPosition = { inReplyTo: string | null; references: string[] };

/**
 * Where a message to one carrier goes in its thread: In-Reply-To the carrier's last message (its current
 * answer) or else the request it received; References the request and that message (RFC 5322 §3.6.4).
 */
export function threadPosition(request: string | null, last: string | null): ThreadPosition {
  const references = [...new Set([request, last].filter((id): id is string => Boolean(id)))];
  return { inReplyTo: last ?? request, references };
}

/**
 * The one way the company e-mails about a quote: the message is queued in the outbox (R1) and recorded in
 * the quote's conversation in the caller's transaction, so a restart never loses one without the other.
 * Every such message carries `X-Cotacao` (the quote's code) and, when it answers a thread, its
 * In-Reply-To and References.
 */
export async function sendInConversation(
  tx: Executor,
  mailer: Mailer,
  tenant: Tenant,
  from: string,
  target: ConversationTarget,
  mail: Omit<OutgoingMail, 'empresaId' | 'headers'> & { thread?: ThreadPosition },
): Promise<{ id: string; messageId: string }> {
  const { thread, ...outgoing } = mail;
  const sent = await mailer.enqueue(tx, {
    ...outgoing,
    headers: {
      'X-Cotacao': target.codigo,
      ...(thread?.inReplyTo ? { 'In-Reply-To': thread.inReplyTo } : {}),
      ...(thread?.references.length ? { References: thread.references.join(' ') } : {}),
    },
    empresaId: tenant.empresaId,
  });
  await recordMessage(tx, tenant, {
    cotacaoId: target.cotacaoId,
    transportadorId: target.transportadorId,
    direction: 'sent',
    tipo: target.tipo,
    fromAddress: from,
    toAddresses: mail.to,
    ...(mail.bcc?.length ? { bccAddresses: mail.bcc } : {}),
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html ?? null,
    messageId: sent.messageId,
    outboxId: sent.id,
  });
  return sent;
}
