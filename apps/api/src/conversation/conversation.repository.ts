import type { Executor } from '../db/client.js';
import { cotacaoMensagens } from '../db/schema/index.js';
import type { Tenant } from '../db/tenant.js';
import { sanitizeEmailHtml } from './email-html.js';

export type ConversationMessage = Omit<typeof cotacaoMensagens.$inferInsert, 'empresaId' | 'id'>;

/**
 * Records a message in a quote's conversation ('Histórico de Emails dos Transportadores'): every module
 * that mails a carrier about a quote (request, revision, approval) and the inbound pipeline (answers)
 * write here, in the transaction of the change that sent or received it. Its HTML is made safe here, once
 * (unless the caller did it already), so that no view sanitises it again.
 */
export async function recordMessage(
  executor: Executor,
  tenant: Tenant,
  message: ConversationMessage,
): Promise<{ id: string }> {
  const [row] = await executor
    .insert(cotacaoMensagens)
    .values({ ...withSafeHtml(message), empresaId: tenant.empresaId })
    .returning({ id: cotacaoMensagens.id });
  return row!;
}

function withSafeHtml(message: ConversationMessage): ConversationMessage {
  if (!message.bodyHtml || message.htmlSeguro !== undefined) return message;
  const safe = sanitizeEmailHtml(message.bodyHtml);
  return { ...message, htmlSeguro: safe.html, imagensRemotas: safe.remoteImages };
}
