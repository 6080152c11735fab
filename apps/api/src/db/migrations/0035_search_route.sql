-- The list's search also finds the route: origin and destination join code, requester, reference and FTI
-- (the QA pass searched "Ningbo"). Dropping the generated column drops its trigram index: made again as
-- migrations 0004 and 0006 left it.
ALTER TABLE "cotacoes" drop column "busca";--> statement-breakpoint
ALTER TABLE "cotacoes" ADD COLUMN "busca" text GENERATED ALWAYS AS (immutable_unaccent(lower("cotacoes"."codigo" || ' ' || "cotacoes"."nome_solicitante" || ' ' || "cotacoes"."referencia_processo" || ' ' || coalesce("cotacoes"."fti", '') || ' ' || coalesce("cotacoes"."origem", '') || ' ' || coalesce("cotacoes"."destino", '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cotacoes_busca_trgm_idx" ON "cotacoes" USING gin ("busca" gin_trgm_ops) WITH (fastupdate = off);
