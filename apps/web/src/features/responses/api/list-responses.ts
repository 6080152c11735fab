import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseEntry, ResponsesList } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { quoteResponsesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type { ResponseEntry };

/** Spec 001 leaves the refresh to us: a new reply shows within 15 s while the page is open. */
export const RESPONSES_POLL_MS = 15_000;
/**
 * While some version is being read, its figures show within 2 s (QA pass 5: a registered text stayed
 * "Extração em andamento…" on the card up to 15 s while the comparison already had its figures).
 */
export const EXTRACTING_POLL_MS = 2_000;

const extracting = (entries: ResponseEntry[] | undefined) =>
  (entries ?? []).some((entry) => entry.atual?.extracao === 'pendente');

/** `GET /api/quotes/:id/respostas` → one entry per recipient, the current version at the top level. */
export async function listResponses(id: string): Promise<ResponseEntry[]> {
  const answer = await api.get<ResponsesList>(`/quotes/${encodeURIComponent(id)}/respostas`, {
    fallback: uiReplies.cards.loadError,
  });
  return answer.data;
}

/**
 * The responses of a quote; polled while `poll` is on (a waiting quote), and every 2 s while a version is
 * being read whatever the quote's state. TanStack Query pauses the interval while the tab is hidden.
 */
export function useResponses(id: string, { poll }: { poll: boolean }) {
  return useQuery({
    queryKey: quoteResponsesKey(id),
    queryFn: () => listResponses(id),
    refetchInterval: (query) => {
      if (query.state.error) return false;
      if (extracting(query.state.data)) return EXTRACTING_POLL_MS;
      return poll ? RESPONSES_POLL_MS : false;
    },
  });
}
