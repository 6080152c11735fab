import type { ApprovalInfo } from '@cotacoes/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cotacaoAprovacoes, cotacaoDestinatarios, users } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/**
 * The approval of a quote (written by the decisions module, ADR 0018), as the quote detail and the
 * approval screen show it: the carrier's name as the quote was sent to it, and the approver's name.
 */
export async function approvalOfQuote(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
): Promise<ApprovalInfo | null> {
  const [row] = await executor
    .select({
      respostaId: cotacaoAprovacoes.respostaId,
      transportadorId: cotacaoAprovacoes.transportadorId,
      transportadorNome: cotacaoDestinatarios.nome,
      destino: cotacaoAprovacoes.destino,
      aprovadoEm: cotacaoAprovacoes.aprovadoEm,
      aprovadoPor: users.name,
    })
    .from(cotacaoAprovacoes)
    .leftJoin(
      cotacaoDestinatarios,
      and(
        eq(cotacaoDestinatarios.cotacaoId, cotacaoAprovacoes.cotacaoId),
        eq(cotacaoDestinatarios.transportadorId, cotacaoAprovacoes.transportadorId),
      ),
    )
    .leftJoin(users, eq(users.id, cotacaoAprovacoes.aprovadoPor))
    .where(inTenant(cotacaoAprovacoes.empresaId, tenant, eq(cotacaoAprovacoes.cotacaoId, cotacaoId)))
    .limit(1);
  if (!row) return null;
  return {
    respostaId: row.respostaId,
    transportadorId: row.transportadorId,
    transportadorNome: row.transportadorNome ?? '',
    destino: row.destino,
    aprovadoEm: row.aprovadoEm.toISOString(),
    aprovadoPor: row.aprovadoPor,
  };
}
