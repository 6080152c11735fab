import { z } from 'zod';
import { errorMessages } from '../messages/errors.js';
import { uuidSchema } from './common.js';

/*
 * The mail integration (spec 000 "Mail integration (settings)", spec 001 /gmail/*; issue 34, ADR 0027).
 * Wire names are the spec's: email, code, cotacaoId, projectId, topic, messageId, attachmentId, key.
 */

/** 'Informe email e code' when either is missing (spec 001 §validation). */
const exchangeField = z
  .string({ error: errorMessages.MAILBOX_EMAIL_CODE_REQUIRED })
  .trim()
  .min(1, errorMessages.MAILBOX_EMAIL_CODE_REQUIRED)
  .max(4096, errorMessages.MAILBOX_EMAIL_CODE_REQUIRED);

/** The mailbox address of a Gmail call: 'Informe o seu email do Gmail no campo acima.' when missing. */
export const gmailEmailSchema = z
  .string({ error: errorMessages.GMAIL_EMAIL_REQUIRED })
  .trim()
  .min(1, errorMessages.GMAIL_EMAIL_REQUIRED)
  .max(254, errorMessages.EMAIL_INVALID)
  .pipe(z.email({ error: errorMessages.EMAIL_INVALID }))
  .transform((value) => value.toLowerCase());

export const gmailExchangeBodySchema = z.object({
  email: exchangeField
    .pipe(z.email({ error: errorMessages.EMAIL_INVALID }))
    .transform((value) => value.toLowerCase()),
  code: exchangeField,
  /** The `state` the callback screen received (optional: the spec's call carries only email and code). */
  state: z.string().trim().min(1).max(512).optional(),
});
export type GmailExchangeBody = z.infer<typeof gmailExchangeBodySchema>;

export const gmailSyncQuoteBodySchema = z.object({ email: gmailEmailSchema, cotacaoId: uuidSchema });
export type GmailSyncQuoteBody = z.infer<typeof gmailSyncQuoteBodySchema>;

const gmailId = z
  .string({ error: errorMessages.GMAIL_MESSAGE_NOT_FOUND })
  .trim()
  .min(1, errorMessages.GMAIL_MESSAGE_NOT_FOUND)
  .max(512, errorMessages.GMAIL_MESSAGE_NOT_FOUND)
  .regex(/^[\w-]+$/, errorMessages.GMAIL_MESSAGE_NOT_FOUND);

export const gmailWatchStartBodySchema = z.object({
  email: gmailEmailSchema,
  projectId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[a-z][a-z0-9-]*$/),
  topic: z
    .string()
    .trim()
    .min(1)
    .max(400)
    .regex(/^(projects\/[a-z][a-z0-9-]*\/topics\/)?[A-Za-z][\w.~+%-]*$/),
});
export const gmailAttachmentsBodySchema = z.object({ email: gmailEmailSchema, messageId: gmailId });
export const gmailAttachmentBodySchema = z.object({
  email: gmailEmailSchema,
  messageId: gmailId,
  attachmentId: gmailId,
});
export const gmailAttachmentUrlBodySchema = z.object({ key: z.string().trim().min(1).max(200) });

export const gmailAuthUrlSchema = z.object({ url: z.string() });

export const gmailConnectionSchema = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(['ok', 'erro', 'reconectar', 'desconectada']),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  messagesReceived: z.number(),
  watchExpiresAt: z.string().nullable(),
});
export type GmailConnection = z.infer<typeof gmailConnectionSchema>;
export const gmailConnectionsSchema = z.object({ items: z.array(gmailConnectionSchema) });

export const gmailSyncQuoteResultSchema = z.object({ encontradas: z.number(), novas: z.number() });
export type GmailSyncQuoteResult = z.infer<typeof gmailSyncQuoteResultSchema>;
export const gmailWatchResultSchema = z.object({ historyId: z.string(), expiration: z.string() });
export const gmailAttachmentListSchema = z.object({
  items: z.array(z.object({ attachmentId: z.string(), filename: z.string(), mimeType: z.string() })),
});
export const gmailAttachmentSchema = z.object({ data: z.object({ size: z.number(), data: z.string() }) });
