import { addDays } from '@cotacoes/shared/comparison/index';
import type { ResponseTimeSortField, SortDirection } from '@cotacoes/shared/schemas/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { querySql } from '../../db/prepared.js';
import type { Tenant } from '../../db/tenant.js';

/*
 * Response times come from the yearly and monthly cells (kept by triggers, migration 0012) for the whole
 * years and months of a period and from the recipients themselves for its partial months at either end
 * (ADR 0019). A recipient counts as sent unless it never answered and its delivery failed or its quote
 * ended (cancelled, closed, approved) before the deadline (migrations 0041, 0043), or its quote still waits
 * within its deadline — the one part no trigger can keep (time passing changes it): read live from the
 * company's open quotes and taken off (`waitingPart`). Its time is from the request (the recipient row) to
 * its first answer (`respondeu_em`).
 */

type Range = { from: string; to: string };

/** A period's days (YYYY-MM-DD, inclusive) split into whole years, whole months and raw days. */
export type PeriodPlan = {
  /** Whole years [from, to) read from the yearly cells. */
  years: { from: number; to: number } | null;
  /** Whole months outside those years: first days [from, to). */
  months: Range[];
  /** Every whole month of the period, years included (the monthly charts). */
  allMonths: Range | null;
  /** Days outside whole months [from, to), read from the recipients. */
  raw: Range[];
  /** The whole period [from, to). */
  period: Range;
};

const TIME_ZONE = 'America/Sao_Paulo';

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const yearStart = (day: string) => `${day.slice(0, 4)}-01-01`;
function nextMonth(day: string): string {
  const date = new Date(`${monthStart(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}
const nonEmpty = (ranges: Range[]) => ranges.filter((range) => range.from < range.to);

export function planPeriod(inicio: string, fim: string): PeriodPlan {
  const end = addDays(fim, 1);
  const period = { from: inicio, to: end };
  const firstMonth = inicio === monthStart(inicio) ? inicio : nextMonth(inicio);
  const afterMonths = monthStart(end);
  if (firstMonth >= afterMonths)
    return { years: null, months: [], allMonths: null, raw: [{ from: inicio, to: end }], period };
  const raw = nonEmpty([
    { from: inicio, to: firstMonth },
    { from: afterMonths, to: end },
  ]);
  const allMonths = { from: firstMonth, to: afterMonths };
  const firstYear =
    firstMonth === yearStart(firstMonth) ? firstMonth : `${Number(firstMonth.slice(0, 4)) + 1}-01-01`;
  const afterYears = yearStart(afterMonths);
  if (firstYear >= afterYears) return { years: null, months: [allMonths], allMonths, raw, period };
  return {
    years: { from: Number(firstYear.slice(0, 4)), to: Number(afterYears.slice(0, 4)) },
    months: nonEmpty([
      { from: firstMonth, to: firstYear },
      { from: afterYears, to: afterMonths },
    ]),
    allMonths,
    raw,
    period,
  };
}

const localDay = (day: string) => sql`(${day}::timestamp at time zone ${TIME_ZONE})`;
const anyOf = (conditions: SQL[]) => sql`(${sql.join(conditions, sql` or `)})`;
const onlyCarriers = (column: SQL, carriers?: readonly string[]) =>
  carriers
    ? sql` and ${column} in (${sql.join(
        carriers.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;

const CELL_COLUMNS = sql`enviados, respondidos, soma_segundos, min_segundos, max_segundos, ultima_resposta, atrasados`;

/** The raw recipients of some day ranges, summed per carrier (and month). */
function rawPart(tenant: Tenant, ranges: Range[], byMonth: boolean, carriers?: readonly string[]): SQL {
  return sql`select r.transportador_id, ${byMonth ? sql`resposta_tempos_mes(r.created_at) as mes,` : sql``}
      (count(*) filter (where r.respondeu_em is not null
        or (r.falha_entrega is null and not r.encerrada_no_prazo)))::int as enviados,
      count(r.respondeu_em)::int as respondidos,
      coalesce(sum(resposta_segundos(r.created_at, r.respondeu_em)), 0)::bigint as soma_segundos,
      min(resposta_segundos(r.created_at, r.respondeu_em)) as min_segundos,
      max(resposta_segundos(r.created_at, r.respondeu_em)) as max_segundos,
      max(r.respondeu_em) as ultima_resposta,
      count(*) filter (where r.respondeu_apos_prazo)::int as atrasados
    from cotacao_destinatarios r
    where r.empresa_id = ${tenant.empresaId} and ${anyOf(
      ranges.map(
        (range) => sql`(r.created_at >= ${localDay(range.from)} and r.created_at < ${localDay(range.to)})`,
      ),
    )}${onlyCarriers(sql`r.transportador_id`, carriers)}
    group by 1${byMonth ? sql`, 2` : sql``}`;
}

/**
 * Taken off the period's sums: the recipients counted as sent whose quote still waits within its deadline
 * and that have not answered (their chance is not over; an answer or the deadline makes them count). Read
 * live from the company's open quotes — few rows, by the quotes' status. A deleted quote's requests count
 * as before (ADR 0019).
 */
function waitingPart(tenant: Tenant, plan: PeriodPlan, byMonth: boolean, carriers?: readonly string[]): SQL {
  return sql`select r.transportador_id, ${byMonth ? sql`resposta_tempos_mes(r.created_at) as mes,` : sql``}
      -count(*)::int as enviados, 0::int as respondidos, 0::bigint as soma_segundos,
      null::int as min_segundos, null::int as max_segundos, null::timestamptz as ultima_resposta,
      0::int as atrasados
      ${byMonth ? sql`` : sql`, count(*)::int as aguardando`}
    from cotacoes q join cotacao_destinatarios r on r.cotacao_id = q.id and r.empresa_id = q.empresa_id
    where q.empresa_id = ${tenant.empresaId} and q.deleted_at is null
      and q.status in ('AGUARDANDO_RESPOSTA', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_REVISAO')
      and q.prazo_resposta > now() and r.respondeu_em is null and r.falha_entrega is null
      and r.created_at >= ${localDay(plan.period.from)} and r.created_at < ${localDay(plan.period.to)}${onlyCarriers(
        sql`r.transportador_id`,
        carriers,
      )}
    group by 1${byMonth ? sql`, 2` : sql``}`;
}

/** Per-carrier partial sums of the period: yearly cells, monthly cells and raw recipients. */
function totalsParts(tenant: Tenant, plan: PeriodPlan): SQL {
  const branches: SQL[] = [];
  if (plan.years)
    branches.push(sql`select transportador_id, ${CELL_COLUMNS}, 0::int as aguardando from resposta_tempos_anuais
      where empresa_id = ${tenant.empresaId} and ano >= ${plan.years.from} and ano < ${plan.years.to}`);
  if (plan.months.length > 0)
    branches.push(sql`select transportador_id, ${CELL_COLUMNS}, 0::int as aguardando from resposta_tempos_mensais
      where empresa_id = ${tenant.empresaId} and ${anyOf(
        plan.months.map((range) => sql`(mes >= ${range.from}::date and mes < ${range.to}::date)`),
      )}`);
  if (plan.raw.length > 0)
    branches.push(sql`select *, 0::int as aguardando from (${rawPart(tenant, plan.raw, false)}) raw`);
  branches.push(waitingPart(tenant, plan, false));
  return sql.join(branches, sql` union all `);
}

/** Per-carrier, per-month partial sums of some carriers: monthly cells and raw recipients. */
function monthParts(tenant: Tenant, plan: PeriodPlan, carriers: readonly string[]): SQL {
  const branches: SQL[] = [];
  if (plan.allMonths)
    branches.push(sql`select transportador_id, mes, ${CELL_COLUMNS} from resposta_tempos_mensais
      where empresa_id = ${tenant.empresaId} and mes >= ${plan.allMonths.from}::date
        and mes < ${plan.allMonths.to}::date${onlyCarriers(sql`transportador_id`, carriers)}`);
  if (plan.raw.length > 0) branches.push(rawPart(tenant, plan.raw, true, carriers));
  branches.push(waitingPart(tenant, plan, true, carriers));
  return sql.join(branches, sql` union all `);
}

/** The period's carriers with their sums (deleted carriers keep their name). */
function carriersWithTotals(tenant: Tenant, plan: PeriodPlan): SQL {
  return sql`select p.*, t.nome, t.nome_busca, t.deleted_at
    from (select transportador_id as id, sum(enviados)::int as enviados, sum(respondidos)::int as respondidos,
        sum(soma_segundos)::float8 as soma, min(min_segundos)::int as minimo, max(max_segundos)::int as maximo,
        max(ultima_resposta) as ultima, sum(aguardando)::int as aguardando, sum(atrasados)::int as atrasados
      from (${totalsParts(tenant, plan)}) parts
      group by transportador_id
      having sum(enviados) > 0 or sum(aguardando) > 0) p
    join transportadores t on t.id = p.id and t.empresa_id = ${tenant.empresaId}`;
}

export type CarrierRow = {
  id: string;
  nome: string;
  /** The carrier's addresses in their order, '; ' between them. */
  emails: string;
  enviados: number;
  respondidos: number;
  /** Requests not counted yet: unanswered, their quote still waiting within its deadline. */
  aguardando: number;
  /** First answers that came after their quote's deadline (part of `respondidos`). */
  atrasados: number;
  somaSegundos: number;
  minSegundos: number | null;
  maxSegundos: number | null;
  /** Epoch ms. */
  ultimaResposta: number | null;
};

export type TableOrder = { field?: ResponseTimeSortField; direction: SortDirection };

/**
 * The order of the table in SQL: by name (without case and accents, the carriers list's order, ADR 0009),
 * or by a figure with the carriers that have none (no answer yet) last and the name breaking ties.
 */
function orderBy(order: TableOrder): SQL {
  const dir = sql.raw(order.direction === 'asc' ? 'asc' : 'desc');
  const byName = sql`nome_busca, id`;
  switch (order.field) {
    case undefined:
      return byName;
    case 'transportadorNome':
      return sql`nome_busca ${dir}, id ${dir}`;
    case 'totalRespostas':
      return sql`respondidos ${dir}, ${byName}`;
    case 'tempoMedioRespostaHoras':
      return sql`(case when respondidos > 0 then soma / respondidos end) ${dir} nulls last, ${byName}`;
    case 'tempoMinimoRespostaHoras':
      return sql`minimo ${dir} nulls last, ${byName}`;
    case 'tempoMaximoRespostaHoras':
      return sql`maximo ${dir} nulls last, ${byName}`;
  }
}

/**
 * One page of the table (all of it without `page`), its carriers' addresses, and how many carriers match:
 * the database sums, orders and cuts, so only the page's rows reach the application.
 */
export async function carrierPage(
  db: Database,
  tenant: Tenant,
  plan: PeriodPlan,
  options: { order: TableOrder; transportadorId?: string; page?: { limit: number; offset: number } },
): Promise<{ total: number; rows: CarrierRow[] }> {
  const only = options.transportadorId ? sql`where id = ${options.transportadorId}::uuid` : sql``;
  const cut = options.page ? sql`limit ${options.page.limit} offset ${options.page.offset}` : sql``;
  // The addresses are looked up for the page's rows only, after the cut.
  const found = await querySql<CarrierRow & { total: number }>(
    db,
    sql`with matching as (select * from (${carriersWithTotals(tenant, plan)}) c ${only})
      select n.total as "total", r.id::text as "id", r.nome as "nome", r.enviados as "enviados",
        r.respondidos as "respondidos", r.aguardando as "aguardando", r.atrasados as "atrasados", r.soma as "somaSegundos", r.minimo as "minSegundos",
        r.maximo as "maxSegundos", (extract(epoch from r.ultima) * 1000)::float8 as "ultimaResposta",
        (select coalesce(string_agg(e.email, '; ' order by e.posicao), '') from transportador_emails e
          where e.transportador_id = r.id and e.deleted_at is not distinct from r.deleted_at) as "emails"
      from (select count(*)::int as total from matching) n
      left join lateral (select * from matching order by ${orderBy(options.order)} ${cut}) r on true`,
  );
  return {
    total: found[0]?.total ?? 0,
    rows: found.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row),
  };
}

/** The carriers with requests in the period, by name: the screen's carrier filter. */
export async function periodCarriers(db: Database, tenant: Tenant, plan: PeriodPlan) {
  return querySql<{ id: string; nome: string }>(
    db,
    sql`select c.id::text as "id", c.nome as "nome" from (${carriersWithTotals(tenant, plan)}) c
      order by c.nome_busca, c.id`,
  );
}

export type CarrierMonth = {
  id: string;
  /** YYYY-MM */
  mes: string;
  enviados: number;
  respondidos: number;
  somaSegundos: number;
};

/** The months of the period of some carriers (the page's), for their charts. */
export async function carrierMonths(
  db: Database,
  tenant: Tenant,
  plan: PeriodPlan,
  carriers: readonly string[],
) {
  if (carriers.length === 0) return [];
  return querySql<CarrierMonth>(
    db,
    sql`select p.transportador_id::text as "id", to_char(p.mes, 'YYYY-MM') as "mes",
        sum(p.enviados)::int as "enviados", sum(p.respondidos)::int as "respondidos",
        sum(p.soma_segundos)::float8 as "somaSegundos"
      from (${monthParts(tenant, plan, carriers)}) p
      group by 1, 2`,
  );
}
