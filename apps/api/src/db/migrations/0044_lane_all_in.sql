-- ADR 0030 addendum (2026-12-07): an all-in freight no longer makes a lane point (it holds the charges, and was
-- the lane's median beside ocean freight alone); it is listed among the proposals left out. The quotes with a
-- current answer whose reading names an all-in price are marked again for the refresher (at the PTAX of the day
-- this runs, as 0029 and 0039 did), the mark's time to the millisecond as markLaneRefresh writes it.
INSERT INTO "lane_refreshes" ("empresa_id", "cotacao_id", "marcado_em")
SELECT c."empresa_id", c."id", date_trunc('milliseconds', now())
FROM "cotacoes" c
WHERE c."deleted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "respostas" r
    WHERE r."cotacao_id" = c."id" AND r."atual" AND r."extracao" = 'concluida'
      AND r."dados_extraidos" -> 'final' ->> 'fretes' ~* '(all[ -]*in|tudo incluso|todas as taxas inclusas)'
  )
ON CONFLICT DO NOTHING;
