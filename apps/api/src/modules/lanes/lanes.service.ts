import { createHash } from 'node:crypto';
import type { LaneDetail, LanesList, LanesQuery } from '@cotacoes/shared';
import { addDays, todayInSaoPaulo } from '@cotacoes/shared/comparison/index';
import { laneRound } from '@cotacoes/shared/comparison/lanes';
import { placeName } from '@cotacoes/shared/comparison/names';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { uiLanes } from '@cotacoes/shared/messages/ui-lanes';
import type { Database } from '../../db/client.js';
import type { LaneRefresher } from '../../lanes/lane-refresher.js';
import { laneStamp } from '../../lanes/lanes.repository.js';
import type { Actor } from '../../lib/actor.js';
import { validationError } from '../../lib/errors.js';
import { csvField } from '../../lib/spreadsheet.js';
import { StampedCache } from '../../lib/stamped-cache.js';
import * as repo from './lanes.repository.js';

/** Without a period: the last 365 days. */
const DEFAULT_DAYS = 365;
/**
 * A lane's chart draws each proposal up to this many in the period; above it, each carrier's weekly
 * median (a year of a busy lane is thousands of dots no one can read, and half a megabyte to send).
 */
const CHART_POINTS = 400;
const EXPORT_POINTS = 200_000;
/** A lane page lists at most this many of its proposals left out (the count is always whole). */
const EXCLUSIONS_SHOWN = 100;

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4, useGrouping: false });
/** Money in the CSV as the screen shows it, to the cent (QA pass 41a: "2746,1608" beside 2.746,16). */
const moneyCell = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
/** Half up on the decimal (4,075 → 4,08), never a float multiply (it gave 4,07). */
const round = (value: number, places = 2) => laneRound(value, places);
/** A place as shown ('Shanghai, CN' → 'Shanghai'), else the lane key's own part ('FCL|shanghai|santos'). */
const nameOr = (raw: string | null, lane: string, part: 1 | 2) =>
  (raw ? placeName(raw) : '') || (lane.split('|')[part] ?? '');

type Period = Pick<LanesQuery, 'inicio' | 'fim'>;
type Filter = repo.LaneFilter & { padrao: boolean };

/**
 * The period asked, or its missing ends (the end: today in São Paulo; the start: 365 days before the
 * end). A period ending before it starts is refused with a pt-BR 400, not answered as an empty page.
 */
export function filterOf(query: Period & { modal?: string; unidade?: string }, now: Date): Filter {
  const fim = query.fim ?? todayInSaoPaulo(now);
  const inicio = query.inicio ?? addDays(fim, -(DEFAULT_DAYS - 1));
  if (inicio > fim)
    throw validationError([
      {
        path: query.fim ? 'fim' : 'inicio',
        message: formatMessage(uiLanes.periodInverted, {
          inicio: isoToBr(inicio),
          fim: isoToBr(fim),
        }),
      },
    ]);
  return {
    inicio,
    fim,
    modal: query.modal,
    unidade: query.unidade,
    padrao: !query.inicio && !query.fim,
  };
}

const isoToBr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const periodOf = (filter: Filter) => ({ inicio: filter.inicio, fim: filter.fim, padrao: filter.padrao });

/**
 * The 'Rotas' page (issue 36, ADR 0030): the company's lanes by volume, a lane's trend by carrier and
 * the CSV. Each read first turns the company's pending marks into points, so a page shows what the
 * comparison shows now.
 */
export class LanesService {
  /**
   * Answers kept per company, period and page while the company's lane stamp is unchanged (every
   * change of its points bumps it in the same transaction): a repeated read costs the drain's and the
   * stamp's small queries.
   */
  private readonly kept = new StampedCache<LanesList | LaneDetail>(256);

  constructor(
    private readonly db: Database,
    private readonly refresher: LaneRefresher,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The list and its ETag (the stamp and the resolved filter). */
  async listStamped(actor: Actor, query: LanesQuery): Promise<{ etag: string; value: LanesList }> {
    const { waiting } = await this.refresher.drainCompany(actor.tenant);
    const filter = filterOf(query, this.now());
    const kept = await this.keep(actor, ['list', filter, query.page, query.pageSize], () =>
      this.list(actor, query, filter),
    );
    // Marks move without the stamp: the kept page says 0, a page with quotes waiting is its own answer.
    if (waiting === 0) return kept;
    return { etag: `${kept.etag}-${waiting}`, value: { ...kept.value, aguardando: waiting } };
  }

  /** A lane and its ETag (the stamp and the resolved filter). */
  async detailStamped(
    actor: Actor,
    lane: string,
    query: Period & { unidade?: string },
  ): Promise<{ etag: string; value: LaneDetail }> {
    await this.refresher.drain(actor.tenant);
    const filter = filterOf(query, this.now());
    return this.keep(actor, ['detail', lane, filter], () => this.detail(actor, lane, query, filter));
  }

  private async keep<V extends LanesList | LaneDetail>(
    actor: Actor,
    parts: unknown[],
    load: () => Promise<V>,
  ): Promise<{ etag: string; value: V }> {
    const key = `${actor.tenant.empresaId}:${JSON.stringify(parts)}`;
    const stamp = await laneStamp(this.db, actor.tenant);
    const value = (await this.kept.get(key, stamp, load)) as V;
    return { etag: createHash('md5').update(`${key}\u0000${stamp}`).digest('hex'), value };
  }

  async list(actor: Actor, query: LanesQuery, resolved?: Filter): Promise<LanesList> {
    if (!resolved) await this.refresher.drain(actor.tenant);
    const filter = resolved ?? filterOf(query, this.now());
    const [rows, left] = await Promise.all([
      repo.lanePage(this.db, actor.tenant, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      repo.laneExclusionCounts(this.db, actor.tenant, filter),
    ]);
    const leftOf = new Map(left.map((row) => [`${row.lane}\u0000${row.unidade}`, row.n]));
    return {
      data: rows.map((row) => ({
        chave: row.lane,
        modal: row.modal,
        // A lane and unit of left-out proposals only: named by their quote's places.
        origem: row.origem ?? nameOr(row.quote_origem, row.lane, 1),
        destino: row.destino ?? nameOr(row.quote_destino, row.lane, 2),
        unidade: row.unidade,
        cotacoes: row.cotacoes,
        pontos: row.pontos,
        mediana: row.mediana === null ? null : round(row.mediana),
        minimo: row.minimo === null ? null : round(row.minimo),
        maximo: row.maximo === null ? null : round(row.maximo),
        ultimaData: row.ultima_data,
        incompletas: leftOf.get(`${row.lane}\u0000${row.unidade}`) ?? 0,
      })),
      total: rows[0]?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      aguardando: 0,
      periodo: periodOf(filter),
      incompletas: left.reduce((sum, row) => sum + row.n, 0),
    };
  }

  async detail(
    actor: Actor,
    lane: string,
    query: Period & { unidade?: string },
    resolved?: Filter,
  ): Promise<LaneDetail> {
    const { tenant } = actor;
    if (!resolved) await this.refresher.drain(tenant);
    const filter = resolved ?? filterOf(query, this.now());
    const units = await repo.laneUnits(this.db, tenant, lane, filter);
    const unidade = query.unidade ?? units[0]?.unidade ?? null;
    const [modal, origem, destino] = lane.split('|');
    const head = {
      chave: lane,
      modal: units[0]?.modal ?? modal ?? '',
      origem: nameOr(units[0]?.origem ?? null, lane, 1),
      destino: nameOr(units[0]?.destino ?? null, lane, 2),
      unidade,
      unidades: units.map((unit) => ({ unidade: unit.unidade, pontos: unit.pontos })),
      periodo: periodOf(filter),
    };
    const none = { total: 0, propostas: [] };
    if (!unidade)
      return { ...head, series: [], agrupamento: null, meses: [], transportadores: [], incompletas: none };
    const byUnit = { ...filter, unidade };
    const weekly = (units.find((unit) => unit.unidade === unidade)?.pontos ?? 0) > CHART_POINTS;
    const [points, months, carriers, left] = await Promise.all([
      weekly
        ? repo.laneWeeksOf(this.db, tenant, lane, byUnit)
        : repo.lanePointsOf(this.db, tenant, lane, byUnit, CHART_POINTS),
      repo.laneMonths(this.db, tenant, lane, byUnit),
      repo.laneCarriers(this.db, tenant, lane, byUnit),
      repo.laneExclusionsOf(this.db, tenant, lane, byUnit, EXCLUSIONS_SHOWN),
    ]);
    const series = new Map<string, LaneDetail['series'][number]>();
    for (const point of points) {
      let carrier = series.get(point.transportador_id);
      if (!carrier) {
        carrier = {
          transportadorId: point.transportador_id,
          transportador: point.transportador_nome,
          pontos: [],
        };
        series.set(point.transportador_id, carrier);
      }
      carrier.pontos.push({
        data: point.data,
        freteUsd: round(point.frete_usd),
        totalBrl: round(point.total_brl),
        aprovado: point.aprovado,
        cotacaoId: 'cotacao_id' in point ? point.cotacao_id : null,
        cotacaoCodigo: 'cotacao_codigo' in point ? point.cotacao_codigo : null,
        quantidade: 'quantidade' in point ? point.quantidade : 1,
      });
    }
    const wins = carriers.reduce((sum, carrier) => sum + carrier.vitorias, 0);
    return {
      ...head,
      series: [...series.values()],
      agrupamento: weekly ? 'semana' : null,
      meses: months.map((month) => ({
        mes: month.mes,
        pontos: month.pontos,
        mediana: round(month.mediana),
        p25: round(month.p25),
        p75: round(month.p75),
      })),
      transportadores: carriers.map((carrier) => ({
        transportadorId: carrier.transportador_id,
        transportador: carrier.transportador,
        cotacoes: carrier.cotacoes,
        vitorias: carrier.vitorias,
        participacaoVitorias: wins > 0 ? round((carrier.vitorias / wins) * 100, 1) : 0,
        // Four places, as Indicadores: minutes must survive (QA pass 41a: 2 min read "menos de 1 min").
        respostaHorasMedia: carrier.resposta_horas == null ? null : round(carrier.resposta_horas, 4),
        medianaFreteUsd: round(carrier.mediana),
      })),
      incompletas: {
        total: left[0]?.total ?? 0,
        propostas: left.map((row) => ({
          data: row.data,
          transportador: row.transportador_nome,
          cotacaoCodigo: row.cotacao_codigo,
          freteUsd: round(row.frete_usd),
          motivo: row.motivo as LaneDetail['incompletas']['propostas'][number]['motivo'],
          detalhe: row.detalhe,
        })),
      },
    };
  }

  /** Every point of the filtered lanes as CSV (`;`, Excel pt-BR, neutralised cells). */
  async exportCsv(actor: Actor, query: LanesQuery): Promise<{ filename: string; body: Buffer }> {
    await this.refresher.drain(actor.tenant);
    const rows = await repo.exportPoints(this.db, actor.tenant, filterOf(query, this.now()), EXPORT_POINTS);
    const lines = [
      uiLanes.csvColumns,
      ...rows.map((row) => [
        row.modal,
        row.origem_nome,
        row.destino_nome,
        uiLanes.units[row.unidade] ?? row.unidade,
        row.data,
        row.transportador_nome,
        moneyCell.format(round(row.frete_usd)),
        moneyCell.format(round(row.total_brl)),
        decimal.format(row.taxa),
        row.transito_dias == null ? '' : String(row.transito_dias),
        row.free_time_dias == null ? '' : String(row.free_time_dias),
        row.aprovado ? uiLanes.yes : uiLanes.no,
        // Appended (QA pass 2026-12-06): the quote, and the freight as the carrier quoted it.
        row.cotacao_codigo ?? '',
        row.referencia_processo ?? '',
        row.moeda_original ?? '',
        row.valor_original == null ? '' : moneyCell.format(round(row.valor_original)),
      ]),
    ].map((line) => line.map(csvField).join(';'));
    return {
      filename: formatMessage(uiLanes.exportFile, {}),
      body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
    };
  }
}
