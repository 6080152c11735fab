import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import {
  UNMATCHED_PAGE_SIZE,
  type UnmatchedList,
  type UnmatchedMessage,
} from '@cotacoes/shared/schemas/responses';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { UnmatchedList, UnmatchedMessage };

/**
 * Every page and search of both lists ('A identificar', 'Dispensadas') starts with this key (assigning,
 * dismissing or restoring refreshes them all).
 */
export const unmatchedKey = ['inbound', 'unmatched'] as const;

export type UnmatchedParams = {
  page: number;
  search: string;
  /** 'Dispensadas': the dismissed messages (newest dismissal first), to restore one. */
  dispensadas?: boolean;
};

/**
 * `GET /api/inbound/unmatched?page&pageSize&search[&dispensadas=true]` → one page of the messages no quote
 * claimed (the company's, or all for a desenvolvedor), newest first, with the count of them all; with
 * `dispensadas`, those dismissed instead.
 */
export function listUnmatched(params: UnmatchedParams): Promise<UnmatchedList> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(UNMATCHED_PAGE_SIZE) });
  if (params.search) query.set('search', params.search);
  if (params.dispensadas) query.set('dispensadas', 'true');
  return api.get(`/inbound/unmatched?${query}`, {
    fallback: params.dispensadas ? uiReplies.unmatched.dismissedLoadError : uiReplies.unmatched.loadError,
  });
}

export function useUnmatched(params: UnmatchedParams) {
  return useQuery({
    queryKey: [...unmatchedKey, params],
    queryFn: () => listUnmatched(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A message assigned, dismissed or restored leaves every loaded page at once, before the lists are read again. */
export function removeFromUnmatched(queryClient: QueryClient, messageId: string) {
  queryClient.setQueriesData<UnmatchedList>({ queryKey: unmatchedKey }, (list) =>
    list?.data.some((item) => item.id === messageId)
      ? {
          ...list,
          data: list.data.filter((item) => item.id !== messageId),
          total: Math.max(0, list.total - 1),
        }
      : list,
  );
}
