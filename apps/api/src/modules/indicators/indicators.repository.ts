import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Tenant } from '../../db/tenant.js';

/*
 * Response times come from `resposta_tempos_mensais` (kept by triggers, migration 0012) for the whole
 * months of a period and from the recipients themselves for its partial months at either end (ADR 0019).
 * A recipient counts as sent unless its delivery failed and it never answered; its time is from the
 * request (the recipient row) to its first answer (`respondeu_em`).
 */

/** A period's days (YYYY-MM-DD, inclusive) split into whole months and the raw day ranges around them. */
export type PeriodPlan = {
  /** First day of the first whole month and of the month after the last one; null without whole months. */
  months: { from: string; to: string } | null;
  /** Day ranges [from, to) read from the recipients. */
  raw: { from: string; to: string }[];
};

const TIME_ZONE = 'America/Sao_Paulo';

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
function nextMonth(day: string): string {
  const date = new Date(`${monthStart(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

export function planPeriod(inicio: string, fim: string): PeriodPlan {
  const end = addDays(fim, 1);
  const firstWhole = inicio === monthStart(inicio) ? inicio : nextMonth(inicio);
  const afterWhole = monthStart(end);
  if (firstWhole >= afterWhole) return { months: null, raw: [{ from: inicio, to: end }] };
  const raw = [
    ...(inicio < firstWhole ? [{ from: inicio, to: firstWhole }] : []),
    ...(afterWhole < end ? [{ from: afterWhole, to: end }] : []),
  ];
  return { months: { from: firstWhole, to: afterWhole }, raw };
}

const localDay = (day: string) => sql`(${day}::timestamp at time zone ${TIME_ZONE})`;

/** The recipients of the raw ranges (a false condition when there are none). */
function rawRanges(plan: PeriodPlan): SQL {
  if (plan.raw.length === 0) return sql`false`;
  return sql`(${sql.join(
    plan.raw.map(
      (range) => sql`(r.created_at >= ${localDay(range.from)} and r.created_at < ${localDay(range.to)})`,
    ),
    sql` or `,
  )})`;
}

/**
 * Per-carrier (and, with `byMonth`, per-month) partial sums of the period: monthly cells plus the raw
 * recipients of the partial months.
 */
function parts(tenant: Tenant, plan: PeriodPlan, byMonth: boolean, carriers?: readonly string[]): SQL {
  const onlyCarriers = (column: SQL) =>
    carriers
      ? sql` and ${column} in (${sql.join(
          carriers.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const monthly = plan.months
    ? sql`select m.transportador_id, ${byMonth ? sql`m.mes,` : sql``} m.enviados, m.respondidos, m.soma_segundos,
          m.min_segundos, m.max_segundos, m.ultima_resposta
        from resposta_tempos_mensais m
        where m.empresa_id = ${tenant.empresaId} and m.mes >= ${plan.months.from}::date
          and m.mes < ${plan.months.to}::date${onlyCarriers(sql`m.transportador_id`)}`
    : undefined;
  const raw =
    plan.raw.length > 0
      ? sql`select r.transportador_id, ${byMonth ? sql`resposta_tempos_mes(r.created_at) as mes,` : sql``}
          (count(*) filter (where r.respondeu_em is not null or r.falha_entrega is null))::int as enviados,
          count(r.respondeu_em)::int as respondidos,
          coalesce(sum(resposta_segundos(r.created_at, r.respondeu_em)), 0)::bigint as soma_segundos,
          min(resposta_segundos(r.created_at, r.respondeu_em)) as min_segundos,
          max(resposta_segundos(r.created_at, r.respondeu_em)) as max_segundos,
          max(r.respondeu_em) as ultima_resposta
        from cotacao_destinatarios r
        where r.empresa_id = ${tenant.empresaId} and ${rawRanges(plan)}${onlyCarriers(sql`r.transportador_id`)}
        group by 1${byMonth ? sql`, 2` : sql``}`
      : undefined;
  const branches = [monthly, raw].filter((branch): branch is SQL => branch !== undefined);
  return sql.join(branches, sql` union all `);
}

export type CarrierTotals = {
  id: string;
  nome: string;
  enviados: number;
  respondidos: number;
  somaSegundos: number;
  minSegundos: number | null;
  maxSegundos: number | null;
  /** Epoch ms. */
  ultimaResposta: number | null;
};

/** Every carrier with requests in the period: its totals and name (deleted carriers keep theirs). */
export async function carrierTotals(executor: Executor, tenant: Tenant, plan: PeriodPlan) {
  const result = await executor.execute(
    sql`select p.transportador_id::text as "id", t.nome as "nome",
        sum(p.enviados)::int as "enviados", sum(p.respondidos)::int as "respondidos",
        sum(p.soma_segundos)::float8 as "somaSegundos", min(p.min_segundos)::int as "minSegundos",
        max(p.max_segundos)::int as "maxSegundos",
        (extract(epoch from max(p.ultima_resposta)) * 1000)::float8 as "ultimaResposta"
      from (${parts(tenant, plan, false)}) p
      join transportadores t on t.id = p.transportador_id and t.empresa_id = ${tenant.empresaId}
      group by p.transportador_id, t.nome
      having sum(p.enviados) > 0`,
  );
  return result.rows as CarrierTotals[];
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
  executor: Executor,
  tenant: Tenant,
  plan: PeriodPlan,
  carriers: readonly string[],
) {
  if (carriers.length === 0) return [];
  const result = await executor.execute(
    sql`select p.transportador_id::text as "id", to_char(p.mes, 'YYYY-MM') as "mes",
        sum(p.enviados)::int as "enviados", sum(p.respondidos)::int as "respondidos",
        sum(p.soma_segundos)::float8 as "somaSegundos"
      from (${parts(tenant, plan, true, carriers)}) p
      group by 1, 2`,
  );
  return result.rows as CarrierMonth[];
}

/** The addresses of some carriers, in their order ('; '); a deleted carrier's as they were. */
export async function carrierEmails(executor: Executor, tenant: Tenant, carriers: readonly string[]) {
  if (carriers.length === 0) return new Map<string, string>();
  const result = await executor.execute(
    sql`select t.id::text as "id",
        coalesce(string_agg(e.email, '; ' order by e.posicao), '') as "emails"
      from transportadores t
      left join transportador_emails e on e.transportador_id = t.id
        and e.deleted_at is not distinct from t.deleted_at
      where t.empresa_id = ${tenant.empresaId} and t.id in (${sql.join(
        carriers.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by t.id`,
  );
  return new Map((result.rows as { id: string; emails: string }[]).map((row) => [row.id, row.emails]));
}
