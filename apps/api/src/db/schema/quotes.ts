import { QUOTE_STATUSES, type QuoteStatus } from '@cotacoes/shared/rules/quote-status';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transportadores } from './carriers.js';
import { empresas } from './empresas.js';
import { mailOutbox } from './outbox.js';
import { users } from './users.js';

/** Binary content (files, raw messages), read back as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The next quote number of a company in a year (COT-2026-0042). */
export const cotacaoSequencias = pgTable(
  'cotacao_sequencias',
  {
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    ano: integer().notNull(),
    ultimo: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.empresaId, table.ano] })],
);

/**
 * Live (not deleted) quotes per company and status, kept by a trigger on `cotacoes` in the same
 * transaction as every insert, status change and delete (migration 0006): a list's total without
 * scanning the company's quotes (P1, ADR 0012).
 */
export const cotacaoContagens = pgTable(
  'cotacao_contagens',
  {
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    total: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.empresaId, table.status] })],
);

/**
 * A company's quote list version: bumped once by every transaction that inserts, updates or deletes one
 * of its quotes, when it commits (a deferred trigger, migration 0033). The stamp of the kept list pages.
 */
export const quoteStamps = pgTable('quote_stamps', {
  empresaId: uuid()
    .primaryKey()
    .references(() => empresas.id, { onDelete: 'cascade' }),
  versao: bigint({ mode: 'number' }).notNull().default(0),
});

/** A quotation request (spec 001 §3) of one company. */
export const cotacoes = pgTable(
  'cotacoes',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    codigo: text().notNull(),
    criadoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Written only by src/quote-lifecycle (nextQuoteStatus, ADR 0015); the CHECK refuses any other value. */
    status: text().$type<QuoteStatus>().notNull().default('AGUARDANDO_RESPOSTA'),
    nomeSolicitante: text().notNull(),
    referenciaProcesso: text().notNull(),
    fti: text(),
    tipoFrete: text().notNull(),
    prazoResposta: timestamp({ withTimezone: true }).notNull(),
    metodoEnvio: text().notNull(),
    modoEnvio: text().notNull(),
    idiomaEmail: text().notNull(),
    tituloEmail: text().notNull(),
    descricaoGeral: text(),
    descricaoAdicional: text(),
    /**
     * The text of the request file (PDF or Excel format) as the extraction engine read it when the quote
     * was created, capped: what the comparison reads the containers asked from when no field names them
     * (QA pass 8). Null for the e-mail format, or a file that could not be read.
     */
    textoArquivo: text(),
    cargaPerigosa: boolean().notNull().default(false),
    origem: text(),
    destino: text(),
    incoterm: text(),
    tempoTransito: text(),
    preferenciaRota: boolean(),
    evitarRota: text(),
    evitarArmador: text(),
    pesoBrutoTotal: text(),
    valorMercadoria: text(),
    observacoes: text(),
    itens: jsonb()
      .$type<{ mercadoria: string | null; quantidadeVolumes: string | null; dimensoes: string | null }[]>()
      .notNull()
      .default([]),
    /** The groups chosen as recipients, as they were named when sending. */
    grupos: jsonb().$type<{ id: string; nome: string }[]>().notNull().default([]),
    totalDestinatarios: integer().notNull().default(0),
    respostasRecebidas: integer().notNull().default(0),
    /** Reply token of the quote (bcc mode: the one message's reply address). */
    replyToken: text().notNull(),
    /** Message-ID of the first request message: replies reference it. */
    messageId: text(),
    /** Automatic reminders for this quote (issue 35); the analyst can turn them off per quote. */
    remindersEnabled: boolean().notNull().default(true),
    /** When the requester's deadline summary was queued (once per quote). */
    deadlineSummarySentAt: timestamp({ withTimezone: true }),
    /**
     * Code, requester, process reference, FTI, origin and destination without case and accents: the list's
     * search ("Ningbo" finds the quotes from Ningbo; migration 0035).
     */
    busca: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`immutable_unaccent(lower(${cotacoes.codigo} || ' ' || ${cotacoes.nomeSolicitante} || ' ' || ${cotacoes.referenciaProcesso} || ' ' || coalesce(${cotacoes.fti}, '') || ' ' || coalesce(${cotacoes.origem}, '') || ' ' || coalesce(${cotacoes.destino}, '')))`,
      ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** DELETE /quotes/{id}: out of every list and detail; the row, recipients and replies stay (ADR 0011). */
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * When the quote reached a final status (APROVADA, FECHADA, CANCELADA); null while open. Kept by a
     * trigger on every status change (migration 0019): the retention of its raw replies counts from here.
     */
    encerradaEm: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('cotacoes_empresa_codigo_key').on(table.empresaId, table.codigo),
    uniqueIndex('cotacoes_reply_token_key').on(table.replyToken),
    check(
      'cotacoes_status_check',
      sql`${table.status} in (${sql.raw(QUOTE_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    index('cotacoes_message_id_idx').on(table.messageId),
    index('cotacoes_codigo_idx').on(table.codigo),
    // The list is newest first: one index serves every tab and status filter (a status index made the
    // planner sort whole tabs instead of walking this one).
    // Ascending on purpose: read backwards it gives `created_at desc, id desc` (drizzle's .desc() would
    // make it NULLS LAST, which an ORDER BY ... DESC cannot use).
    index('cotacoes_empresa_created_idx').on(table.empresaId, table.createdAt, table.id),
    // fastupdate off: a search never reads a pending list of recent entries (up to 4 MB) row by row;
    // quotes are written at human pace, so updating the index at once costs nothing noticeable.
    index('cotacoes_busca_trgm_idx')
      .using('gin', sql`${table.busca} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // A status's live quotes newest first: a tab's page merges one ordered range per status, with the
    // same plan whatever the statuses' sizes (ADR 0012).
    index('cotacoes_empresa_status_created_idx')
      .on(table.empresaId, table.status, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // The deadline job (ADR 0018): quotes still waiting for answers, by deadline.
    index('cotacoes_prazo_aguardando_idx')
      .on(table.prazoResposta)
      .where(sql`${table.status} = 'AGUARDANDO_RESPOSTA' AND ${table.deletedAt} is null`),
    // Deadline summaries (ADR 0026): passed deadlines not yet summarised, by deadline.
    index('cotacoes_resumo_prazo_idx')
      .on(table.prazoResposta)
      .where(sql`${table.deadlineSummarySentAt} is null AND ${table.deletedAt} is null`),
    // Dashboard (ADR 0019): a status's deadlines in order (overdue count, upcoming and passed deadlines).
    index('cotacoes_empresa_status_prazo_idx')
      .on(table.empresaId, table.status, table.prazoResposta)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** One carrier a quote was sent to: what was sent (outbox row), its reply token and when it answered. */
/** A carrier's latest message kept without counting (`cotacao_destinatarios.resposta_automatica`). */
export type SetAsideRecord = {
  mensagemId: string;
  em: string;
  tipo: 'automatica' | 'confirmacao' | 'semAnexo';
};

export const cotacaoDestinatarios = pgTable(
  'cotacao_destinatarios',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    transportadorId: uuid()
      .notNull()
      .references(() => transportadores.id),
    nome: text().notNull(),
    emails: jsonb().$type<string[]>().notNull(),
    /** ≥128-bit token in this carrier's reply address (individual mode). */
    replyToken: text().notNull(),
    outboxId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    messageId: text(),
    /** First answer (the basis of the response-time indicators). */
    respondeuEm: timestamp({ withTimezone: true }),
    /** A bounce (DSN) for this carrier: why delivery failed; the send state shows 'falhou'. */
    falhaEntrega: text(),
    falhouEm: timestamp({ withTimezone: true }),
    /**
     * The carrier's latest message the platform set aside instead of counting (an out-of-office, a receipt
     * without a quote): shown on its card with 'Contar como resposta'; cleared when counted.
     */
    respostaAutomatica: jsonb().$type<SetAsideRecord>(),
    /**
     * The quote ended (cancelled, closed or approved) before its deadline: a carrier that had not answered
     * it is not counted as sent in the indicators (it had no full chance to answer). Kept by a trigger on
     * `cotacoes.status` (migrations 0041 and 0043, ADR 0019 addenda).
     */
    encerradaNoPrazo: boolean().notNull().default(false),
    /**
     * The first answer came after the quote's deadline (as the card's "Após o prazo" says): counted apart in
     * the indicators. Kept by triggers on `respondeu_em` and on `cotacoes.prazo_resposta` (migration 0047).
     */
    respondeuAposPrazo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cotacao_destinatarios_reply_token_key').on(table.replyToken),
    uniqueIndex('cotacao_destinatarios_cotacao_transportador_key').on(table.cotacaoId, table.transportadorId),
    index('cotacao_destinatarios_transportador_idx').on(table.transportadorId),
    index('cotacao_destinatarios_message_id_idx').on(table.messageId),
    // Indicators (ADR 0019): a period's partial months read from the recipients themselves.
    index('cotacao_destinatarios_empresa_created_idx').on(table.empresaId, table.createdAt),
  ],
);

/** Files of a quote: the PDF/Excel request and the dangerous-cargo document. */
export const cotacaoAnexos = pgTable(
  'cotacao_anexos',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    tipo: text({ enum: ['arquivo', 'carga_perigosa'] }).notNull(),
    nome: text().notNull(),
    contentType: text().notNull(),
    tamanho: integer().notNull(),
    conteudo: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cotacao_anexos_cotacao_idx').on(table.cotacaoId)],
);

/**
 * POST /quotes/upload: a file sent ahead of the quote that will carry it (POST /quotes `arquivoId`).
 * Single use, owned by the user who sent it, dropped after QUOTE_UPLOAD_TTL_HOURS.
 */
export const cotacaoUploads = pgTable(
  'cotacao_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text({ enum: ['pdf', 'excel', 'doc', 'imagem'] }).notNull(),
    nome: text().notNull(),
    contentType: text().notNull(),
    tamanho: integer().notNull(),
    conteudo: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cotacao_uploads_empresa_created_idx').on(table.empresaId, table.createdAt)],
);
