import { createHash } from 'node:crypto';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiDashboard } from '@cotacoes/shared/messages/ui-dashboard';
import type {
  ResponseTimeCarriersQuery,
  ResponseTimeExportQuery,
  ResponseTimeMonth,
  ResponseTimeRecord,
  ResponseTimesQuery,
  ResponseTimesResponse,
} from '@cotacoes/shared/schemas/dashboard';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { FreshCache } from '../../lib/fresh-cache.js';
import { csvField } from '../../lib/spreadsheet.js';
import { deepFreeze } from '../../lib/stamped-cache.js';
import * as repo from './indicators.repository.js';

type ExportQuery = ResponseTimeExportQuery;
const texts = uiDashboard.indicators;
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });
const time = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' });
/** dd/MM/yyyy HH:mm in Brasília. */
const dateTime = (date: Date) => `${day.format(date)} ${time.format(date)}`;

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
// Four decimals (0,36 s): the screen turns hours into minutes, and two decimals (36 s) made a reply after
// 2 min 37 s read '2 min' here and '3 min' on its card (QA pass 11). The CSV still prints two.
const hours = (seconds: number | null) => (seconds === null ? null : round(seconds / 3600, 4));

const brasiliaYear = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' });

/**
 * The current year in Brasília: the spec's default period (1 January to 31 December). One formatter for
 * the process: making one per request cost more than the rest of the answer's work in Node.
 */
export function currentYear(now = new Date()): number {
  return Number(brasiliaYear.format(now));
}

/** Every month (YYYY-MM) a period touches, in order. */
export function monthsOf(inicio: string, fim: string): string[] {
  const months: string[] = [];
  let year = Number(inicio.slice(0, 4));
  let month = Number(inicio.slice(5, 7));
  const last = fim.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The record's figures from a carrier's sums (hours rounded to 4 decimals, the rate to 1). */
function recordOf(carrier: repo.CarrierRow): Omit<ResponseTimeRecord, 'mensal'> {
  const media = carrier.respondidos > 0 ? carrier.somaSegundos / carrier.respondidos : null;
  return {
    transportadorId: carrier.id,
    transportadorNome: carrier.nome,
    transportadorEmail: carrier.emails,
    totalCotacoes: carrier.enviados,
    totalRespostas: carrier.respondidos,
    aguardandoNoPrazo: carrier.aguardando,
    respostasAposPrazo: carrier.atrasados,
    tempoMedioRespostaHoras: hours(media),
    tempoMedioRespostaDias: media === null ? null : round(media / 86_400, 2),
    tempoMinimoRespostaHoras: hours(carrier.minSegundos),
    tempoMaximoRespostaHoras: hours(carrier.maxSegundos),
    // Nothing counted yet (only requests still within their deadline): no rate to speak of.
    taxaResposta: carrier.enviados > 0 ? round((carrier.respondidos / carrier.enviados) * 100, 1) : 0,
    ultimaResposta: carrier.ultimaResposta === null ? null : new Date(carrier.ultimaResposta).toISOString(),
  };
}

/** The period asked for: one end given, the other is the edge of that end's year; none, the current year. */
function periodOf(query: { dataInicio?: string; dataFim?: string }, now: Date) {
  const dataInicio = query.dataInicio ?? `${query.dataFim?.slice(0, 4) ?? currentYear(now)}-01-01`;
  const dataFim = query.dataFim ?? `${dataInicio.slice(0, 4)}-12-31`;
  return { dataInicio, dataFim, plan: repo.planPeriod(dataInicio, dataFim) };
}

/** A column without a direction starts descending (the screen's rule); no column: by name. */
function orderOf(query: ExportQuery): repo.TableOrder {
  return query.sortField
    ? { field: query.sortField, direction: query.sortDirection ?? 'desc' }
    : { direction: 'asc' };
}

/**
 * Response-time indicators (spec 000 "Indicators"): per carrier of the caller's company, the requests
 * sent in the period, how many were answered and how long the first answer took.
 */
export class IndicatorsService {
  /** Tables and carrier lists as read, per company and filters, for at most `maxAgeMs` (ADR 0031). */
  private readonly tables: FreshCache<ResponseTimesResponse>;
  private readonly carrierLists: FreshCache<{ data: Awaited<ReturnType<typeof repo.periodCarriers>> }>;

  /** `maxAgeMs`: how old a kept table may be (config SUMMARY_MAX_AGE_MS; 0 reads every time). */
  constructor(
    private readonly db: Database,
    maxAgeMs = 0,
  ) {
    this.tables = new FreshCache(maxAgeMs);
    this.carrierLists = new FreshCache(maxAgeMs);
  }

  /** Forgets the kept tables (the bench's first-read row; a test). */
  clearKept(): void {
    this.tables.clear();
    this.carrierLists.clear();
  }

  /**
   * The table's page, read from the rollups or kept (its `atualizadoEm` says when it was read; the value
   * is frozen and sent as it is), and the tag of that read (ETag).
   */
  async responseTimes(
    actor: Actor,
    query: ResponseTimesQuery,
    now = new Date(),
  ): Promise<{ value: ResponseTimesResponse; etag: string }> {
    const period = periodOf(query, now);
    const key = `${actor.tenant.empresaId}|${period.dataInicio}|${period.dataFim}|${JSON.stringify(query)}`;
    const { value, readAt } = await this.tables.get(key, async (at) =>
      deepFreeze({ ...(await this.readTable(actor, query, period)), atualizadoEm: at.toISOString() }),
    );
    const etag = createHash('md5').update(`${key}|${readAt.getTime()}`).digest('hex');
    return { value, etag };
  }

  private async readTable(
    actor: Actor,
    query: ResponseTimesQuery,
    { dataInicio, dataFim, plan }: ReturnType<typeof periodOf>,
  ): Promise<Omit<ResponseTimesResponse, 'atualizadoEm'>> {
    const { tenant } = actor;
    const { total, rows } = await repo.carrierPage(this.db, tenant, plan, {
      order: orderOf(query),
      transportadorId: query.transportadorId,
      page: { limit: query.limit, offset: (query.page - 1) * query.limit },
    });
    const months = await repo.carrierMonths(
      this.db,
      tenant,
      plan,
      rows.map((row) => row.id),
    );
    const periodMonths = monthsOf(dataInicio, dataFim);
    const data = rows.map((row) => {
      const own = new Map(months.filter((month) => month.id === row.id).map((month) => [month.mes, month]));
      const mensal: ResponseTimeMonth[] = periodMonths.map((mes) => {
        const month = own.get(mes);
        return {
          mes,
          totalCotacoes: month?.enviados ?? 0,
          totalRespostas: month?.respondidos ?? 0,
          tempoMedioRespostaHoras:
            month && month.respondidos > 0 ? hours(month.somaSegundos / month.respondidos) : null,
        };
      });
      return { ...recordOf(row), mensal };
    });
    return { data, total, totalPages: Math.ceil(total / query.limit), page: query.page, dataInicio, dataFim };
  }

  /** The carriers with requests in the period (the screen's carrier filter), by name. */
  async carriers(actor: Actor, query: ResponseTimeCarriersQuery, now = new Date()) {
    const { dataInicio, dataFim, plan } = periodOf(query, now);
    const key = `${actor.tenant.empresaId}|${dataInicio}|${dataFim}`;
    return (
      await this.carrierLists.get(key, async () => ({
        data: await repo.periodCarriers(this.db, actor.tenant, plan),
      }))
    ).value;
  }

  /** The whole table of the filters (every page) as a CSV file (`;`, UTF-8 with BOM, cells neutralised). */
  async exportCsv(
    actor: Actor,
    query: ExportQuery,
    now = new Date(),
  ): Promise<{ filename: string; body: Buffer }> {
    const { tenant } = actor;
    const { dataInicio, dataFim, plan } = periodOf(query, now);
    const { rows } = await repo.carrierPage(this.db, tenant, plan, {
      order: orderOf(query),
      transportadorId: query.transportadorId,
    });
    const number = (value: number | null) => (value === null ? '' : decimal.format(value));
    const lines = [
      texts.csvColumns,
      ...rows
        .map(recordOf)
        .map((row) => [
          row.transportadorNome,
          row.transportadorEmail,
          String(row.totalCotacoes),
          String(row.totalRespostas),
          number(row.taxaResposta),
          number(row.tempoMedioRespostaHoras),
          number(row.tempoMedioRespostaDias),
          number(row.tempoMinimoRespostaHoras),
          number(row.tempoMaximoRespostaHoras),
          row.ultimaResposta ? dateTime(new Date(row.ultimaResposta)) : '',
          String(row.aguardandoNoPrazo ?? 0),
          String(row.respostasAposPrazo ?? 0),
        ]),
    ].map((line) => line.map(csvField).join(';'));
    return {
      filename: formatMessage(texts.exportFile, { inicio: dataInicio, fim: dataFim }),
      body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    };
  }
}
