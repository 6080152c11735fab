CREATE TABLE "cotacao_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"content_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cotacoes" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cotacao_uploads" ADD CONSTRAINT "cotacao_uploads_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_uploads" ADD CONSTRAINT "cotacao_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotacao_uploads_empresa_created_idx" ON "cotacao_uploads" USING btree ("empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "cotacoes_empresa_status_live_idx" ON "cotacoes" USING btree ("empresa_id","status") WHERE "cotacoes"."deleted_at" is null;