CREATE TABLE "cotacao_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"transportador_id" uuid,
	"direction" text NOT NULL,
	"tipo" text NOT NULL,
	"from_address" text NOT NULL,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"body_html" text,
	"message_id" text,
	"outbox_id" uuid,
	"inbound_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid,
	"inbound_message_id" uuid NOT NULL,
	"key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid,
	"dedupe_key" text NOT NULL,
	"source" text NOT NULL,
	"raw" "bytea" NOT NULL,
	"tamanho" integer NOT NULL,
	"outcome" text NOT NULL,
	"motivo" text,
	"message_id" text,
	"from_address" text,
	"from_name" text,
	"subject" text,
	"sent_at" timestamp with time zone,
	"cotacao_id" uuid,
	"destinatario_id" uuid,
	"matched_by" text,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registrado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_state" (
	"id" text PRIMARY KEY NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"messages_ingested" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "respostas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"destinatario_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"inbound_message_id" uuid,
	"mensagem_id" uuid,
	"versao" integer NOT NULL,
	"atual" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'respondido' NOT NULL,
	"extracao" text DEFAULT 'pendente' NOT NULL,
	"extracao_erro" text,
	"dados_extraidos" jsonb,
	"condicoes_pagamento" text,
	"prazo" text,
	"observacoes" text,
	"registrado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD COLUMN "falha_entrega" text;--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD COLUMN "falhou_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cotacao_mensagens" ADD CONSTRAINT "cotacao_mensagens_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_mensagens" ADD CONSTRAINT "cotacao_mensagens_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_mensagens" ADD CONSTRAINT "cotacao_mensagens_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_mensagens" ADD CONSTRAINT "cotacao_mensagens_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_mensagens" ADD CONSTRAINT "cotacao_mensagens_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "inbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_destinatario_id_cotacao_destinatarios_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "cotacao_destinatarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_registrado_por_users_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_destinatario_id_cotacao_destinatarios_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "cotacao_destinatarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "inbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_mensagem_id_cotacao_mensagens_id_fk" FOREIGN KEY ("mensagem_id") REFERENCES "cotacao_mensagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_registrado_por_users_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotacao_mensagens_cotacao_idx" ON "cotacao_mensagens" USING btree ("empresa_id","cotacao_id","created_at");--> statement-breakpoint
CREATE INDEX "cotacao_mensagens_message_id_idx" ON "cotacao_mensagens" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacao_mensagens_inbound_key" ON "cotacao_mensagens" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_attachments_key_key" ON "inbound_attachments" USING btree ("key");--> statement-breakpoint
CREATE INDEX "inbound_attachments_message_idx" ON "inbound_attachments" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_dedupe_key" ON "inbound_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "inbound_messages_empresa_created_idx" ON "inbound_messages" USING btree ("empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_unmatched_idx" ON "inbound_messages" USING btree ("created_at") WHERE "inbound_messages"."outcome" = 'nao_identificada';--> statement-breakpoint
CREATE INDEX "inbound_messages_from_idx" ON "inbound_messages" USING btree ("from_address");--> statement-breakpoint
CREATE INDEX "respostas_cotacao_idx" ON "respostas" USING btree ("empresa_id","cotacao_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "respostas_destinatario_versao_key" ON "respostas" USING btree ("destinatario_id","versao");--> statement-breakpoint
CREATE UNIQUE INDEX "respostas_inbound_key" ON "respostas" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE INDEX "cotacao_destinatarios_message_id_idx" ON "cotacao_destinatarios" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "cotacoes_message_id_idx" ON "cotacoes" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "cotacoes_codigo_idx" ON "cotacoes" USING btree ("codigo");