import { z } from 'zod';
import { fieldMessages, formatMessage } from '../messages/index.js';
import { pageQueryParamsWithDefaults, uuidSchema } from './common.js';

/*
 * The dashboard and the response-time indicators (spec 000 §2 "Dashboard (/)", "Indicators
 * (/indicadores)", §3 "Dashboard stats", "Recent activity item", "Upcoming deadline item", "Response-time
 * record", §7 GET /dashboard…, GET /indicators/response-times, §9). Wire names are the spec's.
 */

/** Newest events the dashboard lists, and the nearest deadlines. */
export const DASHBOARD_ACTIVITY_LIMIT = 10;
export const DASHBOARD_DEADLINE_LIMIT = 5;
/** A deadline this close (hours) is `urgente`. */
export const DEADLINE_URGENT_HOURS = 48;

/** Spec 000 §3 "Dashboard stats", each card of the dashboard. */
export const dashboardStatsSchema = z.object({
  transportadores: z.number(),
  cotacoesAbertas: z.number(),
  grupos: z.number(),
  cotacoesAguardandoResposta: z.number(),
  cotacoesVencidasAguardandoAprovacao: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** What happened, newest first: the kinds the dashboard derives from the company's data (ADR 0019). */
export const ACTIVITY_KINDS = [
  'cotacao_enviada',
  'resposta_recebida',
  'revisao_solicitada',
  'cotacao_aprovada',
  'prazo_vencido',
  'transportador_adicionado',
  'lembrete_enviado',
  'cotacao_cancelada',
  'cotacao_encerrada',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Spec 000 §3: green, yellow and red classes; anything else means info. */
export const ACTIVITY_COLORS = {
  cotacao_enviada: 'text-blue-600',
  resposta_recebida: 'text-green-600',
  revisao_solicitada: 'text-yellow-600',
  cotacao_aprovada: 'text-green-600',
  prazo_vencido: 'text-red-600',
  transportador_adicionado: 'text-blue-600',
  lembrete_enviado: 'text-blue-600',
  cotacao_cancelada: 'text-red-600',
  cotacao_encerrada: 'text-yellow-600',
} as const satisfies Record<ActivityKind, string>;

/** Spec 000 §3 "Recent activity item", plus its kind and the quote it is about (to open it). */
export const activityItemSchema = z.object({
  id: z.string(),
  descricao: z.string(),
  timestamp: z.string(),
  cor: z.string(),
  tipo: z.enum(ACTIVITY_KINDS),
  cotacaoId: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** Spec 000 §3 "Upcoming deadline item". */
export const deadlineItemSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  descricao: z.string(),
  prazo: z.string(),
  urgente: z.boolean(),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;

export const dashboardSchema = z.object({
  stats: dashboardStatsSchema,
  atividadesRecentes: z.array(activityItemSchema),
  proximosVencimentos: z.array(deadlineItemSchema),
  /** Beyond the spec (ADR 0031): when these figures were read (ISO); the screen shows it. */
  atualizadoEm: z.string().optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Spec 000 §9: the indicators table shows 10 carriers a page. */
export const INDICATORS_PAGE_SIZE = 10;
export const INDICATORS_MAX_LIMIT = 100;
/** A period spans at most this many calendar years (its chart has a point per month). */
export const MAX_PERIOD_YEARS = 5;

/** The sortable columns (spec 000 §2: name, responses, average, minimum, maximum) by their record field. */
export const RESPONSE_TIME_SORT_FIELDS = [
  'transportadorNome',
  'totalRespostas',
  'tempoMedioRespostaHoras',
  'tempoMinimoRespostaHoras',
  'tempoMaximoRespostaHoras',
] as const;
export type ResponseTimeSortField = (typeof RESPONSE_TIME_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A calendar day as the spec sends it (YYYY-MM-DD), checked to exist (no 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const isoDay = z.string().refine(isIsoDay, { error: fieldMessages.dayInvalid });

/** The filters and order of the indicators table (the CSV export takes them all, without pages). */
const tableFilters = {
  sortField: z.enum(RESPONSE_TIME_SORT_FIELDS, { error: fieldMessages.sortFieldInvalid }).optional(),
  sortDirection: z.enum(SORT_DIRECTIONS, { error: fieldMessages.sortDirectionInvalid }).optional(),
  dataInicio: isoDay.optional(),
  dataFim: isoDay.optional(),
  transportadorId: uuidSchema.optional(),
};
type Period = { dataInicio?: string; dataFim?: string };
const periodInOrder = (query: Period) =>
  !query.dataInicio || !query.dataFim || query.dataInicio <= query.dataFim;
const periodNotTooLong = (query: Period) =>
  !query.dataInicio ||
  !query.dataFim ||
  Number(query.dataFim.slice(0, 4)) - Number(query.dataInicio.slice(0, 4)) < MAX_PERIOD_YEARS;
const inOrder = { error: fieldMessages.periodInverted, path: ['dataFim'] };
const notTooLong = {
  error: formatMessage(fieldMessages.periodTooLong, { max: MAX_PERIOD_YEARS }),
  path: ['dataFim'],
};

/** GET /indicators/response-times (spec 000 §7). The period defaults to the current year. */
export const responseTimesQuerySchema = z
  .object({ ...pageQueryParamsWithDefaults(INDICATORS_MAX_LIMIT, INDICATORS_PAGE_SIZE), ...tableFilters })
  .refine(periodInOrder, inOrder)
  .refine(periodNotTooLong, notTooLong);
/** GET /indicators/response-times/export (beyond the spec): the whole table as CSV. */
export const responseTimesExportQuerySchema = z
  .object(tableFilters)
  .refine(periodInOrder, inOrder)
  .refine(periodNotTooLong, notTooLong);
export type ResponseTimeExportQuery = z.infer<typeof responseTimesExportQuerySchema>;

/**
 * GET /indicators/response-times/transportadores (beyond the spec): the carriers with requests in the
 * period, by name — the screen's carrier filter, built from the period's data once, not with every page.
 */
export const responseTimeCarriersQuerySchema = z
  .object({ dataInicio: tableFilters.dataInicio, dataFim: tableFilters.dataFim })
  .refine(periodInOrder, inOrder)
  .refine(periodNotTooLong, notTooLong);
export type ResponseTimeCarriersQuery = z.infer<typeof responseTimeCarriersQuerySchema>;
export const responseTimeCarriersSchema = z.object({
  data: z.array(z.object({ id: z.string(), nome: z.string() })),
});
export type ResponseTimeCarriers = z.infer<typeof responseTimeCarriersSchema>;
export type ResponseTimesQuery = z.infer<typeof responseTimesQuerySchema>;

/** One month of a carrier in the period (beyond the spec: the screen's small chart). */
export const responseTimeMonthSchema = z.object({
  /** YYYY-MM */
  mes: z.string(),
  totalCotacoes: z.number(),
  totalRespostas: z.number(),
  tempoMedioRespostaHoras: z.number().nullable(),
});
export type ResponseTimeMonth = z.infer<typeof responseTimeMonthSchema>;

/**
 * Spec 000 §3 "Response-time record per carrier": requests sent in the period, how many were answered and
 * how long the first answer took (hours; null when none came). `taxaResposta` is a percentage.
 */
export const responseTimeRecordSchema = z.object({
  transportadorId: z.string(),
  transportadorNome: z.string(),
  transportadorEmail: z.string(),
  totalCotacoes: z.number(),
  totalRespostas: z.number(),
  /**
   * Beyond the spec (ADR 0019 addendum 2026-12-07): requests still within their quote's deadline and
   * unanswered, not counted in `totalCotacoes` (nor the rate) until an answer or the deadline.
   */
  aguardandoNoPrazo: z.number().optional(),
  /**
   * Beyond the spec (QA pass 42c): of `totalRespostas`, the first answers that came after the quote's
   * deadline (the reply card's "Após o prazo").
   */
  respostasAposPrazo: z.number().optional(),
  tempoMedioRespostaHoras: z.number().nullable(),
  tempoMedioRespostaDias: z.number().nullable(),
  tempoMinimoRespostaHoras: z.number().nullable(),
  tempoMaximoRespostaHoras: z.number().nullable(),
  taxaResposta: z.number(),
  ultimaResposta: z.string().nullable(),
  mensal: z.array(responseTimeMonthSchema),
});
export type ResponseTimeRecord = z.infer<typeof responseTimeRecordSchema>;

export const responseTimesResponseSchema = z.object({
  data: z.array(responseTimeRecordSchema),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
  /** The period answered (the defaults filled in). */
  dataInicio: z.string(),
  dataFim: z.string(),
  /** Beyond the spec (ADR 0031): when this table was read (ISO); the screen shows it. */
  atualizadoEm: z.string().optional(),
});
export type ResponseTimesResponse = z.infer<typeof responseTimesResponseSchema>;

/** Spec 000 §9: average up to 24 h green, up to 72 h yellow, above red. */
export function responseTimeLevel(hours: number | null): 'fast' | 'medium' | 'slow' | 'none' {
  if (hours === null) return 'none';
  if (hours <= 24) return 'fast';
  if (hours <= 72) return 'medium';
  return 'slow';
}
