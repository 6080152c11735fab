-- A cancellation by PATCH /quotes/{id} is audited as 'cotacao.cancelamento' (it was 'cotacao.update' with
-- details.status CANCELADA): the quote's detail says who cancelled it and when, the dashboard lists it.
-- The audit log is never rewritten: the earlier rows keep their action, and the detail reads them too.
DROP INDEX "audit_log_atividades_idx";--> statement-breakpoint
CREATE INDEX "audit_log_cancelamento_idx" ON "audit_log" USING btree ("empresa_id","entity_id") WHERE "audit_log"."action" = 'cotacao.cancelamento';--> statement-breakpoint
CREATE INDEX "audit_log_atividades_idx" ON "audit_log" USING btree ("empresa_id","created_at") WHERE "audit_log"."action" in ('transportador.create', 'transportador.import', 'cotacao.revisao', 'cotacao.aprovacao', 'cotacao.prazo_encerrado', 'cotacao.lembrete', 'cotacao.cancelamento');
