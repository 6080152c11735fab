-- Closing a quote by PATCH /quotes/{id} (FECHADA) is audited as 'cotacao.encerramento' (it was 'cotacao.update'
-- with details.status FECHADA): the quote's detail says who closed it and when, the dashboard lists it. The
-- audit log is never rewritten: earlier rows keep their action, and the detail reads them too.
DROP INDEX "audit_log_cancelamento_idx";--> statement-breakpoint
DROP INDEX "audit_log_atividades_idx";--> statement-breakpoint
CREATE INDEX "audit_log_encerramento_idx" ON "audit_log" USING btree ("empresa_id","entity_id") WHERE "audit_log"."action" in ('cotacao.cancelamento', 'cotacao.encerramento');--> statement-breakpoint
CREATE INDEX "audit_log_atividades_idx" ON "audit_log" USING btree ("empresa_id","created_at") WHERE "audit_log"."action" in ('transportador.create', 'transportador.import', 'cotacao.revisao', 'cotacao.aprovacao', 'cotacao.prazo_encerrado', 'cotacao.lembrete', 'cotacao.cancelamento', 'cotacao.encerramento');--> statement-breakpoint
-- A lane names its places without what follows a comma ("Shanghai, China" is "Shanghai", QA pass 39): the
-- quotes whose origin or destination has more than a country code after a comma are marked again for the
-- refresher, which rewrites their points' names (at the PTAX of the day this runs, as 0045 did).
INSERT INTO "lane_refreshes" ("empresa_id", "cotacao_id", "marcado_em")
SELECT c."empresa_id", c."id", date_trunc('milliseconds', now())
FROM "cotacoes" c
WHERE c."deleted_at" IS NULL
  AND ((c."origem" ~ ',' AND c."origem" !~ ',\s*[A-Za-z]{2}\s*$')
    OR (c."destino" ~ ',' AND c."destino" !~ ',\s*[A-Za-z]{2}\s*$'))
  AND EXISTS (
    SELECT 1 FROM "respostas" r
    WHERE r."cotacao_id" = c."id" AND r."atual" AND r."extracao" = 'concluida'
  )
ON CONFLICT DO NOTHING;
