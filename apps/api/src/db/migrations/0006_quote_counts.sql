CREATE TABLE "cotacao_contagens" (
	"empresa_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cotacao_contagens_empresa_id_status_pk" PRIMARY KEY("empresa_id","status")
);
--> statement-breakpoint
DROP INDEX "cotacoes_empresa_status_live_idx";--> statement-breakpoint
ALTER TABLE "cotacao_contagens" ADD CONSTRAINT "cotacao_contagens_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cotacoes_empresa_status_created_idx" ON "cotacoes" USING btree ("empresa_id","status","created_at","id") WHERE "cotacoes"."deleted_at" is null;--> statement-breakpoint
-- Same index as drizzle's snapshot describes (WITH fastupdate=false), without rebuilding it.
ALTER INDEX "cotacoes_busca_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('cotacoes_busca_trgm_idx'::regclass);--> statement-breakpoint
-- cotacao_contagens follows cotacoes in the writing statement (ADR 0012). Statement-level triggers add
-- the net change per company and status once per statement (a bulk insert touches each counter row
-- once), in key order, so two opposite status changes cannot deadlock. A delete only decrements, never
-- inserts: a company's cascade delete may already have removed its counter rows.
CREATE OR REPLACE FUNCTION cotacao_contagens_add() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO cotacao_contagens AS n (empresa_id, status, total)
    SELECT empresa_id, status, sum(delta)::int FROM (
      SELECT empresa_id, status, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT empresa_id, status, -1 FROM old_rows WHERE deleted_at IS NULL
    ) d GROUP BY empresa_id, status HAVING sum(delta) <> 0 ORDER BY empresa_id, status
    ON CONFLICT (empresa_id, status) DO UPDATE SET total = n.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cotacao_contagens_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO cotacao_contagens AS n (empresa_id, status, total)
    SELECT empresa_id, status, count(*)::int FROM new_rows WHERE deleted_at IS NULL
    GROUP BY empresa_id, status ORDER BY empresa_id, status
    ON CONFLICT (empresa_id, status) DO UPDATE SET total = n.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cotacao_contagens_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE cotacao_contagens n SET total = n.total - d.removed
    FROM (SELECT empresa_id, status, count(*)::int AS removed FROM old_rows WHERE deleted_at IS NULL
          GROUP BY empresa_id, status) d
    WHERE n.empresa_id = d.empresa_id AND n.status = d.status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cotacoes_contagens_insert AFTER INSERT ON cotacoes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cotacao_contagens_insert();--> statement-breakpoint
CREATE TRIGGER cotacoes_contagens_update AFTER UPDATE ON cotacoes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cotacao_contagens_add();--> statement-breakpoint
CREATE TRIGGER cotacoes_contagens_delete AFTER DELETE ON cotacoes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cotacao_contagens_delete();--> statement-breakpoint
INSERT INTO cotacao_contagens (empresa_id, status, total)
  SELECT empresa_id, status, count(*)::int FROM cotacoes WHERE deleted_at IS NULL GROUP BY empresa_id, status;