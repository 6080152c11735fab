import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboundStatusKey } from './get-inbound-status';
import { removeFromUnmatched, unmatchedKey } from './list-unmatched';

/** `POST /api/inbound/messages/:id/dismiss` → `{ message }`: an unmatched message that is no answer, kept. */
export function dismissMessage(messageId: string): Promise<{ message: string }> {
  return api.post(`/inbound/messages/${encodeURIComponent(messageId)}/dismiss`, undefined, {
    fallback: uiReplies.unmatched.dismissError,
  });
}

/** The dismissed message leaves the list at once; the list and the counts are then read again. */
export function useDismissMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissMessage,
    onSuccess: (_answer, messageId) => {
      removeFromUnmatched(queryClient, messageId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: unmatchedKey }),
        queryClient.invalidateQueries({ queryKey: inboundStatusKey }),
      ]);
    },
  });
}
