-- Replicas act as one (issue 29, R9): limiter counters and the sign-in throttle shared through PostgreSQL.
CREATE TABLE "login_throttles" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"notified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Retention (issue 29, LGPD): when a quote was closed. Quotes already final: their last change is the best
-- estimate of when.
ALTER TABLE "cotacoes" ADD COLUMN "encerrada_em" timestamp with time zone;--> statement-breakpoint
UPDATE "cotacoes" SET "encerrada_em" = "updated_at" WHERE "status" IN ('APROVADA', 'FECHADA', 'CANCELADA');--> statement-breakpoint
-- Every status change keeps it, whatever code path makes it (approval, closing, cancelling, reopening).
CREATE FUNCTION "cotacoes_set_encerrada_em"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('APROVADA', 'FECHADA', 'CANCELADA') THEN
    NEW."encerrada_em" := coalesce(NEW."encerrada_em", now());
  ELSE
    NEW."encerrada_em" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cotacoes_encerrada_em" BEFORE INSERT OR UPDATE OF "status" ON "cotacoes"
  FOR EACH ROW EXECUTE FUNCTION "cotacoes_set_encerrada_em"();--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "purgada_em" timestamp with time zone;--> statement-breakpoint
-- Messages discarded before this migration were purged at once.
UPDATE "inbound_messages" SET "purgada_em" = "descartada_em" WHERE "descartada_em" IS NOT NULL AND "raw" IS NULL;--> statement-breakpoint
CREATE INDEX "login_throttles_last_attempt_idx" ON "login_throttles" USING btree ("last_attempt_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_retention_idx" ON "inbound_messages" USING btree ("cotacao_id") WHERE "inbound_messages"."purgada_em" is null and "inbound_messages"."cotacao_id" is not null;