import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A tenant: an importing company identified by its CNPJ. */
export const empresas = pgTable(
  'empresas',
  {
    id: uuid().primaryKey().defaultRandom(),
    nome: text().notNull(),
    codigo: text().notNull(),
    cnpj: text(),
    razaoSocial: text(),
    email: text(),
    telefone: text(),
    endereco: text(),
    ativa: boolean().notNull().default(true),
    /** Created at onboarding from data the user typed, without an answer of the public CNPJ registry. */
    dadosNaoConfirmados: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('empresas_codigo_key').on(table.codigo),
    uniqueIndex('empresas_cnpj_key').on(table.cnpj).where(sql`${table.cnpj} is not null`),
  ],
);
