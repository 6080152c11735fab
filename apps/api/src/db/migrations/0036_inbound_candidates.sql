-- The candidate quotes of a message whose quote code two companies share (ADR 0015 addendum).
ALTER TABLE "inbound_messages" ADD COLUMN "candidatas" jsonb;
