-- Closing a quote by PATCH /quotes/{id} (FECHADA) is audited as 'cotacao.encerramento' (it was 'cotacao.update'
-- with details.status FECHADA): the quote's detail says who closed it and when, the dashboard lists it. The
-- audit log is never rewritten: earlier rows keep their action, and the detail reads them too.
DROP INDEX "audit_log_cancelamento_idx";--> statement-breakpoint
DROP INDEX "audit_log_atividades_idx";--> statement-breakpoint
CREATE INDEX "audit_log_encerramento_idx" ON "audit_log" USING btree ("empresa_id","entity_id") WHERE "audit_log"."action" in ('cotacao.cancelamento', 'cotacao.encerramento');--> statement-breakpoint
CREATE INDEX "audit_log_atividades_idx" ON "audit_log" USING btree ("empresa_id","created_at") WHERE "audit_log"."action" in ('transportador.create', 'transportador.import', 'cotacao.revisao', 'cotacao.aprovacao', 'cotacao.prazo_encerrado', 'cotacao.lembrete', 'cotacao.cancelamento', 'cotacao.encerramento');