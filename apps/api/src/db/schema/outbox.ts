import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type OutboxAttachment = {
  filename: string;
  contentType: string;
  storageKey?: string;
  contentBase64?: string;
};

/**
 * Transactional outbox of outgoing e-mail: a row is written in the same transaction as its cause and
 * delivered by the outbox dispatcher (ADR 0014), urgent kinds first. The Message-ID is fixed at enqueue time
 * so a retry never makes a different message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: text().notNull(),
    empresaId: uuid(),
    kind: text().notNull(),
    fromAddress: text().notNull(),
    toAddresses: jsonb().$type<string[]>().notNull(),
    ccAddresses: jsonb().$type<string[]>().notNull().default([]),
    bccAddresses: jsonb().$type<string[]>().notNull().default([]),
    replyTo: text(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Higher first: verification codes ahead of bulk mail. */
    priority: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    /** A failed delivery waits until then (exponential backoff). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    claimedBy: text(),
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mail_outbox_message_id_key').on(table.messageId),
    index('mail_outbox_status_created_idx').on(table.status, table.createdAt),
    index('mail_outbox_empresa_idx').on(table.empresaId, table.createdAt),
    index('mail_outbox_pending_idx')
      .on(table.priority.desc(), table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);
