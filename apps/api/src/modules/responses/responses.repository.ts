import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cotacaoDestinatarios,
  cotacoes,
  inboundAttachments,
  inboundMessages,
  mailOutbox,
  respostas,
  users,
} from '../../db/schema/index.js';
import { inTenant, type Tenant } from '../../db/tenant.js';

export async function findLiveQuote(executor: Executor, tenant: Tenant, id: string) {
  const [row] = await executor
    .select({
      id: cotacoes.id,
      codigo: cotacoes.codigo,
      status: cotacoes.status,
      tituloEmail: cotacoes.tituloEmail,
      messageId: cotacoes.messageId,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, id), isNull(cotacoes.deletedAt)))
    .limit(1);
  return row;
}

export async function recipientsWithSendState(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({
      id: cotacaoDestinatarios.id,
      transportadorId: cotacaoDestinatarios.transportadorId,
      nome: cotacaoDestinatarios.nome,
      emails: cotacaoDestinatarios.emails,
      messageId: cotacaoDestinatarios.messageId,
      respondeuEm: cotacaoDestinatarios.respondeuEm,
      falhaEntrega: cotacaoDestinatarios.falhaEntrega,
      createdAt: cotacaoDestinatarios.createdAt,
      outboxStatus: mailOutbox.status,
      sentAt: mailOutbox.sentAt,
    })
    .from(cotacaoDestinatarios)
    .leftJoin(mailOutbox, eq(mailOutbox.id, cotacaoDestinatarios.outboxId))
    .where(inTenant(cotacaoDestinatarios.empresaId, tenant, eq(cotacaoDestinatarios.cotacaoId, cotacaoId)))
    .orderBy(asc(cotacaoDestinatarios.nome));
}

/**
 * Every version of every answer of a quote, newest first, with the message's source and flags, and the
 * display name of the user who registered or assigned it.
 */
export async function versionsOf(executor: Executor, tenant: Tenant, cotacaoId: string) {
  return executor
    .select({
      id: respostas.id,
      destinatarioId: respostas.destinatarioId,
      versao: respostas.versao,
      atual: respostas.atual,
      status: respostas.status,
      extracao: respostas.extracao,
      extracaoErro: respostas.extracaoErro,
      // The engine's blocks (the message cut into parts) are most of an extraction's size and no reader of
      // the list uses them: the message itself is in the conversation. Sent empty, the shape unchanged.
      dadosExtraidos: sql<Record<
        string,
        unknown
      > | null>`jsonb_set(${respostas.dadosExtraidos}, '{blocks}', '[]'::jsonb)`,
      condicoesPagamento: respostas.condicoesPagamento,
      prazo: respostas.prazo,
      observacoes: respostas.observacoes,
      mensagemId: respostas.mensagemId,
      registradoPor: users.name,
      createdAt: respostas.createdAt,
      source: inboundMessages.source,
      flags: inboundMessages.flags,
    })
    .from(respostas)
    .leftJoin(inboundMessages, eq(inboundMessages.id, respostas.inboundMessageId))
    .leftJoin(users, eq(users.id, respostas.registradoPor))
    .where(inTenant(respostas.empresaId, tenant, eq(respostas.cotacaoId, cotacaoId)))
    .orderBy(desc(respostas.versao));
}

/**
 * 'Não identificadas' the caller may see: their company's, and for a desenvolvedor also those whose
 * company is unknown.
 */
export async function listUnmatched(executor: Executor, empresaId: string | null, seesUnknown: boolean) {
  const scope = [
    ...(empresaId ? [eq(inboundMessages.empresaId, empresaId)] : []),
    ...(seesUnknown ? [isNull(inboundMessages.empresaId)] : []),
  ];
  if (scope.length === 0) return [];
  return executor
    .select({
      id: inboundMessages.id,
      fromAddress: inboundMessages.fromAddress,
      fromName: inboundMessages.fromName,
      subject: inboundMessages.subject,
      createdAt: inboundMessages.createdAt,
      source: inboundMessages.source,
      motivo: inboundMessages.motivo,
      cotacaoId: inboundMessages.cotacaoId,
      raw: inboundMessages.raw,
      tamanho: inboundMessages.tamanho,
      anexos: sql<number>`(select count(*)::int from ${inboundAttachments} where ${inboundAttachments.inboundMessageId} = ${inboundMessages.id})`,
    })
    .from(inboundMessages)
    .where(and(inArray(inboundMessages.outcome, ['nao_identificada', 'invalida']), or(...scope)))
    .orderBy(desc(inboundMessages.createdAt))
    .limit(100);
}

/** Live quotes of the company that were sent to this address (suggestions for an assignment). */
export async function quotesSentTo(executor: Executor, tenant: Tenant, email: string) {
  return executor
    .select({
      cotacaoId: cotacoes.id,
      codigo: cotacoes.codigo,
      transportadorId: cotacaoDestinatarios.transportadorId,
    })
    .from(cotacaoDestinatarios)
    .innerJoin(cotacoes, eq(cotacoes.id, cotacaoDestinatarios.cotacaoId))
    .where(
      inTenant(
        cotacaoDestinatarios.empresaId,
        tenant,
        isNull(cotacoes.deletedAt),
        sql`${cotacaoDestinatarios.emails} @> ${JSON.stringify([email])}::jsonb`,
      ),
    )
    .orderBy(desc(cotacoes.createdAt))
    .limit(5);
}
