ALTER TABLE "inbound_messages" ADD COLUMN "autenticacao" jsonb;--> statement-breakpoint
ALTER TABLE "respostas" ADD COLUMN "remetente_nao_verificado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "respostas" ADD COLUMN "aguardando_confirmacao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "respostas" ADD COLUMN "remetente_confirmado_por" uuid;--> statement-breakpoint
ALTER TABLE "respostas" ADD COLUMN "remetente_confirmado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "respostas" ADD CONSTRAINT "respostas_remetente_confirmado_por_users_id_fk" FOREIGN KEY ("remetente_confirmado_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;