import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';
import { mailOutbox } from './outbox.js';
import { cotacaoDestinatarios, cotacoes } from './quotes.js';
import { users } from './users.js';

/**
 * A company's follow-up settings (issue 35), edited by supervisors. No row: the defaults below. A reminder
 * slot whose hours are null is off; at most these two automatic slots exist (ADR 0026).
 */
export const followUpSettings = pgTable('follow_up_settings', {
  empresaId: uuid()
    .primaryKey()
    .references(() => empresas.id, { onDelete: 'cascade' }),
  remindersEnabled: boolean().notNull().default(true),
  /** Hours after the request was sent; null: this slot is off. */
  reminderAfterSendHours: integer().default(48),
  /** Hours before the answer deadline; null: this slot is off. */
  reminderBeforeDeadlineHours: integer().default(24),
  portalEnabled: boolean().notNull().default(true),
  /** Whether the approval dialog starts with 'notify the carriers not chosen' ticked. */
  lostBidFeedbackDefault: boolean().notNull().default(false),
  /** The requester gets one e-mail when the quote's deadline passes. */
  deadlineSummaryEnabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});

/**
 * One reminder to one carrier of a quote, at most once per slot: `after_send`, `before_deadline`, or
 * `manual:<uuid>` ('Lembrar agora'). The unique key makes the job idempotent across restarts and workers:
 * the row, the outbox message and the conversation entry are written in one transaction (R1).
 */
export const quoteReminders = pgTable(
  'quote_reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    destinatarioId: uuid()
      .notNull()
      .references(() => cotacaoDestinatarios.id, { onDelete: 'cascade' }),
    slot: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    outboxId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** The user who pressed 'Lembrar agora'; null for the scheduled job. */
    sentBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('quote_reminders_recipient_slot_key').on(table.destinatarioId, table.slot),
    index('quote_reminders_cotacao_idx').on(table.cotacaoId),
  ],
);

export const PORTAL_TOKEN_KINDS = ['link', 'invite'] as const;
export type PortalTokenKind = (typeof PORTAL_TOKEN_KINDS)[number];

/**
 * A carrier's door to one quote (issue 35, ADR 0026). Only the SHA-256 of the token is stored.
 * - `link`: asked for on 'Consultar cotação', mailed to the recipient, valid 30 minutes, bound on first
 *   open to that browser (`bindingHash`): opened elsewhere it is refused as reused;
 * - `invite`: in the request e-mail ('Responder pelo portal'), one per recipient, valid until the quote
 *   is decided (the same trust as replying to that e-mail), not bound.
 */
export const portalTokens = pgTable(
  'portal_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    destinatarioId: uuid()
      .notNull()
      .references(() => cotacaoDestinatarios.id, { onDelete: 'cascade' }),
    kind: text({ enum: PORTAL_TOKEN_KINDS }).notNull(),
    tokenHash: text().notNull(),
    /** The e-mail address the link was asked for and sent to (link), or null (invite). */
    email: text(),
    expiresAt: timestamp({ withTimezone: true }),
    firstUsedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the binding cookie set on first open (link tokens). */
    bindingHash: text(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portal_tokens_token_hash_key').on(table.tokenHash),
    index('portal_tokens_destinatario_idx').on(table.destinatarioId),
    index('portal_tokens_expires_idx').on(table.expiresAt).where(sql`${table.kind} = 'link'`),
  ],
);
