import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transportadores } from './carriers.js';
import { empresas } from './empresas.js';
import { respostas } from './inbound.js';
import { cotacoes } from './quotes.js';
import { users } from './users.js';

/** A value of an extraction, as JSON: a number, a string (currency, ISO date) or null (not informed). */
type CorrectionValue = number | string | null;

/**
 * An analyst's correction of one extracted value of a response version (ADR 0018): kept apart from
 * `respostas.dados_extraidos`, which the extraction job rewrites, and applied when the response is read.
 * Every correction stays (history); the latest of a field wins. `valor_original` is the extracted value
 * and `fonte_original` where it was read (the line or cell of the message or attachment).
 */
export const respostaCorrecoes = pgTable(
  'resposta_correcoes',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    respostaId: uuid()
      .notNull()
      .references(() => respostas.id, { onDelete: 'cascade' }),
    /** Path relative to `dadosExtraidos.final` (CORRECTION_FIELD_PATTERN). */
    campo: text().notNull(),
    valor: jsonb().$type<CorrectionValue>(),
    valorOriginal: jsonb().$type<CorrectionValue>(),
    fonteOriginal: jsonb().$type<Record<string, unknown>>(),
    corrigidoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('resposta_correcoes_resposta_idx').on(table.empresaId, table.respostaId, table.createdAt),
  ],
);

/**
 * The approval of a quote (spec 001 "Quote approval"): which response version, carrier and destination,
 * who and when. One row per quote at most (its primary key), written in the transaction that moves the
 * quote to APROVADA.
 */
export const cotacaoAprovacoes = pgTable(
  'cotacao_aprovacoes',
  {
    cotacaoId: uuid()
      .primaryKey()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    respostaId: uuid()
      .notNull()
      .references(() => respostas.id, { onDelete: 'cascade' }),
    transportadorId: uuid()
      .notNull()
      .references(() => transportadores.id),
    destino: text(),
    aprovadoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    aprovadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cotacao_aprovacoes_empresa_idx').on(table.empresaId, table.aprovadoEm)],
);
