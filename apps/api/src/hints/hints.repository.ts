import { deriveHint, type ExtractionHint, hintLabelKey } from '@cotacoes/extraction';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  cotacoes,
  respostaCorrecoes,
  respostas,
  transportadorDicas,
  transportadores,
  users,
} from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/*
 * The hint store of learning from corrections (ADR 0101): written by the decisions module when an analyst
 * corrects a value, read by the extraction job for the carrier's next replies, listed and removed from the
 * carrier's 'Aprendizados de correções'. Every function is confined to one company.
 */

export type HintRow = typeof transportadorDicas.$inferSelect;

/** What a correction is about, for learning from it. */
export type CorrectionToLearn = {
  correcaoId: string;
  respostaId: string;
  transportadorId: string;
  campo: string;
  valor: number | string | null;
  criadoPor: string;
  /** The stored extraction (`dadosExtraidos.final`) the correction's path addresses. */
  final: unknown;
};

/**
 * Keeps what a correction teaches about the carrier (`deriveHint`), in the correction's transaction: one
 * hint per kind, target and label, the latest correction winning. A hint learnt from an earlier
 * correction of the same value is dropped when the new one teaches something else or nothing (the
 * analyst changed their mind), so a correction undone leaves no hint behind. Answers the hint kept, if any.
 */
export async function learnFromCorrection(
  executor: Executor,
  tenant: Tenant,
  correction: CorrectionToLearn,
): Promise<HintRow | null> {
  const draft = deriveHint(correction.final, { campo: correction.campo, valor: correction.valor });
  let kept: HintRow | null = null;
  if (draft !== null) {
    const [row] = await executor
      .insert(transportadorDicas)
      .values({
        empresaId: tenant.empresaId,
        transportadorId: correction.transportadorId,
        tipo: draft.tipo,
        alvo: draft.alvo,
        rotulo: draft.rotulo,
        rotuloChave: hintLabelKey(draft.rotulo),
        valor: draft.valor,
        correcaoId: correction.correcaoId,
        criadoPor: correction.criadoPor,
      })
      .onConflictDoUpdate({
        target: [
          transportadorDicas.empresaId,
          transportadorDicas.transportadorId,
          transportadorDicas.tipo,
          transportadorDicas.alvo,
          transportadorDicas.rotuloChave,
        ],
        set: {
          rotulo: draft.rotulo,
          valor: draft.valor,
          correcaoId: correction.correcaoId,
          criadoPor: correction.criadoPor,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    kept = row ?? null;
  }
  const earlier = executor
    .select({ id: respostaCorrecoes.id })
    .from(respostaCorrecoes)
    .where(
      inTenant(
        respostaCorrecoes.empresaId,
        tenant,
        eq(respostaCorrecoes.respostaId, correction.respostaId),
        eq(respostaCorrecoes.campo, correction.campo),
        ne(respostaCorrecoes.id, correction.correcaoId),
      ),
    );
  await executor
    .delete(transportadorDicas)
    .where(
      inTenant(
        transportadorDicas.empresaId,
        tenant,
        inArray(transportadorDicas.correcaoId, earlier),
        kept === null ? undefined : ne(transportadorDicas.id, kept.id),
      ),
    );
  return kept;
}

/** The hints the engine applies to a carrier's reply in this company (and in no other). */
export async function hintsForExtraction(
  executor: Executor,
  tenant: Tenant,
  transportadorId: string,
): Promise<ExtractionHint[]> {
  const rows = await executor
    .select({
      id: transportadorDicas.id,
      tipo: transportadorDicas.tipo,
      alvo: transportadorDicas.alvo,
      rotulo: transportadorDicas.rotulo,
      valor: transportadorDicas.valor,
    })
    .from(transportadorDicas)
    .where(
      inTenant(transportadorDicas.empresaId, tenant, eq(transportadorDicas.transportadorId, transportadorId)),
    );
  return rows;
}

/** One more reply changed by each of these hints. */
export async function countApplications(executor: Executor, tenant: Tenant, ids: readonly string[]) {
  if (ids.length === 0) return;
  await executor
    .update(transportadorDicas)
    .set({ vezesAplicada: sql`${transportadorDicas.vezesAplicada} + 1`, ultimaAplicacao: sql`now()` })
    .where(inTenant(transportadorDicas.empresaId, tenant, inArray(transportadorDicas.id, [...ids])));
}

/** A live carrier of the company (a deleted one, or another company's, is not found). */
export async function carrierExists(executor: Executor, tenant: Tenant, transportadorId: string) {
  const [row] = await executor
    .select({ id: transportadores.id, nome: transportadores.nome })
    .from(transportadores)
    .where(
      inTenant(
        transportadores.empresaId,
        tenant,
        eq(transportadores.id, transportadorId),
        isNull(transportadores.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** A carrier's hints, oldest first, with who taught each and the quote of the correction. */
export async function listHints(executor: Executor, tenant: Tenant, transportadorId: string) {
  return executor
    .select({
      id: transportadorDicas.id,
      tipo: transportadorDicas.tipo,
      alvo: transportadorDicas.alvo,
      rotulo: transportadorDicas.rotulo,
      valor: transportadorDicas.valor,
      criadoPor: users.name,
      criadoEm: transportadorDicas.updatedAt,
      vezesAplicada: transportadorDicas.vezesAplicada,
      ultimaAplicacao: transportadorDicas.ultimaAplicacao,
      campo: respostaCorrecoes.campo,
      cotacaoId: cotacoes.id,
      codigo: cotacoes.codigo,
    })
    .from(transportadorDicas)
    .leftJoin(users, eq(users.id, transportadorDicas.criadoPor))
    .leftJoin(respostaCorrecoes, eq(respostaCorrecoes.id, transportadorDicas.correcaoId))
    .leftJoin(respostas, eq(respostas.id, respostaCorrecoes.respostaId))
    .leftJoin(cotacoes, and(eq(cotacoes.id, respostas.cotacaoId), isNull(cotacoes.deletedAt)))
    .where(
      inTenant(transportadorDicas.empresaId, tenant, eq(transportadorDicas.transportadorId, transportadorId)),
    )
    .orderBy(asc(transportadorDicas.createdAt), asc(transportadorDicas.id));
}

/** Removes one hint of a carrier; answers it, or undefined when the company has no such hint of that carrier. */
export async function deleteHint(
  executor: Executor,
  tenant: Tenant,
  transportadorId: string,
  hintId: string,
) {
  const [row] = await executor
    .delete(transportadorDicas)
    .where(
      inTenant(
        transportadorDicas.empresaId,
        tenant,
        eq(transportadorDicas.transportadorId, transportadorId),
        eq(transportadorDicas.id, hintId),
      ),
    )
    .returning();
  return row;
}
