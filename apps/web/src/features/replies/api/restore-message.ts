import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboundStatusKey } from './get-inbound-status';
import { removeFromUnmatched, unmatchedKey } from './list-unmatched';

/**
 * `POST /api/inbound/messages/:id/restore` → `{ message }`: a message dismissed by mistake waits in 'Não
 * identificadas' again.
 */
export function restoreMessage(messageId: string): Promise<{ message: string }> {
  return api.post(`/inbound/messages/${encodeURIComponent(messageId)}/restore`, undefined, {
    fallback: uiReplies.unmatched.restoreError,
  });
}

/** The restored message leaves 'Dispensadas' at once; both lists and the counts are then read again. */
export function useRestoreMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreMessage,
    onSuccess: (_answer, messageId) => {
      removeFromUnmatched(queryClient, messageId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: unmatchedKey }),
        queryClient.invalidateQueries({ queryKey: inboundStatusKey }),
      ]);
    },
  });
}
