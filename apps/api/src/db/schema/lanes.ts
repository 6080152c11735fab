import {
  bigint,
  boolean,
  date,
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
    /**
     * The freight per unit as the carrier quoted it (a R$ 7.950 freight: 'BRL', 7950), for the CSV;
     * null for a point computed before these columns (ADR 0030 addendum 2026-12-06).
     */
    moedaOriginal: text(),
    valorOriginal: doublePrecision(),
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
    // The period's edge days (a partial month) of every lane: the list reads them from the points.
    index('lane_points_date_idx').on(table.empresaId, table.data),
  ],
);

/**
 * Proposals a lane's figures leave out (ADR 0030 addendum 2026-12-06): a priced row of a quote's current
 * answers that the comparison calls incomplete (charges absent, not summed, or of unknown quantity) adds
 * no point, and one row here per unit it quotes, so that the 'Rotas' page says how many were left out
 * and why. Replaced per quote with its points, in the same transaction.
 */
export const laneExclusions = pgTable(
  'lane_exclusions',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    lane: text().notNull(),
    modal: text().notNull(),
    unidade: text().notNull(),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    respostaId: uuid().notNull(),
    transportadorId: uuid().notNull(),
    transportadorNome: text().notNull(),
    data: timestamp({ withTimezone: true }).notNull(),
    freteUsd: doublePrecision().notNull(),
    /** 'taxasAusentes', 'taxasNaoSomadas' or 'quantidadesDesconhecidas': the row's first reason. */
    motivo: text().notNull(),
    /** That reason's items as the comparison names them ('ISPS', 'THC em EUR'). */
    detalhe: text().notNull(),
  },
  (table) => [
    index('lane_exclusions_lane_idx').on(table.empresaId, table.lane, table.unidade, table.data),
    index('lane_exclusions_quote_idx').on(table.empresaId, table.cotacaoId),
    index('lane_exclusions_date_idx').on(table.empresaId, table.data),
  ],
);

/**
 * The lane history by month (São Paulo), one row per (company, lane, unit, month) that has points: a
 * summary of `lane_points` recomputed from the points by the refresher for exactly the (lane, unit,
 * month) groups a quote's replaced points touched, in the transaction that replaces them (ADR 0030
 * addendum). The list and a lane's months read whole months here and only a period's partial edge
 * months from the points; every figure stays exact.
 */
export const laneMonths = pgTable(
  'lane_months',
  {
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    lane: text().notNull(),
    unidade: text().notNull(),
    /** First day of the month in São Paulo. */
    mes: date().notNull(),
    /** min() of the points' modal and place names (the list shows those). */
    modal: text().notNull(),
    origemNome: text().notNull(),
    destinoNome: text().notNull(),
    pontos: integer().notNull(),
    aprovados: integer().notNull(),
    soma: doublePrecision().notNull(),
    minimo: doublePrecision().notNull(),
    maximo: doublePrecision().notNull(),
    ultimaData: timestamp({ withTimezone: true }).notNull(),
    /** percentile_cont 0.5, 0.25 and 0.75 of freight per unit over the month's points. */
    mediana: doublePrecision().notNull(),
    p25: doublePrecision().notNull(),
    p75: doublePrecision().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.empresaId, table.lane, table.unidade, table.mes] }),
    index('lane_months_month_idx').on(table.empresaId, table.mes),
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

/**
 * A company's lane history version: bumped in every transaction that changes its `lane_months` (so with
 * its points), read by the 'Rotas' page as the stamp of its kept answers (lib/stamped-cache.ts).
 */
export const laneStamps = pgTable('lane_stamps', {
  empresaId: uuid()
    .primaryKey()
    .references(() => empresas.id, { onDelete: 'cascade' }),
  versao: bigint({ mode: 'number' }).notNull().default(0),
});
