CREATE TABLE "mail_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"tokens" text NOT NULL,
	"access_expires_at" timestamp with time zone,
	"sync_cursor" text,
	"watch_id" text,
	"watch_expires_at" timestamp with time zone,
	"state" text DEFAULT 'ok' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"messages_received" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"connected_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_oauth_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_connections" ADD CONSTRAINT "mail_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_oauth_requests" ADD CONSTRAINT "mail_oauth_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_connections_provider_email_key" ON "mail_connections" USING btree ("provider","email");--> statement-breakpoint
CREATE INDEX "mail_connections_watch_expires_idx" ON "mail_connections" USING btree ("watch_expires_at") WHERE "mail_connections"."state" = 'ok';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_oauth_requests_state_key" ON "mail_oauth_requests" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "mail_oauth_requests_user_idx" ON "mail_oauth_requests" USING btree ("user_id","created_at");