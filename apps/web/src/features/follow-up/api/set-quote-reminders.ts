import { ui } from '@cotacoes/shared/messages/ui';
import type { QuoteReminders } from '@cotacoes/shared/schemas/follow-up';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteRemindersKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

/** `PATCH /api/quotes/:id/lembretes {ativos}` → the quote's reminders as they are now. */
export function setQuoteReminders(quoteId: string, ativos: boolean): Promise<QuoteReminders> {
  return api.patch<QuoteReminders>(
    `/quotes/${encodeURIComponent(quoteId)}/lembretes`,
    { ativos },
    { fallback: ui.followUp.reminders.switchError },
  );
}

export function useSetQuoteReminders(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ativos: boolean) => setQuoteReminders(quoteId, ativos),
    onSuccess: (reminders) => queryClient.setQueryData(quoteRemindersKey(quoteId), reminders),
  });
}
