CREATE TABLE "cotacao_contagens" (
	"empresa_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cotacao_contagens_empresa_id_status_pk" PRIMARY KEY("empresa_id","status")
);
--> statement-breakpoint
ALTER TABLE "cotacao_contagens" ADD CONSTRAINT "cotacao_contagens_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps cotacao_contagens in step with cotacoes, in the writing transaction (ADR 0012). A status change
-- touches its two counter rows in status order, so two opposite changes cannot deadlock. A delete only
-- decrements (never inserts): a company's cascade delete may already have removed its counter rows.
CREATE OR REPLACE FUNCTION cotacao_contagens_sync() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
BEGIN
  IF was_live AND is_live AND OLD.status = NEW.status AND OLD.empresa_id = NEW.empresa_id THEN
    RETURN NULL;
  END IF;
  IF was_live AND (NOT is_live OR OLD.status < NEW.status) THEN
    UPDATE cotacao_contagens SET total = total - 1 WHERE empresa_id = OLD.empresa_id AND status = OLD.status;
    was_live := false;
  END IF;
  IF is_live THEN
    INSERT INTO cotacao_contagens AS n (empresa_id, status, total) VALUES (NEW.empresa_id, NEW.status, 1)
      ON CONFLICT (empresa_id, status) DO UPDATE SET total = n.total + 1;
  END IF;
  IF was_live THEN
    UPDATE cotacao_contagens SET total = total - 1 WHERE empresa_id = OLD.empresa_id AND status = OLD.status;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cotacoes_contagens AFTER INSERT OR DELETE OR UPDATE OF status, deleted_at, empresa_id
  ON cotacoes FOR EACH ROW EXECUTE FUNCTION cotacao_contagens_sync();--> statement-breakpoint
INSERT INTO cotacao_contagens (empresa_id, status, total)
  SELECT empresa_id, status, count(*)::int FROM cotacoes WHERE deleted_at IS NULL GROUP BY empresa_id, status;
