CREATE TABLE "grupo_transportadores" (
	"grupo_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"empresa_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grupo_transportadores_grupo_id_transportador_id_pk" PRIMARY KEY("grupo_id","transportador_id")
);
--> statement-breakpoint
CREATE TABLE "grupos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"cor" text DEFAULT '#0066CC' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transportador_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"transportador_id" uuid NOT NULL,
	"email" text NOT NULL,
	"posicao" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transportadores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"nome_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower("transportadores"."nome"))) STORED NOT NULL,
	"emails_busca" text DEFAULT '' NOT NULL,
	"busca" text GENERATED ALWAYS AS (immutable_unaccent(lower("transportadores"."nome")) || ' ' || "transportadores"."emails_busca") STORED NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "grupo_transportadores" ADD CONSTRAINT "grupo_transportadores_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_transportadores" ADD CONSTRAINT "grupo_transportadores_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_transportadores" ADD CONSTRAINT "grupo_transportadores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos" ADD CONSTRAINT "grupos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos" ADD CONSTRAINT "grupos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportador_emails" ADD CONSTRAINT "transportador_emails_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportador_emails" ADD CONSTRAINT "transportador_emails_transportador_id_transportadores_id_fk" FOREIGN KEY ("transportador_id") REFERENCES "transportadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportadores" ADD CONSTRAINT "transportadores_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportadores" ADD CONSTRAINT "transportadores_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grupo_transportadores_transportador_idx" ON "grupo_transportadores" USING btree ("transportador_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_empresa_nome_key" ON "grupos" USING btree ("empresa_id",immutable_unaccent(lower("nome")));--> statement-breakpoint
CREATE UNIQUE INDEX "transportador_emails_empresa_email_live_key" ON "transportador_emails" USING btree ("empresa_id","email") WHERE "transportador_emails"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transportador_emails_transportador_idx" ON "transportador_emails" USING btree ("transportador_id","posicao");--> statement-breakpoint
CREATE INDEX "transportadores_empresa_nome_idx" ON "transportadores" USING btree ("empresa_id","nome_busca","id") WHERE "transportadores"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transportadores_busca_trgm_idx" ON "transportadores" USING gin ("busca" gin_trgm_ops);