ALTER TABLE "mail_outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("priority" DESC,"created_at","id") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
-- The dispatcher listens on 'mail_outbox' (ADR 0014): a statement that queues mail wakes it when its
-- transaction commits (NOTIFY is delivered at commit and dropped on rollback), whoever wrote the rows.
CREATE OR REPLACE FUNCTION mail_outbox_notify() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM pg_notify('mail_outbox', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mail_outbox_notify" AFTER INSERT ON "mail_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION mail_outbox_notify();
