-- The request file's text (PDF or Excel format), read when the quote is created: the containers asked (QA pass 8).
ALTER TABLE "cotacoes" ADD COLUMN "texto_arquivo" text;--> statement-breakpoint
-- Request files of quotes made before this migration were not read: '' (read, nothing found), not null
-- (which the quote page shows as "being read").
UPDATE "cotacoes" SET "texto_arquivo" = '' WHERE "metodo_envio" <> 'EMAIL';
