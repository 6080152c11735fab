import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cotacoes } from '../../db/schema/index.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

/** What the comparative prints about a live quote of the tenant (undefined: none, or another company's). */
export async function findQuoteHeader(executor: Executor, tenant: Tenant, id: string) {
  const [row] = await executor
    .select({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      nomeSolicitante: cotacoes.nomeSolicitante,
      prazoResposta: cotacoes.prazoResposta,
      origem: cotacoes.origem,
      destino: cotacoes.destino,
      status: cotacoes.status,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .limit(1);
  return row;
}
