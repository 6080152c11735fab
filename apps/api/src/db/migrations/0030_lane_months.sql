CREATE TABLE "lane_months" (
	"empresa_id" uuid NOT NULL,
	"lane" text NOT NULL,
	"unidade" text NOT NULL,
	"mes" date NOT NULL,
	"modal" text NOT NULL,
	"origem_nome" text NOT NULL,
	"destino_nome" text NOT NULL,
	"pontos" integer NOT NULL,
	"aprovados" integer NOT NULL,
	"soma" double precision NOT NULL,
	"minimo" double precision NOT NULL,
	"maximo" double precision NOT NULL,
	"ultima_data" timestamp with time zone NOT NULL,
	"mediana" double precision NOT NULL,
	"p25" double precision NOT NULL,
	"p75" double precision NOT NULL,
	CONSTRAINT "lane_months_empresa_id_lane_unidade_mes_pk" PRIMARY KEY("empresa_id","lane","unidade","mes")
);
--> statement-breakpoint
ALTER TABLE "lane_months" ADD CONSTRAINT "lane_months_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lane_months_month_idx" ON "lane_months" USING btree ("empresa_id","mes");--> statement-breakpoint
CREATE INDEX "lane_points_date_idx" ON "lane_points" USING btree ("empresa_id","data");