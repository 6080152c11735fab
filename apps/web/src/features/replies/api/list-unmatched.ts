import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import {
  UNMATCHED_PAGE_SIZE,
  type UnmatchedList,
  type UnmatchedMessage,
} from '@cotacoes/shared/schemas/responses';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { UnmatchedList, UnmatchedMessage };

/** Every page and search of the list starts with this key (assigning or dismissing refreshes them all). */
export const unmatchedKey = ['inbound', 'unmatched'] as const;

/**
 * `GET /api/inbound/unmatched?page&pageSize&search` → one page of the messages no quote claimed (the
 * company's, or all for a desenvolvedor), newest first, with the count of them all.
 */
export function listUnmatched(params: { page: number; search: string }): Promise<UnmatchedList> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(UNMATCHED_PAGE_SIZE) });
  if (params.search) query.set('search', params.search);
  return api.get(`/inbound/unmatched?${query}`, { fallback: uiReplies.unmatched.loadError });
}

export function useUnmatched(params: { page: number; search: string }) {
  return useQuery({
    queryKey: [...unmatchedKey, params],
    queryFn: () => listUnmatched(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A message assigned or dismissed leaves every loaded page at once, before the list is read again. */
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
