import { z } from 'zod';
import { errorMessages } from '../messages/errors.js';
import { fieldMessages } from '../messages/index.js';
import { MANUAL_FINAL_STATUSES, QUOTE_STATUSES } from '../rules/quote-status.js';
import {
  maxCharsMessage,
  pageQueryParamsWithDefaults,
  queryFlag,
  searchQuerySchema,
  uuidSchema,
} from './common.js';

/** Tab 'Cotações Enviadas' holds the waiting statuses; 'Cotações Finalizadas' the final ones. */
export const QUOTE_TABS = ['enviadas', 'finalizadas'] as const;

export const TIPOS_FRETE = ['FCL', 'LCL', 'AÉREO', 'RODOVIÁRIO'] as const;
export type TipoFrete = (typeof TIPOS_FRETE)[number];
export const INCOTERMS = [
  'EXW',
  'FCA',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
] as const;
export const METODOS_ENVIO = ['EMAIL', 'PDF', 'EXCEL'] as const;
export type MetodoEnvio = (typeof METODOS_ENVIO)[number];
export const MODOS_ENVIO = ['bcc', 'individual'] as const;
export const IDIOMAS_EMAIL = ['pt', 'en'] as const;
/** Send state of the request to one carrier. */
export const ESTADOS_ENVIO = ['pendente', 'enviado', 'falhou'] as const;

/** Default response deadline (spec 001 §9). */
export const DEFAULT_PRAZO_DIAS = 7;
export const QUOTE_PAGE_SIZE = 10;
/** Largest upload of a quote (the PDF/Excel request or the dangerous-cargo document). */
export const MAX_QUOTE_UPLOAD_BYTES = 10 * 1024 * 1024;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxCharsMessage(max))
    .nullish()
    .transform((value) => value || null);
const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxCharsMessage(max));
const uuid = uuidSchema;

export const cargoItemSchema = z.strictObject({
  mercadoria: text(300),
  quantidadeVolumes: text(60),
  dimensoes: text(200),
});
export type CargoItem = z.infer<typeof cargoItemSchema>;
/** A cargo item as answered (response schemas carry no transforms). */
const cargoItemOutputSchema = z.object({
  mercadoria: z.string().nullable(),
  quantidadeVolumes: z.string().nullable(),
  dimensoes: z.string().nullable(),
});

/**
 * The creation payload (spec 001 §3) plus the manual format's content fields (§2). Wire names verbatim.
 * `descricaoGeral` is the e-mail body the user edited in the preview; `tituloEmail` its subject.
 */
export const createQuoteBodySchema = z.strictObject({
  nomeSolicitante: required(errorMessages.QUOTE_SOLICITANTE_REQUIRED),
  referenciaProcesso: required(errorMessages.QUOTE_REFERENCIA_REQUIRED),
  tipoFrete: z.enum(TIPOS_FRETE, { error: errorMessages.QUOTE_TIPO_FRETE_REQUIRED }),
  /** ISO date-time; absent → 7 days from now; never in the past. */
  prazoResposta: z.iso.datetime({ offset: true, error: errorMessages.QUOTE_PRAZO_INVALID }).nullish(),
  fti: text(60),
  metodoEnvio: z.enum(METODOS_ENVIO, { error: fieldMessages.quoteFormatInvalid }).default('EMAIL'),
  descricaoGeral: text(20_000),
  descricaoAdicional: text(5_000),
  idiomaEmail: z.enum(IDIOMAS_EMAIL, { error: fieldMessages.quoteLanguageInvalid }).default('pt'),
  tituloEmail: text(200),
  modoEnvio: z.enum(MODOS_ENVIO, { error: fieldMessages.quoteSendModeInvalid }).default('bcc'),
  destinatarios: z.strictObject({
    transportadores: z.array(uuid).max(10_000).default([]),
    grupos: z.array(uuid).max(500).default([]),
  }),
  cargaPerigosa: z.boolean().default(false),
  // Manual format content
  origem: text(200),
  destino: text(200),
  incoterm: z.enum(INCOTERMS, { error: fieldMessages.incotermInvalid }).nullish(),
  tempoTransito: text(100),
  preferenciaRota: z.boolean().nullish(),
  evitarRota: text(200),
  evitarArmador: text(200),
  pesoBrutoTotal: text(60),
  valorMercadoria: text(60),
  observacoes: text(5_000),
  itens: z.array(cargoItemSchema).max(200).default([]),
  /** PDF/Excel formats over JSON: files sent before by POST /quotes/upload. */
  arquivoId: uuid.nullish(),
  arquivoCargaPerigosaId: uuid.nullish(),
});
export type CreateQuoteBody = z.infer<typeof createQuoteBodySchema>;

export const listQuotesQuerySchema = z.object({
  ...pageQueryParamsWithDefaults(100, QUOTE_PAGE_SIZE),
  search: searchQuerySchema,
  status: z.enum(QUOTE_STATUSES, { error: fieldMessages.statusInvalid }).optional(),
  tab: z.enum(QUOTE_TABS, { error: fieldMessages.tabInvalid }).optional(),
  /**
   * `vencidas=true`: only quotes whose answer deadline has passed (the dashboard's 'Vencidas - Aguardando
   * Aprovação' card opens the list so).
   */
  vencidas: queryFlag(),
});
export type ListQuotesQuery = z.infer<typeof listQuotesQuerySchema>;

/** Quote (spec 001 §3) as listed. */
export const quoteSummarySchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nomeSolicitante: z.string(),
  referenciaProcesso: z.string(),
  fti: z.string().nullable(),
  tipoFrete: z.string(),
  status: z.enum(QUOTE_STATUSES),
  prazoResposta: z.string(),
  dataCriacao: z.string(),
  contadorRespostas: z.object({ respondidas: z.number(), total: z.number() }),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListResponseSchema = z.object({
  data: z.array(quoteSummarySchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});

export const quoteRecipientSchema = z.object({
  transportadorId: z.string(),
  nome: z.string(),
  emails: z.array(z.string()),
  estadoEnvio: z.enum(ESTADOS_ENVIO),
  enviadoEm: z.string().nullable(),
  respondeuEm: z.string().nullable(),
  /** Why delivery failed (a bounce), when it did. */
  falhaEntrega: z.string().nullable(),
});
export type QuoteRecipient = z.infer<typeof quoteRecipientSchema>;

/** The approval of a quote, shown in the detail's info block and on the approval screen. */
export const approvalInfoSchema = z.object({
  respostaId: z.string(),
  transportadorId: z.string(),
  /** The approved carrier's name (spec 001 §2: "when APROVADA, the approved carrier name"). */
  transportadorNome: z.string(),
  destino: z.string().nullable(),
  aprovadoEm: z.string(),
  /** The user's display name. */
  aprovadoPor: z.string().nullable(),
});
export type ApprovalInfo = z.infer<typeof approvalInfoSchema>;

/** Who cancelled a quote and when (its 'cotacao.cancelamento' audit row), shown in the detail's info block. */
export const cancellationInfoSchema = z.object({
  canceladoEm: z.string(),
  /** The user's display name; null when the user is gone. */
  canceladoPor: z.string().nullable(),
});
export type CancellationInfo = z.infer<typeof cancellationInfoSchema>;

/** Who closed a quote ('Encerrar', FECHADA) and when (its 'cotacao.encerramento' audit row). */
export const closingInfoSchema = z.object({
  encerradoEm: z.string(),
  /** The user's display name; null when the user is gone. */
  encerradoPor: z.string().nullable(),
});
export type ClosingInfo = z.infer<typeof closingInfoSchema>;

/** The detail: the summary, what was asked and to whom it was sent, and the approval. */
export const quoteDetailSchema = quoteSummarySchema.extend({
  metodoEnvio: z.enum(METODOS_ENVIO),
  modoEnvio: z.enum(MODOS_ENVIO),
  idiomaEmail: z.enum(IDIOMAS_EMAIL),
  tituloEmail: z.string(),
  descricaoGeral: z.string().nullable(),
  descricaoAdicional: z.string().nullable(),
  cargaPerigosa: z.boolean(),
  origem: z.string().nullable(),
  destino: z.string().nullable(),
  incoterm: z.string().nullable(),
  tempoTransito: z.string().nullable(),
  preferenciaRota: z.boolean().nullable(),
  evitarRota: z.string().nullable(),
  evitarArmador: z.string().nullable(),
  pesoBrutoTotal: z.string().nullable(),
  valorMercadoria: z.string().nullable(),
  observacoes: z.string().nullable(),
  itens: z.array(cargoItemOutputSchema),
  grupos: z.array(z.object({ id: z.string(), nome: z.string() })),
  anexos: z.array(
    z.object({ tipo: z.enum(['arquivo', 'carga_perigosa']), nome: z.string(), tamanho: z.number() }),
  ),
  destinatarios: z.array(quoteRecipientSchema),
  /**
   * A PDF/Excel request: the containers the comparison reads from its file ('2 x 40HC + 1 x 20DV'), [] when
   * the file names none, null while it is being read or could not be (QA pass 8). Absent for the e-mail
   * format.
   */
  conteineresDoArquivo: z
    .array(z.object({ tipo: z.string(), quantidade: z.number() }))
    .nullable()
    .optional(),
  /** Who approved which carrier's answer (spec 001 §2: the approved carrier shown when APROVADA). */
  aprovacao: approvalInfoSchema.nullable(),
  /** Beyond the spec: when CANCELADA, who cancelled it and when (null: not cancelled, or no record of it). */
  cancelamento: cancellationInfoSchema.nullable().optional(),
  /** Beyond the spec: when FECHADA, who closed it and when (null: not closed, or no record of it). */
  encerramento: closingInfoSchema.nullable().optional(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/**
 * PATCH /quotes/{id} (spec 001 §7, payload "not shown"): the bookkeeping fields of a quote still waiting
 * for answers, its deadline, or closing/cancelling it. What was e-mailed to carriers is not re-sent.
 */
export const updateQuoteBodySchema = z
  .strictObject({
    nomeSolicitante: required(errorMessages.QUOTE_SOLICITANTE_REQUIRED).optional(),
    referenciaProcesso: required(errorMessages.QUOTE_REFERENCIA_REQUIRED).optional(),
    /** null or '' clears it; absent leaves it. */
    fti: z
      .string()
      .trim()
      .max(60, maxCharsMessage(60))
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    prazoResposta: z.iso.datetime({ offset: true, error: errorMessages.QUOTE_PRAZO_INVALID }).optional(),
    status: z.enum(MANUAL_FINAL_STATUSES, { error: fieldMessages.quoteManualStatusInvalid }).optional(),
    /**
     * E-mail the change to the carriers, each in its thread: with a new `prazoResposta`, to the ones that
     * have not answered ('prorrogar'); with `status` FECHADA/CANCELADA, to every one whose delivery did not
     * fail (ADR 0026 addenda). One of the two, not both.
     */
    avisarTransportadores: z.boolean({ error: fieldMessages.flagInvalid }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: fieldMessages.nothingToUpdate,
  })
  .refine(
    (body) => !body.avisarTransportadores || (body.prazoResposta !== undefined) !== Boolean(body.status),
    {
      error: fieldMessages.noticeNeedsChange,
      path: ['avisarTransportadores'],
    },
  );
export type UpdateQuoteBody = z.infer<typeof updateQuoteBodySchema>;
/** PATCH /quotes/{id}'s answer: the quote, and with `avisarTransportadores` how many carriers were told. */
export const updatedQuoteSchema = quoteDetailSchema.extend({
  avisados: z.number().int().nonnegative().optional(),
});
export type UpdatedQuote = z.infer<typeof updatedQuoteSchema>;

/** POST /quotes/upload: a request file kept for a later POST /quotes (`arquivoId`). */
export const quoteUploadSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tamanho: z.number(),
  /** What the content is (by its bytes): a request file is pdf/excel, a dangerous-cargo document pdf/doc/imagem. */
  tipo: z.enum(['pdf', 'excel', 'doc', 'imagem']),
  expiraEm: z.string(),
});
export type QuoteUpload = z.infer<typeof quoteUploadSchema>;
/** How long an upload waits for the quote that uses it. */
export const QUOTE_UPLOAD_TTL_HOURS = 24;
