import type { DadosExtraidos } from '@cotacoes/shared';
import { INBOUND_ORIGINS } from '@cotacoes/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { transportadores } from './carriers.js';
import { empresas } from './empresas.js';
import { mailOutbox } from './outbox.js';
import { bytea, cotacaoDestinatarios, cotacoes } from './quotes.js';
import { users } from './users.js';

/** Where an inbound message came from (ADR 0015). */
export const INBOUND_SOURCES = INBOUND_ORIGINS;
export type InboundSource = (typeof INBOUND_SOURCES)[number];

/**
 * What the pipeline made of a message:
 * - `resposta`: a carrier's answer, counted as a response version;
 * - `auto_resposta`: an automatic reply (out of office …), kept in the conversation, not counted;
 * - `devolucao`: a bounce (DSN); the recipient's send state becomes 'falhou';
 * - `tardia`: an answer to a closed, cancelled, approved or deleted quote, kept and marked, not counted;
 * - `nao_identificada`: no quote or carrier found; waits in the 'Não identificadas' list;
 * - `invalida`: unreadable (malformed MIME, too large …): the raw message is kept with the reason.
 */
export const INBOUND_OUTCOMES = [
  'resposta',
  'auto_resposta',
  'devolucao',
  'tardia',
  'nao_identificada',
  'invalida',
] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/**
 * Where a stored message is in its processing (issue 29, store first):
 * - `pendente`: stored raw, not yet matched (the next step runs at once, and a sweeper retries it);
 * - `processada`: matched and applied (its `outcome` says what it became);
 * - `falhou`: processing threw; `erro` says why (pt-BR), retried with backoff until `proxima_tentativa`
 *   is null, then it waits for a desenvolvedor ('Reprocessar' or 'Descartar');
 * - `ignorada`: discarded by a desenvolvedor (raw purged, the row kept for deduplication).
 */
export const INBOUND_STATUSES = ['pendente', 'processada', 'falhou', 'ignorada'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

/** What a source said about a message beside its bytes, stored with it so that processing can run later. */
export type InboundEntrada = {
  /** SMTP RCPT TO addresses (plus-token matching). */
  envelopeTo?: string[];
  /** A user registering or assigning an answer by hand names the quote and the carrier. */
  assignedBy?: { userId: string; empresaId: string; cotacaoId: string; transportadorId: string };
  /** An answer given on the carrier portal: the quote and carrier of the portal token used (issue 35). */
  portal?: { empresaId: string; cotacaoId: string; transportadorId: string; tokenId: string };
  /** Values typed by the user: the response's figures, no extraction needed. */
  typedResult?: DadosExtraidos;
  /** The SMTP session (the client's address, HELO name, MAIL FROM), for sender verification. */
  smtp?: { remoteAddress?: string; helo?: string; mailFrom?: string };
  /** The sender verification made when the message was received (SMTP listener). */
  authentication?: SenderAuthentication;
  /**
   * When the receiving side says the message arrived (ISO): the SMTP listener's or a webhook's receipt,
   * IMAP's INTERNALDATE. What an answer's time is counted from when the sender's Date header is off.
   */
  chegouEm?: string;
  /** The remarks typed with the values (portal, 'Registrar resposta → Valores'). */
  observacoes?: string;
};

/**
 * Who really sent a message (issue 29 item 8, ADR 0023): the DKIM, SPF and DMARC results of the SMTP
 * listener's own check (`mailauth`), or those a trusted receiving server wrote in its
 * `Authentication-Results` header (IMAP, webhooks). `verificado` is the verdict: true when DMARC passed,
 * or, without a DMARC result, when an aligned DKIM signature or SPF passed for the From domain; false when
 * a check failed or nothing vouches for the From domain; null when no check was available.
 */
export type SenderAuthentication = {
  /** `mailauth`: checked by the SMTP listener; `authentication-results`: read from a trusted server. */
  metodo: 'mailauth' | 'authentication-results';
  /** The authserv-id whose header was read, or the listener's own name. */
  servidor: string | null;
  dominioRemetente: string | null;
  dkim: string | null;
  /** The domain of the DKIM signature that passed, if any. */
  dkimDominio: string | null;
  spf: string | null;
  dmarc: string | null;
  verificado: boolean | null;
  /** Why the check could not run (DNS down, unreadable header), in English for the logs. */
  erro?: string;
};

/** A quote an unmatched message may belong to (`inbound_messages.candidatas`). */
export type InboundCandidate = {
  empresaId: string;
  cotacaoId: string;
  transportadorId: string;
  codigo: string;
};

/**
 * Where an assigned message stood in 'Não identificadas' before its assignment: what 'Desfazer atribuição'
 * puts back (its outcome, reason, company, quote and a shared code's candidates).
 */
export type UnassignedState = {
  outcome: InboundOutcome;
  motivo: string | null;
  empresaId: string | null;
  cotacaoId: string | null;
  candidatas: InboundCandidate[] | null;
  /** The assigned carrier's first answer before the assignment (ISO; null: none), put back by the undo. */
  respondeuEm?: string | null;
};

/**
 * Every message that arrived, exactly once (unique key: Message-ID, else a hash of the raw bytes), stored
 * raw in the same transaction as everything the pipeline derived from it (R4, R6). `empresa_id` is null
 * while the message is not matched to a company ('Não identificadas').
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid().references(() => empresas.id, { onDelete: 'cascade' }),
    /**
     * `<message-id>` lower-cased; without one, `conteudo:<hex>`, a digest of the message's own content
     * (`contentKeyOf`, ADR 0021 addendum), or `sha256:<hex>` of the raw bytes for messages stored before it.
     */
    dedupeKey: text().notNull(),
    source: text({ enum: INBOUND_SOURCES }).notNull(),
    /** The bytes as received; null once purged (retention, 'Descartar'). */
    raw: bytea(),
    tamanho: integer().notNull(),
    status: text({ enum: INBOUND_STATUSES }).notNull().default('pendente'),
    /** Null until processed. */
    outcome: text({ enum: INBOUND_OUTCOMES }),
    /** Why the outcome is what it is (pt-BR, shown to users), e.g. the bounce's diagnostic. */
    motivo: text(),
    messageId: text(),
    fromAddress: text(),
    fromName: text(),
    subject: text(),
    /** The start of the body as one line, written once when the message is processed ('Não identificadas'). */
    previa: text(),
    sentAt: timestamp({ withTimezone: true }),
    cotacaoId: uuid().references(() => cotacoes.id, { onDelete: 'set null' }),
    destinatarioId: uuid().references(() => cotacaoDestinatarios.id, { onDelete: 'set null' }),
    /** How it was matched: token, thread, subject, manual (assigned by a user), none. */
    matchedBy: text(),
    /**
     * A message whose subject's quote code (and sender) fits quotes of several companies and that no safe
     * signal decided (ADR 0015 addendum "a quote code two companies share"): each candidate quote, so that
     * each candidate company sees it waiting in 'Não identificadas' (without its content) and can assign
     * it or dismiss its own entry. Null for any other message.
     */
    candidatas: jsonb().$type<InboundCandidate[]>(),
    /** e.g. { remetenteDesconhecido: true } when a valid token came from an address not among the recipients. */
    flags: jsonb().$type<Record<string, boolean | string>>().notNull().default({}),
    /** The user who registered it by hand or assigned it from 'Não identificadas'. */
    registradoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** An assigned message: where it stood before (null for any other; see `UnassignedState`). */
    atribuicaoAnterior: jsonb().$type<UnassignedState>(),
    /** What the source said beside the bytes (envelope, assignment, typed values): input of processing. */
    entrada: jsonb().$type<InboundEntrada>().notNull().default({}),
    /** Who really sent it (ADR 0023): the sender checks used when the message was processed; null: none. */
    autenticacao: jsonb().$type<SenderAuthentication>(),
    /** Processing attempts that failed. */
    tentativas: integer().notNull().default(0),
    /** The last processing failure, in pt-BR (never the raw message). */
    erro: text(),
    /** When the sweeper takes the message next (pendente: a grace period; falhou: the backoff). */
    proximaTentativa: timestamp({ withTimezone: true }),
    processadaEm: timestamp({ withTimezone: true }),
    /** 'Descartar': who and when (the raw message is purged at once). */
    descartadaPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    descartadaEm: timestamp({ withTimezone: true }),
    /** When the raw bytes and attachments were purged ('Descartar' or the retention job, LGPD). */
    purgadaEm: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbound_messages_dedupe_key').on(table.dedupeKey),
    // The sweeper's queue: messages waiting for (another) processing attempt.
    index('inbound_messages_due_idx')
      .on(table.proximaTentativa)
      .where(sql`${table.status} in ('pendente', 'falhou')`),
    index('inbound_messages_failed_idx').on(table.createdAt).where(sql`${table.status} = 'falhou'`),
    check(
      'inbound_messages_status_check',
      sql`${table.status} in ('pendente', 'processada', 'falhou', 'ignorada')`,
    ),
    index('inbound_messages_empresa_created_idx').on(table.empresaId, table.createdAt),
    index('inbound_messages_unmatched_idx')
      .on(table.createdAt)
      .where(sql`${table.outcome} = 'nao_identificada'`),
    index('inbound_messages_from_idx').on(table.fromAddress),
    // The retention job: messages of a quote whose raw bytes are still kept.
    index('inbound_messages_retention_idx')
      .on(table.cotacaoId)
      .where(sql`${table.purgadaEm} is null and ${table.cotacaoId} is not null`),
  ],
);

/** Attachments of a received message, downloadable by an unguessable key (company-scoped). */
export const inboundAttachments = pgTable(
  'inbound_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid().references(() => empresas.id, { onDelete: 'cascade' }),
    inboundMessageId: uuid()
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    filename: text().notNull(),
    /** From the bytes, never from the sender's claim. */
    contentType: text().notNull(),
    tamanho: integer().notNull(),
    conteudo: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbound_attachments_key_key').on(table.key),
    index('inbound_attachments_message_idx').on(table.inboundMessageId),
  ],
);

/**
 * The conversation of a quote (spec 001 "Email message", 'Histórico de Emails dos Transportadores'):
 * every message sent for it (request, revision, approval …) and every message received and matched to it.
 */
export const cotacaoMensagens = pgTable(
  'cotacao_mensagens',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    /** The carrier's thread it belongs to; null for a bcc request sent to every carrier at once. */
    transportadorId: uuid().references(() => transportadores.id),
    direction: text({ enum: ['sent', 'received'] }).notNull(),
    /**
     * pedido, revisao, aprovacao, reprovacao, comparativo, lembrete, cancelamento, encerramento, resposta,
     * auto_resposta, devolucao, tardia.
     */
    tipo: text().notNull(),
    fromAddress: text().notNull(),
    toAddresses: jsonb().$type<string[]>().notNull().default([]),
    ccAddresses: jsonb().$type<string[]>().notNull().default([]),
    bccAddresses: jsonb().$type<string[]>().notNull().default([]),
    subject: text().notNull().default(''),
    bodyText: text().notNull().default(''),
    bodyHtml: text(),
    /**
     * `body_html` made safe to show, once, when recorded (remote images as placeholders holding their
     * address); null when there is no HTML, or for a row recorded before it existed (filled on first view).
     */
    htmlSeguro: text(),
    /** Remote images in `html_seguro` (the view offers to load them). */
    imagensRemotas: integer().notNull().default(0),
    messageId: text(),
    outboxId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    inboundMessageId: uuid().references(() => inboundMessages.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cotacao_mensagens_cotacao_idx').on(table.empresaId, table.cotacaoId, table.createdAt),
    index('cotacao_mensagens_message_id_idx').on(table.messageId),
    uniqueIndex('cotacao_mensagens_inbound_key').on(table.inboundMessageId),
  ],
);

/**
 * A carrier's answer to a quote, one row per version (spec 001 "Carrier response"): the newest of a
 * recipient is `atual`; earlier ones stay listed. `dados_extraidos` is filled by the extraction job.
 */
export const respostas = pgTable(
  'respostas',
  {
    id: uuid().primaryKey().defaultRandom(),
    empresaId: uuid()
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    cotacaoId: uuid()
      .notNull()
      .references(() => cotacoes.id, { onDelete: 'cascade' }),
    destinatarioId: uuid()
      .notNull()
      .references(() => cotacaoDestinatarios.id, { onDelete: 'cascade' }),
    transportadorId: uuid()
      .notNull()
      .references(() => transportadores.id),
    inboundMessageId: uuid().references(() => inboundMessages.id, { onDelete: 'set null' }),
    mensagemId: uuid().references(() => cotacaoMensagens.id, { onDelete: 'set null' }),
    versao: integer().notNull(),
    atual: boolean().notNull().default(true),
    status: text().notNull().default('respondido'),
    /** pendente → concluida | falhou (the extraction job). */
    extracao: text({ enum: ['pendente', 'concluida', 'falhou'] })
      .notNull()
      .default('pendente'),
    extracaoErro: text(),
    /** The extraction result as stored and served (the shared schema's type; the engine's result fits it). */
    dadosExtraidos: jsonb().$type<DadosExtraidos>(),
    condicoesPagamento: text(),
    prazo: text(),
    observacoes: text(),
    /** A user registered it by hand (Outlook, WhatsApp, phone). */
    registradoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    /**
     * 'Remetente não verificado' (ADR 0023): the sender failed DKIM/SPF/DMARC, or the answer was matched by
     * the quote code alone, or came under a shared bcc token from an address that is not the carrier's.
     */
    remetenteNaoVerificado: boolean().notNull().default(false),
    /** An unverified version held back from replacing a verified current one until an analyst confirms. */
    aguardandoConfirmacao: boolean().notNull().default(false),
    remetenteConfirmadoPor: uuid().references(() => users.id, { onDelete: 'set null' }),
    remetenteConfirmadoEm: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('respostas_cotacao_idx').on(table.empresaId, table.cotacaoId, table.createdAt),
    uniqueIndex('respostas_destinatario_versao_key').on(table.destinatarioId, table.versao),
    uniqueIndex('respostas_inbound_key').on(table.inboundMessageId),
    // Dashboard (ADR 0019): the company's newest replies.
    index('respostas_empresa_created_idx').on(table.empresaId, table.createdAt),
  ],
);

/**
 * A synced mailbox (IMAP): its checkpoint and the lease that lets exactly one worker process hold it.
 */
export const mailboxState = pgTable('mailbox_state', {
  /** `imap:<user>@<host>/<folder>` */
  id: text().primaryKey(),
  uidValidity: bigint({ mode: 'number' }),
  lastUid: bigint({ mode: 'number' }).notNull().default(0),
  leaseOwner: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  lastSyncAt: timestamp({ withTimezone: true }),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
  messagesIngested: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
