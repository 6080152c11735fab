CREATE TABLE "lane_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"lane" text NOT NULL,
	"modal" text NOT NULL,
	"origem" text NOT NULL,
	"destino" text NOT NULL,
	"origem_nome" text NOT NULL,
	"destino_nome" text NOT NULL,
	"unidade" text NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"resposta_id" uuid NOT NULL,
	"versao" integer NOT NULL,
	"transportador_id" uuid NOT NULL,
	"transportador_nome" text NOT NULL,
	"data" timestamp with time zone NOT NULL,
	"frete_usd" double precision NOT NULL,
	"total_brl" double precision NOT NULL,
	"taxa" double precision NOT NULL,
	"transito_dias" integer,
	"free_time_dias" integer,
	"resposta_horas" double precision,
	"aprovado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_refreshes" (
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"marcado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lane_refreshes_cotacao_id_pk" PRIMARY KEY("cotacao_id")
);
--> statement-breakpoint
ALTER TABLE "lane_points" ADD CONSTRAINT "lane_points_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_points" ADD CONSTRAINT "lane_points_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_refreshes" ADD CONSTRAINT "lane_refreshes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_refreshes" ADD CONSTRAINT "lane_refreshes_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lane_points_lane_idx" ON "lane_points" USING btree ("empresa_id","lane","unidade","data","frete_usd","cotacao_id");--> statement-breakpoint
CREATE INDEX "lane_points_quote_idx" ON "lane_points" USING btree ("empresa_id","cotacao_id");--> statement-breakpoint
CREATE INDEX "lane_refreshes_empresa_idx" ON "lane_refreshes" USING btree ("empresa_id","marcado_em");