import { z } from 'zod';
import { fieldMessages } from '../messages/index.js';

/*
 * Lane history and price benchmarks (issue 36, ADR 0030): points of the company's own priced, complete
 * proposals per lane (modal × origin × destination) and unit, the 90-day median on each comparison row,
 * and the 'Rotas' page.
 */

/** The units a point is counted in: container types for FCL, kg / m³ / W/M for LCL and air. */
export const LANE_UNITS = [
  '20DC',
  '40DC',
  '40HC',
  '20RF',
  '40RF',
  '20OT',
  '40OT',
  '20FR',
  '40FR',
  '45HC',
  'kg',
  'm3',
  'wm',
] as const;
export type LaneUnit = (typeof LANE_UNITS)[number];

/** A proposal is flagged when its freight is more than this percentage above or below the lane median. */
export const LANE_FLAG_PERCENT = 15;
/** Fewer points than this: no median is shown. */
export const LANE_MIN_POINTS = 3;
/** The comparison row's median covers this many days. */
export const LANE_WINDOW_DAYS = 90;
/** Points sent with a row for its tooltip. */
export const LANE_TOOLTIP_POINTS = 20;

export const lanePointSchema = z.object({
  id: z.string(),
  data: z.string(),
  transportador: z.string(),
  freteUsd: z.number(),
  aprovado: z.boolean(),
});
export type LanePoint = z.infer<typeof lanePointSchema>;

/** The lane figures of one comparison row (absent: no lane or fewer than LANE_MIN_POINTS points). */
export const comparisonLaneSchema = z.object({
  /** The lane's key (GET /api/lanes/{key}). */
  chave: z.string(),
  unidade: z.string(),
  /** Median freight per unit (USD) of the lane's points of the last 90 days, other quotes only. */
  mediana: z.number(),
  quantidade: z.number(),
  /** This row's freight per unit against the median, percent (1 decimal). */
  deltaPct: z.number(),
  flag: z.enum(['acima', 'abaixo']).nullable(),
  /** The most recent points (at most LANE_TOOLTIP_POINTS), for the tooltip. */
  pontos: z.array(lanePointSchema),
});
export type ComparisonLane = z.infer<typeof comparisonLaneSchema>;

const isoDate = z.iso.date({ error: fieldMessages.laneDateInvalid });

/** GET /api/lanes and /api/lanes/export.csv: period (received dates, inclusive), modal and unit. */
export const lanesQuerySchema = z.object({
  inicio: isoDate.optional(),
  fim: isoDate.optional(),
  modal: z.string().trim().min(1).max(40, fieldMessages.laneFilterInvalid).optional(),
  unidade: z.enum(LANE_UNITS, { error: fieldMessages.laneFilterInvalid }).optional(),
  page: z.coerce.number({ error: fieldMessages.laneFilterInvalid }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: fieldMessages.laneFilterInvalid }).int().min(1).max(100).default(20),
});
export type LanesQuery = z.infer<typeof lanesQuerySchema>;

/** The period a page was read for: as asked, or the default (the last 365 days, `padrao`). */
export const lanePeriodSchema = z.object({
  inicio: z.string(),
  fim: z.string(),
  /** No period was asked: the default one. */
  padrao: z.boolean(),
});
export type LanePeriod = z.infer<typeof lanePeriodSchema>;

/** Why a proposal is left out of its lane's figures: the comparison calls its row incomplete. */
export const LANE_EXCLUSION_REASONS = [
  'taxasAusentes',
  'taxasNaoSomadas',
  'quantidadesDesconhecidas',
  // An all-in freight holds the charges: its freight per unit does not compare with ocean freight alone.
  'freteAllIn',
] as const;

/** A proposal left out of a lane's figures (ADR 0030 addendum 2026-12-06). */
export const laneExclusionSchema = z.object({
  data: z.string(),
  transportador: z.string(),
  cotacaoCodigo: z.string().nullable(),
  freteUsd: z.number(),
  motivo: z.enum(LANE_EXCLUSION_REASONS),
  /** The reason's items as the comparison names them ('ISPS', 'THC em EUR'). */
  detalhe: z.string(),
});
export type LaneExclusion = z.infer<typeof laneExclusionSchema>;

export const laneSummarySchema = z.object({
  chave: z.string(),
  modal: z.string(),
  origem: z.string(),
  destino: z.string(),
  unidade: z.string(),
  /** Quotes with at least one point in the period. */
  cotacoes: z.number(),
  /** Proposals (points) in the period: the lane's volume, what the list is sorted by. */
  pontos: z.number(),
  /** Null when every proposal of the lane and unit was left out (`pontos` 0, `incompletas` > 0). */
  mediana: z.number().nullable(),
  minimo: z.number().nullable(),
  maximo: z.number().nullable(),
  ultimaData: z.string(),
  /** Proposals of the period on this lane and unit left out of its figures (incomplete or all-in rows). */
  incompletas: z.number(),
});
export type LaneSummary = z.infer<typeof laneSummarySchema>;

export const lanesListSchema = z.object({
  data: z.array(laneSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * The company's quotes whose proposals have not entered the history yet: their points wait for the
   * day's PTAX (never the fallback rate) and enter as soon as it is read.
   */
  aguardando: z.number(),
  periodo: lanePeriodSchema,
  /** Proposals of the filtered period left out of every figure (incomplete rows), all lanes. */
  incompletas: z.number(),
});
export type LanesList = z.infer<typeof lanesListSchema>;

export const laneKeyParamsSchema = z.object({
  key: z.string().min(3, fieldMessages.laneKeyInvalid).max(400, fieldMessages.laneKeyInvalid),
});

/** GET /api/lanes/{key}: the same filters, one unit (default: the lane's most quoted). */
export const laneDetailQuerySchema = lanesQuerySchema.pick({ inicio: true, fim: true, unidade: true });

export const laneDetailSchema = z.object({
  chave: z.string(),
  modal: z.string(),
  origem: z.string(),
  destino: z.string(),
  unidade: z.string().nullable(),
  unidades: z.array(z.object({ unidade: z.string(), pontos: z.number() })),
  /** Freight per unit over time, by carrier. */
  series: z.array(
    z.object({
      transportadorId: z.string(),
      transportador: z.string(),
      pontos: z.array(
        z.object({
          data: z.string(),
          freteUsd: z.number(),
          totalBrl: z.number(),
          aprovado: z.boolean(),
          /** The proposal's quote; null for a weekly point (several quotes). */
          cotacaoId: z.string().nullable(),
          /** That quote's code ('COT-2026-0042'); null for a weekly point. */
          cotacaoCodigo: z.string().nullable(),
          /** Proposals this point stands for: 1, or the week's count when `agrupamento` is 'semana'. */
          quantidade: z.number(),
        }),
      ),
    }),
  ),
  /**
   * null: one point per proposal. 'semana': the lane has more proposals in the period than a chart can
   * show; each point is a carrier's median of one week (Monday, São Paulo), approved ones apart.
   */
  agrupamento: z.enum(['semana']).nullable(),
  /** Per month (YYYY-MM, São Paulo time): median and spread of freight per unit. */
  meses: z.array(
    z.object({ mes: z.string(), pontos: z.number(), mediana: z.number(), p25: z.number(), p75: z.number() }),
  ),
  transportadores: z.array(
    z.object({
      transportadorId: z.string(),
      transportador: z.string(),
      cotacoes: z.number(),
      vitorias: z.number(),
      /** Share of the lane's approvals in the period won by this carrier, percent (1 decimal). */
      participacaoVitorias: z.number(),
      respostaHorasMedia: z.number().nullable(),
      medianaFreteUsd: z.number(),
    }),
  ),
  periodo: lanePeriodSchema,
  /** The unit's proposals of the period left out of its figures: how many, and the latest of them. */
  incompletas: z.object({ total: z.number(), propostas: z.array(laneExclusionSchema) }),
});
export type LaneDetail = z.infer<typeof laneDetailSchema>;
