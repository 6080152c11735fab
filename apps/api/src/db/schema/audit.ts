import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The audit action of a PATCH /quotes/{id} that cancelled the quote (its detail says who and when). */
export const QUOTE_CANCELLED_ACTION = 'cotacao.cancelamento';
/** The same for a PATCH that closed it ('Encerrar', FECHADA); before it had its name, 'cotacao.update'. */
export const QUOTE_CLOSED_ACTION = 'cotacao.encerramento';

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
  QUOTE_CANCELLED_ACTION,
  QUOTE_CLOSED_ACTION,
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
    // An ended quote's detail finds who cancelled or closed it by the quote's id, not by walking the log.
    index('audit_log_encerramento_idx')
      .on(table.empresaId, table.entityId)
      .where(sql.raw(`"audit_log"."action" in ('${QUOTE_CANCELLED_ACTION}', '${QUOTE_CLOSED_ACTION}')`)),
  ],
);
