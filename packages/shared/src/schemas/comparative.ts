import { z } from 'zod';
import { formatMessage } from '../messages/errors.js';
import { uiComparative } from '../messages/ui-comparative.js';
import { parseEmailList } from '../rules/email-list.js';
import { DEFAULT_EXCHANGE_MARGIN, exchangeMarginSchema } from './comparison.js';

/*
 * The comparative documents (spec 001 'Gerar Comparativo', §5 comparative dialog, §7 calls):
 * GET /quotes/{id}/comparative-excel and /comparative-pdf take `exchangeMargin` (comparisonQuerySchema);
 * POST /quotes/{id}/send-comparative takes the margin and the e-mails.
 */

/** One message to a handful of managers, brokers and clients; more looks like a mailing list. */
export const MAX_COMPARATIVE_EMAILS = 20;
/** What the body may carry before the list is read (typed entries, blanks and repeats included). */
const MAX_EMAIL_ENTRIES = 100;

export type EmailListCheck =
  | { ok: true; emails: string[] }
  | { ok: false; message: string; invalid: string[] };

/**
 * The modal's and the API's one reading of the e-mail list: trimmed, lower-cased, each once; the spec's
 * 'Adicione pelo menos um email' and 'Emails inválidos: {list}', then the size limit.
 */
export function checkComparativeEmails(input: readonly string[]): EmailListCheck {
  const { emails, invalid } = parseEmailList(input);
  if (invalid.length > 0)
    return {
      ok: false,
      invalid,
      message: formatMessage(uiComparative.emailsInvalid, { list: invalid.join(', ') }),
    };
  if (emails.length === 0) return { ok: false, invalid, message: uiComparative.emailsRequired };
  if (emails.length > MAX_COMPARATIVE_EMAILS)
    return {
      ok: false,
      invalid,
      message: formatMessage(uiComparative.emailsMax, { max: MAX_COMPARATIVE_EMAILS }),
    };
  return { ok: true, emails };
}

/** POST /quotes/{id}/send-comparative {exchangeMargin, emails[]} */
export const sendComparativeBodySchema = z.strictObject({
  exchangeMargin: exchangeMarginSchema.default(DEFAULT_EXCHANGE_MARGIN),
  emails: z
    .array(z.string().max(320, formatMessage(uiComparative.emailsMax, { max: MAX_COMPARATIVE_EMAILS })), {
      error: uiComparative.emailsRequired,
    })
    .max(MAX_EMAIL_ENTRIES, formatMessage(uiComparative.emailsMax, { max: MAX_COMPARATIVE_EMAILS }))
    .transform((entries, context) => {
      const checked = checkComparativeEmails(entries);
      if (checked.ok) return checked.emails;
      context.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }),
});
export type SendComparativeBody = z.infer<typeof sendComparativeBodySchema>;

export const sendComparativeResultSchema = z.object({
  message: z.string(),
  /** Who the message went to (normalised), for the toast and the conversation. */
  emails: z.array(z.string()),
});
export type SendComparativeResult = z.infer<typeof sendComparativeResultSchema>;
