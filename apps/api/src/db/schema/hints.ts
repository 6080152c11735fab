import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { transportadores } from './carriers.js';
import { respostaCorrecoes } from './decisions.js';
import { empresas } from './empresas.js';
import { users } from './users.js';

/**
 * What an analyst's corrections taught about one carrier's replies (ADR 0101): a label of that carrier
 * is freight or a fee of a unit/basis or currency, or not a charge. Kept per company and carrier; the
 * extraction job of that carrier's next replies in that company passes them to the engine. One row per
 * kind, target and label (`rotulo_chave`, the engine's `hintLabelKey`): a later correction replaces it.
 */
export const transportadorDicas = pgTable(
  'transportador_dicas',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    transportadorId: uuid()
      .notNull()
      .references(() => transportadores.id, { onDelete: 'cascade' }),
    /** 'unidade' | 'moeda' | 'ignorar'. */
    tipo: text({ enum: ['unidade', 'moeda', 'ignorar'] }).notNull(),
    /** 'frete' | 'taxa'. */
    alvo: text({ enum: ['frete', 'taxa'] }).notNull(),
    /** The label as printed in the corrected reply. */
    rotulo: text().notNull(),
    rotuloChave: text().notNull(),
    /** The unit, basis or currency; null for 'ignorar'. */
    valor: text(),
    /** The correction it was learnt from (the latest one that taught it). */
    correcaoId: uuid().references(() => respostaCorrecoes.id, { onDelete: 'set null' }),
    criadoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Replies whose extraction it changed, and the last time it did. */
    vezesAplicada: integer().notNull().default(0),
    ultimaAplicacao: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transportador_dicas_chave_key').on(
      table.empresaId,
      table.transportadorId,
      table.tipo,
      table.alvo,
      table.rotuloChave,
    ),
  ],
);
