import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { cotacoes, lanePoints, laneRefreshes, respostas } from '../db/schema/index.js';
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

/**
 * Replaces every point of a quote and clears its mark if no newer mark came meanwhile, in one
 * transaction: a quote's points are always those of one comparison.
 */
export async function replaceQuotePoints(
  db: Database,
  tenant: Tenant,
  cotacaoId: string,
  points: readonly NewLanePoint[],
  marcadoEm: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two refreshers of one quote (a worker and a page read) take turns: no point is inserted twice.
    await tx
      .select({ id: cotacoes.id })
      .from(cotacoes)
      .where(inTenant(cotacoes.empresaId, tenant, eq(cotacoes.id, cotacaoId)))
      .for('update');
    await tx
      .delete(lanePoints)
      .where(inTenant(lanePoints.empresaId, tenant, eq(lanePoints.cotacaoId, cotacaoId)));
    if (points.length > 0)
      await tx
        .insert(lanePoints)
        .values(points.map((point) => ({ ...point, empresaId: tenant.empresaId, cotacaoId })));
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

export type LaneFigure = {
  lane: string;
  unidade: string;
  mediana: number;
  quantidade: number;
  pontos: { id: string; data: string; transportador: string; freteUsd: number; aprovado: boolean }[];
};

/**
 * The 90-day median, count and latest points of each (lane, unit) asked, other quotes only: one query
 * on the (empresa_id, lane, unidade, data) index for a whole comparison.
 */
export async function laneFigures(
  db: Database,
  tenant: Tenant,
  cotacaoId: string,
  pairs: readonly { lane: string; unidade: string }[],
  since: Date,
  tooltipPoints: number,
): Promise<LaneFigure[]> {
  if (pairs.length === 0) return [];
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
        and p.data >= ${since.toISOString()} and p.cotacao_id <> ${cotacaoId}
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
          and p.data >= ${since.toISOString()} and p.cotacao_id <> ${cotacaoId}
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
