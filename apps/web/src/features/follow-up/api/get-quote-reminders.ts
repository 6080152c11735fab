import { ui } from '@cotacoes/shared/messages/ui';
import type { QuoteReminders } from '@cotacoes/shared/schemas/follow-up';
import { useQuery } from '@tanstack/react-query';
import { quoteRemindersKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

/** `GET /api/quotes/:id/lembretes` → the switch, the reminders sent and the next ones. */
export function getQuoteReminders(quoteId: string): Promise<QuoteReminders> {
  return api.get<QuoteReminders>(`/quotes/${encodeURIComponent(quoteId)}/lembretes`, {
    fallback: ui.followUp.reminders.loadError,
  });
}

export function useQuoteReminders(quoteId: string) {
  return useQuery({ queryKey: quoteRemindersKey(quoteId), queryFn: () => getQuoteReminders(quoteId) });
}
