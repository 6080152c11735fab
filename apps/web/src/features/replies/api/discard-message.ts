import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboundStatusKey } from './get-inbound-status';
import { type FailedList, failedKey } from './list-failed';

/** `POST /api/inbound/messages/:id/discard` → `{ message }`; the raw message and its attachments are purged. */
export function discardMessage(messageId: string): Promise<{ message: string }> {
  return api.post(`/inbound/messages/${encodeURIComponent(messageId)}/discard`, undefined, {
    fallback: uiReplies.failed.discardError,
  });
}

/** The discarded message leaves the list at once; the list and the counts are then read again. */
export function useDiscardMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardMessage,
    onSuccess: (_answer, messageId) => {
      queryClient.setQueryData<FailedList>(failedKey, (list) =>
        list
          ? { data: list.data.filter((item) => item.id !== messageId), total: Math.max(0, list.total - 1) }
          : list,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: failedKey }),
        queryClient.invalidateQueries({ queryKey: inboundStatusKey }),
      ]);
    },
  });
}
