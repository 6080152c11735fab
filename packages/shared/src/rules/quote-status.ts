/**
 * A quote's lifecycle (spec 001 §4, ADR 0015's transition table, ADR 0018): its statuses, which of them
 * still wait and which are final, their words and colours, and the one function that decides every
 * status change. Pure: the API's `quote-lifecycle` gathers the facts and writes what it answers.
 */

export const QUOTE_STATUSES = [
  'AGUARDANDO_RESPOSTA',
  'AGUARDANDO_APROVACAO',
  'AGUARDANDO_REVISAO',
  'APROVADA',
  'FECHADA',
  'CANCELADA',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Still open: answers count, decisions may be taken (the 'Cotações Enviadas' tab). */
export const WAITING_STATUSES = [
  'AGUARDANDO_RESPOSTA',
  'AGUARDANDO_APROVACAO',
  'AGUARDANDO_REVISAO',
] as const;
export type WaitingStatus = (typeof WAITING_STATUSES)[number];

/** Final: nothing moves the quote any more; a reply becomes `tardia` ('Cotações Finalizadas'). */
export const FINAL_STATUSES = ['APROVADA', 'FECHADA', 'CANCELADA'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/** Statuses a user may set by hand (PATCH): closing or cancelling a quote still waiting. */
export const MANUAL_FINAL_STATUSES = ['FECHADA', 'CANCELADA'] as const;
export type ManualFinalStatus = (typeof MANUAL_FINAL_STATUSES)[number];

/**
 * The statuses whose carriers not heard from are reminded: waiting for answers, or for a revision asked of
 * one of them while the others have still not answered (QA pass 39: asking one carrier to revise stopped
 * every reminder to the silent ones).
 */
export const REMINDABLE_STATUSES = ['AGUARDANDO_RESPOSTA', 'AGUARDANDO_REVISAO'] as const;
export function isRemindableStatus(status: string): boolean {
  return (REMINDABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * The quote's answer deadline has been reached (the server's own rule: no reminder from the deadline on).
 * Screens read it at render; a late answer still counts.
 */
export function isDeadlinePassed(prazoResposta: string | Date, now: number = Date.now()): boolean {
  return new Date(prazoResposta).getTime() <= now;
}

export function isQuoteStatus(status: string): status is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(status);
}
export function isWaitingStatus(status: string): status is WaitingStatus {
  return (WAITING_STATUSES as readonly string[]).includes(status);
}
export function isFinalStatus(status: string): status is FinalStatus {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** Badge colour tokens; each screen maps them to its own classes. */
export type QuoteStatusColor = 'yellow' | 'blue' | 'orange' | 'emerald' | 'gray' | 'red';

/** Label and colour in one vocabulary for list, detail, approval screen and e-mails. */
export const QUOTE_STATUS_INFO: Record<QuoteStatus, { label: string; color: QuoteStatusColor }> = {
  AGUARDANDO_RESPOSTA: { label: 'Aguardando Resposta', color: 'yellow' },
  AGUARDANDO_APROVACAO: { label: 'Aguardando Aprovação', color: 'blue' },
  AGUARDANDO_REVISAO: { label: 'Aguardando Revisão', color: 'orange' },
  APROVADA: { label: 'Aprovada', color: 'emerald' },
  FECHADA: { label: 'Fechada', color: 'gray' },
  CANCELADA: { label: 'Cancelada', color: 'red' },
};

/**
 * The one label and colour of a quote's status on every screen, document and message (spec 001 §4's
 * detail/list vocabulary; issue 30: the approval screen said 'Aberta' where the detail said 'Aguardando
 * Revisão'). An unknown value shows as it is, in gray.
 */
export function quoteStatusInfo(status: string): { label: string; color: QuoteStatusColor } {
  return isQuoteStatus(status) ? QUOTE_STATUS_INFO[status] : { label: status, color: 'gray' };
}

/** What happens to a quote. */
export type QuoteEvent =
  /** POST /quotes: created and sent to its carriers. */
  | { type: 'created' }
  /** The pipeline made a carrier's reply the current version (ADR 0015). */
  | { type: 'replyApplied' }
  /** An analyst confirmed the sender of a version held back, which became the current one (ADR 0023). */
  | { type: 'heldReplyConfirmed' }
  /**
   * 'Desfazer atribuição': a message assigned from 'Não identificadas' to the wrong quote or carrier left it
   * again; its version was removed and the one before it (if any) is current again (ADR 0015 addendum).
   */
  | { type: 'replyWithdrawn' }
  /** POST /quotes/{id}/request-revision (ADR 0018). */
  | { type: 'revisionRequested' }
  /** PATCH /quotes/{id} `{status: FECHADA | CANCELADA}`. */
  | { type: 'closedByUser'; status: ManualFinalStatus }
  /** POST /quotes/{id}/approve (ADR 0018). */
  | { type: 'approved' }
  /** The deadline job found `prazoResposta` passed (ADR 0018). */
  | { type: 'deadlinePassed' }
  /** PATCH /quotes/{id} `{prazoResposta}`: a new deadline, in the future (ADR 0026 addendum, 'prorrogar'). */
  | { type: 'deadlineChanged' };

/** What is true of the quote when the event happens (after the event's own answer was counted). */
export type QuoteFacts = {
  /** Every recipient answered at least once. */
  everyRecipientAnswered?: boolean;
  /** `prazoResposta` has passed. */
  deadlinePassed?: boolean;
  /** Recipients that answered at least once. */
  answers?: number;
  /** A current version is still in `revisao_solicitada`. */
  revisionPending?: boolean;
};

/**
 * The status a quote goes to on `event` (the same one when the event does not move it): ADR 0015's
 * transition table. `from` is null only for a quote being created. A final status never changes.
 */
export function nextQuoteStatus(
  from: QuoteStatus | null,
  event: QuoteEvent,
  facts: QuoteFacts = {},
): QuoteStatus {
  if (from === null) return 'AGUARDANDO_RESPOSTA';
  if (isFinalStatus(from)) return from;
  const readyForApproval = facts.everyRecipientAnswered === true || facts.deadlinePassed === true;
  switch (event.type) {
    case 'created':
      return from;
    case 'replyApplied':
      if (from === 'AGUARDANDO_RESPOSTA') return readyForApproval ? 'AGUARDANDO_APROVACAO' : from;
      return revisionAnswered(from, facts, readyForApproval);
    case 'heldReplyConfirmed':
      return revisionAnswered(from, facts, readyForApproval);
    case 'replyWithdrawn':
      // The version back in place may be the one asked to revise; with no answer left, nothing to approve.
      if (facts.revisionPending === true) return 'AGUARDANDO_REVISAO';
      if (from === 'AGUARDANDO_RESPOSTA') return from;
      return (facts.answers ?? 0) >= 1 && readyForApproval ? 'AGUARDANDO_APROVACAO' : 'AGUARDANDO_RESPOSTA';
    case 'revisionRequested':
      return 'AGUARDANDO_REVISAO';
    case 'closedByUser':
      return event.status;
    case 'approved':
      return 'APROVADA';
    case 'deadlinePassed':
      return from === 'AGUARDANDO_RESPOSTA' && (facts.answers ?? 0) >= 1 ? 'AGUARDANDO_APROVACAO' : from;
    case 'deadlineChanged':
      // Moved to approval only because the old deadline passed: with a deadline ahead and carriers still
      // to answer, the quote waits for answers again (reminders, the portal, the summary follow it).
      return from === 'AGUARDANDO_APROVACAO' && !readyForApproval ? 'AGUARDANDO_RESPOSTA' : from;
  }
}

/** A quote waiting for a revision leaves it once no current version is still asked to revise. */
function revisionAnswered(from: WaitingStatus, facts: QuoteFacts, readyForApproval: boolean): QuoteStatus {
  if (from !== 'AGUARDANDO_REVISAO' || facts.revisionPending !== false) return from;
  return readyForApproval ? 'AGUARDANDO_APROVACAO' : 'AGUARDANDO_RESPOSTA';
}
