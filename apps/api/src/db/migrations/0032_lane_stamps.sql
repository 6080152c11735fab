CREATE TABLE "lane_stamps" (
	"empresa_id" uuid PRIMARY KEY NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lane_stamps" ADD CONSTRAINT "lane_stamps_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;