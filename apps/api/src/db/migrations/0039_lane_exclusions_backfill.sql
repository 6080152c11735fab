-- ADR 0030 addendum (2026-12-06): every quote with a current extracted answer is marked again, so that the
-- refresher writes its proposals left out (lane_exclusions), the freight as quoted (moeda_original,
-- valor_original) and the total per container type of a mixed shipment. As the first backfill (0029), the
-- points are recomputed at the PTAX of the day this runs. The mark's time to the millisecond, as
-- markLaneRefresh writes it (the refresher clears it by equality).
INSERT INTO "lane_refreshes" ("empresa_id", "cotacao_id", "marcado_em")
SELECT c."empresa_id", c."id", date_trunc('milliseconds', now())
FROM "cotacoes" c
WHERE c."deleted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "respostas" r
    WHERE r."cotacao_id" = c."id" AND r."atual" AND r."extracao" = 'concluida'
  )
ON CONFLICT DO NOTHING;
