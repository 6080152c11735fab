-- The carrier's latest message set aside instead of counted (ADR 0015 addendum "a receipt is not an answer").
ALTER TABLE "cotacao_destinatarios" ADD COLUMN "resposta_automatica" jsonb;