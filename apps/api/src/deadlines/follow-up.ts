import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { checkedTenant } from '../db/tenant.js';
import {
  type DeadlineSummaryDeps,
  quotesToSummarise,
  sendDeadlineSummary,
} from '../follow-up/deadline-summary.js';
import { dueReminders } from '../follow-up/follow-up.repository.js';
import { remindQuote } from '../follow-up/reminders.js';

/*
 * The scheduled side of follow-up (issue 35, ADR 0026), every minute beside the deadline job: the
 * reminders whose slot came, then the summaries of deadlines that passed. Each quote is its own
 * transaction; a quote that fails is logged and tried again on the next run (nothing was committed).
 */

/** At most this many reminders (and summaries) per run: a backlog drains over a few minutes. */
export const FOLLOW_UP_BATCH = 200;

/**
 * Sends the automatic reminders due at `now`: one query for the due (recipient, slot) pairs, then quote by
 * quote through `remindQuote`, which locks the quote, checks everything again and claims each slot once.
 */
export async function sendDueReminders(
  db: Database,
  deps: DeadlineSummaryDeps,
  now: Date = new Date(),
  logger?: FastifyBaseLogger,
): Promise<{ reminders: number; quotes: number }> {
  const due = await dueReminders(db, now, FOLLOW_UP_BATCH);
  const byQuote = new Map<string, { empresaId: string; slots: Map<string, string> }>();
  for (const row of due) {
    const entry = byQuote.get(row.cotacaoId) ?? { empresaId: row.empresaId, slots: new Map() };
    entry.slots.set(row.destinatarioId, row.slot);
    byQuote.set(row.cotacaoId, entry);
  }
  let reminders = 0;
  let quotes = 0;
  for (const [cotacaoId, { empresaId, slots }] of byQuote) {
    try {
      const { transportadores } = await remindQuote(
        db,
        deps,
        checkedTenant(empresaId),
        cotacaoId,
        { kind: 'scheduled', slots },
        { now, meta: { userId: null, empresaId } },
      );
      reminders += transportadores.length;
      if (transportadores.length > 0) quotes += 1;
    } catch (error) {
      logger?.error({ err: error, cotacaoId }, 'quote reminders failed');
    }
  }
  return { reminders, quotes };
}

/** Sends the deadline summaries due at `now` (one e-mail per quote, ever). */
export async function sendDeadlineSummaries(
  db: Database,
  deps: DeadlineSummaryDeps,
  now: Date = new Date(),
  logger?: FastifyBaseLogger,
): Promise<{ summaries: number }> {
  let summaries = 0;
  for (const { empresaId, cotacaoId } of await quotesToSummarise(db, now, FOLLOW_UP_BATCH)) {
    try {
      if (await sendDeadlineSummary(db, deps, checkedTenant(empresaId), cotacaoId, now)) summaries += 1;
    } catch (error) {
      logger?.error({ err: error, cotacaoId }, 'deadline summary failed');
    }
  }
  return { summaries };
}
