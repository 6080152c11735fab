import { z } from 'zod';
import { fieldMessages, formatMessage } from '../messages/index.js';
import { REMINDER_HOURS_MAX, REMINDER_HOURS_MIN } from '../rules/reminders.js';
import { uuidSchema } from './common.js';

/*
 * Follow-up automation (issue 35, ADR 0026): the company's settings (reminders, the carrier portal link,
 * the lost-bid notice default, the deadline summary) and a quote's reminders. Wire names: the settings are
 * ours (English, like the table), the quote's reminders speak the spec's Portuguese (`ativos`, `enviados`).
 */

const hoursMessage = formatMessage(fieldMessages.reminderHoursInvalid, {
  min: REMINDER_HOURS_MIN,
  max: REMINDER_HOURS_MAX,
});
const reminderHours = z
  .number({ error: hoursMessage })
  .int(hoursMessage)
  .min(REMINDER_HOURS_MIN, hoursMessage)
  .max(REMINDER_HOURS_MAX, hoursMessage)
  .nullable();
const flag = z.boolean({ error: fieldMessages.followUpFlagInvalid });

/** GET/PUT /empresas/my-company/follow-up: the company's follow-up settings (the defaults when unset). */
export const followUpSettingsSchema = z.object({
  remindersEnabled: z.boolean(),
  /** Hours after the request was sent; null: this reminder is off. */
  reminderAfterSendHours: z.number().int().nullable(),
  /** Hours before the answer deadline; null: this reminder is off. */
  reminderBeforeDeadlineHours: z.number().int().nullable(),
  /** Reminders carry a 'Responder pelo portal' link. */
  portalEnabled: z.boolean(),
  /** The approval page starts with 'notificar não selecionados' ticked. */
  lostBidFeedbackDefault: z.boolean(),
  /** The requester gets one e-mail when a quote's deadline passes. */
  deadlineSummaryEnabled: z.boolean(),
});
export type FollowUpSettings = z.infer<typeof followUpSettingsSchema>;

export const followUpSettingsBodySchema = z.strictObject({
  remindersEnabled: flag,
  reminderAfterSendHours: reminderHours,
  reminderBeforeDeadlineHours: reminderHours,
  portalEnabled: flag,
  lostBidFeedbackDefault: flag,
  deadlineSummaryEnabled: flag,
});
export type FollowUpSettingsBody = z.infer<typeof followUpSettingsBodySchema>;

/** What a company has before a supervisor saves anything (the table's defaults). */
export const DEFAULT_FOLLOW_UP_SETTINGS: FollowUpSettings = {
  remindersEnabled: true,
  reminderAfterSendHours: 48,
  reminderBeforeDeadlineHours: 24,
  portalEnabled: true,
  lostBidFeedbackDefault: false,
  deadlineSummaryEnabled: true,
};

/** GET /quotes/{id}/lembretes: whether the quote reminds, what was sent, what comes next. */
export const quoteRemindersSchema = z.object({
  /** The quote's own switch (the company's switch off also stops them: see `empresaAtivos`). */
  ativos: z.boolean(),
  /** The company's switch ('Acompanhamento automático'). */
  empresaAtivos: z.boolean(),
  enviados: z.array(
    z.object({
      transportadorId: z.string(),
      nome: z.string(),
      slot: z.string(),
      sentAt: z.string(),
      manual: z.boolean(),
      /** The user who pressed 'Lembrar agora'; null for the automatic ones. */
      enviadoPor: z.string().nullable(),
    }),
  ),
  /** The automatic slots still ahead, earliest first, with how many carriers each would remind today. */
  proximos: z.array(z.object({ slot: z.string(), dueAt: z.string(), destinatarios: z.number() })),
  /** Carriers a 'Lembrar agora' would reach now (not answered, delivery not failed). */
  pendentes: z.array(z.object({ transportadorId: z.string(), nome: z.string() })),
});
export type QuoteReminders = z.infer<typeof quoteRemindersSchema>;

/** PATCH /quotes/{id}/lembretes. */
export const quoteRemindersPatchSchema = z.strictObject({ ativos: flag });
export type QuoteRemindersPatch = z.infer<typeof quoteRemindersPatchSchema>;

/** POST /quotes/{id}/lembretes/enviar: one carrier, or every carrier that has not answered. */
export const sendRemindersBodySchema = z.strictObject({ transportadorId: uuidSchema.optional() });
export type SendRemindersBody = z.infer<typeof sendRemindersBodySchema>;

export const sendRemindersResultSchema = z.object({ enviados: z.number(), message: z.string() });
export type SendRemindersResult = z.infer<typeof sendRemindersResultSchema>;
