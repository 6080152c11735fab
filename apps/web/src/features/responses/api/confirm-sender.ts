import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteComparisonKey, quoteResponsesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type ConfirmSenderResult = { data: ResponseEntry; message: string };

/**
 * `POST /api/quotes/:id/respostas/:respostaId/confirmar-remetente` (analyst roles): the analyst vouches for
 * the sender of an unverified version; a version that waited becomes the current one → the carrier's entry.
 */
export function confirmSender(quoteId: string, respostaId: string) {
  return api.post<ConfirmSenderResult>(
    `/quotes/${encodeURIComponent(quoteId)}/respostas/${encodeURIComponent(respostaId)}/confirmar-remetente`,
    undefined,
    { fallback: uiReplies.cards.sender.confirmError },
  );
}

/** After confirming, the responses and the comparison are read again (the current version may change). */
export function useConfirmSender(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (respostaId: string) => confirmSender(quoteId, respostaId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
      ]),
  });
}
