import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteComparisonKey, quoteResponsesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type ReadAgainResult = { data: ResponseEntry; message: string };

/**
 * `POST /api/quotes/:id/respostas/:respostaId/ler-de-novo`: a version whose reading failed is read again
 * from its stored message → the carrier's entry (its version back to 'Em extração').
 */
export function readAgain(quoteId: string, respostaId: string) {
  return api.post<ReadAgainResult>(
    `/quotes/${encodeURIComponent(quoteId)}/respostas/${encodeURIComponent(respostaId)}/ler-de-novo`,
    undefined,
    { fallback: uiReplies.cards.readAgainError },
  );
}

/** Then the answers (which poll while a version is being read) and the comparison are read again. */
export function useReadAgain(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (respostaId: string) => readAgain(quoteId, respostaId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) }),
      ]),
  });
}
