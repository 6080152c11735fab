import { ui } from '@cotacoes/shared/messages/ui';
import type { SendRemindersResult } from '@cotacoes/shared/schemas/follow-up';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteConversationKey, quoteRemindersKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

/**
 * `POST /api/quotes/:id/lembretes/enviar {transportadorId?}` ('Lembrar agora') → how many were reminded
 * and the pt-BR message; 409/422 with the reason when the quote no longer waits or nobody is left.
 */
export function sendReminders(quoteId: string, transportadorId?: string): Promise<SendRemindersResult> {
  return api.post<SendRemindersResult>(
    `/quotes/${encodeURIComponent(quoteId)}/lembretes/enviar`,
    transportadorId ? { transportadorId } : {},
    { fallback: ui.followUp.reminders.sendError },
  );
}

/** A reminder is a message of the quote's conversation: both are reloaded. */
export function useSendReminders(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transportadorId?: string) => sendReminders(quoteId, transportadorId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteRemindersKey(quoteId) }),
        // The conversation tab's key prefix (features/conversation, every image setting).
        queryClient.invalidateQueries({ queryKey: quoteConversationKey(quoteId) }),
      ]),
  });
}
