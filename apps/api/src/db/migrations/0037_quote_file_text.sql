-- The request file's text (PDF or Excel format), read when the quote is created: the containers asked (QA pass 8).
ALTER TABLE "cotacoes" ADD COLUMN "texto_arquivo" text;