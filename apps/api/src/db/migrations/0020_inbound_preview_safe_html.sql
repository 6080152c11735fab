-- Issue 29 item 7: what a view shows is computed once, when a message is stored or processed.
-- The conversation's HTML made safe once (remote images as placeholders) and its count of remote images.
ALTER TABLE "cotacao_mensagens" ADD COLUMN "html_seguro" text;--> statement-breakpoint
ALTER TABLE "cotacao_mensagens" ADD COLUMN "imagens_remotas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The start of the body of an inbound message, for 'Não identificadas' (which no longer reads raw bytes).
ALTER TABLE "inbound_messages" ADD COLUMN "previa" text;
