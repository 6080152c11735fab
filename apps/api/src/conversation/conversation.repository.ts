import type { Executor } from '../db/client.js';
import { cotacaoMensagens } from '../db/schema/index.js';
import type { Tenant } from '../db/tenant.js';

export type ConversationMessage = Omit<typeof cotacaoMensagens.$inferInsert, 'empresaId' | 'id'>;

/**
 * Records a message in a quote's conversation ('Histórico de Emails dos Transportadores'): every module
 * that mails a carrier about a quote (request, revision, approval) and the inbound pipeline (answers)
 * write here, in the transaction of the change that sent or received it.
 */
export async function recordMessage(
  executor: Executor,
  tenant: Tenant,
  message: ConversationMessage,
): Promise<{ id: string }> {
  const [row] = await executor
    .insert(cotacaoMensagens)
    .values({ ...message, empresaId: tenant.empresaId })
    .returning({ id: cotacaoMensagens.id });
  return row!;
}
