ALTER TABLE "inbound_messages" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ALTER COLUMN "outcome" DROP NOT NULL;--> statement-breakpoint
-- Store first (issue 29): every message is committed raw with status 'pendente' before it is processed.
-- Messages stored before this migration were processed in the same transaction: they are 'processada'.
ALTER TABLE "inbound_messages" ADD COLUMN "status" text DEFAULT 'processada' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ALTER COLUMN "status" SET DEFAULT 'pendente';--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "entrada" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "tentativas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "erro" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "proxima_tentativa" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "processada_em" timestamp with time zone;--> statement-breakpoint
UPDATE "inbound_messages" SET "processada_em" = "created_at";--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "descartada_por" uuid;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "descartada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_descartada_por_users_id_fk" FOREIGN KEY ("descartada_por") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_due_idx" ON "inbound_messages" USING btree ("proxima_tentativa") WHERE "inbound_messages"."status" in ('pendente', 'falhou');--> statement-breakpoint
CREATE INDEX "inbound_messages_failed_idx" ON "inbound_messages" USING btree ("created_at") WHERE "inbound_messages"."status" = 'falhou';--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_status_check" CHECK ("inbound_messages"."status" in ('pendente', 'processada', 'falhou', 'ignorada'));