import { z } from 'zod';
import { fieldMessages, formatMessage } from '../messages/index.js';
import { MAX_PAGE, queryFlag, searchQuerySchema, uuidSchema } from './common.js';
import { correctionSchema } from './decisions.js';
import { PORTAL_FEE_UNITS, PORTAL_FREIGHT_UNITS } from './portal.js';
import { ESTADOS_ENVIO } from './quotes.js';

/*
 * Carrier replies (spec 001 §3 "Carrier response", "Extracted data", "Email message", "Attachment
 * listing"): what the API answers about responses, the conversation and attachments. The extraction result
 * mirrors packages/extraction's types; objects are loose so a newer engine's extra fields pass through.
 */

const sourceRefSchema = z.looseObject({
  line: z.number(),
  text: z.string(),
  cell: z.string().optional(),
  origin: z.string(),
});

const evidenceSchema = z.looseObject({
  confidence: z.number(),
  source: sourceRefSchema.nullable(),
  method: z.string(),
});

export const freightItemSchema = z.looseObject({
  destino: z.string().nullable(),
  /** The port of loading a route line or row names (optional: absent from older results). */
  origem: z.string().optional(),
  unidade: z.string(),
  /** null once an analyst cleared it ('not informed', ADR 0018). */
  valor: z.number().nullable(),
  moeda: z.string(),
  minimo: z.number().nullable(),
  confidence: z.number(),
  source: sourceRefSchema,
});

export const feeItemSchema = z.looseObject({
  nome: z.string(),
  rotulo: z.string(),
  destino: z.string().nullable(),
  unidade: z.string(),
  /** null once an analyst cleared it ('not informed', ADR 0018). */
  valor: z.number().nullable(),
  moeda: z.string(),
  /** 'origem': a charge of the port of loading ("Origin THC"); the comparison names its THC 'THC ORIGEM'. */
  lado: z.literal('origem').optional(),
  confidence: z.number(),
  source: sourceRefSchema,
});

/** `final` of an extraction (spec 001 "Extraction result" + "Extracted data"). */
export const extractionFinalSchema = z.looseObject({
  transportador: z.string().nullable(),
  armador: z.string().nullable(),
  modal: z.string().nullable(),
  moeda: z.string().nullable(),
  incoterm: z.string().nullable(),
  origem: z.string().nullable(),
  portoOrigem: z.string().nullable(),
  porto_destino: z.array(
    z.looseObject({ nome: z.string(), codigo: z.string().nullable(), pais: z.string().nullable() }),
  ),
  destinos: z.array(
    z.looseObject({
      nome: z.string(),
      valorFreteUSD: z.number().nullable(),
      valorFreteBRL: z.number().nullable(),
      /** Per-port days and the line each was read from (issue 30, QA pass 4). */
      transit_time_dias: z.number().nullable().optional(),
      free_time_dias: z.number().nullable().optional(),
      transit_source: sourceRefSchema.optional(),
      free_source: sourceRefSchema.optional(),
      /** Its own validity (ISO date) when the reply gives one per port, and its line (QA pass 41c). */
      validade: z.string().optional(),
      validade_source: sourceRefSchema.optional(),
    }),
  ),
  /** Each port of loading's transit when the reply prices several and says each (QA pass 37). */
  origens: z
    .array(
      z.looseObject({
        nome: z.string(),
        transit_time_dias: z.number(),
        transit_source: sourceRefSchema.optional(),
      }),
    )
    .optional(),
  portoTransbordo: z.string().nullable(),
  rota: z.string().nullable(),
  transit_time_dias: z.number().nullable(),
  transit_time_min_dias: z.number().nullable(),
  transit_time_max_dias: z.number().nullable(),
  free_time_destino_dias: z.number().nullable(),
  /** 'combinado': that free time is of demurrage and detention together; absent from older extractions. */
  free_time_tipo: z.enum(['combinado']).optional(),
  /** Chargeable weight in kg the forwarder stated (QA pass 6); absent from extractions stored before it. */
  peso_taxavel_kg: z.number().nullable().optional(),
  validadeProposta: z.string().nullable(),
  frete: z.looseObject({ tipo: z.string(), valor: z.number(), moeda: z.string() }).nullable(),
  fretes: z.array(freightItemSchema),
  preco_por_container_20: z.number().nullable(),
  preco_por_container_40: z.number().nullable(),
  preco_por_kg: z.number().nullable(),
  preco_por_m3: z.number().nullable(),
  preco_minimo: z.number().nullable(),
  tipoContainer: z.string().nullable(),
  quantidadeContainer: z.number().nullable(),
  volumeCarga: z.string().nullable(),
  condicoesPagamento: z.string().nullable(),
  taxas: z.looseObject({ itens: z.array(feeItemSchema) }),
  confidence_overall: z.number(),
  evidence: z.record(z.string(), evidenceSchema),
  reason: z.string().nullable(),
  /** The line where a revision says the rest of the previous offer still applies ("Demais condições sem alteração"). */
  condicoesMantidas: sourceRefSchema.optional(),
  /** What was read from quoted text is the carrier's own earlier offer, quoted below "demais condições mantidas". */
  ofertaAnteriorCitada: z.literal(true).optional(),
});
export type ExtractionFinal = z.infer<typeof extractionFinalSchema>;

export const extractionDetectSchema = z.looseObject({
  source: z.string(),
  fileKind: z.string(),
  language: z.string(),
  modal: z.string().nullable(),
  numberFormat: z.string(),
  currencies: z.array(z.string()),
  messageDate: z.string().nullable(),
  dateOrder: z.string(),
  confidence: z.looseObject({ source: z.number(), language: z.number(), modal: z.number() }),
  reasons: z.array(z.string()),
});

export const extractionBlockSchema = z.looseObject({
  kind: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  title: z.string().nullable(),
  origin: z.string(),
  lines: z.array(z.string()),
});

/** `{final, detect, blocks}`: the answer of POST /quotes/extract and a response's `dadosExtraidos`. */
export const extractionResultSchema = z.object({
  final: extractionFinalSchema,
  detect: extractionDetectSchema,
  blocks: z.array(extractionBlockSchema),
});
export type ExtractionResultData = z.infer<typeof extractionResultSchema>;

/** Where a response's figures were read: the message body or one attachment, with its own result. */
export const extractionSourceSchema = z.object({
  origem: z.string(),
  confidence: z.number(),
  escolhida: z.boolean(),
  motivo: z.string().nullable(),
});

/** A response's `dadosExtraidos`: the chosen result plus what each part of the message gave. */
export const dadosExtraidosSchema = extractionResultSchema.extend({
  fontes: z.array(extractionSourceSchema),
});
export type DadosExtraidos = z.infer<typeof dadosExtraidosSchema>;

export const RESPONSE_STATUSES = [
  'pendente',
  'respondido',
  'revisao_solicitada',
  'aprovado',
  'reprovado',
  'cancelado',
] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const EXTRACTION_STATES = ['pendente', 'concluida', 'falhou'] as const;
export type ExtractionState = (typeof EXTRACTION_STATES)[number];

export const INBOUND_ORIGINS = [
  'imap',
  'smtp',
  'local',
  'manual',
  'teste',
  'portal',
  // Issue 34: connected mailboxes and provider inbound webhooks.
  'gmail',
  'microsoft',
  'mailgun',
  'sendgrid',
  'postmark',
] as const;
export type InboundOrigin = (typeof INBOUND_ORIGINS)[number];

/** One version of a carrier's answer. */
export const responseVersionSchema = z.object({
  id: z.string(),
  versao: z.number(),
  status: z.string(),
  createdAt: z.string(),
  extracao: z.enum(EXTRACTION_STATES),
  extracaoErro: z.string().nullable(),
  dadosExtraidos: dadosExtraidosSchema.nullable(),
  condicoesPagamento: z.string().nullable(),
  prazo: z.string().nullable(),
  observacoes: z.string().nullable(),
  /** The conversation message it came from (the 'ver mensagem' link). */
  mensagemId: z.string().nullable(),
  origem: z.enum(INBOUND_ORIGINS).nullable(),
  /**
   * Display name of the user who registered the answer by hand or assigned the message to this carrier
   * (null for mail matched by the pipeline, or when that user was deleted).
   */
  registradoPor: z.string().nullable(),
  /**
   * A received message a user assigned to this carrier from 'Não identificadas' (not registered by hand):
   * while it is the carrier's latest version and the quote still waits, 'Desfazer atribuição' takes it back
   * (POST /quotes/{id}/respostas/{respostaId}/desfazer-atribuicao).
   */
  atribuida: z.boolean().optional(),
  /** e.g. remetenteDesconhecido: accepted by its token from an address not among the carrier's. */
  flags: z.record(z.string(), z.union([z.boolean(), z.string()])),
  /**
   * The analyst's corrections of this version, oldest first; `dadosExtraidos.final` already has them
   * applied (the latest of a field wins). Kept apart from the extraction, which a re-run rewrites.
   */
  correcoes: z.array(correctionSchema),
  /**
   * 'Remetente não verificado' (ADR 0023): the sender failed DKIM/SPF/DMARC, or the answer was matched by
   * the quote code alone, or by the shared bcc token from an address that is not the carrier's; `flags`
   * has the reason (`remetenteNaoVerificado`). Until an analyst confirms it, such a version does not
   * replace a verified current one: it waits beside it (`aguardandoConfirmacao`, listed in `versoes`).
   */
  remetenteNaoVerificado: z.boolean().optional(),
  aguardandoConfirmacao: z.boolean().optional(),
  /** The analyst who confirmed the sender (display name), and when. */
  remetenteConfirmadoPor: z.string().nullable().optional(),
  remetenteConfirmadoEm: z.string().nullable().optional(),
});
export type ResponseVersion = z.infer<typeof responseVersionSchema>;

/**
 * The current version of an answer as the list gives it: every field of a version but its extraction,
 * which is the entry's own `dadosExtraidos` (the spec field), so that it is sent once.
 */
export const currentVersionSchema = responseVersionSchema.omit({ dadosExtraidos: true });
export type CurrentVersion = z.infer<typeof currentVersionSchema>;

/**
 * GET /quotes/{id}/respostas (and /responses): one entry per recipient. `status` is 'pendente' until a
 * reply; the current version's fields sit at the top level (spec fields) and in `atual` (its extraction
 * only at the top level), earlier versions in `versoes`, newest first. `versionsOfEntry` gives them all.
 * Each `dadosExtraidos` comes with only the options' `blocks` ('alternative', 'alternative_discarded': a
 * reply offering several, which one was read): the engine's cut of the message is stored but not listed
 * (it was most of the answer's size; the message itself is in the conversation).
 */
export const responseEntrySchema = z.object({
  id: z.string(),
  transportadorId: z.string(),
  transportador: z.object({ nome: z.string(), email: z.string() }),
  status: z.string(),
  condicoesPagamento: z.string().nullable(),
  createdAt: z.string().nullable(),
  prazo: z.string().nullable(),
  observacoes: z.string().nullable(),
  dadosExtraidos: dadosExtraidosSchema.nullable(),
  versao: z.number().nullable(),
  /** The current version; its extraction is `dadosExtraidos` above. */
  atual: currentVersionSchema.nullable(),
  /** The earlier versions, newest first (the current one is not repeated here). */
  versoes: z.array(responseVersionSchema),
  estadoEnvio: z.enum(ESTADOS_ENVIO),
  enviadoEm: z.string().nullable(),
  respondeuEm: z.string().nullable(),
  falhaEntrega: z.string().nullable(),
  /** Whole minutes from sending to the first answer (not in the spec; issue 30: hours were too coarse). */
  tempoRespostaMinutos: z.number().int().nullable(),
  /**
   * The carrier's latest message the platform set aside instead of counting, when no answer came after it
   * (not in the spec): an out-of-office ('automatica') or a receipt without a quote ('confirmacao'). The
   * card offers 'Contar como resposta' (POST …/mensagens/{mensagemId}/contar-como-resposta).
   */
  respostaAutomatica: z
    .object({
      mensagemId: z.string(),
      recebidaEm: z.string(),
      tipo: z.enum(['automatica', 'confirmacao', 'semAnexo']),
    })
    .nullable()
    .optional(),
  /**
   * The carrier's latest message that came after the quote ended (approved, closed, cancelled): kept in the
   * conversation, not counted (not in the spec; QA pass 39: the card said "Sem resposta" beside it).
   */
  respostaTardia: z.object({ mensagemId: z.string(), recebidaEm: z.string() }).nullable().optional(),
});
export type ResponseEntry = z.infer<typeof responseEntrySchema>;

/** Every version of an answer, newest (the current one, with its extraction) first. */
export function versionsOfEntry(
  entry: Pick<ResponseEntry, 'atual' | 'versoes' | 'dadosExtraidos'>,
): ResponseVersion[] {
  return entry.atual
    ? [{ ...entry.atual, dadosExtraidos: entry.dadosExtraidos }, ...entry.versoes]
    : [...entry.versoes];
}

/**
 * 'Desfazer atribuição' of version `versionId` of an answer (the API's `undoAssignment` rule): possible only
 * for a version assigned from 'Não identificadas' that is the carrier's newest; answers the version current
 * after it — the current one when the undone version is an older mail filed beside it, else the newest
 * remaining that is not held back — or null (no answer left). Undefined when it cannot be undone.
 */
export function assignmentUndo(
  entry: Pick<ResponseEntry, 'atual' | 'versoes' | 'dadosExtraidos'>,
  versionId: string,
): { currentAfter: ResponseVersion | null } | undefined {
  const versions = versionsOfEntry(entry);
  const version = versions.find((item) => item.id === versionId);
  const newest = Math.max(...versions.map((item) => item.versao));
  if (!version?.atribuida || version.versao !== newest) return undefined;
  const rest = versions.filter((item) => item.id !== versionId);
  if (entry.atual && entry.atual.id !== versionId)
    return { currentAfter: rest.find((item) => item.id === entry.atual!.id) ?? null };
  const kept = rest.filter((item) => !item.aguardandoConfirmacao).sort((a, b) => b.versao - a.versao);
  return { currentAfter: kept[0] ?? null };
}

export const responsesListSchema = z.object({ data: z.array(responseEntrySchema) });
export type ResponsesList = z.infer<typeof responsesListSchema>;

export const MESSAGE_DIRECTIONS = ['sent', 'received'] as const;

/** Spec 001 "Email message", plus the thread it belongs to. */
export const emailMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  bodyText: z.string(),
  /** Sanitised on the server (scripts, handlers and remote images removed unless asked). */
  bodyHtml: z.string().nullable(),
  createdAt: z.string(),
  messageId: z.string().nullable(),
  transportadorId: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  tipo: z.string(),
  anexos: z.number(),
  /** pt-BR note on what the message is (auto-reply, bounce, late answer…), or null. */
  marcacao: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

/** Spec 001 §9: the conversation loads 100 messages at a time. */
export const CONVERSATION_PAGE_SIZE = 100;

export const conversationQuerySchema = z.object({
  page: z.coerce
    .number({ error: fieldMessages.pageInvalid })
    .int(fieldMessages.pageInvalid)
    .min(1, fieldMessages.pageInvalid)
    .max(100_000, fieldMessages.pageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: fieldMessages.limitInvalid })
    .int(fieldMessages.limitInvalid)
    .min(1, fieldMessages.limitInvalid)
    .max(CONVERSATION_PAGE_SIZE, formatMessage(fieldMessages.limitMax, { max: CONVERSATION_PAGE_SIZE }))
    .default(CONVERSATION_PAGE_SIZE),
  /** `1`: remote images are kept (the user asked for them); blocked otherwise (S10). */
  imagens: z.enum(['0', '1']).optional(),
});

export const conversationSchema = z.object({
  items: z.array(emailMessageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * GET /imap/attachments/{messageId} (spec 001 "Attachment listing", IMAP route); `key` downloads the file
 * with GET /attachments/{key}.
 */
const attachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  key: z.string(),
  size: z.number(),
});
export const attachmentListSchema = z.object({
  attachments: z.array(attachmentSchema),
  /**
   * A received message as it arrived (.eml), while its bytes are kept: every attachment is in it, also
   * those not stored apart (above 50 per message or 20 MB each; QA pass 40b could not reach 150 of 200).
   */
  original: attachmentSchema.optional(),
});
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/** POST /quotes/{id}/respostas-teste (desenvolvedor): a response from pasted text. */
export const testResponseBodySchema = z.strictObject({
  transportadorId: uuidSchema.optional(),
  texto: z
    .string({ error: fieldMessages.extractTextRequired })
    .trim()
    .min(1, fieldMessages.extractTextRequired)
    .max(2_000_000),
});

/** A port named on a typed price or charge: one of the quote's when it names several (the service checks). */
const typedPort = z
  .string()
  .trim()
  .max(120)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The values an analyst types when registering an answer received by phone or WhatsApp. `fretes` are the
 * portal form's rows (a container type, per kg, per m³ or per W/M, with a minimum and a port: QA pass 21
 * could not register an LCL price, and a phone answer pricing two ports apart was one price); `frete20` /
 * `frete40` are the earlier form's two fields, still read (20DC and 40HC).
 */
export const typedValuesSchema = z.strictObject({
  moeda: z.enum(['USD', 'BRL', 'EUR']).default('USD'),
  frete20: z.number().nonnegative().max(10_000_000).nullish(),
  frete40: z.number().nonnegative().max(10_000_000).nullish(),
  fretes: z
    .array(
      z.strictObject({
        unidade: z.enum(PORTAL_FREIGHT_UNITS),
        valor: z.number().positive().max(10_000_000),
        moeda: z.enum(['USD', 'BRL', 'EUR']),
        /** The least charged for a price per kg, m³ or W/M, in the price's currency. */
        minimo: z.number().positive().max(10_000_000).nullish(),
        destino: typedPort,
      }),
    )
    .max(20)
    .refine(
      (rows) =>
        new Set(rows.map((row) => `${row.destino ?? ''}:${row.unidade}:${row.moeda}`)).size === rows.length,
      fieldMessages.typedFreightDuplicate,
    )
    .default([]),
  taxas: z
    .array(
      z.strictObject({
        nome: z.string().trim().min(1).max(100),
        valor: z.number().nonnegative().max(10_000_000),
        moeda: z.enum(['USD', 'BRL', 'EUR']),
        /** Per container, BL, shipment, kg or m³ (the portal's bases); absent: the usual one for the name. */
        unidade: z.enum(PORTAL_FEE_UNITS).optional(),
        /** The least charged for a charge per kg, m³ or W/M, in its currency (0: none). */
        minimo: z.number().nonnegative().max(10_000_000).nullish(),
        /** The port it is for when the quote names several; null: every port. */
        destino: typedPort,
      }),
    )
    .max(50)
    .default([]),
  transitTimeDias: z.number().int().min(0).max(365).nullish(),
  freeTimeDias: z.number().int().min(0).max(365).nullish(),
  validade: z.iso.date().nullish(),
  observacoes: z.string().trim().max(5000).nullish(),
});
export type TypedValues = z.infer<typeof typedValuesSchema>;

/** A message that matched no quote, for the 'Não identificadas' list. */
export const unmatchedMessageSchema = z.object({
  id: z.string(),
  from: z.string().nullable(),
  fromName: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  source: z.enum(INBOUND_ORIGINS),
  preview: z.string(),
  anexos: z.number(),
  motivo: z.string().nullable(),
  /**
   * Quotes to assign it to: those sent to the sender (with its carrier), the quote it was identified with,
   * and the candidate quotes of a code several companies share (for a desenvolvedor, each with its company).
   */
  sugestoes: z.array(
    z.object({
      cotacaoId: z.string(),
      codigo: z.string(),
      transportadorId: z.string().nullable(),
      /** The quote's company, when it is not the caller's (a desenvolvedor's candidates of a shared code). */
      empresaNome: z.string().optional(),
      /** Its process reference and route ('PO-4471 · Shanghai → Santos'), for a quote sent to the sender. */
      descricao: z.string().optional(),
    }),
  ),
  /**
   * A message about a quote code this forwarder received from several companies, shown to one of them: its
   * subject, preview and attachments stay hidden until the company assigns it (not in the spec).
   */
  conteudoRestrito: z.boolean().optional(),
  /** A dismissed message ('Dispensadas', `dispensadas=true`): when it was dismissed (ISO). */
  dispensadaEm: z.string().optional(),
  /** Who dismissed it (their name); null when that user is gone. Only with `dispensadaEm`. */
  dispensadaPor: z.string().nullable().optional(),
});
export type UnmatchedMessage = z.infer<typeof unmatchedMessageSchema>;

/** 'Não identificadas' loads this many messages at a time ('Carregar mais' asks for the next page). */
export const UNMATCHED_PAGE_SIZE = 50;
const UNMATCHED_MAX_PAGE_SIZE = 100;

/**
 * GET /inbound/unmatched: newest first, a page at a time; `search` finds sender (address or name) or subject.
 * `dispensadas=true`: the dismissed ones instead ('Dispensadas', to restore one), newest dismissal first.
 */
export const unmatchedQuerySchema = z.object({
  page: z.coerce
    .number({ error: fieldMessages.pageInvalid })
    .int(fieldMessages.pageInvalid)
    .min(1, fieldMessages.pageInvalid)
    .max(MAX_PAGE, formatMessage(fieldMessages.pageMax, { max: MAX_PAGE }))
    .default(1),
  pageSize: z.coerce
    .number({ error: fieldMessages.limitInvalid })
    .int(fieldMessages.limitInvalid)
    .min(1, fieldMessages.limitInvalid)
    .max(UNMATCHED_MAX_PAGE_SIZE, formatMessage(fieldMessages.limitMax, { max: UNMATCHED_MAX_PAGE_SIZE }))
    .default(UNMATCHED_PAGE_SIZE),
  search: searchQuerySchema,
  dispensadas: queryFlag(),
});
export type UnmatchedQuery = z.infer<typeof unmatchedQuerySchema>;

/** One page of 'Não identificadas'; `total` counts every message the caller may see (with `search`, those found). */
export const unmatchedListSchema = z.object({
  data: z.array(unmatchedMessageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UnmatchedList = z.infer<typeof unmatchedListSchema>;

export const assignMessageBodySchema = z.strictObject({
  cotacaoId: uuidSchema,
  transportadorId: uuidSchema,
});

/** The kinds of inbound source the status view lists (issue 34 §4). */
export const INBOUND_SOURCE_KINDS = [
  'imap',
  'smtp',
  'gmail',
  'microsoft',
  'mailgun',
  'sendgrid',
  'postmark',
] as const;
export type InboundSourceKind = (typeof INBOUND_SOURCE_KINDS)[number];

/**
 * One row of the status view: a mailbox, the SMTP listener or a webhook. `state`: 'ok' (working),
 * 'erro' (the last attempt failed; `lastError` says why in pt-BR), 'reconectar' (the provider refused the
 * stored authorization: a desenvolvedor must connect again), 'inativo' (configured but not running here).
 */
export const inboundSourceStatusSchema = z.object({
  /** Stable id, used by POST /inbound/sources/{id}/sync (e.g. `imap:user@host/INBOX`, `gmail:<uuid>`, `webhook:mailgun`). */
  id: z.string(),
  kind: z.enum(INBOUND_SOURCE_KINDS),
  /** What the desenvolvedor recognises: the mailbox address, the listener port, the provider name. */
  label: z.string(),
  state: z.enum(['ok', 'erro', 'reconectar', 'inativo']),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** When the last error happened (ISO): the screen says it beside the error (QA pass 25). */
  lastErrorAt: z.string().nullable(),
  /** Messages this source stored (inbound_messages rows with its source). */
  received: z.number(),
  /** Whether 'Sincronizar agora' applies (mailboxes that are polled). */
  canSync: z.boolean(),
});
export type InboundSourceStatus = z.infer<typeof inboundSourceStatusSchema>;

/** POST /inbound/sources/{id}/sync: the row's id (URL-encoded: it may hold '/', '@' and ':'). */
export const inboundSourceParamsSchema = z.object({
  id: z.string().min(1, 'Informe a fonte.').max(300, 'Identificador de fonte longo demais.'),
});

/** State of the inbound sources, for a desenvolvedor. */
export const inboundStatusSchema = z.object({
  imap: z
    .object({
      mailbox: z.string(),
      lastSyncAt: z.string().nullable(),
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
      leaseOwner: z.string().nullable(),
      messagesIngested: z.number(),
    })
    .nullable(),
  smtp: z.object({ port: z.number() }).nullable(),
  localMode: z.boolean(),
  naoIdentificadas: z.number(),
  /** Messages whose processing failed (issue 29): listed by GET /inbound/failed. */
  comFalha: z.number(),
  /** Every inbound source, one row each (issue 34 §4): Configurações → 'Fontes de e-mail'. */
  sources: z.array(inboundSourceStatusSchema),
});
export type InboundStatus = z.infer<typeof inboundStatusSchema>;

/**
 * GET /inbound/health: the mailboxes that stopped bringing replies, for every signed-in user (QA pass 41b:
 * only a desenvolvedor saw it, in Configurações, while analysts waited for replies that were not read).
 * Shared by every company (one reply address, ADR 0010). Empty when every mailbox reads.
 */
export const inboundHealthSchema = z.object({
  falhas: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(INBOUND_SOURCE_KINDS),
      /** The mailbox address (IMAP: user@host/folder). */
      fonte: z.string(),
      /** 'erro': retried by itself; 'reconectar': waits for a desenvolvedor to connect it again. */
      estado: z.enum(['erro', 'reconectar']),
      /** The last successful read (ISO); null when it never read. */
      ultimaLeitura: z.string().nullable(),
    }),
  ),
});
export type InboundHealth = z.infer<typeof inboundHealthSchema>;

/** Where a stored message is in its processing (issue 29, store first). */
export const INBOUND_PROCESSING_STATUSES = ['pendente', 'processada', 'falhou', 'ignorada'] as const;

/** A message stored but not processed: failed, or still waiting (desenvolvedor; metadata only). */
export const failedMessageSchema = z.object({
  id: z.string(),
  status: z.enum(INBOUND_PROCESSING_STATUSES),
  source: z.enum(INBOUND_ORIGINS),
  from: z.string().nullable(),
  fromName: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  tamanho: z.number(),
  tentativas: z.number(),
  erro: z.string().nullable(),
  /** When the next automatic attempt runs; null once attempts are over (it waits for 'Reprocessar'). */
  proximaTentativa: z.string().nullable(),
});
export type FailedMessage = z.infer<typeof failedMessageSchema>;

export const failedListSchema = z.object({ data: z.array(failedMessageSchema), total: z.number() });

/** The answer of 'Reprocessar': what the message became. */
export const reprocessResultSchema = z.object({
  message: z.string(),
  status: z.enum(INBOUND_PROCESSING_STATUSES),
  outcome: z.string().nullable(),
  erro: z.string().nullable(),
});
