import { nextQuoteStatus, type QuoteEvent, type QuoteStatus } from '@cotacoes/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { auditLog, cotacoes, respostas } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';
import { markLaneRefresh } from '../lanes/lanes.repository.js';
import { writeAudit } from '../lib/audit.js';
import { AppError } from '../lib/errors.js';

/*
 * The one writer of a quote's status and answer counter (`cotacoes.status`, `respostas_recebidas`).
 * Inbound, the deadline job, decisions and quotes tell it what happened; `nextQuoteStatus`
 * (packages/shared, ADR 0015's table) decides; this module reads the facts and writes the row.
 */

/** A reply that became the current version; `firstAnswer` when its carrier had not answered before. */
type ReplyApplied = { type: 'replyApplied'; firstAnswer: boolean };
/** An assigned version taken back; `lastAnswer` when its carrier has no answer left. */
type ReplyWithdrawn = { type: 'replyWithdrawn'; lastAnswer: boolean };
export type LifecycleEvent =
  | Exclude<QuoteEvent, { type: 'replyApplied' | 'replyWithdrawn' | 'created' }>
  | ReplyApplied
  | ReplyWithdrawn;

export type QuoteTransition = { from: QuoteStatus; to: QuoteStatus };

/** The status and counters a new quote starts with (POST /quotes). */
export function newQuoteLifecycle(totalDestinatarios: number) {
  return {
    status: nextQuoteStatus(null, { type: 'created' }),
    totalDestinatarios,
    respostasRecebidas: 0,
  };
}

/**
 * Applies `event` to a live or deleted quote of the company, inside the caller's transaction, and answers
 * the status it left and the one it reached (the same when the event does not move it). The row is locked
 * until the transaction ends (callers that decide on the status lock it first; this is then a no-op).
 */
export async function applyQuoteEvent(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  event: LifecycleEvent,
  now: Date = new Date(),
): Promise<QuoteTransition> {
  const [quote] = await executor
    .select({
      status: cotacoes.status,
      totalDestinatarios: cotacoes.totalDestinatarios,
      respostasRecebidas: cotacoes.respostasRecebidas,
      prazoResposta: cotacoes.prazoResposta,
      codigo: cotacoes.codigo,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)))
    .for('update')
    .limit(1);
  if (!quote) throw new AppError('QUOTE_NOT_FOUND');

  const counted = event.type === 'replyApplied' && event.firstAnswer;
  const uncounted = event.type === 'replyWithdrawn' && event.lastAnswer;
  const answers = Math.max(0, quote.respostasRecebidas + (counted ? 1 : uncounted ? -1 : 0));
  const isReply =
    event.type === 'replyApplied' || event.type === 'heldReplyConfirmed' || event.type === 'replyWithdrawn';
  const to = nextQuoteStatus(quote.status, event, {
    answers,
    everyRecipientAnswered: answers >= quote.totalDestinatarios,
    deadlinePassed: quote.prazoResposta <= now,
    revisionPending: isReply ? (await versionsAwaitingRevision(executor, tenant, cotacaoId)) > 0 : undefined,
  });

  // A reply (or one taken back) always touches the quote (its counter or its last change); other events
  // only when they move it.
  if (to !== quote.status || event.type === 'replyApplied' || event.type === 'replyWithdrawn')
    await executor
      .update(cotacoes)
      .set({
        status: to,
        ...(counted || uncounted ? { respostasRecebidas: answers } : {}),
        updatedAt: now,
      })
      .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)));
  // A reply that moves a quote still waiting after its deadline (the deadline job leaves one without answers
  // open, or had not run yet): the passed deadline is recorded as the job records it, so the dashboard keeps
  // it once the quote no longer waits (QA pass 41a: "Prazo vencido" vanished with the late reply).
  if (
    event.type === 'replyApplied' &&
    to !== quote.status &&
    (quote.status === 'AGUARDANDO_RESPOSTA' || quote.status === 'AGUARDANDO_REVISAO') &&
    quote.prazoResposta <= now
  )
    await recordPassedDeadline(executor, tenant, cotacaoId, { ...quote, to });
  // What the comparison shows (the current versions, the approval) may have changed: lane points follow (ADR 0030).
  if (isReply || event.type === 'approved') await markLaneRefresh(executor, tenant, cotacaoId);
  return { from: quote.status, to };
}

/** The deadline's audit row, as the deadline job writes it, unless that deadline was recorded already. */
async function recordPassedDeadline(
  executor: Executor,
  tenant: Tenant,
  cotacaoId: string,
  quote: {
    codigo: string;
    status: QuoteStatus;
    to: QuoteStatus;
    prazoResposta: Date;
    respostasRecebidas: number;
    totalDestinatarios: number;
  },
) {
  const prazoResposta = quote.prazoResposta.toISOString();
  const [recorded] = await executor
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.empresaId, tenant.empresaId),
        eq(auditLog.action, 'cotacao.prazo_encerrado'),
        eq(auditLog.entityId, cotacaoId),
        sql`${auditLog.details} ->> 'prazoResposta' = ${prazoResposta}`,
      ),
    )
    .limit(1);
  if (recorded) return;
  await writeAudit(executor, { userId: null, empresaId: tenant.empresaId }, 'cotacao.prazo_encerrado', {
    entity: 'cotacao',
    entityId: cotacaoId,
    details: {
      codigo: quote.codigo,
      de: quote.status,
      para: quote.to,
      prazoResposta,
      // The answers by the deadline: this reply came after it.
      respostas: quote.respostasRecebidas,
      destinatarios: quote.totalDestinatarios,
      porResposta: true,
    },
  });
}

/** Current versions still asked to revise (the quote waits for a revision while there is one). */
async function versionsAwaitingRevision(executor: Executor, tenant: Tenant, cotacaoId: string) {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(respostas)
    .where(
      inTenant(
        respostas.empresaId,
        tenant,
        eq(respostas.cotacaoId, cotacaoId),
        eq(respostas.atual, true),
        eq(respostas.status, 'revisao_solicitada'),
      ),
    );
  return row?.total ?? 0;
}
