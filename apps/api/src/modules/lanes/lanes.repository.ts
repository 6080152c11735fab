import { addDays } from '@cotacoes/shared/comparison/index';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';

/*
 * Reads of the lane history for the 'Rotas' page (ADR 0030). Raw SQL for percentile_cont; every
 * statement filters `empresa_id` by the caller's tenant first (the lane index leads with it).
 */

export type LaneFilter = { inicio: string; fim: string; modal?: string; unidade?: string };

const SAO_PAULO = 'America/Sao_Paulo';

/** The company, the period (São Paulo days, both ends included), and the modal and unit when given. */
function where(tenant: Tenant, filter: LaneFilter, extra?: SQL): SQL {
  const parts = [
    sql`p.empresa_id = ${tenant.empresaId}`,
    sql`p.data >= (${filter.inicio}::date::timestamp at time zone ${SAO_PAULO})`,
    sql`p.data < ((${filter.fim}::date + 1)::timestamp at time zone ${SAO_PAULO})`,
  ];
  if (filter.modal) parts.push(sql`p.modal = ${filter.modal}`);
  if (filter.unidade) parts.push(sql`p.unidade = ${filter.unidade}`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` and `);
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const date = new Date(Date.parse(`${day.slice(0, 7)}-01T12:00:00Z`));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * A period as the months `lane_months` holds whole ([first, end), São Paulo) and the partial months at
 * its edges, read from the points: [start, end) days, either possibly empty.
 */
export function periodParts(filter: LaneFilter) {
  const after = addDays(filter.fim, 1);
  const first = monthStart(filter.inicio) === filter.inicio ? filter.inicio : nextMonth(filter.inicio);
  const end = monthStart(after);
  return {
    months: { first, end },
    edges: (
      [
        [filter.inicio, [first, after].sort()[0]!],
        [[end, first].sort()[1]!, after],
      ] as [string, string][]
    ).filter(([from, to]) => from < to),
  };
}

/** Whole months of `lane_months` (alias m) in the period, with the modal and unit when given. */
function monthsWhere(tenant: Tenant, filter: LaneFilter, extra?: SQL): SQL {
  const { months } = periodParts(filter);
  const parts = [
    sql`m.empresa_id = ${tenant.empresaId}`,
    sql`m.mes >= ${months.first}::date`,
    sql`m.mes < ${months.end}::date`,
  ];
  if (filter.modal) parts.push(sql`m.modal = ${filter.modal}`);
  if (filter.unidade) parts.push(sql`m.unidade = ${filter.unidade}`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` and `);
}

/** The points of the period's partial edge months (alias p); false when the period is whole months. */
function edgesWhere(tenant: Tenant, filter: LaneFilter, extra?: SQL): SQL {
  const { edges } = periodParts(filter);
  if (edges.length === 0) return sql`false`;
  const ranges = edges.map(
    ([from, to]) =>
      sql`(p.data >= (${from}::date::timestamp at time zone ${SAO_PAULO}) and p.data < (${to}::date::timestamp at time zone ${SAO_PAULO}))`,
  );
  const parts = [sql`p.empresa_id = ${tenant.empresaId}`, sql`(${sql.join(ranges, sql` or `)})`];
  if (filter.modal) parts.push(sql`p.modal = ${filter.modal}`);
  if (filter.unidade) parts.push(sql`p.unidade = ${filter.unidade}`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` and `);
}

export type LaneSummaryRow = {
  lane: string;
  unidade: string;
  modal: string;
  /** Null on a lane and unit with proposals left out only: `quote_origem` names it then. */
  origem: string | null;
  destino: string | null;
  /** The quote's own places, as typed, of a group with left-out proposals only. */
  quote_origem: string | null;
  quote_destino: string | null;
  cotacoes: number;
  pontos: number;
  /** Null when no proposal of the group counts (every one left out). */
  mediana: number | null;
  minimo: number | null;
  maximo: number | null;
  ultima_data: string;
  total: number;
};

/**
 * The proposals left out of the figures (alias e), as groups of no points: a lane and unit whose every
 * proposal is left out (an all-in LCL freight per m³ beside the others' W/M) is still listed, with them
 * (QA pass 39: the approved proposal appeared nowhere).
 */
const leftOutGroups = (tenant: Tenant, filter: LaneFilter, extra?: SQL) => sql`
  select p.lane, p.unidade, p.modal, null::text, null::text, 0, null::float8, null::float8, p.data,
    c.origem, c.destino
  from lane_exclusions p
  left join cotacoes c on c.empresa_id = p.empresa_id and c.id = p.cotacao_id
  where ${where(tenant, filter, extra)}`;

/** Lanes × unit of the period, the most proposals first, one page. */
export async function lanePage(
  db: Database,
  tenant: Tenant,
  filter: LaneFilter,
  page: { limit: number; offset: number },
): Promise<LaneSummaryRow[]> {
  // The page's lanes from the monthly summary (whole months) and the points of the period's partial
  // edge months; the median and the quotes of those 20 lanes alone, each read on the lane index.
  const { rows } = await db.execute<LaneSummaryRow>(sql`
    with grupos as (
      select m.lane, m.unidade, m.modal, m.origem_nome, m.destino_nome, m.pontos, m.minimo, m.maximo,
        m.ultima_data, null::text as quote_origem, null::text as quote_destino
      from lane_months m
      where ${monthsWhere(tenant, filter)}
      union all
      select p.lane, p.unidade, p.modal, p.origem_nome, p.destino_nome, 1, p.frete_usd, p.frete_usd, p.data,
        null, null
      from lane_points p
      where ${edgesWhere(tenant, filter)}
      union all
      ${leftOutGroups(tenant, filter)}
    ), pagina as (
      select g.lane, g.unidade, min(g.modal) as modal, min(g.origem_nome) as origem,
        min(g.destino_nome) as destino, min(g.quote_origem) as quote_origem,
        min(g.quote_destino) as quote_destino, sum(g.pontos)::int as pontos,
        min(g.minimo)::float8 as minimo, max(g.maximo)::float8 as maximo,
        to_char(max(g.ultima_data) at time zone ${SAO_PAULO}, 'YYYY-MM-DD') as ultima_data,
        (count(*) over ())::int as total
      from grupos g
      group by g.lane, g.unidade
      order by pontos desc, g.lane, g.unidade
      limit ${page.limit} offset ${page.offset}
    )
    select pagina.*, s.cotacoes, s.mediana
    from pagina
    cross join lateral (
      select count(distinct p.cotacao_id)::int as cotacoes,
        percentile_cont(0.5) within group (order by p.frete_usd)::float8 as mediana
      from lane_points p
      where ${where(tenant, filter, sql`p.lane = pagina.lane and p.unidade = pagina.unidade`)}
    ) s
    order by pagina.pontos desc, pagina.lane, pagina.unidade`);
  return rows;
}

/** The units a lane was quoted in during the period, the most quoted first. */
export async function laneUnits(db: Database, tenant: Tenant, lane: string, filter: LaneFilter) {
  const { rows } = await db.execute<{
    unidade: string;
    pontos: number;
    modal: string;
    origem: string;
    destino: string;
  }>(sql`
    with grupos as (
      select m.unidade, m.pontos, m.modal, m.origem_nome, m.destino_nome
      from lane_months m
      where ${monthsWhere(tenant, { ...filter, unidade: undefined }, sql`m.lane = ${lane}`)}
      union all
      select p.unidade, 1, p.modal, p.origem_nome, p.destino_nome
      from lane_points p
      where ${edgesWhere(tenant, { ...filter, unidade: undefined }, sql`p.lane = ${lane}`)}
      union all
      -- A unit whose proposals were all left out is still a tab of the lane, with 0 points; its quote's
      -- places name a lane that has no point at all.
      select p.unidade, 0, p.modal, c.origem, c.destino
      from lane_exclusions p
      left join cotacoes c on c.empresa_id = p.empresa_id and c.id = p.cotacao_id
      where ${where(tenant, { ...filter, unidade: undefined }, sql`p.lane = ${lane}`)}
    )
    select g.unidade, sum(g.pontos)::int as pontos, min(g.modal) as modal,
      coalesce(min(g.origem_nome) filter (where g.pontos > 0), min(g.origem_nome)) as origem,
      coalesce(min(g.destino_nome) filter (where g.pontos > 0), min(g.destino_nome)) as destino
    from grupos g
    group by g.unidade
    order by pontos desc, g.unidade`);
  return rows;
}

export type LanePointRow = {
  transportador_id: string;
  transportador_nome: string;
  data: string;
  frete_usd: number;
  total_brl: number;
  aprovado: boolean;
  cotacao_id: string;
  cotacao_codigo: string | null;
};

/** The points of one lane and unit in the period, oldest first (the chart), at most `limit` latest. */
export async function lanePointsOf(
  db: Database,
  tenant: Tenant,
  lane: string,
  filter: LaneFilter,
  limit: number,
): Promise<LanePointRow[]> {
  const { rows } = await db.execute<LanePointRow>(sql`
    select latest.*, c.codigo as cotacao_codigo from (
      select p.transportador_id::text, p.transportador_nome,
        to_char(p.data at time zone ${SAO_PAULO}, 'YYYY-MM-DD') as data,
        p.frete_usd::float8, p.total_brl::float8, p.aprovado, p.cotacao_id::text, p.data as instante
      from lane_points p
      where ${where(tenant, filter, sql`p.lane = ${lane}`)}
      order by p.data desc
      limit ${limit}
    ) latest
    left join cotacoes c on c.empresa_id = ${tenant.empresaId} and c.id = latest.cotacao_id::uuid
    order by latest.instante, latest.transportador_nome`);
  return rows;
}

/** A chart point standing for a carrier's week: the week's Monday as `data`, medians, and its count. */
export type LaneWeekRow = Omit<LanePointRow, 'cotacao_id' | 'cotacao_codigo'> & { quantidade: number };

/**
 * The chart of a lane with more proposals than a chart can show: per carrier, week (Monday, São Paulo)
 * and approved or not, the median freight and total per unit and how many proposals it stands for.
 */
export async function laneWeeksOf(
  db: Database,
  tenant: Tenant,
  lane: string,
  filter: LaneFilter,
): Promise<LaneWeekRow[]> {
  const { rows } = await db.execute<LaneWeekRow>(sql`
    select p.transportador_id::text, min(p.transportador_nome) as transportador_nome,
      to_char(date_trunc('week', p.data at time zone ${SAO_PAULO}), 'YYYY-MM-DD') as data,
      percentile_cont(0.5) within group (order by p.frete_usd)::float8 as frete_usd,
      percentile_cont(0.5) within group (order by p.total_brl)::float8 as total_brl,
      p.aprovado, count(*)::int as quantidade
    from lane_points p
    where ${where(tenant, filter, sql`p.lane = ${lane}`)}
    group by p.transportador_id, 3, p.aprovado
    order by 3, 2, p.aprovado`);
  return rows;
}

/**
 * Per month (São Paulo): points, median, 25th and 75th percentiles of freight per unit; whole months from
 * `lane_months`, the period's partial edge months from the points.
 */
export async function laneMonths(db: Database, tenant: Tenant, lane: string, filter: LaneFilter) {
  const { rows } = await db.execute<{
    mes: string;
    pontos: number;
    mediana: number;
    p25: number;
    p75: number;
  }>(sql`
    select to_char(m.mes, 'YYYY-MM') as mes, m.pontos, m.mediana::float8, m.p25::float8, m.p75::float8
    from lane_months m
    where ${monthsWhere(tenant, filter, sql`m.lane = ${lane}`)}
    union all
    select to_char(p.data at time zone ${SAO_PAULO}, 'YYYY-MM') as mes, count(*)::int as pontos,
      percentile_cont(0.5) within group (order by p.frete_usd)::float8 as mediana,
      percentile_cont(0.25) within group (order by p.frete_usd)::float8 as p25,
      percentile_cont(0.75) within group (order by p.frete_usd)::float8 as p75
    from lane_points p
    where ${edgesWhere(tenant, filter, sql`p.lane = ${lane}`)}
    group by 1
    order by 1`);
  return rows;
}

/** Per carrier: quotes answered, approvals won, mean response hours and median freight per unit. */
export async function laneCarriers(db: Database, tenant: Tenant, lane: string, filter: LaneFilter) {
  const { rows } = await db.execute<{
    transportador_id: string;
    transportador: string;
    cotacoes: number;
    vitorias: number;
    resposta_horas: number | null;
    mediana: number;
  }>(sql`
    select p.transportador_id::text, min(p.transportador_nome) as transportador,
      count(distinct p.cotacao_id)::int as cotacoes,
      count(distinct p.cotacao_id) filter (where p.aprovado)::int as vitorias,
      avg(p.resposta_horas)::float8 as resposta_horas,
      percentile_cont(0.5) within group (order by p.frete_usd)::float8 as mediana
    from lane_points p
    where ${where(tenant, filter, sql`p.lane = ${lane}`)}
    group by p.transportador_id
    order by vitorias desc, cotacoes desc, transportador`);
  return rows;
}

export type LaneExportRow = {
  modal: string;
  origem_nome: string;
  destino_nome: string;
  unidade: string;
  data: string;
  transportador_nome: string;
  frete_usd: number;
  total_brl: number;
  taxa: number;
  transito_dias: number | null;
  free_time_dias: number | null;
  aprovado: boolean;
  cotacao_codigo: string | null;
  referencia_processo: string | null;
  moeda_original: string | null;
  valor_original: number | null;
};

/** Every point of the filtered lanes (the CSV), by lane, unit and date; at most `limit`. */
export async function exportPoints(
  db: Database,
  tenant: Tenant,
  filter: LaneFilter,
  limit: number,
): Promise<LaneExportRow[]> {
  const { rows } = await db.execute<LaneExportRow>(sql`
    select p.modal, p.origem_nome, p.destino_nome, p.unidade,
      to_char(p.data at time zone ${SAO_PAULO}, 'YYYY-MM-DD') as data, p.transportador_nome,
      p.frete_usd::float8, p.total_brl::float8, p.taxa::float8, p.transito_dias, p.free_time_dias, p.aprovado,
      c.codigo as cotacao_codigo, c.referencia_processo, p.moeda_original, p.valor_original::float8
    from lane_points p
    left join cotacoes c on c.empresa_id = p.empresa_id and c.id = p.cotacao_id
    where ${where(tenant, filter)}
    order by p.lane, p.unidade, p.data, p.transportador_nome
    limit ${limit}`);
  return rows;
}

/**
 * Proposals of the period left out of the figures (incomplete rows, ADR 0030 addendum 2026-12-06), per
 * lane and unit, with the modal and unit when given: what the list says beside its figures.
 */
export async function laneExclusionCounts(db: Database, tenant: Tenant, filter: LaneFilter) {
  const { rows } = await db.execute<{ lane: string; unidade: string; n: number }>(sql`
    select p.lane, p.unidade, count(*)::int as n
    from lane_exclusions p
    where ${where(tenant, filter)}
    group by p.lane, p.unidade`);
  return rows;
}

export type LaneExclusionRow = {
  data: string;
  transportador_nome: string;
  cotacao_codigo: string | null;
  frete_usd: number;
  motivo: string;
  detalhe: string;
  total: number;
};

/** A lane's proposals of the period and unit left out of its figures, the latest first, at most `limit`. */
export async function laneExclusionsOf(
  db: Database,
  tenant: Tenant,
  lane: string,
  filter: LaneFilter,
  limit: number,
): Promise<LaneExclusionRow[]> {
  const { rows } = await db.execute<LaneExclusionRow>(sql`
    select to_char(p.data at time zone ${SAO_PAULO}, 'YYYY-MM-DD') as data, p.transportador_nome,
      c.codigo as cotacao_codigo, p.frete_usd::float8, p.motivo, p.detalhe,
      (count(*) over ())::int as total
    from lane_exclusions p
    left join cotacoes c on c.empresa_id = p.empresa_id and c.id = p.cotacao_id
    where ${where(tenant, filter, sql`p.lane = ${lane}`)}
    order by p.data desc, p.transportador_nome
    limit ${limit}`);
  return rows;
}
