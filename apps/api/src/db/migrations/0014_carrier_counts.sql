CREATE TABLE "transportador_contagens" (
	"empresa_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transportador_contagens" ADD CONSTRAINT "transportador_contagens_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos" ADD COLUMN "total_transportadores" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP INDEX "grupo_transportadores_transportador_idx";--> statement-breakpoint
-- A search reads the trigram candidates of the caller's company only (btree_gin puts empresa_id in the
-- same GIN index): the other companies' carriers are no longer fetched and filtered out.
CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;--> statement-breakpoint
DROP INDEX "transportadores_busca_trgm_idx";--> statement-breakpoint
CREATE INDEX "transportadores_empresa_busca_trgm_idx" ON "transportadores" USING gin ("empresa_id","busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "grupo_transportadores_transportador_idx" ON "grupo_transportadores" USING btree ("transportador_id","grupo_id");--> statement-breakpoint
-- transportador_contagens holds the live carriers of each company and grupos.total_transportadores the
-- members of each group, kept in the writing statement by statement-level triggers (ADR 0014 addendum,
-- as cotacao_contagens in ADR 0012): one counter row per company or group and statement, in key order.
-- A delete only decrements: a company's or group's cascade delete may already have removed the row.
CREATE OR REPLACE FUNCTION transportador_contagens_add() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO transportador_contagens AS n (empresa_id, total)
    SELECT empresa_id, sum(delta)::int FROM (
      SELECT empresa_id, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT empresa_id, -1 FROM old_rows WHERE deleted_at IS NULL
    ) d GROUP BY empresa_id HAVING sum(delta) <> 0 ORDER BY empresa_id
    ON CONFLICT (empresa_id) DO UPDATE SET total = n.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_contagens_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO transportador_contagens AS n (empresa_id, total)
    SELECT empresa_id, count(*)::int FROM new_rows WHERE deleted_at IS NULL
    GROUP BY empresa_id ORDER BY empresa_id
    ON CONFLICT (empresa_id) DO UPDATE SET total = n.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_contagens_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE transportador_contagens n SET total = n.total - d.removed
    FROM (SELECT empresa_id, count(*)::int AS removed FROM old_rows WHERE deleted_at IS NULL
          GROUP BY empresa_id) d
    WHERE n.empresa_id = d.empresa_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transportadores_contagens_insert AFTER INSERT ON transportadores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_contagens_insert();--> statement-breakpoint
CREATE TRIGGER transportadores_contagens_update AFTER UPDATE ON transportadores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_contagens_add();--> statement-breakpoint
CREATE TRIGGER transportadores_contagens_delete AFTER DELETE ON transportadores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_contagens_delete();--> statement-breakpoint
CREATE OR REPLACE FUNCTION grupo_membros_add() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE grupos g SET total_transportadores = g.total_transportadores + d.delta
    FROM (SELECT grupo_id, sum(delta)::int AS delta FROM (
            SELECT grupo_id, 1 AS delta FROM new_rows
            UNION ALL
            SELECT grupo_id, -1 FROM old_rows
          ) c GROUP BY grupo_id HAVING sum(delta) <> 0 ORDER BY grupo_id) d
    WHERE g.id = d.grupo_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION grupo_membros_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE grupos g SET total_transportadores = g.total_transportadores + d.added
    FROM (SELECT grupo_id, count(*)::int AS added FROM new_rows GROUP BY grupo_id ORDER BY grupo_id) d
    WHERE g.id = d.grupo_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION grupo_membros_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE grupos g SET total_transportadores = g.total_transportadores - d.removed
    FROM (SELECT grupo_id, count(*)::int AS removed FROM old_rows GROUP BY grupo_id ORDER BY grupo_id) d
    WHERE g.id = d.grupo_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_membros_insert AFTER INSERT ON grupo_transportadores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION grupo_membros_insert();--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_membros_update AFTER UPDATE ON grupo_transportadores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION grupo_membros_add();--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_membros_delete AFTER DELETE ON grupo_transportadores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION grupo_membros_delete();--> statement-breakpoint
INSERT INTO transportador_contagens (empresa_id, total)
  SELECT empresa_id, count(*)::int FROM transportadores WHERE deleted_at IS NULL GROUP BY empresa_id;--> statement-breakpoint
UPDATE grupos g SET total_transportadores = c.total
  FROM (SELECT grupo_id, count(*)::int AS total FROM grupo_transportadores GROUP BY grupo_id) c
  WHERE g.id = c.grupo_id;
