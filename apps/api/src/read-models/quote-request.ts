import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cotacoes } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/**
 * What a live quote asked of the carriers (freight type, destination, cargo items and texts), as the
 * comparison reads it (the quotes module owns the writes).
 */
export async function findQuoteRequest(executor: Executor, tenant: Tenant, cotacaoId: string) {
  const [row] = await executor
    .select({
      id: cotacoes.id,
      // A reply naming two quotes is read where it speaks of this one (QA pass 41b).
      codigo: cotacoes.codigo,
      tipoFrete: cotacoes.tipoFrete,
      // The lane of its rows (issue 36): origin and destination as the quote wrote them.
      origem: cotacoes.origem,
      destino: cotacoes.destino,
      itens: cotacoes.itens,
      descricaoGeral: cotacoes.descricaoGeral,
      descricaoAdicional: cotacoes.descricaoAdicional,
      observacoes: cotacoes.observacoes,
      // A PDF/Excel request's file, as read after creation: its containers (QA pass 8).
      textoArquivo: cotacoes.textoArquivo,
      pesoBrutoTotal: cotacoes.pesoBrutoTotal,
      valorMercadoria: cotacoes.valorMercadoria,
      // What a proposal can break (issue 30 item 4, warnings).
      tempoTransito: cotacoes.tempoTransito,
      evitarRota: cotacoes.evitarRota,
      evitarArmador: cotacoes.evitarArmador,
      preferenciaRota: cotacoes.preferenciaRota,
      prazoResposta: cotacoes.prazoResposta,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId), isNull(cotacoes.deletedAt)))
    .limit(1);
  return row;
}
