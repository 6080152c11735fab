ALTER TABLE "mail_connections" ADD COLUMN "watch_topic" text;--> statement-breakpoint
ALTER TABLE "mail_connections" ADD COLUMN "watch_secret_hash" text;