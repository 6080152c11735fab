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
--> statement-breakpoint
-- Every API process caches resolved sessions for a few seconds (ADR 0014). A change of a user (role,
-- company, password, disabling, profile) or the end of a session NOTIFYs 'session_changed' with the user id
-- at commit, so every process forgets that user's cached sessions, whoever made the change.
CREATE OR REPLACE FUNCTION session_user_changed() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION session_user_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_changed() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.user_id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_session_changed" AFTER UPDATE OF "revoked_at", "expires_at" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION session_changed();
