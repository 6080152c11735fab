import { z } from 'zod';
import { DEFAULT_EXCHANGE_MARGIN, exchangeMarginSchema } from './exchange-margin.js';
import { comparisonLaneSchema } from './lanes.js';
import { EXTRACTION_STATES } from './responses.js';

/*
 * The 'Comparação' tab (spec 001 §2 "Quote detail", §5 fee rules, §9 constants): one row per current
 * response and destination, with totals in BRL and USD at the PTAX of the day plus the margin. Computed
 * on the server by the pure rules of packages/shared/src/comparison (also used by the comparative
 * documents) from the responses with their corrections applied.
 */

export { DEFAULT_EXCHANGE_MARGIN, exchangeMarginSchema };

/** GET /quotes/{id}/comparison?exchangeMargin=2.5 */
export const comparisonQuerySchema = z.object({
  exchangeMargin: exchangeMarginSchema.default(DEFAULT_EXCHANGE_MARGIN),
});

/** Which rate every total uses: the PTAX selling rate (or the flagged fallback), its date and the margin. */
export const exchangeRateInfoSchema = z.object({
  moeda: z.literal('USD'),
  /** PTAX selling rate (cotacaoVenda) of `dataCotacao`, or the spec's fallback 5.2. */
  ptax: z.number(),
  /** Business day of the PTAX bulletin (YYYY-MM-DD); null for the fallback. */
  dataCotacao: z.string().nullable(),
  /** 'ptax': read from the Banco Central; 'fallback': the service failed, the spec's fixed rate is used. */
  fonte: z.enum(['ptax', 'fallback']),
  margem: z.number(),
  /** ptax × (1 + margem/100), 4 decimals: the rate every total uses. */
  taxa: z.number(),
  /** The euro's PTAX (CotacaoMoedaDia, closing bulletin) with the same margin, for charges quoted in EUR. */
  eur: z
    .object({
      ptax: z.number(),
      dataCotacao: z.string().nullable(),
      fonte: z.enum(['ptax', 'fallback']),
      taxa: z.number(),
    })
    .optional(),
});
export type ExchangeRateInfo = z.infer<typeof exchangeRateInfoSchema>;

const sourceRefSchema = z
  .looseObject({ line: z.number(), text: z.string(), cell: z.string().optional(), origin: z.string() })
  .nullable();

/** A figure of a row, with where it came from (opens the line or cell of the message or attachment). */
export const comparisonValueSchema = z.object({
  valor: z.number().nullable(),
  moeda: z.string().nullable(),
  /** Correction path relative to `final` (see CORRECTION_FIELD_PATTERN), null when not correctable. */
  campo: z.string().nullable(),
  fonte: sourceRefSchema,
  confianca: z.number().nullable(),
  corrigido: z.boolean(),
  /** Confidence below 0.5 (spec 001 §3 thresholds): marked on the screen. */
  baixaConfianca: z.boolean(),
  /** Not stated by this version: the value of this version of the same carrier (a revision's unsaid terms). */
  versaoAnterior: z.number().optional(),
});
export type ComparisonValue = z.infer<typeof comparisonValueSchema>;

/** What a hint learnt from an earlier correction set in a value (ADR 0101), and what the reply alone gave. */
const hintAdjustmentSchema = z.object({ campo: z.enum(['unidade', 'moeda']), antes: z.string().nullable() });

export const comparisonFreightSchema = comparisonValueSchema.extend({
  /** Container type or unit as read: "20'", "40'", "40'HC", 'kg', 'm³', 'BL'… */
  tipo: z.string(),
  /** Units of this price counted in the totals: containers, kg, m³, W/M (0: offered, not counted; ADR 0017, 0024). */
  quantidade: z.number().optional(),
  /** What `quantidade` counts (issue 30): 'conteiner', 'kg', 'pesoTaxado', 'm3', 'wm', 'documento'… */
  base: z.string().optional(),
  /** Its amount in the totals: price × quantity, raised to the minimum (2 decimals; absent: not counted). */
  valorTotal: z.number().optional(),
  /** A minimum amount quoted for it ("min USD 50"). */
  minimo: z.number().nullable().optional(),
  /** The minimum raised `valorTotal` above price × quantity. */
  minimoAplicado: z.boolean().optional(),
  /** Set by hints of earlier corrections (ADR 0101); absent when none did. */
  ajustadoPorDica: z.array(hintAdjustmentSchema).optional(),
  /** The origin port of its route line, when the row's prices come from more than one origin (QA pass 8). */
  origem: z.string().optional(),
  /** An air rate's weight band ('+500 kg', '-45 kg'): the band of the chargeable weight counts. */
  faixa: z.string().optional(),
  /** Counted at a higher, cheaper band: the chargeable weight it was raised from (kg). */
  pesoTaxadoKg: z.number().optional(),
});

export const comparisonFeeSchema = comparisonValueSchema.extend({
  nome: z.string(),
  rotulo: z.string(),
  destino: z.string().nullable(),
  /** false when a §5 rule left it out (a TOTAL line, IOF ≥ 1000, another destination, a lower duplicate). */
  contabilizada: z.boolean(),
  motivo: z.string().nullable(),
  /** Basis as extracted (CNTR, BL, PROCESSO …; ADR 0101 lets the analyst correct it). */
  unidade: z.string().nullable().optional(),
  /** The container type the fee is quoted for ('20DC' of "THC 20DV R$ 1.100 / 40HC R$ 1.450"). */
  equipamento: z.string().optional(),
  /** Units the value is multiplied by (2 containers, 3.200 kg, 12,5 W/M…); null: unknown (issue 30, ADR 0024). */
  quantidade: z.number().nullable().optional(),
  /** What `quantidade` counts: 'conteiner', 'documento', 'kg', 'pesoTaxado', 'm3', 'wm', 'percentual'. */
  base: z.string().optional(),
  /** value × quantity, raised to the minimum, 2 decimals: what the line adds to the totals when counted. */
  valorTotal: z.number().nullable().optional(),
  /** The minimum ("min USD 50") raised the amount. */
  minimoAplicado: z.boolean().optional(),
  /** Set by hints of earlier corrections (ADR 0101); absent when none did. */
  ajustadoPorDica: z.array(hintAdjustmentSchema).optional(),
  /**
   * A line the analyst added (issue 30, ADR 0024): 'versao_anterior' kept from the previous version,
   * 'manual' typed by hand; with who and when. Absent: read from the reply.
   */
  origem: z.enum(['versao_anterior', 'manual']).optional(),
  adicionadaPor: z.string().nullable().optional(),
  adicionadaEm: z.string().optional(),
});

/** A fee line of the previous version that the current one lacks: offered as 'manter da versão anterior'. */
export const previousFeeSchema = z.object({
  nome: z.string(),
  rotulo: z.string(),
  destino: z.string().nullable(),
  valor: z.number(),
  moeda: z.string(),
  unidade: z.string().nullable(),
  versao: z.number(),
  /** The least it cost in that version, when the carrier stated one (kept with the fee). */
  minimo: z.number().optional(),
});
export type PreviousFee = z.infer<typeof previousFeeSchema>;

/** A change against the previous version of the same carrier's answer (e.g. ▼ 120,00 USD). */
export const comparisonChangeSchema = z.object({
  versaoAnterior: z.number(),
  custoTotalBRL: z.number().nullable(),
  custoTotalUSD: z.number().nullable(),
  prazo: z.number().nullable(),
  /** The current version lacks charges (it is incomplete): the change is not a saving (issue 30). */
  incompleta: z.boolean().optional(),
  /**
   * The freight the previous version did not price and this one does ('frete20': a revision that adds the
   * 20' price): the change compares different shipments, not a rise or a saving (QA pass 23).
   */
  anteriorSemFrete: z.array(z.string()).optional(),
});

/** What a proposal breaks of the request (issue 30 item 4); `texto` is the pt-BR sentence shown. */
export const PROPOSAL_WARNING_KINDS = [
  'evitarRota',
  'evitarTransbordo',
  'rotaDireta',
  'evitarArmador',
  'transitTime',
  'validadePrazo',
  'outroDestino',
  'outraOrigem',
  'outrasOpcoes',
  'versaoSemValores',
  'origemContada',
  'versaoNaoLida',
  'destinoNaoInformado',
] as const;
export type ProposalWarningKind = (typeof PROPOSAL_WARNING_KINDS)[number];
export const proposalWarningSchema = z.object({ tipo: z.enum(PROPOSAL_WARNING_KINDS), texto: z.string() });
export type ProposalWarning = z.infer<typeof proposalWarningSchema>;

/**
 * Carriage and warnings of a row (issue 30 item 4), added after the totals by `withProposalWarnings`
 * (comparison/warnings.ts); optional so that a comparison built without them stays valid.
 */
const rowWarningFields = {
  /** Shipping line (armador) as extracted. */
  armador: z.string().nullable().optional(),
  /** The earlier version the armador comes from, when this version did not name one (QA pass 42a). */
  armadorVersaoAnterior: z.number().optional(),
  /** Route as extracted ('via Cartagena', 'Direto'). */
  rota: z.string().nullable().optional(),
  /** Transhipment port, when the answer names one. */
  transbordo: z.string().nullable().optional(),
  alertas: z.array(proposalWarningSchema).optional(),
  /** A reply offering several options: the heading of the one this row compares (as the reply writes it). */
  opcao: z.string().optional(),
};

/** An incomplete row completed at the others' prices (`menorCustoEstimado`, `custoEstimado`). */
const estimateSchema = z.object({
  totalBRL: z.number(),
  taxas: z.array(
    z.object({
      /** The charge as `taxasAusentes` names it ('CFS', 'BL FEE'). */
      nome: z.string(),
      /** The amount added, in BRL (2 decimals). */
      valorBRL: z.number(),
      /** The carrier whose row quotes that amount. */
      transportador: z.string(),
      /** The amount is the carrier's own version `versaoAnterior` (no other carrier quotes it). */
      versaoAnterior: z.number().optional(),
    }),
  ),
});

export const comparisonRowSchema = z.object({
  ...rowWarningFields,
  /** `${respostaId}:${destino ?? ''}` */
  id: z.string(),
  respostaId: z.string(),
  transportadorId: z.string(),
  /** The answer's sender is not verified and no analyst confirmed it yet (ADR 0023). */
  remetenteNaoVerificado: z.boolean().optional(),
  /**
   * A later version of this answer came from an unverified sender and waits for an analyst to confirm it
   * (ADR 0023): the row still shows this version; its price may have changed (QA pass 7).
   */
  versaoAguardandoConfirmacao: z.number().optional(),
  /**
   * The carrier's latest version could not be read (its extraction failed: a message too large, a file
   * refused): the row shows the last version read, this one's number says which is newer (QA pass 25: a valid
   * offer left the comparison). Its figures are not correctable here (the correction goes to a version).
   */
  versaoNaoLida: z.number().optional(),
  /**
   * The carrier's latest version states no price ("our previous offer remains valid", a refusal to revise,
   * a thank-you): the row shows its last priced version, `versao` says which is newer, `recusa` whether it
   * declined (QA pass 28: the standing offer left the comparison). Not correctable here, as above.
   */
  versaoSemValores: z.object({ versao: z.number(), recusa: z.boolean() }).optional(),
  /**
   * A quote asking from several origins, a reply pricing more than one: the origin counted (the cheapest to
   * this row's port) and those left out (QA pass 27).
   */
  origemContada: z.object({ origem: z.string(), outras: z.array(z.string()) }).optional(),
  transportador: z.object({ nome: z.string(), email: z.string() }),
  status: z.string(),
  versao: z.number(),
  destino: z.string().nullable(),
  /** The revision names no destination: `destino` is that of this version of the same carrier. */
  destinoVersaoAnterior: z.number().optional(),
  /**
   * The answer names no destination (`destino` null) and the quote names one: that port, priced (road cost)
   * and shown as the quote's ("Santos (da cotação)"), not as a destination the carrier stated.
   */
  destinoDaCotacao: z.string().optional(),
  /**
   * The revision's own words that the rest of its previous offer still applies ("Demais condições sem
   * alteração.") and the version they refer to: that version's fees it does not restate are kept.
   */
  condicoesMantidas: z.object({ trecho: z.string(), versao: z.number() }).optional(),
  fretes: z.array(comparisonFreightSchema),
  taxas: z.array(comparisonFeeSchema),
  /** Fees summed by currency after the §5 rules; EUR only when the row has a charge in EUR (`taxa.eur`). */
  taxasPorMoeda: z.object({ USD: z.number(), BRL: z.number(), EUR: z.number().optional() }),
  /** Freight + fees in each currency, before conversion. */
  valorUSD: z.number(),
  valorBRL: z.number(),
  /** Freight + fees quoted in EUR (only when there are any), converted at `taxa.eur`. */
  valorEUR: z.number().optional(),
  /** §9 road cost (BRL) by destination port × container quantity. */
  custoRodoviario: z.number(),
  /** Containers of the shipment the totals count: asked by the quote, else the answer's volume field, else 1. */
  conteineres: z.number().optional(),
  custoTotalBRL: z.number(),
  custoTotalUSD: z.number(),
  /** Transit time in days (null: not informed; sorts as 999). */
  /**
   * `valor`: the longest transit quoted (what sorts and wins 'Menor prazo'); `minimoDias`: the shortest, when
   * the reply quotes a range ('25-30 dias'), so that the row says it as written.
   */
  prazo: comparisonValueSchema.extend({ minimoDias: z.number().optional() }),
  freeTime: comparisonValueSchema,
  /** The reply's free time is of demurrage and detention together ("14 days combined"), not at the port alone. */
  freeTimeCombinado: z.boolean().optional(),
  validade: z.object({
    valor: z.string().nullable(),
    campo: z.string(),
    fonte: sourceRefSchema,
    corrigido: z.boolean(),
    expirada: z.boolean(),
    versaoAnterior: z.number().optional(),
  }),
  confianca: z.number().nullable(),
  /** Where the version's extraction stands: its figures are read only once it is 'concluida'. */
  extracao: z.enum(EXTRACTION_STATES),
  /**
   * A freight price was counted, so the totals mean something. When false (extraction pending or failed,
   * or no freight read) the totals are 0 and every rendering shows why instead of a figure; the row is
   * left out of the chart and sorts after the priced rows.
   */
  precificada: z.boolean(),
  /**
   * The carrier declined the quote and stated no price ("não atendemos a rota", "unable to quote"): its
   * answer counts, but the row is no proposal — not priced, nothing missing, never 'Menor custo' or 'Menor
   * prazo', not approvable (glossary 'declinou'). Absent: a proposal.
   */
  declinou: z.boolean().optional(),
  /** What the answer lacks compared with what was asked: 'frete20', 'frete40', 'prazo', 'freeTime', 'validade'… */
  faltando: z.array(z.string()),
  variacao: comparisonChangeSchema.nullable(),
  destaque: z.object({ menorCusto: z.boolean(), menorPrazo: z.boolean() }),
  /**
   * Quantities the row could not know (issue 30): each says which charge and which measure is missing
   * ('Handling por kg: peso não informado'); such lines are not counted and the row is not the cheapest.
   */
  quantidadesDesconhecidas: z.array(z.string()).optional(),
  /**
   * Charges this row lacks that the same carrier's previous version, or most other carriers, quote
   * ('THC', 'BL FEE'); not empty: 'incompleta: sem THC' (issue 30), 'Menor custo' only by its estimate
   * (`menorCustoEstimado`). Absent: complete, or an explicit all-in price.
   */
  taxasAusentes: z.array(z.string()).optional(),
  /**
   * 'Menor custo (estimado)': this row lacks charges (`taxasAusentes`) and is the cheapest once each charge
   * it lacks is costed as an analyst equalises proposals — at the highest amount another carrier's row
   * counts for that kind of charge (price × quantity, minimum applied, in BRL at the comparison's rate), or,
   * for a charge only its own previous version quoted, at that version's amount. `totalBRL` is its total
   * plus those amounts (each rounded to cents); `taxas` says which charge was added, at whose price
   * (`versaoAnterior`: the carrier's own previous version). Only on a row marked `destaque.menorCusto`;
   * the row's own totals (custoTotalBRL/USD) never include it. Absent: not marked, or complete.
   */
  menorCustoEstimado: estimateSchema.optional(),
  /**
   * What this incomplete row costs completed as for `menorCustoEstimado` (same figures), on every row that
   * lacks charges and can be estimated, marked cheapest or not (the approval compares it; QA pass 26).
   */
  custoEstimado: estimateSchema.optional(),
  /**
   * Charges quoted in a currency the totals do not sum ('THC em EUR', ADR 0017): the row has them (it is
   * not 'incompleta: sem THC') but its total leaves them out, so it is never 'Menor custo'. Absent: none.
   */
  taxasNaoSomadas: z.array(z.string()).optional(),
  /** The freight is an explicit all-in price ("all in", "tudo incluso"): no separate charge is expected. */
  freteAllIn: z.boolean().optional(),
  /** Fee lines of the previous version the current one lacks, each offered to keep (issue 30). */
  taxasVersaoAnterior: z.array(previousFeeSchema).optional(),
  /** Charges left out by hints of earlier corrections ('not a charge', ADR 0101); absent when none. */
  ignoradosPorDica: z
    .array(z.object({ rotulo: z.string(), valor: z.number(), moeda: z.string().nullable() }))
    .optional(),
  /** The lane's 90-day median against this proposal (issue 36, ADR 0030); absent below 3 points. */
  lane: comparisonLaneSchema.optional(),
});
export type ComparisonRow = z.infer<typeof comparisonRowSchema>;

export const comparisonSchema = z.object({
  cotacaoId: z.string(),
  taxa: exchangeRateInfoSchema,
  linhas: z.array(comparisonRowSchema),
  /** Answer progress (spec: the bar's fallback total is at least 5). */
  respondidas: z.number(),
  total: z.number(),
  /** Carriers that have not answered and whose request reached them (or is still on its way). */
  pendentes: z.array(z.object({ transportadorId: z.string(), nome: z.string() })),
  /**
   * Beyond the spec: carriers without an answer whose request came back (every address bounced): they are
   * not waited for. Optional for older clients' fakes.
   */
  naoEntregues: z
    .array(z.object({ transportadorId: z.string(), nome: z.string(), motivo: z.string() }))
    .optional(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const COMPARISON_SORT_KEYS = ['custoTotalBRL', 'custoTotalUSD', 'prazo'] as const;
export type ComparisonSortKey = (typeof COMPARISON_SORT_KEYS)[number];
