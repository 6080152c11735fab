import type { Correction } from '@cotacoes/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { respostaCorrecoes, users } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/**
 * The analyst's corrections of response versions (written by the decisions module, ADR 0018), as every
 * reader of responses needs them: the responses list, the comparison and the comparative documents apply
 * them to the stored extraction with `applyCorrections` (packages/shared). Oldest first, so that the
 * latest correction of a field wins; `por` is the user's display name.
 */
export async function correctionsByResponse(
  executor: Executor,
  tenant: Tenant,
  respostaIds: readonly string[],
): Promise<Map<string, Correction[]>> {
  const byResponse = new Map<string, Correction[]>();
  if (respostaIds.length === 0) return byResponse;
  const rows = await executor
    .select({
      respostaId: respostaCorrecoes.respostaId,
      campo: respostaCorrecoes.campo,
      valor: respostaCorrecoes.valor,
      valorOriginal: respostaCorrecoes.valorOriginal,
      fonteOriginal: respostaCorrecoes.fonteOriginal,
      por: users.name,
      em: respostaCorrecoes.createdAt,
    })
    .from(respostaCorrecoes)
    .leftJoin(users, eq(users.id, respostaCorrecoes.corrigidoPor))
    .where(
      inTenant(respostaCorrecoes.empresaId, tenant, inArray(respostaCorrecoes.respostaId, [...respostaIds])),
    )
    .orderBy(asc(respostaCorrecoes.createdAt), asc(respostaCorrecoes.id));
  for (const row of rows) {
    const list = byResponse.get(row.respostaId) ?? [];
    list.push({
      campo: row.campo,
      valor: row.valor ?? null,
      valorOriginal: row.valorOriginal ?? null,
      fonteOriginal: (row.fonteOriginal as Correction['fonteOriginal']) ?? null,
      por: row.por ?? null,
      em: row.em.toISOString(),
    });
    byResponse.set(row.respostaId, list);
  }
  return byResponse;
}
