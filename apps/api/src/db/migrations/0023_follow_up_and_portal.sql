CREATE TABLE "follow_up_settings" (
	"empresa_id" uuid PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminder_after_send_hours" integer DEFAULT 48,
	"reminder_before_deadline_hours" integer DEFAULT 24,
	"portal_enabled" boolean DEFAULT true NOT NULL,
	"lost_bid_feedback_default" boolean DEFAULT false NOT NULL,
	"deadline_summary_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "portal_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"destinatario_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone,
	"first_used_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"binding_hash" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"cotacao_id" uuid NOT NULL,
	"destinatario_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outbox_id" uuid,
	"sent_by" uuid
);
--> statement-breakpoint
ALTER TABLE "cotacoes" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cotacoes" ADD COLUMN "deadline_summary_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_destinatario_id_cotacao_destinatarios_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "cotacao_destinatarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_cotacao_id_cotacoes_id_fk" FOREIGN KEY ("cotacao_id") REFERENCES "cotacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_destinatario_id_cotacao_destinatarios_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "cotacao_destinatarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_reminders" ADD CONSTRAINT "quote_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_tokens_token_hash_key" ON "portal_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_tokens_destinatario_idx" ON "portal_tokens" USING btree ("destinatario_id");--> statement-breakpoint
CREATE INDEX "portal_tokens_expires_idx" ON "portal_tokens" USING btree ("expires_at") WHERE "portal_tokens"."kind" = 'link';--> statement-breakpoint
CREATE UNIQUE INDEX "quote_reminders_recipient_slot_key" ON "quote_reminders" USING btree ("destinatario_id","slot");--> statement-breakpoint
CREATE INDEX "quote_reminders_cotacao_idx" ON "quote_reminders" USING btree ("cotacao_id");