import type {
  ResponseTimeMonth,
  ResponseTimeRecord,
  ResponseTimeSortField,
  ResponseTimesQuery,
  ResponseTimesResponse,
  SortDirection,
} from '@cotacoes/shared/schemas/dashboard';
import type { Database } from '../../db/client.js';
import { tenantOfUser } from '../../db/tenant.js';
import type { AuthContext } from '../../plugins/request-context.js';
import * as repo from './indicators.repository.js';

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

  async responseTimes(
    auth: AuthContext,
    query: ResponseTimesQuery,
    now = new Date(),
  ): Promise<ResponseTimesResponse> {
    const tenant = tenantOfUser(auth.user);
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
    const transportadores = rows
      .map((row) => ({ id: row.transportadorId, nome: row.transportadorNome }))
      .sort((a, b) => collator.compare(a.nome, b.nome) || a.id.localeCompare(b.id));

    const matching = query.transportadorId
      ? rows.filter((row) => row.transportadorId === query.transportadorId)
      : rows;
    matching.sort(
      compare(
        query.sortField ?? 'transportadorNome',
        query.sortField ? (query.sortDirection ?? 'desc') : 'asc',
      ),
    );
    const total = matching.length;
    const totalPages = Math.ceil(total / query.limit);
    const pageRows = matching.slice((query.page - 1) * query.limit, query.page * query.limit);

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
}
