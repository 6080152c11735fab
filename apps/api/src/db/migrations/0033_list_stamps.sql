CREATE TABLE "carrier_stamps" (
	"empresa_id" uuid PRIMARY KEY NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_stamps" (
	"empresa_id" uuid PRIMARY KEY NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_stamps" ADD CONSTRAINT "carrier_stamps_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_stamps" ADD CONSTRAINT "quote_stamps_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- carrier_stamps and quote_stamps: a company's list version, the stamp of the carrier and quote list pages
-- a process keeps (lib/stamped-cache.ts, ADR 0031 addendum 3). Every transaction that writes one of the
-- company's carriers (their addresses and memberships rewrite the carrier's row: emails_busca, grupo_ids)
-- or groups, or one of its quotes, bumps it once, when it commits: the triggers are deferred, so the
-- version row is locked only at commit, after every other lock the transaction takes (a statement-level
-- bump would hold it from the first write on, and two writers of one company could deadlock on it). A
-- transaction-local flag per company makes every later row of the same transaction a no-op. A company
-- deleted in the same transaction gets no version row.
CREATE OR REPLACE FUNCTION list_stamp_bump_for(kind text, empresa uuid) RETURNS void
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  flag text := 'cotacoes_list_stamps.' || kind || '_' || replace(empresa::text, '-', '');
BEGIN
  IF current_setting(flag, true) = '1' THEN RETURN; END IF;
  PERFORM set_config(flag, '1', true);
  IF kind = 'carrier' THEN
    INSERT INTO carrier_stamps AS s (empresa_id, versao)
      SELECT empresa, 1 WHERE EXISTS (SELECT 1 FROM empresas e WHERE e.id = empresa)
      ON CONFLICT (empresa_id) DO UPDATE SET versao = s.versao + 1;
  ELSE
    INSERT INTO quote_stamps AS s (empresa_id, versao)
      SELECT empresa, 1 WHERE EXISTS (SELECT 1 FROM empresas e WHERE e.id = empresa)
      ON CONFLICT (empresa_id) DO UPDATE SET versao = s.versao + 1;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_stamp_bump() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM list_stamp_bump_for(TG_ARGV[0], NEW.empresa_id); END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.empresa_id IS DISTINCT FROM NEW.empresa_id) THEN
    PERFORM list_stamp_bump_for(TG_ARGV[0], OLD.empresa_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transportadores_list_stamp AFTER INSERT OR UPDATE OR DELETE ON transportadores
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_stamp_bump('carrier');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER grupos_list_stamp AFTER INSERT OR UPDATE OR DELETE ON grupos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_stamp_bump('carrier');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER cotacoes_list_stamp AFTER INSERT OR UPDATE OR DELETE ON cotacoes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_stamp_bump('quote');
