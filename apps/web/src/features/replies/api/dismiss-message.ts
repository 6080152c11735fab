import { ui } from '@cotacoes/shared/messages/ui';
import type { UnmatchedMessage } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inboundStatusKey } from './get-inbound-status';
import { unmatchedKey } from './list-unmatched';

/** `POST /api/inbound/messages/:id/dismiss` → `{ message }`: an unmatched message that is no answer, kept. */
export function dismissMessage(messageId: string): Promise<{ message: string }> {
  return api.post(`/inbound/messages/${encodeURIComponent(messageId)}/dismiss`, undefined, {
    fallback: ui.replies.unmatched.dismissError,
  });
}

/** The dismissed message leaves the list at once; the list and the counts are then read again. */
export function useDismissMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissMessage,
    onSuccess: (_answer, messageId) => {
      queryClient.setQueryData<{ data: UnmatchedMessage[]; total: number }>(unmatchedKey, (list) =>
        list
          ? { data: list.data.filter((item) => item.id !== messageId), total: Math.max(0, list.total - 1) }
          : list,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: unmatchedKey }),
        queryClient.invalidateQueries({ queryKey: inboundStatusKey }),
      ]);
    },
  });
}
