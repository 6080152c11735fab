-- Late answers in the indicators (QA pass 42c: only a reply's card said "Após o prazo"): a recipient whose
-- first answer came after its quote's deadline is flagged, and the monthly and yearly cells count them
-- (`atrasados`, part of `respondidos`) in the same transactions as the rest of the cell (ADR 0019 addendum).
-- The flag follows the answer (a BEFORE trigger on `respondeu_em`) and the deadline (a trigger on
-- `cotacoes.prazo_resposta`: an extended deadline can make an answer on time). The cell functions of 0012 and
-- 0043 are restated with the new column.
ALTER TABLE "resposta_tempos_anuais" ADD COLUMN "atrasados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resposta_tempos_mensais" ADD COLUMN "atrasados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cotacao_destinatarios" ADD COLUMN "respondeu_apos_prazo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION resposta_tempos_aplicar(deltas jsonb) RETURNS void
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF deltas IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO resposta_tempos_mensais AS t (empresa_id, mes, transportador_id, enviados, respondidos,
      soma_segundos, min_segundos, max_segundos, ultima_resposta, atrasados)
    SELECT d.empresa_id, d.mes, d.transportador_id, d.enviados, d.respondidos, d.soma_segundos,
      d.min_segundos, d.max_segundos, d.ultima_resposta, coalesce(d.atrasados, 0)
    FROM jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid, enviados integer,
      respondidos integer, soma_segundos bigint, min_segundos integer, max_segundos integer,
      ultima_resposta timestamptz, atrasados integer)
    ORDER BY d.empresa_id, d.mes, d.transportador_id
    ON CONFLICT (empresa_id, mes, transportador_id) DO UPDATE SET
      enviados = t.enviados + excluded.enviados,
      respondidos = t.respondidos + excluded.respondidos,
      soma_segundos = t.soma_segundos + excluded.soma_segundos,
      min_segundos = least(t.min_segundos, excluded.min_segundos),
      max_segundos = greatest(t.max_segundos, excluded.max_segundos),
      ultima_resposta = greatest(t.ultima_resposta, excluded.ultima_resposta),
      atrasados = t.atrasados + excluded.atrasados;
  UPDATE resposta_tempos_mensais t
    SET (min_segundos, max_segundos, ultima_resposta) = (
      SELECT min(resposta_segundos(r.created_at, r.respondeu_em)),
        max(resposta_segundos(r.created_at, r.respondeu_em)), max(r.respondeu_em)
      FROM cotacao_destinatarios r
      WHERE r.transportador_id = t.transportador_id AND r.empresa_id = t.empresa_id
        AND r.created_at >= (t.mes::timestamp AT TIME ZONE 'America/Sao_Paulo')
        AND r.created_at < ((t.mes + interval '1 month')::timestamp AT TIME ZONE 'America/Sao_Paulo')
        AND r.respondeu_em IS NOT NULL)
    FROM jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid, recalcular boolean)
    WHERE d.recalcular AND t.empresa_id = d.empresa_id AND t.mes = d.mes
      AND t.transportador_id = d.transportador_id;
  DELETE FROM resposta_tempos_mensais t
    USING jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid)
    WHERE t.empresa_id = d.empresa_id AND t.mes = d.mes AND t.transportador_id = d.transportador_id
      AND t.enviados = 0 AND t.respondidos = 0;
  -- The years of the changed months: the same sums; extremes recomputed from their months.
  INSERT INTO resposta_tempos_anuais AS t (empresa_id, ano, transportador_id, enviados, respondidos,
      soma_segundos, min_segundos, max_segundos, ultima_resposta, atrasados)
    SELECT d.empresa_id, extract(year FROM d.mes)::integer, d.transportador_id, sum(d.enviados),
      sum(d.respondidos), sum(d.soma_segundos), min(d.min_segundos), max(d.max_segundos),
      max(d.ultima_resposta), coalesce(sum(d.atrasados), 0)
    FROM jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid, enviados integer,
      respondidos integer, soma_segundos bigint, min_segundos integer, max_segundos integer,
      ultima_resposta timestamptz, atrasados integer)
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (empresa_id, ano, transportador_id) DO UPDATE SET
      enviados = t.enviados + excluded.enviados,
      respondidos = t.respondidos + excluded.respondidos,
      soma_segundos = t.soma_segundos + excluded.soma_segundos,
      min_segundos = least(t.min_segundos, excluded.min_segundos),
      max_segundos = greatest(t.max_segundos, excluded.max_segundos),
      ultima_resposta = greatest(t.ultima_resposta, excluded.ultima_resposta),
      atrasados = t.atrasados + excluded.atrasados;
  UPDATE resposta_tempos_anuais t
    SET (min_segundos, max_segundos, ultima_resposta) = (
      SELECT min(m.min_segundos), max(m.max_segundos), max(m.ultima_resposta)
      FROM resposta_tempos_mensais m
      WHERE m.empresa_id = t.empresa_id AND m.transportador_id = t.transportador_id
        AND m.mes >= make_date(t.ano, 1, 1) AND m.mes < make_date(t.ano + 1, 1, 1))
    FROM (SELECT DISTINCT empresa_id, extract(year FROM mes)::integer AS ano, transportador_id
          FROM jsonb_to_recordset(deltas) AS x(empresa_id uuid, mes date, transportador_id uuid, recalcular boolean)
          WHERE recalcular) d
    WHERE t.empresa_id = d.empresa_id AND t.ano = d.ano AND t.transportador_id = d.transportador_id;
  DELETE FROM resposta_tempos_anuais t
    USING jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid)
    WHERE t.empresa_id = d.empresa_id AND t.ano = extract(year FROM d.mes)::integer
      AND t.transportador_id = d.transportador_id AND t.enviados = 0 AND t.respondidos = 0;
END $$;--> statement-breakpoint
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
        max(respondeu_em) AS ultima_resposta,
        count(*) FILTER (WHERE respondeu_apos_prazo)::int AS atrasados, false AS recalcular
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
        sum(sinal * atrasado)::int AS atrasados,
        coalesce(bool_or(sinal < 0 AND respondeu_em IS NOT NULL), false) AS recalcular
      FROM (
        SELECT s.* FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES
          (-1, o.empresa_id, resposta_tempos_mes(o.created_at), o.transportador_id,
            (o.respondeu_em IS NOT NULL OR (o.falha_entrega IS NULL AND NOT o.encerrada_no_prazo))::int,
            o.respondeu_em, resposta_segundos(o.created_at, o.respondeu_em), o.respondeu_apos_prazo::int),
          (1, n.empresa_id, resposta_tempos_mes(n.created_at), n.transportador_id,
            (n.respondeu_em IS NOT NULL OR (n.falha_entrega IS NULL AND NOT n.encerrada_no_prazo))::int,
            n.respondeu_em, resposta_segundos(n.created_at, n.respondeu_em), n.respondeu_apos_prazo::int)
        ) AS s(sinal, empresa_id, mes, transportador_id, contado, respondeu_em, segundos, atrasado)
        WHERE (o.empresa_id, o.created_at, o.transportador_id, o.respondeu_em, o.falha_entrega IS NULL,
            o.encerrada_no_prazo, o.respondeu_apos_prazo)
          IS DISTINCT FROM (n.empresa_id, n.created_at, n.transportador_id, n.respondeu_em, n.falha_entrega IS NULL,
            n.encerrada_no_prazo, n.respondeu_apos_prazo)
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
        NULL::timestamptz AS ultima_resposta,
        -count(*) FILTER (WHERE respondeu_apos_prazo)::int AS atrasados,
        bool_or(respondeu_em IS NOT NULL) AS recalcular
      FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM empresas e WHERE e.id = o.empresa_id)
      GROUP BY 1, 2, 3) c));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cotacao_destinatario_apos_prazo() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.respondeu_apos_prazo := NEW.respondeu_em IS NOT NULL AND coalesce(NEW.respondeu_em > (
    SELECT q.prazo_resposta FROM cotacoes q WHERE q.id = NEW.cotacao_id), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cotacao_destinatarios_apos_prazo_insert BEFORE INSERT ON cotacao_destinatarios
  FOR EACH ROW WHEN (NEW.respondeu_em IS NOT NULL) EXECUTE FUNCTION cotacao_destinatario_apos_prazo();--> statement-breakpoint
CREATE TRIGGER cotacao_destinatarios_apos_prazo_update BEFORE UPDATE OF respondeu_em ON cotacao_destinatarios
  FOR EACH ROW WHEN (OLD.respondeu_em IS DISTINCT FROM NEW.respondeu_em)
  EXECUTE FUNCTION cotacao_destinatario_apos_prazo();--> statement-breakpoint
CREATE OR REPLACE FUNCTION cotacao_prazo_apos_prazo() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE cotacao_destinatarios
    SET respondeu_apos_prazo = (respondeu_em > NEW.prazo_resposta)
    WHERE cotacao_id = NEW.id AND respondeu_em IS NOT NULL
      AND respondeu_apos_prazo IS DISTINCT FROM (respondeu_em > NEW.prazo_resposta);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cotacoes_prazo_apos_prazo AFTER UPDATE OF prazo_resposta ON cotacoes
  FOR EACH ROW WHEN (OLD.prazo_resposta IS DISTINCT FROM NEW.prazo_resposta)
  EXECUTE FUNCTION cotacao_prazo_apos_prazo();--> statement-breakpoint
-- The answers already late: the update trigger above adds them to their cells.
UPDATE cotacao_destinatarios r SET respondeu_apos_prazo = true
  FROM cotacoes q
  WHERE q.id = r.cotacao_id AND r.respondeu_em IS NOT NULL AND r.respondeu_em > q.prazo_resposta;
