-- Issue 36 (ADR 0030): every quote that already has a current answer with its figures extracted is
-- marked for the lane refresher, which computes its points with the comparison's own rules after start.
-- The mark's time to the millisecond, as markLaneRefresh writes it (the refresher clears it by equality).
INSERT INTO "lane_refreshes" ("empresa_id", "cotacao_id", "marcado_em")
SELECT c."empresa_id", c."id", date_trunc('milliseconds', now())
FROM "cotacoes" c
WHERE c."deleted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "respostas" r
    WHERE r."cotacao_id" = c."id" AND r."atual" AND r."extracao" = 'concluida'
  )
ON CONFLICT DO NOTHING;
