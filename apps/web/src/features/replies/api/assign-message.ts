import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboundStatusKey } from './get-inbound-status';
import { removeFromUnmatched, unmatchedKey } from './list-unmatched';

export interface AssignMessageInput {
  messageId: string;
  cotacaoId: string;
  transportadorId: string;
}

/** `POST /api/inbound/messages/:id/assign` `{cotacaoId, transportadorId}` → `{ message }`. */
export function assignMessage({ messageId, ...body }: AssignMessageInput): Promise<{ message: string }> {
  return api.post(`/inbound/messages/${encodeURIComponent(messageId)}/assign`, body, {
    fallback: uiReplies.unmatched.error,
  });
}

/** The assigned message leaves the list at once; the list and the counts are then read again. */
export function useAssignMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignMessage,
    onSuccess: (_answer, input) => {
      removeFromUnmatched(queryClient, input.messageId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: unmatchedKey }),
        queryClient.invalidateQueries({ queryKey: inboundStatusKey }),
      ]);
    },
  });
}
