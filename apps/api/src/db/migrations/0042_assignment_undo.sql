-- 'Desfazer atribuição' (ADR 0015 addendum): an assigned message keeps where it stood in 'Não identificadas'
-- (outcome, reason, company, quote, a shared code's candidates), so that undoing the assignment puts it back.
ALTER TABLE "inbound_messages" ADD COLUMN "atribuicao_anterior" jsonb;
