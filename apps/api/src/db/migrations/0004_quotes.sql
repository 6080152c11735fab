CREATE TABLE "cotacao_anexos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"content_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotacao_destinatarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"emails" jsonb NOT NULL,
	"reply_token" text NOT NULL,
	"outbox_id" uuid,
	"message_id" text,
	"respondeu_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotacao_sequencias" (
	"empresa_id" uuid NOT NULL,
	"ano" integer NOT NULL,
	"ultimo" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cotacao_sequencias_empresa_id_ano_pk" PRIMARY KEY("empresa_id","ano")
);
--> statement-breakpoint
CREATE TABLE "cotacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"criado_por" uuid,
	"status" text DEFAULT 'AGUARDANDO_RESPOSTA' NOT NULL,
	"nome_solicitante" text NOT NULL,
	"referencia_processo" text NOT NULL,
	"fti" text,
	"tipo_frete" text NOT NULL,
	"prazo_resposta" timestamp with time zone NOT NULL,
	"metodo_envio" text NOT NULL,
	"modo_envio" text NOT NULL,
	"idioma_email" text NOT NULL,
	"titulo_email" text NOT NULL,
	"descricao_geral" text,
	"descricao_adicional" text,
	"carga_perigosa" boolean DEFAULT false NOT NULL,
	"origem" text,
	"destino" text,
	"incoterm" text,
	"tempo_transito" text,
	"preferencia_rota" boolean,
	"evitar_rota" text,
	"evitar_armador" text,
	"peso_bruto_total" text,
	"valor_mercadoria" text,
	"observacoes" text,
	"itens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grupos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_destinatarios" integer DEFAULT 0 NOT NULL,
	"respostas_recebidas" integer DEFAULT 0 NOT NULL,
	"reply_token" text NOT NULL,
	"message_id" text,
	"busca" text GENERATED ALWAYS AS (immutable_unaccent(lower("cotacoes"."codigo" || ' ' || "cotacoes"."nome_solicitante" || ' ' || "cotacoes"."referencia_processo" || ' ' || coalesce("cotacoes"."fti", '')))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cotacao_anexos" ADD CONSTRAINT "cotacao_anexos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_anexos" ADD CONSTRAINT "cotacao_anexos_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD CONSTRAINT "cotacao_destinatarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD CONSTRAINT "cotacao_destinatarios_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD CONSTRAINT "cotacao_destinatarios_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD CONSTRAINT "cotacao_destinatarios_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_sequencias" ADD CONSTRAINT "cotacao_sequencias_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes" ADD CONSTRAINT "cotacoes_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes" ADD CONSTRAINT "cotacoes_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotacao_anexos_cotacao_idx" ON "cotacao_anexos" USING btree ("cotacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacao_destinatarios_reply_token_key" ON "cotacao_destinatarios" USING btree ("reply_token");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacao_destinatarios_cotacao_transportador_key" ON "cotacao_destinatarios" USING btree ("cotacao_id","transportador_id");--> statement-breakpoint
CREATE INDEX "cotacao_destinatarios_transportador_idx" ON "cotacao_destinatarios" USING btree ("transportador_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacoes_empresa_codigo_key" ON "cotacoes" USING btree ("empresa_id","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacoes_reply_token_key" ON "cotacoes" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "cotacoes_empresa_created_idx" ON "cotacoes" USING btree ("empresa_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cotacoes_busca_trgm_idx" ON "cotacoes" USING gin ("busca" gin_trgm_ops);