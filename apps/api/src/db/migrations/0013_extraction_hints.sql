-- Learning from corrections (ADR 0101): per company and carrier, what an analyst's correction taught
-- about how that carrier prints a charge. The unique key (company first) is also the look-up of the
-- extraction job and of the carrier's list.
CREATE TABLE "transportador_dicas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"alvo" text NOT NULL,
	"rotulo" text NOT NULL,
	"rotulo_chave" text NOT NULL,
	"valor" text,
	"correcao_id" uuid,
	"criado_por" uuid,
	"vezes_aplicada" integer DEFAULT 0 NOT NULL,
	"ultima_aplicacao" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transportador_dicas" ADD CONSTRAINT "transportador_dicas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportador_dicas" ADD CONSTRAINT "transportador_dicas_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportador_dicas" ADD CONSTRAINT "transportador_dicas_correcao_id_resposta_correcoes_id_fk" FOREIGN KEY ("correcao_id") REFERENCES "resposta_correcoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportador_dicas" ADD CONSTRAINT "transportador_dicas_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transportador_dicas_chave_key" ON "transportador_dicas" USING btree ("empresa_id","transportador_id","tipo","alvo","rotulo_chave");
