-- ADR 0030 addendum (2026-12-07, air rates): a lane's freight per kg is the air rate with its fuel and security
-- (quoted beside it, inside it or "all in"), and an all-in rate per kg is a point again. The quotes with a
-- current answer priced per kg are marked again for the refresher (at the PTAX of the day this runs, as 0044
-- did), the mark's time to the millisecond as markLaneRefresh writes it.
INSERT INTO "lane_refreshes" ("empresa_id", "cotacao_id", "marcado_em")
SELECT c."empresa_id", c."id", date_trunc('milliseconds', now())
FROM "cotacoes" c
WHERE c."deleted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "respostas" r
    WHERE r."cotacao_id" = c."id" AND r."atual" AND r."extracao" = 'concluida'
      AND (c."tipo_frete" = 'AÉREO' OR r."dados_extraidos" -> 'final' ->> 'fretes' ~ '"unidade": ?"KG"')
  )
ON CONFLICT DO NOTHING;
