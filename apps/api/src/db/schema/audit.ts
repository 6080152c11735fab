import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per state-changing request, written in the same transaction as the change (S13). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid(),
    userId: uuid(),
    action: text().notNull(),
    entity: text(),
    entityId: text(),
    requestId: text(),
    ip: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_empresa_created_idx').on(table.empresaId, table.createdAt),
    index('audit_log_user_idx').on(table.userId),
  ],
);
