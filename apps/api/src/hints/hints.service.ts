import { type CarrierHint, describeHint, ui } from '@cotacoes/shared';
import type { Database } from '../db/client.js';
import type { Actor } from '../lib/actor.js';
import { writeAudit } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';
import * as store from './hints.repository.js';

type ListedHint = Awaited<ReturnType<typeof store.listHints>>[number];

function toCarrierHint(row: ListedHint): CarrierHint {
  return {
    id: row.id,
    tipo: row.tipo,
    alvo: row.alvo,
    rotulo: row.rotulo,
    valor: row.valor,
    descricao: describeHint(row),
    criadoPor: row.criadoPor,
    criadoEm: row.criadoEm.toISOString(),
    vezesAplicada: row.vezesAplicada,
    ultimaAplicacao: row.ultimaAplicacao?.toISOString() ?? null,
    origem:
      row.cotacaoId === null || row.codigo === null || row.campo === null
        ? null
        : { cotacaoId: row.cotacaoId, codigo: row.codigo, campo: row.campo },
  };
}

/**
 * A carrier's 'Aprendizados de correções' (ADR 0101): what the company's corrections of its replies
 * taught, listed and removed by anyone who may edit the carrier. Another company's carrier or hint is
 * not found (S1).
 */
export class HintsService {
  constructor(private readonly db: Database) {}

  async list(actor: Actor, transportadorId: string): Promise<CarrierHint[]> {
    const { tenant } = actor;
    if (!(await store.carrierExists(this.db, tenant, transportadorId)))
      throw new AppError('TRANSPORTADOR_NOT_FOUND');
    return (await store.listHints(this.db, tenant, transportadorId)).map(toCarrierHint);
  }

  async remove(actor: Actor, transportadorId: string, hintId: string): Promise<{ message: string }> {
    const { tenant } = actor;
    await this.db.transaction(async (tx) => {
      if (!(await store.carrierExists(tx, tenant, transportadorId)))
        throw new AppError('TRANSPORTADOR_NOT_FOUND');
      const removed = await store.deleteHint(tx, tenant, transportadorId, hintId);
      if (!removed) throw new AppError('HINT_NOT_FOUND');
      await writeAudit(tx, actor.meta, 'transportador.aprendizado_removido', {
        entity: 'transportador',
        entityId: transportadorId,
        details: {
          dicaId: removed.id,
          tipo: removed.tipo,
          alvo: removed.alvo,
          rotulo: removed.rotulo,
          valor: removed.valor,
          vezesAplicada: removed.vezesAplicada,
        },
      });
    });
    return { message: ui.hints.carrier.removed };
  }
}
