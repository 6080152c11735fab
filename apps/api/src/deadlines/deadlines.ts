import type { Database } from '../db/client.js';
import { checkedTenant } from '../db/tenant.js';
import { writeAudit } from '../lib/audit.js';
import * as repo from './deadlines.repository.js';

/**
 * The answer deadline of quotes (ADR 0015's transition table, ADR 0018): once `prazoResposta` passed, a
 * quote still AGUARDANDO_RESPOSTA with at least one answer moves to AGUARDANDO_APROVACAO; one without any
 * answer stays open (the list shows it overdue; a late answer still counts, and the user closes or
 * cancels it). Company by company, each in its own transaction with one audit row per quote (no user:
 * the system did it). Idempotent: a quote it moved is no longer waiting for answers.
 */
export async function applyDeadlines(
  db: Database,
  now: Date = new Date(),
): Promise<{ quotes: number; companies: number }> {
  const companies = await repo.companiesWithDueQuotes(db, now);
  let quotes = 0;
  for (const empresaId of companies) {
    const tenant = checkedTenant(empresaId);
    quotes += await db.transaction(async (tx) => {
      const moved = await repo.moveDueQuotes(tx, tenant, now);
      for (const quote of moved)
        await writeAudit(tx, { userId: null, empresaId }, 'cotacao.prazo_encerrado', {
          entity: 'cotacao',
          entityId: quote.id,
          details: {
            codigo: quote.codigo,
            de: 'AGUARDANDO_RESPOSTA',
            para: 'AGUARDANDO_APROVACAO',
            prazoResposta: quote.prazoResposta.toISOString(),
            respostas: quote.respostasRecebidas,
            destinatarios: quote.totalDestinatarios,
          },
        });
      return moved.length;
    });
  }
  return { quotes, companies: companies.length };
}
