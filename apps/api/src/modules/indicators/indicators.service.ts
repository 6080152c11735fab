import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiDashboard } from '@cotacoes/shared/messages/ui-dashboard';
import type {
  ResponseTimeExportQuery,
  ResponseTimeMonth,
  ResponseTimeRecord,
  ResponseTimeSortField,
  ResponseTimesQuery,
  ResponseTimesResponse,
  SortDirection,
} from '@cotacoes/shared/schemas/dashboard';
import type { Database } from '../../db/client.js';
import { type Tenant, tenantOfUser } from '../../db/tenant.js';
import { csvField } from '../../lib/spreadsheet.js';
import type { AuthContext } from '../../plugins/request-context.js';
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
const hours = (seconds: number | null) => (seconds === null ? null : round(seconds / 3600, 2));

/** The current year in Brasília: the spec's default period (1 January to 31 December). */
export function currentYear(now = new Date()): number {
  return Number(
    new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now),
  );
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

type Row = Omit<ResponseTimeRecord, 'transportadorEmail' | 'mensal'>;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Sorted by the field; carriers without a value (no answer yet) always last; ties by name. */
function compare(field: ResponseTimeSortField, direction: SortDirection) {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: Row, b: Row) => {
    if (field === 'transportadorNome')
      return (
        sign * collator.compare(a.transportadorNome, b.transportadorNome) ||
        a.transportadorId.localeCompare(b.transportadorId)
      );
    const x = a[field];
    const y = b[field];
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return sign * (x - y);
    return (
      collator.compare(a.transportadorNome, b.transportadorNome) ||
      a.transportadorId.localeCompare(b.transportadorId)
    );
  };
}

/**
 * Response-time indicators (spec 000 "Indicators"): per carrier of the caller's company, the requests
 * sent in the period, how many were answered and how long the first answer took.
 */
export class IndicatorsService {
  constructor(private readonly db: Database) {}

  /** Every carrier of the period matching the filter, sorted (the table before its pages). */
  private async sortedRows(tenant: Tenant, query: ExportQuery, now: Date) {
    const year = currentYear(now);
    // One end given: the other is the edge of that end's year.
    const dataInicio = query.dataInicio ?? `${query.dataFim?.slice(0, 4) ?? year}-01-01`;
    const dataFim = query.dataFim ?? `${dataInicio.slice(0, 4)}-12-31`;
    const plan = repo.planPeriod(dataInicio, dataFim);
    const totals = await repo.carrierTotals(this.db, tenant, plan);
    const rows: Row[] = totals.map((carrier) => {
      const media = carrier.respondidos > 0 ? carrier.somaSegundos / carrier.respondidos : null;
      return {
        transportadorId: carrier.id,
        transportadorNome: carrier.nome,
        totalCotacoes: carrier.enviados,
        totalRespostas: carrier.respondidos,
        tempoMedioRespostaHoras: hours(media),
        tempoMedioRespostaDias: media === null ? null : round(media / 86_400, 2),
        tempoMinimoRespostaHoras: hours(carrier.minSegundos),
        tempoMaximoRespostaHoras: hours(carrier.maxSegundos),
        taxaResposta: round((carrier.respondidos / carrier.enviados) * 100, 1),
        ultimaResposta:
          carrier.ultimaResposta === null ? null : new Date(carrier.ultimaResposta).toISOString(),
      };
    });
    rows.sort(compare('transportadorNome', 'asc'));
    const transportadores = rows.map((row) => ({ id: row.transportadorId, nome: row.transportadorNome }));
    const matching = query.transportadorId
      ? rows.filter((row) => row.transportadorId === query.transportadorId)
      : rows;
    if (query.sortField) matching.sort(compare(query.sortField, query.sortDirection ?? 'desc'));
    return { plan, dataInicio, dataFim, rows: matching, transportadores };
  }

  async responseTimes(
    auth: AuthContext,
    query: ResponseTimesQuery,
    now = new Date(),
  ): Promise<ResponseTimesResponse> {
    const tenant = tenantOfUser(auth.user);
    const { plan, dataInicio, dataFim, rows, transportadores } = await this.sortedRows(tenant, query, now);
    const total = rows.length;
    const totalPages = Math.ceil(total / query.limit);
    const pageRows = rows.slice((query.page - 1) * query.limit, query.page * query.limit);

    const ids = pageRows.map((row) => row.transportadorId);
    const [months, emails] = await Promise.all([
      repo.carrierMonths(this.db, tenant, plan, ids),
      repo.carrierEmails(this.db, tenant, ids),
    ]);
    const periodMonths = monthsOf(dataInicio, dataFim);
    const data = pageRows.map((row) => {
      const own = new Map(
        months.filter((month) => month.id === row.transportadorId).map((month) => [month.mes, month]),
      );
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
      return { ...row, transportadorEmail: emails.get(row.transportadorId) ?? '', mensal };
    });
    return { data, total, totalPages, page: query.page, dataInicio, dataFim, transportadores };
  }

  /** The whole table of the filters (every page) as a CSV file (`;`, UTF-8 with BOM, cells neutralised). */
  async exportCsv(
    auth: AuthContext,
    query: ExportQuery,
    now = new Date(),
  ): Promise<{ filename: string; body: Buffer }> {
    const tenant = tenantOfUser(auth.user);
    const { dataInicio, dataFim, rows } = await this.sortedRows(tenant, query, now);
    const emails = await repo.carrierEmails(
      this.db,
      tenant,
      rows.map((row) => row.transportadorId),
    );
    const number = (value: number | null) => (value === null ? '' : decimal.format(value));
    const lines = [
      texts.csvColumns,
      ...rows.map((row) => [
        row.transportadorNome,
        emails.get(row.transportadorId) ?? '',
        String(row.totalCotacoes),
        String(row.totalRespostas),
        number(row.taxaResposta),
        number(row.tempoMedioRespostaHoras),
        number(row.tempoMedioRespostaDias),
        number(row.tempoMinimoRespostaHoras),
        number(row.tempoMaximoRespostaHoras),
        row.ultimaResposta ? dateTime(new Date(row.ultimaResposta)) : '',
      ]),
    ].map((line) => line.map(csvField).join(';'));
    return {
      filename: formatMessage(texts.exportFile, { inicio: dataInicio, fim: dataFim }),
      body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    };
  }
}
