import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { reprocessResultSchema } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type ReprocessResult = z.infer<typeof reprocessResultSchema>;

/** `POST /api/inbound/messages/:id/reprocess` → what the message became, and a pt-BR text saying so. */
export function reprocessMessage(messageId: string): Promise<ReprocessResult> {
  return api.post(`/inbound/messages/${encodeURIComponent(messageId)}/reprocess`, undefined, {
    fallback: uiReplies.failed.reprocessError,
  });
}

/** A reprocessed message may leave the list, or land in 'Não identificadas': every inbound list is read again. */
export function useReprocessMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inbound'] }),
  });
}
