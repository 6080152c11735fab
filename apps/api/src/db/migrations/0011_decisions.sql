CREATE TABLE "resposta_correcoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"resposta_id" uuid NOT NULL,
	"campo" text NOT NULL,
	"valor" jsonb,
	"valor_original" jsonb,
	"fonte_original" jsonb,
	"corrigido_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotacao_aprovacoes" (
	"cotacao_id" uuid PRIMARY KEY NOT NULL,
	"empresa_id" uuid NOT NULL,
	"resposta_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"destino" text,
	"aprovado_por" uuid,
	"aprovado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resposta_correcoes" ADD CONSTRAINT "resposta_correcoes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resposta_correcoes" ADD CONSTRAINT "resposta_correcoes_resposta_id_respostas_id_fk" FOREIGN KEY ("resposta_id") REFERENCES "respostas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resposta_correcoes" ADD CONSTRAINT "resposta_correcoes_corrigido_por_users_id_fk" FOREIGN KEY ("corrigido_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_aprovacoes" ADD CONSTRAINT "cotacao_aprovacoes_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_aprovacoes" ADD CONSTRAINT "cotacao_aprovacoes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_aprovacoes" ADD CONSTRAINT "cotacao_aprovacoes_resposta_id_respostas_id_fk" FOREIGN KEY ("resposta_id") REFERENCES "respostas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_aprovacoes" ADD CONSTRAINT "cotacao_aprovacoes_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_aprovacoes" ADD CONSTRAINT "cotacao_aprovacoes_aprovado_por_users_id_fk" FOREIGN KEY ("aprovado_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resposta_correcoes_resposta_idx" ON "resposta_correcoes" USING btree ("empresa_id","resposta_id","created_at");--> statement-breakpoint
CREATE INDEX "cotacao_aprovacoes_empresa_idx" ON "cotacao_aprovacoes" USING btree ("empresa_id","aprovado_em");--> statement-breakpoint
-- The deadline job (ADR 0018) looks for waiting quotes whose deadline passed: few rows, read every minute.
CREATE INDEX "cotacoes_prazo_aguardando_idx" ON "cotacoes" USING btree ("prazo_resposta") WHERE "cotacoes"."status" = 'AGUARDANDO_RESPOSTA' AND "cotacoes"."deleted_at" is null;
