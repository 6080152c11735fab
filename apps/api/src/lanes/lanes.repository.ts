import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { cotacoes, laneExclusions, lanePoints, laneRefreshes, respostas } from '../db/schema/index.js';
import { inTenant, type Tenant } from '../db/tenant.js';

/*
 * The lane history's data (ADR 0030): `lane_refreshes` (quotes whose points must be computed again,
 * marked by whoever changes what a comparison shows) and `lane_points` (replaced per quote).
 */

/**
 * The mark's time: clock_timestamp() (a second mark in the same transaction is still newer), to the
 * millisecond, so that the refresher's JavaScript Date compares equal to it when it clears the mark.
 */
const markTime = sql`date_trunc('milliseconds', clock_timestamp())`;

/**
 * Marks a quote's lane points for a refresh, inside the caller's transaction: the mark exists exactly
 * when the change commits.
 */
export async function markLaneRefresh(executor: Executor, tenant: Tenant, cotacaoId: string): Promise<void> {
  await executor
    .insert(laneRefreshes)
    .values({ empresaId: tenant.empresaId, cotacaoId, marcadoEm: markTime })
    .onConflictDoUpdate({
      target: laneRefreshes.cotacaoId,
      // Never the same time twice: a mark within the same millisecond still moves it on.
      set: { marcadoEm: sql`greatest(${markTime}, ${laneRefreshes.marcadoEm} + interval '1 millisecond')` },
    });
}

export type PendingRefresh = { empresaId: string; cotacaoId: string; marcadoEm: Date };

/** The oldest marks, of one company or of all (the refresher's batch). */
export async function pendingRefreshes(
  db: Database,
  limit: number,
  tenant?: Tenant,
): Promise<PendingRefresh[]> {
  const query = db
    .select({
      empresaId: laneRefreshes.empresaId,
      cotacaoId: laneRefreshes.cotacaoId,
      marcadoEm: laneRefreshes.marcadoEm,
    })
    .from(laneRefreshes);
  return (tenant ? query.where(inTenant(laneRefreshes.empresaId, tenant)) : query)
    .orderBy(asc(laneRefreshes.marcadoEm))
    .limit(limit);
}

/** What a quote's points need besides its comparison: its places, modal and answer times. */
export async function quoteForLanes(db: Database, tenant: Tenant, cotacaoId: string) {
  const [quote] = await db
    .select({
      origem: cotacoes.origem,
      destino: cotacoes.destino,
      tipoFrete: cotacoes.tipoFrete,
      createdAt: cotacoes.createdAt,
      deletedAt: cotacoes.deletedAt,
    })
    .from(cotacoes)
    .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)))
    .limit(1);
  if (!quote) return undefined;
  const versions = await db
    .select({
      id: respostas.id,
      transportadorId: respostas.transportadorId,
      versao: respostas.versao,
      atual: respostas.atual,
      createdAt: respostas.createdAt,
    })
    .from(respostas)
    .where(inTenant(respostas.empresaId, tenant, eq(respostas.cotacaoId, cotacaoId)));
  return { ...quote, versions };
}

export type NewLanePoint = Omit<typeof lanePoints.$inferInsert, 'id' | 'empresaId' | 'cotacaoId'>;
export type NewLaneExclusion = Omit<typeof laneExclusions.$inferInsert, 'id' | 'empresaId' | 'cotacaoId'>;

/**
 * Replaces every point of a quote (and its proposals left out, ADR 0030 addendum 2026-12-06) and clears
 * its mark if no newer mark came meanwhile, in one transaction: a quote's points are always those of one
 * comparison.
 */
export async function replaceQuotePoints(
  db: Database,
  tenant: Tenant,
  cotacaoId: string,
  points: readonly NewLanePoint[],
  marcadoEm: Date,
  exclusions: readonly NewLaneExclusion[] = [],
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two refreshers of one quote (a worker and a page read) take turns: no point is inserted twice.
    await tx
      .select({ id: cotacoes.id })
      .from(cotacoes)
      .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)))
      .for('update');
    const removed = await tx.execute<LaneMonthGroup>(sql`
      delete from lane_points
      where empresa_id = ${tenant.empresaId} and cotacao_id = ${cotacaoId}
      returning lane, unidade, ${monthOfPoint} as mes`);
    let added: LaneMonthGroup[] = [];
    if (points.length > 0) {
      const ids = await tx
        .insert(lanePoints)
        .values(points.map((point) => ({ ...point, empresaId: tenant.empresaId, cotacaoId })))
        .returning({ id: lanePoints.id });
      if (ids.length > 0)
        added = (
          await tx.execute<LaneMonthGroup>(sql`
            select lane, unidade, ${monthOfPoint} as mes from lane_points
            where empresa_id = ${tenant.empresaId} and cotacao_id = ${cotacaoId}`)
        ).rows;
    }
    await recomputeLaneMonths(tx, tenant, [...removed.rows, ...added]);
    const dropped = await tx
      .delete(laneExclusions)
      .where(inTenant(laneExclusions.empresaId, tenant, eq(laneExclusions.cotacaoId, cotacaoId)))
      .returning({ id: laneExclusions.id });
    if (exclusions.length > 0)
      await tx
        .insert(laneExclusions)
        .values(exclusions.map((row) => ({ ...row, empresaId: tenant.empresaId, cotacaoId })));
    // The pages kept on the stamp say how many proposals are left out: a change of those alone moves it.
    if (dropped.length > 0 || exclusions.length > 0) await bumpLaneStamp(tx, tenant);
    await tx
      .delete(laneRefreshes)
      .where(
        inTenant(
          laneRefreshes.empresaId,
          tenant,
          and(eq(laneRefreshes.cotacaoId, cotacaoId), eq(laneRefreshes.marcadoEm, marcadoEm)),
        ),
      );
  });
}

export type LaneMonthGroup = { lane: string; unidade: string; mes: string };

/** A point's month in São Paulo, as the first day ('YYYY-MM-DD'): the key of `lane_months`. */
const monthOfPoint = sql`to_char(date_trunc('month', data at time zone 'America/Sao_Paulo'), 'YYYY-MM-DD')`;

/**
 * Recomputes the `lane_months` rows of exactly these (lane, unit, month) groups from their points, in
 * the caller's transaction (ADR 0030 addendum): a group without points loses its row. Two refreshes
 * touching one (lane, unit) take turns on a transaction advisory lock taken in a fixed order, so the
 * second recomputes after the first committed and sees its points (READ COMMITTED: each statement
 * reads what was committed before it started).
 */
export async function recomputeLaneMonths(
  executor: Executor,
  tenant: Tenant,
  groups: readonly LaneMonthGroup[],
): Promise<void> {
  const unique = [...new Map(groups.map((g) => [`${g.lane}\u0000${g.unidade}\u0000${g.mes}`, g])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, group]) => group);
  if (unique.length === 0) return;
  const lanes = [...new Set(unique.map((g) => `${tenant.empresaId}|${g.lane}|${g.unidade}`))].sort();
  for (const key of lanes)
    await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 36))`);
  await bumpLaneStamp(executor, tenant);
  const wanted = sql.join(
    unique.map((g) => sql`(${g.lane}::text, ${g.unidade}::text, ${g.mes}::date)`),
    sql`, `,
  );
  await executor.execute(sql`
    delete from lane_months m
    using (values ${wanted}) as g(lane, unidade, mes)
    where m.empresa_id = ${tenant.empresaId} and m.lane = g.lane and m.unidade = g.unidade
      and m.mes = g.mes`);
  await executor.execute(sql`
    insert into lane_months (empresa_id, lane, unidade, mes, modal, origem_nome, destino_nome, pontos,
      aprovados, soma, minimo, maximo, ultima_data, mediana, p25, p75)
    select ${tenant.empresaId}, g.lane, g.unidade, g.mes, min(p.modal), min(p.origem_nome),
      min(p.destino_nome), count(*)::int, (count(*) filter (where p.aprovado))::int, sum(p.frete_usd),
      min(p.frete_usd), max(p.frete_usd), max(p.data),
      percentile_cont(0.5) within group (order by p.frete_usd),
      percentile_cont(0.25) within group (order by p.frete_usd),
      percentile_cont(0.75) within group (order by p.frete_usd)
    from (values ${wanted}) as g(lane, unidade, mes)
    join lane_points p on p.empresa_id = ${tenant.empresaId} and p.lane = g.lane and p.unidade = g.unidade
      and p.data >= (g.mes::timestamp at time zone 'America/Sao_Paulo')
      and p.data < ((g.mes + interval '1 month')::timestamp at time zone 'America/Sao_Paulo')
    group by g.lane, g.unidade, g.mes`);
}

/** A new version of the company's lane history (the stamp of the 'Rotas' page's kept answers). */
async function bumpLaneStamp(executor: Executor, tenant: Tenant): Promise<void> {
  await executor.execute(sql`
    insert into lane_stamps (empresa_id, versao) values (${tenant.empresaId}, 1)
    on conflict (empresa_id) do update set versao = lane_stamps.versao + 1`);
}

/**
 * Rebuilds a company's whole `lane_months` from its points (the backfill migration's statement for one
 * company): for points written without the refresher (the bench's seed) and the summary test.
 */
export async function rebuildLaneMonths(executor: Executor, tenant: Tenant): Promise<void> {
  await bumpLaneStamp(executor, tenant);
  await executor.execute(sql`delete from lane_months where empresa_id = ${tenant.empresaId}`);
  await executor.execute(sql`
    insert into lane_months (empresa_id, lane, unidade, mes, modal, origem_nome, destino_nome, pontos,
      aprovados, soma, minimo, maximo, ultima_data, mediana, p25, p75)
    select p.empresa_id, p.lane, p.unidade,
      date_trunc('month', p.data at time zone 'America/Sao_Paulo')::date, min(p.modal),
      min(p.origem_nome), min(p.destino_nome), count(*)::int, (count(*) filter (where p.aprovado))::int,
      sum(p.frete_usd), min(p.frete_usd), max(p.frete_usd), max(p.data),
      percentile_cont(0.5) within group (order by p.frete_usd),
      percentile_cont(0.25) within group (order by p.frete_usd),
      percentile_cont(0.75) within group (order by p.frete_usd)
    from lane_points p
    where p.empresa_id = ${tenant.empresaId}
    group by 1, 2, 3, 4`);
}

export type LaneFigure = {
  lane: string;
  unidade: string;
  mediana: number;
  quantidade: number;
  pontos: { id: string; data: string; transportador: string; freteUsd: number; aprovado: boolean }[];
};

/** The company's lane history version ('0' before its first point): the stamp of answers kept on it. */
export async function laneStamp(db: Database, tenant: Tenant): Promise<string> {
  const { rows } = await db.execute<{ versao: string | number }>(
    sql`select versao from lane_stamps where empresa_id = ${tenant.empresaId}`,
  );
  return String(rows[0]?.versao ?? 0);
}

/**
 * The 90-day median, count and latest points of each (lane, unit) asked, other quotes only: one query
 * on the (empresa_id, lane, unidade, data) index for a whole comparison.
 */
export async function laneFigures(
  db: Database,
  tenant: Tenant,
  cotacaoId: string,
  pairs: readonly { lane: string; unidade: string }[],
  /** The window's first day (São Paulo, 'YYYY-MM-DD'), from its midnight. */
  sinceDay: string,
  tooltipPoints: number,
): Promise<LaneFigure[]> {
  if (pairs.length === 0) return [];
  const since = sql`(${sinceDay}::date::timestamp at time zone 'America/Sao_Paulo')`;
  const wanted = sql.join(
    pairs.map((pair) => sql`(${pair.lane}, ${pair.unidade})`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    lane: string;
    unidade: string;
    mediana: number;
    quantidade: number;
    pontos: LaneFigure['pontos'];
  }>(sql`
    select w.lane, w.unidade, s.mediana, s.quantidade, coalesce(t.pontos, '[]'::json) as pontos
    from (values ${wanted}) as w(lane, unidade)
    cross join lateral (
      select percentile_cont(0.5) within group (order by p.frete_usd)::float8 as mediana,
        count(*)::int as quantidade
      from lane_points p
      where p.empresa_id = ${tenant.empresaId} and p.lane = w.lane and p.unidade = w.unidade
        and p.data >= ${since} and p.cotacao_id <> ${cotacaoId}
    ) s
    -- The tooltip's latest points: a backward walk of the same index, stopped at the limit.
    cross join lateral (
      select json_agg(x.ponto) as pontos from (
        select json_build_object(
          'id', p.id,
          'data', to_char(p.data at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'),
          'transportador', p.transportador_nome,
          'freteUsd', p.frete_usd,
          'aprovado', p.aprovado) as ponto
        from lane_points p
        where p.empresa_id = ${tenant.empresaId} and p.lane = w.lane and p.unidade = w.unidade
          and p.data >= ${since} and p.cotacao_id <> ${cotacaoId}
        order by p.data desc
        limit ${tooltipPoints}
      ) x
    ) t
    where s.quantidade > 0`);
  return rows.map((row) => ({
    ...row,
    mediana: Number(row.mediana),
    pontos: typeof row.pontos === 'string' ? JSON.parse(row.pontos) : row.pontos,
  }));
}
