import { ui } from '@cotacoes/shared/messages/ui';
import {
  CONVERSATION_PAGE_SIZE,
  type Conversation,
  type EmailMessage,
} from '@cotacoes/shared/schemas/responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quoteConversationKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type { EmailMessage };

export const conversationKey = (quoteId: string, remoteImages: boolean) =>
  [...quoteConversationKey(quoteId), remoteImages] as const;

export const CONVERSATION_REFRESH_MS = 30_000;

/** A quote with more messages than this is shown up to here (10 pages of 100). */
const MAX_PAGES = 10;

/**
 * `GET /api/emails/by-cotacao/:id?page&pageSize=100` (spec 001 §7, §9), every page: the whole conversation
 * of a quote, oldest first. `imagens=1` when the user asked for the remote images of the messages.
 */
export async function getConversation(
  quoteId: string,
  remoteImages: boolean,
  signal?: AbortSignal,
): Promise<EmailMessage[]> {
  const items: EmailMessage[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ page: String(page), pageSize: String(CONVERSATION_PAGE_SIZE) });
    if (remoteImages) query.set('imagens', '1');
    const answer = await api.get<Conversation>(
      `/emails/by-cotacao/${encodeURIComponent(quoteId)}?${query.toString()}`,
      { fallback: ui.conversation.loadError, signal },
    );
    items.push(...answer.items);
    if (answer.items.length < CONVERSATION_PAGE_SIZE || items.length >= answer.total) break;
  }
  return items;
}

export function useConversation(quoteId: string, remoteImages: boolean) {
  return useQuery({
    queryKey: conversationKey(quoteId, remoteImages),
    queryFn: ({ signal }) => getConversation(quoteId, remoteImages, signal),
    // Asking for the images keeps the messages on screen while they reload.
    placeholderData: keepPreviousData,
    // Replies arrive while the tab is open.
    refetchInterval: CONVERSATION_REFRESH_MS,
  });
}
