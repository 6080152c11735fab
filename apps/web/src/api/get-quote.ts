import { ui } from '@cotacoes/shared/messages/ui';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { useQuery } from '@tanstack/react-query';
import { quoteDetailKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type { QuoteDetail };

/** `GET /api/quotes/:id` → QuoteDetail; 404 'Cotação não encontrada' for a missing or foreign id. */
export function getQuote(id: string): Promise<QuoteDetail> {
  return api.get<QuoteDetail>(`/quotes/${encodeURIComponent(id)}`, {
    fallback: ui.quotes.detail.loadError,
  });
}

export function useQuote(id: string) {
  return useQuery({ queryKey: quoteDetailKey(id), queryFn: () => getQuote(id) });
}
