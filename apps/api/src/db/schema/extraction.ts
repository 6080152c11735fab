import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';
import { users } from './users.js';

/**
 * A company's extraction settings (issue 32 item 3), edited by supervisors. No row: the AI pass is off.
 * On, and with the server's EXTRACTION_LLM_* set, what the rules leave open in this company's replies is
 * asked of that provider, and only values found in the reply's text are kept (ADR 0100 addendum).
 */
export const extractionSettings = pgTable('extraction_settings', {
  empresaId: uuid()
    .primaryKey()
    .references(() => empresas.id, { onDelete: 'cascade' }),
  llmEnabled: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
});
