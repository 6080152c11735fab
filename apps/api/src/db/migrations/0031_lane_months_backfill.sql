-- Issue 36 (ADR 0030 addendum): the monthly summary of the lane points that already exist, computed as
-- the refresher recomputes a group (src/lanes/lanes.repository.ts, recomputeLaneMonths); months in
-- São Paulo time.
INSERT INTO "lane_months" ("empresa_id", "lane", "unidade", "mes", "modal", "origem_nome", "destino_nome",
  "pontos", "aprovados", "soma", "minimo", "maximo", "ultima_data", "mediana", "p25", "p75")
SELECT p."empresa_id", p."lane", p."unidade",
  date_trunc('month', p."data" AT TIME ZONE 'America/Sao_Paulo')::date,
  min(p."modal"), min(p."origem_nome"), min(p."destino_nome"),
  count(*)::int, (count(*) FILTER (WHERE p."aprovado"))::int, sum(p."frete_usd"), min(p."frete_usd"),
  max(p."frete_usd"), max(p."data"),
  percentile_cont(0.5) WITHIN GROUP (ORDER BY p."frete_usd"),
  percentile_cont(0.25) WITHIN GROUP (ORDER BY p."frete_usd"),
  percentile_cont(0.75) WITHIN GROUP (ORDER BY p."frete_usd")
FROM "lane_points" p
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
