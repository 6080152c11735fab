-- Dashboard and response-time indicators (ADR 0019).
-- resposta_tempos_mensais / _anuais: per company, month or year (America/Sao_Paulo) of the request and
-- carrier, the requests that reached the carrier and how long the first answers took. Kept by statement
-- triggers on cotacao_destinatarios in the same transaction as every insert, answer, bounce and delete, so
-- the indicators read one row per carrier and year or month instead of every recipient.
CREATE TABLE "resposta_tempos_mensais" (
	"empresa_id" uuid NOT NULL,
	"mes" date NOT NULL,
	"transportador_id" uuid NOT NULL,
	"enviados" integer DEFAULT 0 NOT NULL,
	"respondidos" integer DEFAULT 0 NOT NULL,
	"soma_segundos" bigint DEFAULT 0 NOT NULL,
	"min_segundos" integer,
	"max_segundos" integer,
	"ultima_resposta" timestamp with time zone,
	CONSTRAINT "resposta_tempos_mensais_empresa_id_mes_transportador_id_pk" PRIMARY KEY("empresa_id","mes","transportador_id")
);
--> statement-breakpoint
-- The same per calendar year: a whole year (the screen's default) reads one row per carrier.
CREATE TABLE "resposta_tempos_anuais" (
	"empresa_id" uuid NOT NULL,
	"ano" integer NOT NULL,
	"transportador_id" uuid NOT NULL,
	"enviados" integer DEFAULT 0 NOT NULL,
	"respondidos" integer DEFAULT 0 NOT NULL,
	"soma_segundos" bigint DEFAULT 0 NOT NULL,
	"min_segundos" integer,
	"max_segundos" integer,
	"ultima_resposta" timestamp with time zone,
	CONSTRAINT "resposta_tempos_anuais_empresa_id_ano_transportador_id_pk" PRIMARY KEY("empresa_id","ano","transportador_id")
);
--> statement-breakpoint
ALTER TABLE "resposta_tempos_mensais" ADD CONSTRAINT "resposta_tempos_mensais_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resposta_tempos_anuais" ADD CONSTRAINT "resposta_tempos_anuais_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A few carriers' months (the charts of a page).
CREATE INDEX "resposta_tempos_mensais_transportador_idx" ON "resposta_tempos_mensais" USING btree ("empresa_id","transportador_id","mes");--> statement-breakpoint
-- The raw rows of a period's partial months, and the extremes of a month recomputed after a removal.
CREATE INDEX "cotacao_destinatarios_empresa_created_idx" ON "cotacao_destinatarios" USING btree ("empresa_id","created_at");--> statement-breakpoint
-- Dashboard: the cards' overdue count and the deadline lists read one status's deadlines in order.
CREATE INDEX "cotacoes_empresa_status_prazo_idx" ON "cotacoes" USING btree ("empresa_id","status","prazo_resposta") WHERE "cotacoes"."deleted_at" is null;--> statement-breakpoint
-- Dashboard: the newest replies of a company.
CREATE INDEX "respostas_empresa_created_idx" ON "respostas" USING btree ("empresa_id","created_at");--> statement-breakpoint
-- Dashboard: the newest audited events the activity list shows (the mapping is in ADR 0019).
CREATE INDEX "audit_log_atividades_idx" ON "audit_log" USING btree ("empresa_id","created_at") WHERE "audit_log"."action" in ('transportador.create', 'transportador.import', 'cotacao.revisao', 'cotacao.aprovacao', 'cotacao.prazo_encerrado');--> statement-breakpoint
-- The month a request counts in, and the seconds until its first answer (never negative: a reply's Date
-- header may run a few minutes ahead of our clock).
CREATE OR REPLACE FUNCTION resposta_tempos_mes(enviado timestamptz) RETURNS date
  LANGUAGE sql STABLE AS $$ SELECT date_trunc('month', enviado AT TIME ZONE 'America/Sao_Paulo')::date $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION resposta_segundos(enviado timestamptz, respondido timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN respondido IS NOT NULL
    THEN greatest(0, least(2147483647, floor(extract(epoch FROM respondido - enviado))))::integer END $$;--> statement-breakpoint
-- Applies per-cell changes ({empresa_id, mes, transportador_id, enviados, respondidos, soma_segundos,
-- min_segundos, max_segundos, ultima_resposta, recalcular}). Counts and sums add up (safe under concurrent
-- writers, like cotacao_contagens); extremes only grow. A cell that lost an answer (`recalcular`) has its
-- extremes recomputed from its recipients in a later statement, which sees every committed row while the
-- cell's row lock is held. Cells left empty are removed. Key order: two writers cannot deadlock.
CREATE OR REPLACE FUNCTION resposta_tempos_aplicar(deltas jsonb) RETURNS void
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF deltas IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO resposta_tempos_mensais AS t (empresa_id, mes, transportador_id, enviados, respondidos,
      soma_segundos, min_segundos, max_segundos, ultima_resposta)
    SELECT d.empresa_id, d.mes, d.transportador_id, d.enviados, d.respondidos, d.soma_segundos,
      d.min_segundos, d.max_segundos, d.ultima_resposta
    FROM jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid, enviados integer,
      respondidos integer, soma_segundos bigint, min_segundos integer, max_segundos integer,
      ultima_resposta timestamptz)
    ORDER BY d.empresa_id, d.mes, d.transportador_id
    ON CONFLICT (empresa_id, mes, transportador_id) DO UPDATE SET
      enviados = t.enviados + excluded.enviados,
      respondidos = t.respondidos + excluded.respondidos,
      soma_segundos = t.soma_segundos + excluded.soma_segundos,
      min_segundos = least(t.min_segundos, excluded.min_segundos),
      max_segundos = greatest(t.max_segundos, excluded.max_segundos),
      ultima_resposta = greatest(t.ultima_resposta, excluded.ultima_resposta);
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
      soma_segundos, min_segundos, max_segundos, ultima_resposta)
    SELECT d.empresa_id, extract(year FROM d.mes)::integer, d.transportador_id, sum(d.enviados),
      sum(d.respondidos), sum(d.soma_segundos), min(d.min_segundos), max(d.max_segundos),
      max(d.ultima_resposta)
    FROM jsonb_to_recordset(deltas) AS d(empresa_id uuid, mes date, transportador_id uuid, enviados integer,
      respondidos integer, soma_segundos bigint, min_segundos integer, max_segundos integer,
      ultima_resposta timestamptz)
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (empresa_id, ano, transportador_id) DO UPDATE SET
      enviados = t.enviados + excluded.enviados,
      respondidos = t.respondidos + excluded.respondidos,
      soma_segundos = t.soma_segundos + excluded.soma_segundos,
      min_segundos = least(t.min_segundos, excluded.min_segundos),
      max_segundos = greatest(t.max_segundos, excluded.max_segundos),
      ultima_resposta = greatest(t.ultima_resposta, excluded.ultima_resposta);
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
-- One recipient's share of its cell: it counts as sent unless its delivery failed and it never answered.
CREATE OR REPLACE FUNCTION resposta_tempos_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM resposta_tempos_aplicar((
    SELECT jsonb_agg(c) FROM (
      SELECT empresa_id, resposta_tempos_mes(created_at) AS mes, transportador_id,
        count(*) FILTER (WHERE respondeu_em IS NOT NULL OR falha_entrega IS NULL)::int AS enviados,
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
            (o.respondeu_em IS NOT NULL OR o.falha_entrega IS NULL)::int, o.respondeu_em,
            resposta_segundos(o.created_at, o.respondeu_em)),
          (1, n.empresa_id, resposta_tempos_mes(n.created_at), n.transportador_id,
            (n.respondeu_em IS NOT NULL OR n.falha_entrega IS NULL)::int, n.respondeu_em,
            resposta_segundos(n.created_at, n.respondeu_em))
        ) AS s(sinal, empresa_id, mes, transportador_id, contado, respondeu_em, segundos)
        WHERE (o.empresa_id, o.created_at, o.transportador_id, o.respondeu_em, o.falha_entrega IS NULL)
          IS DISTINCT FROM (n.empresa_id, n.created_at, n.transportador_id, n.respondeu_em, n.falha_entrega IS NULL)
      ) d GROUP BY 1, 2, 3) c));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A company being deleted takes its cells along (cascade): its recipients are not subtracted one by one.
CREATE OR REPLACE FUNCTION resposta_tempos_delete() RETURNS trigger
  LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM resposta_tempos_aplicar((
    SELECT jsonb_agg(c) FROM (
      SELECT empresa_id, resposta_tempos_mes(created_at) AS mes, transportador_id,
        -count(*) FILTER (WHERE respondeu_em IS NOT NULL OR falha_entrega IS NULL)::int AS enviados,
        -count(respondeu_em)::int AS respondidos,
        -coalesce(sum(resposta_segundos(created_at, respondeu_em)), 0) AS soma_segundos,
        NULL::integer AS min_segundos, NULL::integer AS max_segundos,
        NULL::timestamptz AS ultima_resposta, bool_or(respondeu_em IS NOT NULL) AS recalcular
      FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM empresas e WHERE e.id = o.empresa_id)
      GROUP BY 1, 2, 3) c));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cotacao_destinatarios_tempos_insert AFTER INSERT ON cotacao_destinatarios
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resposta_tempos_insert();--> statement-breakpoint
CREATE TRIGGER cotacao_destinatarios_tempos_update AFTER UPDATE ON cotacao_destinatarios
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION resposta_tempos_update();--> statement-breakpoint
CREATE TRIGGER cotacao_destinatarios_tempos_delete AFTER DELETE ON cotacao_destinatarios
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION resposta_tempos_delete();--> statement-breakpoint
INSERT INTO resposta_tempos_mensais (empresa_id, mes, transportador_id, enviados, respondidos, soma_segundos,
    min_segundos, max_segundos, ultima_resposta)
  SELECT empresa_id, resposta_tempos_mes(created_at), transportador_id,
    count(*) FILTER (WHERE respondeu_em IS NOT NULL OR falha_entrega IS NULL),
    count(respondeu_em), coalesce(sum(resposta_segundos(created_at, respondeu_em)), 0),
    min(resposta_segundos(created_at, respondeu_em)), max(resposta_segundos(created_at, respondeu_em)),
    max(respondeu_em)
  FROM cotacao_destinatarios
  GROUP BY 1, 2, 3
  HAVING count(*) FILTER (WHERE respondeu_em IS NOT NULL OR falha_entrega IS NULL) > 0;--> statement-breakpoint
INSERT INTO resposta_tempos_anuais (empresa_id, ano, transportador_id, enviados, respondidos, soma_segundos,
    min_segundos, max_segundos, ultima_resposta)
  SELECT empresa_id, extract(year FROM mes)::integer, transportador_id, sum(enviados), sum(respondidos),
    sum(soma_segundos), min(min_segundos), max(max_segundos), max(ultima_resposta)
  FROM resposta_tempos_mensais
  GROUP BY 1, 2, 3;
