import type { Database } from '../db/client.js';
import { checkedTenant } from '../db/tenant.js';
import { writeAudit } from '../lib/audit.js';
import { applyQuoteEvent } from '../quote-lifecycle/quote-lifecycle.js';
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
      let moved = 0;
      for (const quote of await repo.lockDueQuotes(tx, tenant, now)) {
        const { from, to } = await applyQuoteEvent(tx, tenant, quote.id, { type: 'deadlinePassed' }, now);
        if (from === to) continue;
        moved += 1;
        await writeAudit(tx, { userId: null, empresaId }, 'cotacao.prazo_encerrado', {
          entity: 'cotacao',
          entityId: quote.id,
          details: {
            codigo: quote.codigo,
            de: from,
            para: to,
            prazoResposta: quote.prazoResposta.toISOString(),
            respostas: quote.respostasRecebidas,
            destinatarios: quote.totalDestinatarios,
          },
        });
      }
      return moved;
    });
  }
  return { quotes, companies: companies.length };
}
