import { describe, expect, it } from 'vitest';
import {
  FINAL_STATUSES,
  isDeadlinePassed,
  isRemindableStatus,
  nextQuoteStatus,
  QUOTE_STATUSES,
  type QuoteEvent,
  quoteStatusInfo,
  WAITING_STATUSES,
} from './quote-status.js';

const EVENTS: QuoteEvent[] = [
  { type: 'created' },
  { type: 'replyApplied' },
  { type: 'heldReplyConfirmed' },
  { type: 'replyWithdrawn' },
  { type: 'revisionRequested' },
  { type: 'closedByUser', status: 'FECHADA' },
  { type: 'closedByUser', status: 'CANCELADA' },
  { type: 'approved' },
  { type: 'deadlinePassed' },
  { type: 'deadlineChanged' },
];

/** ADR 0015's "Quote status transitions", one test per row. */
describe('nextQuoteStatus: the transition table of ADR 0015', () => {
  it('(new) → quote created and sent → AGUARDANDO_RESPOSTA', () => {
    expect(nextQuoteStatus(null, { type: 'created' })).toBe('AGUARDANDO_RESPOSTA');
    expect(nextQuoteStatus('AGUARDANDO_APROVACAO', { type: 'created' })).toBe('AGUARDANDO_APROVACAO');
  });

  it('AGUARDANDO_RESPOSTA → a reply makes every recipient answered, or arrives after the deadline → AGUARDANDO_APROVACAO', () => {
    const reply: QuoteEvent = { type: 'replyApplied' };
    expect(nextQuoteStatus('AGUARDANDO_RESPOSTA', reply, { everyRecipientAnswered: true })).toBe(
      'AGUARDANDO_APROVACAO',
    );
    expect(nextQuoteStatus('AGUARDANDO_RESPOSTA', reply, { deadlinePassed: true, answers: 1 })).toBe(
      'AGUARDANDO_APROVACAO',
    );
    expect(
      nextQuoteStatus('AGUARDANDO_RESPOSTA', reply, { everyRecipientAnswered: false, deadlinePassed: false }),
    ).toBe('AGUARDANDO_RESPOSTA');
    // Answers were all in: a new version does not send it back.
    expect(nextQuoteStatus('AGUARDANDO_APROVACAO', reply, { everyRecipientAnswered: false })).toBe(
      'AGUARDANDO_APROVACAO',
    );
  });

  it('AGUARDANDO_RESPOSTA / AGUARDANDO_APROVACAO → revision requested → AGUARDANDO_REVISAO', () => {
    for (const from of WAITING_STATUSES)
      expect(nextQuoteStatus(from, { type: 'revisionRequested' })).toBe('AGUARDANDO_REVISAO');
  });

  it('AGUARDANDO_REVISAO → no version left in revisao_solicitada, every recipient answered or the deadline passed → AGUARDANDO_APROVACAO', () => {
    for (const type of ['replyApplied', 'heldReplyConfirmed'] as const) {
      expect(
        nextQuoteStatus(
          'AGUARDANDO_REVISAO',
          { type },
          { revisionPending: false, everyRecipientAnswered: true },
        ),
      ).toBe('AGUARDANDO_APROVACAO');
      expect(
        nextQuoteStatus('AGUARDANDO_REVISAO', { type }, { revisionPending: false, deadlinePassed: true }),
      ).toBe('AGUARDANDO_APROVACAO');
      // A revision still pending keeps it waiting for the revision, whatever else is true.
      expect(
        nextQuoteStatus(
          'AGUARDANDO_REVISAO',
          { type },
          { revisionPending: true, everyRecipientAnswered: true, deadlinePassed: true },
        ),
      ).toBe('AGUARDANDO_REVISAO');
    }
  });

  it('AGUARDANDO_REVISAO → the same, answers still missing before the deadline → AGUARDANDO_RESPOSTA', () => {
    for (const type of ['replyApplied', 'heldReplyConfirmed'] as const)
      expect(
        nextQuoteStatus(
          'AGUARDANDO_REVISAO',
          { type },
          { revisionPending: false, everyRecipientAnswered: false, deadlinePassed: false },
        ),
      ).toBe('AGUARDANDO_RESPOSTA');
  });

  it('any waiting status → PATCH {status: FECHADA or CANCELADA} → FECHADA / CANCELADA', () => {
    for (const from of WAITING_STATUSES) {
      expect(nextQuoteStatus(from, { type: 'closedByUser', status: 'FECHADA' })).toBe('FECHADA');
      expect(nextQuoteStatus(from, { type: 'closedByUser', status: 'CANCELADA' })).toBe('CANCELADA');
    }
  });

  it('any waiting status → approval → APROVADA', () => {
    for (const from of WAITING_STATUSES) expect(nextQuoteStatus(from, { type: 'approved' })).toBe('APROVADA');
  });

  it('AGUARDANDO_RESPOSTA with ≥ 1 answer → deadline passed → AGUARDANDO_APROVACAO', () => {
    for (const answers of [1, 4])
      expect(
        nextQuoteStatus('AGUARDANDO_RESPOSTA', { type: 'deadlinePassed' }, { answers, deadlinePassed: true }),
      ).toBe('AGUARDANDO_APROVACAO');
  });

  it('AGUARDANDO_RESPOSTA with no answer → deadline passed → stays open', () => {
    expect(
      nextQuoteStatus(
        'AGUARDANDO_RESPOSTA',
        { type: 'deadlinePassed' },
        { answers: 0, deadlinePassed: true },
      ),
    ).toBe('AGUARDANDO_RESPOSTA');
  });

  it('AGUARDANDO_REVISAO → deadline passed → stays (the revision is pending)', () => {
    expect(
      nextQuoteStatus('AGUARDANDO_REVISAO', { type: 'deadlinePassed' }, { answers: 3, deadlinePassed: true }),
    ).toBe('AGUARDANDO_REVISAO');
    expect(
      nextQuoteStatus(
        'AGUARDANDO_APROVACAO',
        { type: 'deadlinePassed' },
        { answers: 3, deadlinePassed: true },
      ),
    ).toBe('AGUARDANDO_APROVACAO');
  });

  it('AGUARDANDO_APROVACAO → deadline extended with carriers still to answer → AGUARDANDO_RESPOSTA', () => {
    const changed: QuoteEvent = { type: 'deadlineChanged' };
    const ahead = { answers: 2, deadlinePassed: false, everyRecipientAnswered: false };
    expect(nextQuoteStatus('AGUARDANDO_APROVACAO', changed, ahead)).toBe('AGUARDANDO_RESPOSTA');
    // Every carrier answered: nothing left to wait for.
    expect(nextQuoteStatus('AGUARDANDO_APROVACAO', changed, { ...ahead, everyRecipientAnswered: true })).toBe(
      'AGUARDANDO_APROVACAO',
    );
    // A revision asked for still waits for it; a quote already waiting for answers stays.
    expect(nextQuoteStatus('AGUARDANDO_REVISAO', changed, ahead)).toBe('AGUARDANDO_REVISAO');
    expect(nextQuoteStatus('AGUARDANDO_RESPOSTA', changed, ahead)).toBe('AGUARDANDO_RESPOSTA');
  });

  it('a held version confirmed leaves AGUARDANDO_RESPOSTA as it is (ADR 0023: the carrier was already counted)', () => {
    expect(
      nextQuoteStatus('AGUARDANDO_RESPOSTA', { type: 'heldReplyConfirmed' }, { deadlinePassed: true }),
    ).toBe('AGUARDANDO_RESPOSTA');
  });

  it('an assignment undone: the version back in place asked to revise → AGUARDANDO_REVISAO; no answer left → AGUARDANDO_RESPOSTA', () => {
    const withdrawn: QuoteEvent = { type: 'replyWithdrawn' };
    // The carrier's earlier version, current again, was the one asked to revise.
    for (const from of WAITING_STATUSES)
      expect(nextQuoteStatus(from, withdrawn, { revisionPending: true, answers: 2 })).toBe(
        'AGUARDANDO_REVISAO',
      );
    // The only answer went: nothing to approve, whatever the deadline says.
    expect(
      nextQuoteStatus('AGUARDANDO_APROVACAO', withdrawn, {
        answers: 0,
        deadlinePassed: true,
        revisionPending: false,
      }),
    ).toBe('AGUARDANDO_RESPOSTA');
    // It made every carrier answered before the deadline: one is missing again.
    expect(
      nextQuoteStatus('AGUARDANDO_APROVACAO', withdrawn, {
        answers: 2,
        everyRecipientAnswered: false,
        deadlinePassed: false,
        revisionPending: false,
      }),
    ).toBe('AGUARDANDO_RESPOSTA');
    // Answers remain and the deadline passed (or every carrier still answered): still to approve.
    expect(
      nextQuoteStatus('AGUARDANDO_APROVACAO', withdrawn, {
        answers: 1,
        deadlinePassed: true,
        revisionPending: false,
      }),
    ).toBe('AGUARDANDO_APROVACAO');
    expect(
      nextQuoteStatus('AGUARDANDO_REVISAO', withdrawn, {
        answers: 3,
        everyRecipientAnswered: true,
        revisionPending: false,
      }),
    ).toBe('AGUARDANDO_APROVACAO');
    expect(nextQuoteStatus('AGUARDANDO_RESPOSTA', withdrawn, { answers: 1, revisionPending: false })).toBe(
      'AGUARDANDO_RESPOSTA',
    );
  });

  it('final statuses (APROVADA, FECHADA, CANCELADA) never leave, whatever happens', () => {
    const allFacts = {
      everyRecipientAnswered: true,
      deadlinePassed: true,
      answers: 5,
      revisionPending: false,
    };
    for (const from of FINAL_STATUSES)
      for (const event of EVENTS) {
        expect(nextQuoteStatus(from, event, allFacts)).toBe(from);
        expect(nextQuoteStatus(from, event)).toBe(from);
      }
  });

  it('the open and final sets split the statuses', () => {
    expect([...WAITING_STATUSES, ...FINAL_STATUSES].sort()).toEqual([...QUOTE_STATUSES].sort());
  });
});

describe('quoteStatusInfo: one vocabulary per quote (spec 001 §4; issue 30)', () => {
  it("gives the detail's label and colour for every status, the value itself in gray otherwise", () => {
    expect(quoteStatusInfo('AGUARDANDO_RESPOSTA')).toEqual({ label: 'Aguardando Resposta', color: 'yellow' });
    expect(quoteStatusInfo('AGUARDANDO_APROVACAO')).toEqual({ label: 'Aguardando Aprovação', color: 'blue' });
    expect(quoteStatusInfo('AGUARDANDO_REVISAO')).toEqual({ label: 'Aguardando Revisão', color: 'orange' });
    expect(quoteStatusInfo('APROVADA')).toEqual({ label: 'Aprovada', color: 'emerald' });
    expect(quoteStatusInfo('FECHADA')).toEqual({ label: 'Fechada', color: 'gray' });
    expect(quoteStatusInfo('CANCELADA')).toEqual({ label: 'Cancelada', color: 'red' });
    expect(quoteStatusInfo('aberta')).toEqual({ label: 'aberta', color: 'gray' });
  });
});

describe('isDeadlinePassed and isRemindableStatus: what the screens and the reminders read', () => {
  it('the deadline is passed from its own instant on (the server refuses a reminder then)', () => {
    const prazo = '2026-12-07T14:00:00.000Z';
    const at = Date.parse(prazo);
    expect(isDeadlinePassed(prazo, at - 1)).toBe(false);
    expect(isDeadlinePassed(prazo, at)).toBe(true);
    expect(isDeadlinePassed(new Date(prazo), at + 60_000)).toBe(true);
  });

  it('a quote waiting for answers or for a revision reminds; one waiting for approval or ended does not', () => {
    expect(['AGUARDANDO_RESPOSTA', 'AGUARDANDO_REVISAO'].map(isRemindableStatus)).toEqual([true, true]);
    expect(['AGUARDANDO_APROVACAO', 'APROVADA', 'FECHADA', 'CANCELADA'].map(isRemindableStatus)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
