import { ui } from '@cotacoes/shared/messages/ui';
import type { CreateQuoteBody, QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { api } from '@/lib/api-client';

export type { CreateQuoteBody };

/** `POST /api/quotes` (manual format, JSON creation payload) → 201 QuoteDetail. */
export function createQuote(body: CreateQuoteBody): Promise<QuoteDetail> {
  return api.post<QuoteDetail>('/quotes', body, { fallback: ui.quotes.wizard.createError });
}
