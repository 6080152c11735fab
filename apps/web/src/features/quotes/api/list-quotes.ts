import { ui } from '@cotacoes/shared/messages/ui';
import type { QuoteSummary } from '@cotacoes/shared/schemas/quotes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quoteListKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';
import {
  COUNTER_PAGE_SIZE,
  LIST_STALE_MS,
  listQueryString,
  type QuoteListParams,
  type QuoteTab,
} from './keys';

export type { QuoteSummary };

export interface QuoteListPage {
  data: QuoteSummary[];
  total: number;
  totalPages: number;
  page: number;
  /** The server stops counting at 1,000 quotes (100 for a search): `total` is then a lower bound. */
  totalLimitado?: boolean;
}

/** `GET /api/quotes?page&limit&search&status&vencidas&tab`: one page of the company's quotes. */
export function listQuotes(params: QuoteListParams): Promise<QuoteListPage> {
  return api.get<QuoteListPage>(`/quotes${listQueryString(params)}`, { fallback: ui.quotes.list.loadError });
}

export function useQuoteList(params: QuoteListParams) {
  return useQuery({
    queryKey: [...quoteListKey, 'page', params],
    queryFn: () => listQuotes(params),
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_MS,
  });
}

/** The tab's count badge: a one-row page of the tab, unfiltered (spec 001 §9). */
export function useQuoteCount(tab: QuoteTab) {
  return useQuery({
    queryKey: [...quoteListKey, 'count', tab],
    queryFn: () => listQuotes({ tab, page: 1, limit: COUNTER_PAGE_SIZE }),
    select: (result) => ({ total: result.total, limited: result.totalLimitado === true }),
    staleTime: LIST_STALE_MS,
  });
}
