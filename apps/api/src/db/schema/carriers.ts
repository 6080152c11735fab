import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { empresas } from './empresas.js';
import { users } from './users.js';

/**
 * A carrier (agente de carga / transportador) of one company. Deleting one sets `deletedAt` (ADR 0009):
 * quote history keeps pointing at it, while lists, search and e-mail uniqueness ignore it.
 */
export const transportadores = pgTable(
  'transportadores',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    ativo: boolean().notNull().default(true),
    /** The name without case and accents: the order of the lists ('Ásia' next to 'Asia'). */
    nomeBusca: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`immutable_unaccent(lower(${transportadores.nome}))`),
    /** The live addresses joined by spaces, kept by the repository whenever they change. */
    emailsBusca: text().notNull().default(''),
    /**
     * The ids of the carrier's groups, space-separated in id order, kept by triggers on
     * grupo_transportadores (migration 0015): a list reads them with the row.
     */
    grupoIds: text().notNull().default(''),
    /** What the search box matches: name and addresses without case and accents (trigram index). */
    busca: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`immutable_unaccent(lower(${transportadores.nome})) || ' ' || ${transportadores.emailsBusca}`,
      ),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('transportadores_empresa_nome_idx')
      .on(table.empresaId, table.nomeBusca, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The company's rows only: empresa_id in the same GIN index (btree_gin; migration 0014).
    index('transportadores_empresa_busca_trgm_idx').using(
      'gin',
      table.empresaId,
      sql`${table.busca} gin_trgm_ops`,
    ),
  ],
);

/**
 * One row per address of a carrier, lower-cased. An address belongs to one live carrier of a company at
 * a time; a deleted carrier's addresses stay (for matching old replies) but no longer block reuse.
 */
export const transportadorEmails = pgTable(
  'transportador_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    transportadorId: uuid()
      .notNull()
      .references(() => transportadores.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    posicao: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('transportador_emails_empresa_email_live_key')
      .on(table.empresaId, table.email)
      .where(sql`${table.deletedAt} is null`),
    index('transportador_emails_transportador_idx').on(table.transportadorId, table.posicao),
  ],
);

/** A named group of carriers of one company (spec 000 §3 Grupo). */
export const grupos = pgTable(
  'grupos',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    descricao: text(),
    cor: text().notNull().default('#0066CC'),
    ativo: boolean().notNull().default(true),
    /** Its members (rows of grupo_transportadores), kept by triggers (migration 0014). */
    totalTransportadores: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Group names are unique in a company, ignoring case and accents (imports find groups by name).
    uniqueIndex('grupos_empresa_nome_key').on(table.empresaId, sql`immutable_unaccent(lower(${table.nome}))`),
  ],
);

export const grupoTransportadores = pgTable(
  'grupo_transportadores',
  {
    grupoId: uuid()
      .notNull()
      .references(() => grupos.id, { onDelete: 'cascade' }),
    transportadorId: uuid()
      .notNull()
      .references(() => transportadores.id, { onDelete: 'cascade' }),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The carrier's `nome_busca` and `busca`, copied by triggers (migration 0016), which also keep a deleted
     * carrier without memberships: a group-filtered list is read from the memberships alone.
     */
    nomeBusca: text().notNull().default(''),
    busca: text().notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.grupoId, table.transportadorId] }),
    // (transportador_id, grupo_id): a carrier's groups are read from the index alone.
    index('grupo_transportadores_transportador_idx').on(table.transportadorId, table.grupoId),
    // A group's members by name (and their count) from the index alone; migration 0017 adds INCLUDE (busca),
    // which drizzle's builder cannot say, so that a search within groups reads the index alone too.
    index('grupo_transportadores_grupo_nome_idx').on(
      table.grupoId,
      table.empresaId,
      table.nomeBusca,
      table.transportadorId,
    ),
  ],
);

/**
 * The live carriers of each company, kept by statement-level triggers on `transportadores` (migration
 * 0014): the total of an unfiltered carrier list without counting its rows (P1).
 */
export const transportadorContagens = pgTable('transportador_contagens', {
  empresaId: uuid()
    .primaryKey()
    .references(() => empresas.id, { onDelete: 'cascade' }),
  total: integer().notNull().default(0),
  /**
   * Changes whenever one of the company's groups is created, renamed, recoloured or deleted (triggers
   * on `grupos`, migration 0015): a process keeps the company's groups while it is unchanged.
   */
  gruposVersao: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * A company's carrier list version: bumped once by every transaction that changes one of its carriers,
 * their addresses or memberships (all of which rewrite the carrier's row) or one of its groups, when it
 * commits (deferred triggers, migration 0033). The stamp of the kept list pages (lib/stamped-cache.ts).
 */
export const carrierStamps = pgTable('carrier_stamps', {
  empresaId: uuid()
    .primaryKey()
    .references(() => empresas.id, { onDelete: 'cascade' }),
  versao: bigint({ mode: 'number' }).notNull().default(0),
});
