import { z } from 'zod';
import { errorMessages } from '../messages/errors.js';
import { gmailExchangeBodySchema } from './gmail.js';

const mailboxEmail = z
  .string({ error: errorMessages.EMAIL_REQUIRED })
  .trim()
  .min(1, errorMessages.EMAIL_REQUIRED)
  .max(254, errorMessages.EMAIL_INVALID)
  .pipe(z.email({ error: errorMessages.EMAIL_INVALID }))
  .transform((value) => value.toLowerCase());

/**
 * POST /api/microsoft/exchange-code: the mailbox address typed and the code the callback screen showed
 * (`state` when the screen has it) — the same body and messages as the Gmail call.
 */
export const microsoftExchangeBodySchema = gmailExchangeBodySchema;
export type MicrosoftExchangeBody = z.input<typeof microsoftExchangeBodySchema>;

/** POST /api/microsoft/sync and /disconnect: the connected mailbox. */
export const microsoftMailboxBodySchema = z.strictObject({ email: mailboxEmail });

export const microsoftAuthUrlSchema = z.object({ url: z.string() });

/** A connected Microsoft 365 mailbox as the settings section shows it (never its tokens). */
export const microsoftMailboxSchema = z.object({
  email: z.string(),
  state: z.enum(['ok', 'erro', 'reconectar']),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  received: z.number(),
  /** Whether Graph change notifications are active (else only polling). */
  notifications: z.boolean(),
});
export type MicrosoftMailbox = z.infer<typeof microsoftMailboxSchema>;

export const microsoftMailboxListSchema = z.object({
  configured: z.boolean(),
  data: z.array(microsoftMailboxSchema),
});
export type MicrosoftMailboxList = z.infer<typeof microsoftMailboxListSchema>;

export const microsoftSyncResultSchema = z.object({ message: z.string(), received: z.number() });
