import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  quoteComparisonKey,
  quoteConversationKey,
  quoteDetailKey,
  quoteResponsesKey,
} from '@/api/quote-keys';
import { api } from '@/lib/api-client';
import { showToast } from '@/lib/toast';

/**
 * `POST /api/quotes/:id/respostas/:respostaId/desfazer-atribuicao` → `{ message }`: a message assigned from
 * 'Não identificadas' to the wrong quote or carrier goes back there; the carrier's previous version is
 * current again (or it has no answer any more).
 */
export function undoAssignment(quoteId: string, respostaId: string): Promise<{ message: string }> {
  return api.post(
    `/quotes/${encodeURIComponent(quoteId)}/respostas/${encodeURIComponent(respostaId)}/desfazer-atribuicao`,
    undefined,
    { fallback: uiReplies.cards.undoAssignmentError },
  );
}

/** Then the quote (status, counters), its answers, comparison and conversation, and the inbound lists. */
export function useUndoAssignment(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (respostaId: string) => undoAssignment(quoteId, respostaId),
    onSuccess: (result) => {
      // Said here, not by the button: the refreshed card no longer has it (QA pass 36: no toast).
      showToast({ message: result.message, variant: 'success' });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteDetailKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteConversationKey(quoteId) }),
        // 'Não identificadas' and its counts (features/replies keys all start with 'inbound').
        queryClient.invalidateQueries({ queryKey: ['inbound'] }),
      ]);
    },
  });
}
