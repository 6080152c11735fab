-- A group-filtered carrier list and 'Selecionar Todos' by group (issue #18, P1; ADR 0014 addendum 4) are
-- read from the memberships alone, instead of joining every carrier of the company:
-- * each membership carries its carrier's nome_busca (the list's order) and busca (what a search looks
--   in), copied when the membership is written and again whenever the carrier's change;
-- * a deleted carrier has no membership. The soft delete removes them; a membership written at the same
--   time waits for it (FOR SHARE on the carrier row conflicts with the delete's row lock) and then sees
--   the carrier deleted, and is not written.
ALTER TABLE "grupo_transportadores" ADD COLUMN "nome_busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grupo_transportadores" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION grupo_transportador_copy() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  SELECT t.nome_busca, t.busca INTO NEW.nome_busca, NEW.busca FROM transportadores t
    WHERE t.id = NEW.transportador_id AND t.deleted_at IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER grupo_transportadores_copy BEFORE INSERT OR UPDATE OF transportador_id ON grupo_transportadores
  FOR EACH ROW EXECUTE FUNCTION grupo_transportador_copy();--> statement-breakpoint
CREATE OR REPLACE FUNCTION transportador_copy_to_memberships() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE grupo_transportadores m SET nome_busca = NEW.nome_busca, busca = NEW.busca
    WHERE m.transportador_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transportadores_copy_to_memberships AFTER UPDATE ON transportadores
  FOR EACH ROW WHEN (OLD.nome_busca IS DISTINCT FROM NEW.nome_busca OR OLD.busca IS DISTINCT FROM NEW.busca)
  EXECUTE FUNCTION transportador_copy_to_memberships();--> statement-breakpoint
-- Copying a carrier's names into its memberships changes no membership: its group ids (0015) are
-- refreshed only for the (group, carrier) pairs an update added or removed.
CREATE OR REPLACE FUNCTION transportador_grupo_ids_update() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM transportador_grupo_ids_refresh(ARRAY(
    SELECT DISTINCT c.transportador_id FROM (
      (SELECT grupo_id, transportador_id FROM new_rows EXCEPT SELECT grupo_id, transportador_id FROM old_rows)
      UNION
      (SELECT grupo_id, transportador_id FROM old_rows EXCEPT SELECT grupo_id, transportador_id FROM new_rows)
    ) c ORDER BY 1));
  RETURN NULL;
END $$;--> statement-breakpoint
DELETE FROM grupo_transportadores m USING transportadores t
  WHERE t.id = m.transportador_id AND t.deleted_at IS NOT NULL;--> statement-breakpoint
UPDATE grupo_transportadores m SET nome_busca = t.nome_busca, busca = t.busca
  FROM transportadores t WHERE t.id = m.transportador_id;--> statement-breakpoint
CREATE INDEX "grupo_transportadores_grupo_nome_idx" ON "grupo_transportadores" USING btree ("grupo_id","empresa_id","nome_busca","transportador_id");
