import { z } from 'zod';
import { errorMessages, fieldMessages, formatMessage } from '../messages/index.js';
import { uiHints } from '../messages/ui-hints.js';
import { QUOTE_STATUSES } from '../rules/quote-status.js';
import { uuidSchema } from './common.js';
import { DEFAULT_EXCHANGE_MARGIN, exchangeMarginSchema } from './exchange-margin.js';
import { approvalInfoSchema } from './quotes.js';

/*
 * The analyst's decisions on a quote (spec 001 §2 "Quote detail", "Quote approval", §3 "Revision request",
 * §7 POST /quotes/{id}/request-revision and /approve): revision requests, approval and corrections of
 * extracted values. Wire names are the spec's.
 */

export const REVISION_MESSAGE_MAX = 5000;
export const APPROVAL_SUBJECT_MAX = 200;

/**
 * POST /quotes/{id}/request-revision: one carrier (`transportadorId`) or every carrier that answered
 * (`revisarTodos`), with an optional message (the modal pre-fills what is missing in the answer).
 */
export const revisionRequestBodySchema = z
  .strictObject({
    transportadorId: uuidSchema.optional(),
    revisarTodos: z.boolean().default(false),
    mensagem: z
      .string()
      .trim()
      .max(
        REVISION_MESSAGE_MAX,
        formatMessage(fieldMessages.revisionMessageMax, { max: REVISION_MESSAGE_MAX }),
      )
      .default(''),
  })
  .refine((body) => body.revisarTodos || body.transportadorId !== undefined, {
    error: errorMessages.REVISION_SCOPE_REQUIRED,
    path: ['transportadorId'],
  });
export type RevisionRequestBody = z.infer<typeof revisionRequestBodySchema>;

/** The answer of request-revision: the quote's new status and who was asked. */
export const revisionResultSchema = z.object({
  status: z.enum(QUOTE_STATUSES),
  solicitadas: z.array(z.object({ transportadorId: z.string(), nome: z.string() })),
});
export type RevisionResult = z.infer<typeof revisionResultSchema>;

/**
 * POST /quotes/{id}/approve: the chosen response (a current version's id), the destination when the
 * proposal has several, an optional subject for the carrier's e-mail, whether the carriers not chosen
 * are told (opt-in), optionally with how far above the chosen total they were (never the winner's name or
 * price), and the exchange margin of the totals on screen.
 */
export const approveBodySchema = z.strictObject({
  responseId: uuidSchema,
  destino: z.string().trim().min(1).max(200).optional(),
  assuntoPersonalizado: z
    .string()
    .trim()
    .max(APPROVAL_SUBJECT_MAX, formatMessage(fieldMessages.approvalSubjectMax, { max: APPROVAL_SUBJECT_MAX }))
    .optional()
    .transform((value) => value || undefined),
  notificarNaoSelecionados: z.boolean().default(false),
  incluirFeedbackPreco: z.boolean().default(false),
  /**
   * The exchange margin of the totals the analyst approved from (the Comparação tab's, 0–100, one
   * decimal): the approved carrier's e-mail restates those totals at this margin. Not in the spec's
   * payload; absent, the spec's default 2.5.
   */
  exchangeMargin: exchangeMarginSchema.default(DEFAULT_EXCHANGE_MARGIN),
  /**
   * The total (BRL) the analyst confirmed ('Total aprovado' of the confirmation). When the proposal's figures
   * changed since (a colleague's correction, a new version, the day's rate), the approval is refused
   * (409 APPROVAL_FIGURES_CHANGED) and nothing is sent: the carrier is never told a total nobody confirmed
   * (QA pass 15). Not in the spec's payload; absent, nothing is compared.
   */
  totalConfirmadoBRL: z.number().finite().nonnegative().optional(),
});
export type ApproveBody = z.infer<typeof approveBodySchema>;

/** The approval of a quote: defined beside the quote detail that carries it (no import cycle). */
export { type ApprovalInfo, approvalInfoSchema } from './quotes.js';

/** The answer of approve. */
export const approveResultSchema = z.object({
  id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  aprovacao: approvalInfoSchema,
  /** How many carriers not chosen were told (0 when not asked). */
  notificados: z.number(),
});
export type ApproveResult = z.infer<typeof approveResultSchema>;

/**
 * Which values of an extraction (`dadosExtraidos.final`) an analyst may correct, as a path relative to
 * `final`. Indexes address the arrays of the stored extraction.
 */
export const CORRECTION_FIELD_PATTERN =
  /^(transit_time_dias|transit_time_min_dias|transit_time_max_dias|free_time_destino_dias|validadeProposta|preco_por_container_20|preco_por_container_40|destinos\.\d{1,3}\.(valorFreteUSD|valorFreteBRL|transit_time_dias|free_time_dias|validade)|fretes\.\d{1,3}\.(valor|moeda|unidade)|taxas\.itens\.\d{1,3}\.(valor|moeda|unidade))$/;

/** Units a freight line may be corrected to (the engine's `FreightUnit`): container types, then the others. */
export const FREIGHT_UNIT_CODES = [
  '20DC',
  '40DC',
  '40HC',
  '45HC',
  '20RF',
  '40RF',
  '20OT',
  '40OT',
  '40FR',
  'KG',
  'M3',
  'WM',
  'VIAGEM',
  'BL',
] as const;
/** Bases a fee may be corrected to (the engine's `FeeUnit` but a percentage, which changes what the value means). */
export const FEE_UNIT_CODES = ['CNTR', 'BL', 'PROCESSO', 'KG', 'TON', 'M3', 'WM', 'VIAGEM'] as const;

/** What kind of value a correction field holds (decides its validation and display). */
export function correctionFieldKind(campo: string): 'dias' | 'data' | 'moeda' | 'unidade' | 'valor' {
  if (/(^|\.)moeda$/.test(campo)) return 'moeda';
  if (/\.unidade$/.test(campo)) return 'unidade';
  if (campo === 'validadeProposta' || /^destinos\.\d+\.validade$/.test(campo)) return 'data';
  if (/_dias$/.test(campo)) return 'dias';
  return 'valor';
}

/**
 * PUT /quotes/{id}/respostas/{respostaId}/correcoes: correct one value of the current version; `valor`
 * null clears it ("not informed"). Numbers arrive as numbers (the screen parses pt-BR input).
 */
export const correctionBodySchema = z
  .strictObject({
    campo: z.string().regex(CORRECTION_FIELD_PATTERN, errorMessages.CORRECTION_FIELD_INVALID),
    valor: z.union([z.number(), z.string().trim().max(40), z.null()]),
  })
  .superRefine((body, ctx) => {
    const kind = correctionFieldKind(body.campo);
    const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['valor'], message });
    // A unit is never 'not informed': every freight line and fee has one.
    if (body.valor === null) {
      if (kind === 'unidade') fail(uiHints.fields.unitInvalid);
      return;
    }
    if (kind === 'moeda') {
      if (!['USD', 'BRL', 'EUR'].includes(String(body.valor))) fail(fieldMessages.correctionCurrencyInvalid);
    } else if (kind === 'unidade') {
      const codes: readonly string[] = body.campo.startsWith('fretes.') ? FREIGHT_UNIT_CODES : FEE_UNIT_CODES;
      if (!codes.includes(String(body.valor))) fail(uiHints.fields.unitInvalid);
    } else if (kind === 'data') {
      if (typeof body.valor !== 'string' || !z.iso.date().safeParse(body.valor).success)
        fail(fieldMessages.correctionDateInvalid);
    } else if (kind === 'dias') {
      if (
        typeof body.valor !== 'number' ||
        !Number.isInteger(body.valor) ||
        body.valor < 0 ||
        body.valor > 365
      )
        fail(fieldMessages.correctionDaysInvalid);
    } else if (
      typeof body.valor !== 'number' ||
      !Number.isFinite(body.valor) ||
      body.valor < 0 ||
      body.valor > 100_000_000
    ) {
      fail(fieldMessages.correctionNumberInvalid);
    }
  });
export type CorrectionBody = z.infer<typeof correctionBodySchema>;

/**
 * POST /quotes/{id}/respostas/{respostaId}/taxas (issue 30): a fee line the current version lacks, kept
 * from the previous version ('versao_anterior', 'manter da versão anterior') or typed by the analyst
 * ('manual'); stored as a correction (who, when), never written into the extraction.
 */
export const addFeeBodySchema = z.strictObject({
  nome: z
    .string({ error: fieldMessages.feeNameRequired })
    .trim()
    .min(1, fieldMessages.feeNameRequired)
    .max(60),
  moeda: z.enum(['USD', 'BRL', 'EUR'], { error: fieldMessages.correctionCurrencyInvalid }),
  valor: z
    .number({ error: fieldMessages.correctionNumberInvalid })
    .min(0, fieldMessages.correctionNumberInvalid)
    .max(100_000_000, fieldMessages.correctionNumberInvalid),
  unidade: z.enum(FEE_UNIT_CODES, { error: uiHints.fields.unitInvalid }),
  destino: z.string().trim().max(120).nullish(),
  origem: z.enum(['versao_anterior', 'manual'], { error: fieldMessages.feeOriginInvalid }),
  versao: z.number().int().min(1).nullish(),
  /** The fee as the carrier wrote it ('Documentation fee'), shown; `nome` stays the kind compared (DOC FEE). */
  rotulo: z.string().trim().max(120).nullish(),
  /** The least the fee costs, for a fee per kg, m³, t or W/M ("USD 0,12/kg, mín. USD 60"). */
  minimo: z
    .number({ error: fieldMessages.correctionNumberInvalid })
    .min(0, fieldMessages.correctionNumberInvalid)
    .max(100_000_000, fieldMessages.correctionNumberInvalid)
    .nullish(),
});
export type AddFeeBody = z.infer<typeof addFeeBodySchema>;

const correctionSourceSchema = z
  .looseObject({ line: z.number(), text: z.string(), cell: z.string().optional(), origin: z.string() })
  .nullable();

/** One correction kept on a response version: who, when, the original value and where it was read. */
export const correctionSchema = z.object({
  campo: z.string(),
  valor: z.union([z.number(), z.string(), z.null()]),
  valorOriginal: z.union([z.number(), z.string(), z.null()]),
  fonteOriginal: correctionSourceSchema,
  por: z.string().nullable(),
  em: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;
