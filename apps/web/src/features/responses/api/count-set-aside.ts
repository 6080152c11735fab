import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  quoteComparisonKey,
  quoteConversationKey,
  quoteDetailKey,
  quoteResponsesKey,
} from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type CountSetAsideResult = { data: ResponseEntry; message: string };

/**
 * `POST /api/quotes/:id/mensagens/:mensagemId/contar-como-resposta`: a message the platform set aside (an
 * out-of-office, a receipt without a quote) becomes the carrier's answer → the carrier's entry.
 */
export function countSetAside(quoteId: string, mensagemId: string) {
  return api.post<CountSetAsideResult>(
    `/quotes/${encodeURIComponent(quoteId)}/mensagens/${encodeURIComponent(mensagemId)}/contar-como-resposta`,
    undefined,
    { fallback: uiReplies.cards.setAside.countError },
  );
}

/** After counting, the answers, the comparison and the quote's counters are read again. */
export function useCountSetAside(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mensagemId: string) => countSetAside(quoteId, mensagemId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteDetailKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteConversationKey(quoteId) }),
      ]),
  });
}
