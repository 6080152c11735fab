import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cotacaoAprovacoes,
  cotacaoDestinatarios,
  cotacoes,
  respostaCorrecoes,
  respostas,
} from '../../db/schema/index.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

/**
 * A live quote of the company, row-locked until the transaction ends: revision and approval decide on its
 * status, and so does the inbound pipeline when a reply arrives (it locks the same row first), so two
 * decisions, or a decision and a reply, never interleave.
 */
export async function lockQuote(executor: Executor, tenant: Tenant, id: string) {
  const [row] = await executor
    .select({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      status: cotacoes.status,
      tituloEmail: cotacoes.tituloEmail,
      referenciaProcesso: cotacoes.referenciaProcesso,
      idiomaEmail: cotacoes.idiomaEmail,
      messageId: cotacoes.messageId,
      origem: cotacoes.origem,
      incoterm: cotacoes.incoterm,
      prazoResposta: cotacoes.prazoResposta,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

export type RecipientWithAnswer = Awaited<ReturnType<typeof recipientsWithAnswers>>[number];

/** Every recipient of a quote with its current answer (null fields while it has not answered). */
export async function recipientsWithAnswers(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({
      destinatarioId: cotacaoDestinatarios.id,
      transportadorId: cotacaoDestinatarios.transportadorId,
      nome: cotacaoDestinatarios.nome,
      emails: cotacaoDestinatarios.emails,
      replyToken: cotacaoDestinatarios.replyToken,
      requestMessageId: cotacaoDestinatarios.messageId,
      respostaId: respostas.id,
      status: respostas.status,
      dadosExtraidos: respostas.dadosExtraidos,
    })
    .from(cotacaoDestinatarios)
    .leftJoin(
      respostas,
      and(eq(respostas.destinatarioId, cotacaoDestinatarios.id), eq(respostas.atual, true)),
    )
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.cotacaoId, cotacaoId)))
    .orderBy(cotacaoDestinatarios.nome);
}

/** Where the next message to a carrier goes in its thread (shared with the reminders, src/follow-up). */
export { lastCarrierMessageId } from '../../conversation/conversation.repository.js';

export async function setResponseStatus(
  executor: Executor,
  tenant: Tenant,
  respostaIds: string[],
  status: string,
): Promise<void> {
  if (respostaIds.length === 0) return;
  await executor
    .update(respostas)
    .set({ status, updatedAt: new Date() })
    .where(inTenant(respostas.empresaId, tenant, inArray(respostas.id, respostaIds)));
}

export async function insertApproval(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof cotacaoAprovacoes.$inferInsert, 'empresaId'>,
): Promise<void> {
  await executor.insert(cotacaoAprovacoes).values({ ...values, empresaId: tenant.empresaId });
}

/** A response version of a live quote of the company, locked while it is corrected. */
export async function findResponseForCorrection(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  respostaId: string,
) {
  const [row] = await executor
    .select({
      id: respostas.id,
      atual: respostas.atual,
      status: respostas.status,
      transportadorId: respostas.transportadorId,
      dadosExtraidos: respostas.dadosExtraidos,
    })
    .from(respostas)
    .innerJoin(cotacoes, eq(cotacoes.id, respostas.cotacaoId))
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.id, respostaId),
        eq(respostas.cotacaoId, cotacaoId),
        isNull(cotacoes.deletedAt),
      ),
    )
    .for('update', { of: respostas })
    .limit(1);
  return row;
}

export async function insertCorrection(
  executor: Executor,
  tenant: Tenant,
  values: Omit<typeof respostaCorrecoes.$inferInsert, 'empresaId'>,
): Promise<string> {
  const [row] = await executor
    .insert(respostaCorrecoes)
    .values({ ...values, empresaId: tenant.empresaId })
    .returning({ id: respostaCorrecoes.id });
  return row!.id;
}

/** Whether the live quote exists in the company (to tell a foreign quote from a foreign response). */
export async function quoteExists(executor: Executor, tenant: Tenant, id: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: cotacoes.id })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .limit(1);
  return Boolean(row);
}
