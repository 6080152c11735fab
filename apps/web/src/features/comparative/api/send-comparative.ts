import { ui } from '@cotacoes/shared/messages/ui';
import type { SendComparativeBody, SendComparativeResult } from '@cotacoes/shared/schemas/comparative';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteConversationKey, quoteDetailKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

/** `POST /api/quotes/:id/send-comparative {exchangeMargin, emails[]}` (spec 001 §7). */
export function sendComparative(quoteId: string, body: SendComparativeBody): Promise<SendComparativeResult> {
  return api.post<SendComparativeResult>(`/quotes/${encodeURIComponent(quoteId)}/send-comparative`, body, {
    fallback: ui.comparative.error,
  });
}

/** The message is recorded in the quote's conversation: the history tab reloads. */
export function useSendComparative(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendComparativeBody) => sendComparative(quoteId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteConversationKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteDetailKey(quoteId) }),
      ]),
  });
}
