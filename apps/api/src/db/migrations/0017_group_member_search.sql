-- A group-filtered carrier search ('Agentes de Carga' with groups picked and a term typed; issue #18, P1;
-- ADR 0014 addendum 6) checks each member's busca. With busca in the (group, company, name) index, the check
-- reads the index alone instead of one table page per member: for three groups of the bench (1,846
-- memberships), 67 index pages instead of 380 pages, and 0.48 ms instead of 0.60 with pgbench. The pages
-- without a search read a wider index (one group's page 0.17 → 0.18 ms, the ids of three groups 0.70 →
-- 0.73 ms). drizzle's index builder has no INCLUDE: the schema declares the key columns only.
DROP INDEX IF EXISTS "grupo_transportadores_grupo_nome_idx";--> statement-breakpoint
CREATE INDEX "grupo_transportadores_grupo_nome_idx" ON "grupo_transportadores" USING btree ("grupo_id","empresa_id","nome_busca","transportador_id") INCLUDE ("busca");
