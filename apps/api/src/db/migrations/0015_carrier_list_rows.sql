-- A carrier list page (issue #18, P1; ADR 0014 addendum) reads each carrier's groups with its row and
-- the company's groups only when they changed:
-- * transportadores.grupo_ids holds the carrier's group ids (space-separated, in id order), kept by
--   statement-level triggers on grupo_transportadores, instead of one index probe per listed carrier;
-- * transportador_contagens.grupos_versao changes whenever one of the company's groups is created,
--   renamed, recoloured or deleted: a process keeps the company's groups (id, nome, cor, by name) while
--   the version it read with the page is the one it kept them at.
-- A delete only touches the rows of companies that still exist (a company's cascade delete has already
-- removed its row from empresas, and its counter row goes with it).
ALTER TABLE "transportadores" ADD COLUMN "grupo_ids" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transportador_contagens" ADD COLUMN "grupos_versao" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupo_ids_refresh(ids uuid[]) RETURNS void
  LANGUAGE sql SET search_path FROM CURRENT AS $$
  UPDATE transportadores t SET grupo_ids = coalesce((
      SELECT string_agg(gt.grupo_id::text, ' ' ORDER BY gt.grupo_id) FROM grupo_transportadores gt
      WHERE gt.transportador_id = t.id), '')
    WHERE t.id = ANY(ids);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupo_ids_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupo_ids_refresh(ARRAY(SELECT DISTINCT transportador_id FROM new_rows ORDER BY 1));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupo_ids_update() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupo_ids_refresh(ARRAY(
    SELECT transportador_id FROM new_rows UNION SELECT transportador_id FROM old_rows ORDER BY 1));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupo_ids_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupo_ids_refresh(ARRAY(SELECT DISTINCT transportador_id FROM old_rows ORDER BY 1));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_grupo_ids_insert AFTER INSERT ON grupo_transportadores
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_grupo_ids_insert();--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_grupo_ids_update AFTER UPDATE ON grupo_transportadores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_grupo_ids_update();--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_grupo_ids_delete AFTER DELETE ON grupo_transportadores
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_grupo_ids_delete();--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupos_versao_bump(empresas_ids uuid[]) RETURNS void
  LANGUAGE sql SET search_path FROM CURRENT AS $$
  INSERT INTO transportador_contagens AS n (empresa_id, grupos_versao)
    SELECT e.id, 1 FROM empresas e WHERE e.id = ANY(empresas_ids) ORDER BY e.id
    ON CONFLICT (empresa_id) DO UPDATE SET grupos_versao = n.grupos_versao + 1;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupos_versao_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupos_versao_bump(ARRAY(SELECT DISTINCT empresa_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update counts only when what a list shows of a group changed (not the member count kept by 0014).
CREATE OR REPLACE FUNCTION transportador_grupos_versao_update() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupos_versao_bump(ARRAY(
    SELECT n.empresa_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.nome, n.cor, n.empresa_id) IS DISTINCT FROM (o.nome, o.cor, o.empresa_id)
    UNION SELECT o.empresa_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.nome, n.cor, n.empresa_id) IS DISTINCT FROM (o.nome, o.cor, o.empresa_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_grupos_versao_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupos_versao_bump(ARRAY(SELECT DISTINCT empresa_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grupos_versao_insert AFTER INSERT ON grupos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_grupos_versao_insert();--> statement-breakpoint
CREATE TRIGGER grupos_versao_update AFTER UPDATE ON grupos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_grupos_versao_update();--> statement-breakpoint
CREATE TRIGGER grupos_versao_delete AFTER DELETE ON grupos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transportador_grupos_versao_delete();--> statement-breakpoint
UPDATE transportadores t SET grupo_ids = g.ids
  FROM (SELECT transportador_id, string_agg(grupo_id::text, ' ' ORDER BY grupo_id) AS ids
        FROM grupo_transportadores GROUP BY transportador_id) g
  WHERE t.id = g.transportador_id;
