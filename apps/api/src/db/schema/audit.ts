import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Audited actions the dashboard's activity list shows (ADR 0019 maps each to its kind), kept apart by a
 * partial index: the newest of them are found without walking every login and edit of the company.
 */
export const ACTIVITY_AUDIT_ACTIONS = [
  'transportador.create',
  'transportador.import',
  'cotacao.revisao',
  'cotacao.aprovacao',
  'cotacao.prazo_encerrado',
  'cotacao.lembrete',
] as const;

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
    index('audit_log_atividades_idx')
      .on(table.empresaId, table.createdAt)
      .where(sql.raw(`"audit_log"."action" in (${ACTIVITY_AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ')})`)),
  ],
);
