/**
 * When a carrier that has not answered is reminded (issue 35, ADR 0026): at most two automatic slots a
 * company sets — hours after the request was sent, and hours before the answer deadline — plus any
 * 'Lembrar agora' (`manual:<uuid>`). Pure: the API's job finds due slots with the same rule in SQL, the
 * quote's 'Lembretes' panel lists the next ones with this function.
 */

export const AUTOMATIC_REMINDER_SLOTS = ['after_send', 'before_deadline'] as const;
export type AutomaticReminderSlot = (typeof AUTOMATIC_REMINDER_SLOTS)[number];

/** 'Lembrar agora': one slot per click, so it never collides with another reminder. */
export const MANUAL_REMINDER_PREFIX = 'manual:';
export const isManualReminderSlot = (slot: string): boolean => slot.startsWith(MANUAL_REMINDER_PREFIX);

/** A reminder hour setting: 1 hour to 30 days; null switches that slot off. */
export const REMINDER_HOURS_MIN = 1;
export const REMINDER_HOURS_MAX = 720;

/** A before-deadline reminder closer than this to the request itself is skipped (it would nag at once). */
export const BEFORE_DEADLINE_MIN_GAP_HOURS = 1;

/**
 * An automatic reminder within this many hours after any other reminder to the same carrier (automatic, a
 * 'Lembrar agora', a new deadline's notice) is not sent: two e-mails ten minutes apart say nothing new
 * (the QA pass: a deadline extended two days ahead put both slots at 17:50 and 18:00).
 */
export const REMINDER_MIN_SPACING_HOURS = 12;

/**
 * A 'Lembrar agora' to a carrier reminded less than this many minutes ago (by anyone, by any reminder) is
 * not sent: a double click, or two colleagues clicking at once, would e-mail the carrier twice (QA pass 19).
 */
export const MANUAL_REMINDER_MIN_SPACING_MINUTES = 10;

const HOUR_MS = 3_600_000;

export type ReminderSchedule = {
  reminderAfterSendHours: number | null;
  reminderBeforeDeadlineHours: number | null;
};

/**
 * The automatic slots of one recipient, earliest first: `after_send` at `sentAt` + H hours and
 * `before_deadline` at `prazoResposta` − H hours. A slot at or after the deadline is dropped, and so is a
 * before-deadline slot earlier than an hour after the request was sent.
 */
export function reminderSlotTimes(
  schedule: ReminderSchedule,
  sentAt: Date,
  prazoResposta: Date,
): { slot: AutomaticReminderSlot; dueAt: Date }[] {
  const slots: { slot: AutomaticReminderSlot; dueAt: Date }[] = [];
  const deadline = prazoResposta.getTime();
  if (schedule.reminderAfterSendHours !== null) {
    const due = sentAt.getTime() + schedule.reminderAfterSendHours * HOUR_MS;
    if (due < deadline) slots.push({ slot: 'after_send', dueAt: new Date(due) });
  }
  if (schedule.reminderBeforeDeadlineHours !== null) {
    const due = deadline - schedule.reminderBeforeDeadlineHours * HOUR_MS;
    if (due >= sentAt.getTime() + BEFORE_DEADLINE_MIN_GAP_HOURS * HOUR_MS)
      slots.push({ slot: 'before_deadline', dueAt: new Date(due) });
  }
  return slots.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}
