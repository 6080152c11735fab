import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { QuoteSummary } from '@cotacoes/shared/schemas/quotes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Quotes offered when a message is assigned by hand: a short list is enough to pick a code. */
export const QUOTE_PICKER_LIMIT = 8;

/** `GET /api/quotes?search=…&limit=8` over both tabs (an answer may come after the quote was closed). */
export async function searchQuotes(search: string): Promise<QuoteSummary[]> {
  const query = new URLSearchParams({ page: '1', limit: String(QUOTE_PICKER_LIMIT), search: search.trim() });
  const answer = await api.get<{ data: QuoteSummary[] }>(`/quotes?${query.toString()}`, {
    fallback: uiReplies.unmatched.searchError,
  });
  return answer.data;
}

export function useQuoteSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['quote-picker', term],
    queryFn: () => searchQuotes(term),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
}
