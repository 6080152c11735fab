import type { Comparison } from '@cotacoes/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { cotacoes, users } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';
import { settingsOf } from './follow-up.repository.js';
import { deadlineSummaryMail, summaryFigures } from './follow-up-mail.js';
import type { ReminderDeps } from './reminders.js';

/*
 * The requester's deadline summary (issue 35, ADR 0026): once a quote's answer deadline passed, the user
 * who created it gets one e-mail with how many carriers answered, the cheapest total and the shortest
 * transit of the 'Comparação' tab (same rows, same PTAX rate) and a link to it.
 */

/**
 * The comparison of a quote exactly as GET /quotes/{id}/comparison answers it at the default margin:
 * the comparison module's service, injected by app.ts (a domain folder never imports a module).
 */
export type ComparisonReader = (tenant: Tenant, cotacaoId: string) => Promise<Comparison>;

export type DeadlineSummaryDeps = ReminderDeps & { comparison: ComparisonReader };

/** A passed deadline is summarised for this long; a job down for longer does not mail old quotes at once. */
export const SUMMARY_WINDOW_HOURS = 72;

/**
 * Quotes whose deadline passed (within the window), still open and not summarised yet, across companies:
 * one walk of the partial index `cotacoes_resumo_prazo_idx`.
 */
export async function quotesToSummarise(
  executor: Executor,
  now: Date,
  limit: number,
): Promise<{ empresaId: string; cotacaoId: string }[]> {
  const since = new Date(now.getTime() - SUMMARY_WINDOW_HOURS * 3_600_000);
  const result = await executor.execute(
    sql`select c.empresa_id as "empresaId", c.id as "cotacaoId"
      from cotacoes c
      where c.deadline_summary_sent_at is null and c.deleted_at is null
        and c.prazo_resposta <= ${now.toISOString()}::timestamptz
        and c.prazo_resposta > ${since.toISOString()}::timestamptz
        and c.status in ('AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO')
      order by c.prazo_resposta
      limit ${limit}`,
  );
  return result.rows as { empresaId: string; cotacaoId: string }[];
}

/** Where the comparison of a quote opens in the web app (the quote's 'Comparação' tab). */
export function comparisonUrl(appUrl: string, cotacaoId: string): string {
  return new URL(`/quotes/${encodeURIComponent(cotacaoId)}?aba=comparacao`, appUrl).toString();
}

/**
 * Sends the summary of one quote, at most once: the quote row is locked and `deadline_summary_sent_at`
 * set in the transaction that queues the e-mail. With the company's summary off (or no requester left to
 * mail) the quote is only stamped, so switching it on later does not mail past deadlines. Answers whether
 * an e-mail was queued.
 */
export async function sendDeadlineSummary(
  db: Database,
  deps: DeadlineSummaryDeps,
  tenant: Tenant,
  cotacaoId: string,
  now: Date,
): Promise<boolean> {
  const settings = await settingsOf(db, tenant);
  // Read before the transaction, as the approval does: the comparison runs its own queries (and PTAX).
  const comparison = settings.deadlineSummaryEnabled ? await deps.comparison(tenant, cotacaoId) : null;
  return db.transaction(async (tx) => {
    const [quote] = await tx
      .select({
        codigo: cotacoes.codigo,
        referencia: cotacoes.referenciaProcesso,
        prazoResposta: cotacoes.prazoResposta,
        respostasRecebidas: cotacoes.respostasRecebidas,
        totalDestinatarios: cotacoes.totalDestinatarios,
        criadoPor: cotacoes.criadoPor,
      })
      .from(cotacoes)
      .where(
        inTenant(
          cotacoes.empresaId,
          tenant,
          eq(cotacoes.id, cotacaoId),
          isNull(cotacoes.deadlineSummarySentAt),
          isNull(cotacoes.deletedAt),
        ),
      )
      .for('update')
      .limit(1);
    // Summarised by another run meanwhile (or deleted).
    if (!quote) return false;
    const [requester] = quote.criadoPor
      ? await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, quote.criadoPor))
          .limit(1)
      : [];
    let queued = false;
    if (comparison && requester) {
      const mail = deadlineSummaryMail(
        { codigo: quote.codigo, referencia: quote.referencia, prazoResposta: quote.prazoResposta },
        requester.name || null,
        summaryFigures(comparison, {
          respondidas: quote.respostasRecebidas,
          total: quote.totalDestinatarios,
        }),
        comparisonUrl(deps.config.APP_URL, cotacaoId),
      );
      await deps.mailer.enqueue(tx, {
        kind: 'quote.deadline_summary',
        to: [requester.email],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-Cotacao': quote.codigo },
        empresaId: tenant.empresaId,
      });
      queued = true;
    }
    await tx
      .update(cotacoes)
      .set({ deadlineSummarySentAt: now })
      .where(and(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId))));
    return queued;
  });
}
