ALTER TABLE "cotacao_destinatarios" RENAME COLUMN "cancelada_no_prazo" TO "encerrada_no_prazo";--> statement-breakpoint
-- A quote that ended before its deadline — cancelled, closed or approved — gave the carriers that had not
-- answered it no full chance: they are not counted as sent (ADR 0019 addendum 2026-12-07; 0041 did this for
-- cancellations only). The column is renamed, so the functions that read it are restated with its new name.
CREATE OR REPLACE FUNCTION resposta_tempos_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM resposta_tempos_aplicar((
    SELECT jsonb_agg(c) FROM (
      SELECT empresa_id, resposta_tempos_mes(created_at) AS mes, transportador_id,
        count(*) FILTER (WHERE respondeu_em IS NOT NULL
          OR (falha_entrega IS NULL AND NOT encerrada_no_prazo))::int AS enviados,
        count(respondeu_em)::int AS respondidos,
        coalesce(sum(resposta_segundos(created_at, respondeu_em)), 0) AS soma_segundos,
        min(resposta_segundos(created_at, respondeu_em)) AS min_segundos,
        max(resposta_segundos(created_at, respondeu_em)) AS max_segundos,
        max(respondeu_em) AS ultima_resposta, false AS recalcular
      FROM new_rows GROUP BY 1, 2, 3) c));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION resposta_tempos_update() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM resposta_tempos_aplicar((
    SELECT jsonb_agg(c) FROM (
      SELECT empresa_id, mes, transportador_id,
        sum(sinal * contado)::int AS enviados,
        sum(sinal * (respondeu_em IS NOT NULL)::int)::int AS respondidos,
        coalesce(sum(sinal * segundos), 0) AS soma_segundos,
        min(segundos) FILTER (WHERE sinal > 0) AS min_segundos,
        max(segundos) FILTER (WHERE sinal > 0) AS max_segundos,
        max(respondeu_em) FILTER (WHERE sinal > 0) AS ultima_resposta,
        coalesce(bool_or(sinal < 0 AND respondeu_em IS NOT NULL), false) AS recalcular
      FROM (
        SELECT s.* FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES
          (-1, o.empresa_id, resposta_tempos_mes(o.created_at), o.transportador_id,
            (o.respondeu_em IS NOT NULL OR (o.falha_entrega IS NULL AND NOT o.encerrada_no_prazo))::int,
            o.respondeu_em, resposta_segundos(o.created_at, o.respondeu_em)),
          (1, n.empresa_id, resposta_tempos_mes(n.created_at), n.transportador_id,
            (n.respondeu_em IS NOT NULL OR (n.falha_entrega IS NULL AND NOT n.encerrada_no_prazo))::int,
            n.respondeu_em, resposta_segundos(n.created_at, n.respondeu_em))
        ) AS s(sinal, empresa_id, mes, transportador_id, contado, respondeu_em, segundos)
        WHERE (o.empresa_id, o.created_at, o.transportador_id, o.respondeu_em, o.falha_entrega IS NULL,
            o.encerrada_no_prazo)
          IS DISTINCT FROM (n.empresa_id, n.created_at, n.transportador_id, n.respondeu_em, n.falha_entrega IS NULL,
            n.encerrada_no_prazo)
      ) d GROUP BY 1, 2, 3) c));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION resposta_tempos_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM resposta_tempos_aplicar((
    SELECT jsonb_agg(c) FROM (
      SELECT empresa_id, resposta_tempos_mes(created_at) AS mes, transportador_id,
        -count(*) FILTER (WHERE respondeu_em IS NOT NULL
          OR (falha_entrega IS NULL AND NOT encerrada_no_prazo))::int AS enviados,
        -count(respondeu_em)::int AS respondidos,
        -coalesce(sum(resposta_segundos(created_at, respondeu_em)), 0) AS soma_segundos,
        NULL::integer AS min_segundos, NULL::integer AS max_segundos,
        NULL::timestamptz AS ultima_resposta, bool_or(respondeu_em IS NOT NULL) AS recalcular
      FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM empresas e WHERE e.id = o.empresa_id)
      GROUP BY 1, 2, 3) c));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS cotacoes_cancelada_no_prazo ON cotacoes;--> statement-breakpoint
DROP FUNCTION IF EXISTS cotacao_cancelada_no_prazo();--> statement-breakpoint
-- Whatever path ends a quote (or takes it out of a final status), its recipients follow, in the same
-- transaction: ended before the deadline → not counted unless answered. `encerrada_em` is set by the
-- BEFORE trigger of migration 0019.
CREATE OR REPLACE FUNCTION cotacao_encerrada_no_prazo() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  ended boolean := NEW.status IN ('APROVADA', 'FECHADA', 'CANCELADA')
    AND coalesce(NEW.encerrada_em, now()) < NEW.prazo_resposta;
BEGIN
  UPDATE cotacao_destinatarios
    SET encerrada_no_prazo = ended
    WHERE cotacao_id = NEW.id AND encerrada_no_prazo IS DISTINCT FROM ended;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cotacoes_encerrada_no_prazo AFTER UPDATE OF status ON cotacoes
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
    AND (NEW.status IN ('APROVADA', 'FECHADA', 'CANCELADA') OR OLD.status IN ('APROVADA', 'FECHADA', 'CANCELADA')))
  EXECUTE FUNCTION cotacao_encerrada_no_prazo();--> statement-breakpoint
-- Quotes approved or closed earlier before their deadline (cancellations were done by 0041).
UPDATE cotacao_destinatarios r SET encerrada_no_prazo = true
  FROM cotacoes q
  WHERE q.id = r.cotacao_id AND q.status IN ('APROVADA', 'FECHADA')
    AND q.encerrada_em IS NOT NULL AND q.encerrada_em < q.prazo_resposta
    AND NOT r.encerrada_no_prazo;
