import { bigint, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';

/**
 * Response times per company, month of the request (America/Sao_Paulo) and carrier: requests that reached
 * the carrier, first answers and their seconds. Kept by statement triggers on `cotacao_destinatarios` in
 * the same transaction as every insert, answer, bounce and delete (migration 0012, ADR 0019): the
 * indicators read carriers × months rows, never every recipient.
 */
export const respostaTemposMensais = pgTable(
  'resposta_tempos_mensais',
  {
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    /** First day of the month. */
    mes: date({ mode: 'string' }).notNull(),
    transportadorId: uuid().notNull(),
    /** Requests sent, less those whose delivery failed and were never answered. */
    enviados: integer().notNull().default(0),
    respondidos: integer().notNull().default(0),
    somaSegundos: bigint({ mode: 'number' }).notNull().default(0),
    minSegundos: integer(),
    maxSegundos: integer(),
    ultimaResposta: timestamp({ withTimezone: true }),
    /** First answers that came after their quote's deadline (part of `respondidos`; migration 0047). */
    atrasados: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.empresaId, table.mes, table.transportadorId] }),
    index('resposta_tempos_mensais_transportador_idx').on(table.empresaId, table.transportadorId, table.mes),
  ],
);

/** The same per calendar year (Brasília): a whole year reads one row per carrier. */
export const respostaTemposAnuais = pgTable(
  'resposta_tempos_anuais',
  {
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    ano: integer().notNull(),
    transportadorId: uuid().notNull(),
    enviados: integer().notNull().default(0),
    respondidos: integer().notNull().default(0),
    somaSegundos: bigint({ mode: 'number' }).notNull().default(0),
    minSegundos: integer(),
    maxSegundos: integer(),
    ultimaResposta: timestamp({ withTimezone: true }),
    /** First answers that came after their quote's deadline (part of `respondidos`; migration 0047). */
    atrasados: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.empresaId, table.ano, table.transportadorId] })],
);
