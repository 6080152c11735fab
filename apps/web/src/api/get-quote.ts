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

/**
 * A colleague may decide on the same quote (approve, close, extend): the detail is read again when the tab
 * comes back into view and every 30 s while it is visible, so a stale header does not invite a second
 * decision (QA pass 15: a page still showed 'Aguardando Resposta' after the quote was closed).
 */
export const QUOTE_REFRESH_MS = 30_000;

export function useQuote(id: string) {
  return useQuery({
    queryKey: quoteDetailKey(id),
    queryFn: () => getQuote(id),
    // 'always': the 30 s staleTime would skip a refetch on coming back within it.
    refetchOnWindowFocus: 'always',
    refetchInterval: QUOTE_REFRESH_MS,
  });
}
