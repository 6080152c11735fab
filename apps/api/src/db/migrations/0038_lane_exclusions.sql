CREATE TABLE "lane_exclusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"lane" text NOT NULL,
	"modal" text NOT NULL,
	"unidade" text NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"resposta_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"transportador_nome" text NOT NULL,
	"data" timestamp with time zone NOT NULL,
	"frete_usd" double precision NOT NULL,
	"motivo" text NOT NULL,
	"detalhe" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lane_points" ADD COLUMN "moeda_original" text;--> statement-breakpoint
ALTER TABLE "lane_points" ADD COLUMN "valor_original" double precision;--> statement-breakpoint
ALTER TABLE "lane_exclusions" ADD CONSTRAINT "lane_exclusions_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_exclusions" ADD CONSTRAINT "lane_exclusions_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lane_exclusions_lane_idx" ON "lane_exclusions" USING btree ("empresa_id","lane","unidade","data");--> statement-breakpoint
CREATE INDEX "lane_exclusions_quote_idx" ON "lane_exclusions" USING btree ("empresa_id","cotacao_id");--> statement-breakpoint
CREATE INDEX "lane_exclusions_date_idx" ON "lane_exclusions" USING btree ("empresa_id","data");