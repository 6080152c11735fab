CREATE TABLE "empresa_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"role" text,
	"motivo" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"role" text DEFAULT 'analista' NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "empresa_join_requests" ADD CONSTRAINT "empresa_join_requests_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_join_requests" ADD CONSTRAINT "empresa_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_join_requests" ADD CONSTRAINT "empresa_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invites" ADD CONSTRAINT "pending_invites_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invites" ADD CONSTRAINT "pending_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_invites" ADD CONSTRAINT "pending_invites_activated_user_id_users_id_fk" FOREIGN KEY ("activated_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "empresa_join_requests_empresa_status_idx" ON "empresa_join_requests" USING btree ("empresa_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_join_requests_empresa_user_pending_key" ON "empresa_join_requests" USING btree ("empresa_id","user_id") WHERE "empresa_join_requests"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "empresa_join_requests_user_idx" ON "empresa_join_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_invites_empresa_created_idx" ON "pending_invites" USING btree ("empresa_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_invites_empresa_email_open_key" ON "pending_invites" USING btree ("empresa_id","email") WHERE "pending_invites"."activated_at" is null;--> statement-breakpoint
CREATE INDEX "pending_invites_email_idx" ON "pending_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pending_invites_token_hash_idx" ON "pending_invites" USING btree ("token_hash");