import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';
import { cotacoes } from './quotes.js';

/**
 * Lane history (issue 36, ADR 0030): one point per priced, complete comparison row of a quote's current
 * answers and per freight unit it quotes. A projection of the comparison: the points of a quote are
 * replaced as a whole (src/lanes/lane-refresher.ts), so a superseded version never counts twice.
 * Lane = modal × origin × destination, the places as `normalizePlace` compares them.
 */
export const lanePoints = pgTable(
  'lane_points',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    /** `${modal}|${origem}|${destino}` with the normalised places: what the indexes and the URL use. */
    lane: text().notNull(),
    modal: text().notNull(),
    /** Normalised places (the comparison's `normalizePlace`) and the names as the quote/answer wrote them. */
    origem: text().notNull(),
    destino: text().notNull(),
    origemNome: text().notNull(),
    destinoNome: text().notNull(),
    /** '20DC', '40DC', '40HC', other container labels ('40RF'), 'kg', 'm3', 'wm'. */
    unidade: text().notNull(),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    respostaId: uuid().notNull(),
    versao: integer().notNull(),
    transportadorId: uuid().notNull(),
    transportadorNome: text().notNull(),
    /** When the version was received: the point's date. */
    data: timestamp({ withTimezone: true }).notNull(),
    freteUsd: doublePrecision().notNull(),
    totalBrl: doublePrecision().notNull(),
    /** The USD rate (PTAX + default margin) the point's BRL figures were computed with. */
    taxa: doublePrecision().notNull(),
    transitoDias: integer(),
    freeTimeDias: integer(),
    /** Hours from the quote's creation to the carrier's first answer to it. */
    respostaHoras: doublePrecision(),
    aprovado: boolean().notNull().default(false),
  },
  (table) => [
    // Freight and quote as trailing keys: a row's 90-day median is read from the index alone.
    index('lane_points_lane_idx').on(
      table.empresaId,
      table.lane,
      table.unidade,
      table.data,
      table.freteUsd,
      table.cotacaoId,
    ),
    index('lane_points_quote_idx').on(table.empresaId, table.cotacaoId),
  ],
);

/**
 * Quotes whose lane points must be computed again: marked in the same transaction as the change (an
 * answer applied or extracted, a correction, an approval), cleared by the refresher once the points are
 * replaced with the comparison of that moment (ADR 0030).
 */
export const laneRefreshes = pgTable(
  'lane_refreshes',
  {
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    /** Bumped at each mark: the refresher clears the row only if no mark came while it computed. */
    marcadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cotacaoId] }),
    index('lane_refreshes_empresa_idx').on(table.empresaId, table.marcadoEm),
  ],
);
