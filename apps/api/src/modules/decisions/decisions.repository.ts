import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cotacaoAprovacoes,
  cotacaoDestinatarios,
  cotacaoMensagens,
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

/**
 * The Message-ID our next message to a carrier answers: the carrier's last message in the quote's
 * conversation (the one its current answer came from, else the newest it sent); null when it sent none.
 */
export async function lastCarrierMessageId(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  transportadorId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ messageId: cotacaoMensagens.messageId })
    .from(cotacaoMensagens)
    .leftJoin(respostas, and(eq(respostas.mensagemId, cotacaoMensagens.id), eq(respostas.atual, true)))
    .where(
      inTenant(
        cotacaoMensagens.empresaId,
        tenant,
        eq(cotacaoMensagens.cotacaoId, cotacaoId),
        eq(cotacaoMensagens.transportadorId, transportadorId),
        eq(cotacaoMensagens.direction, 'received'),
        isNotNull(cotacaoMensagens.messageId),
      ),
    )
    .orderBy(sql`${respostas.id} is null`, desc(cotacaoMensagens.createdAt))
    .limit(1);
  return row?.messageId ?? null;
}

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
