import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { QuoteDetail, QuoteRecipient } from '@cotacoes/shared/schemas/quotes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The carriers a quote went to (from `GET /api/quotes/:id`), to choose who sent a message. */
export async function getQuoteRecipients(id: string): Promise<QuoteRecipient[]> {
  const quote = await api.get<QuoteDetail>(`/quotes/${encodeURIComponent(id)}`, {
    fallback: uiReplies.unmatched.carriersError,
  });
  return quote.destinatarios;
}

export function useQuoteRecipients(id: string | null) {
  return useQuery({
    queryKey: ['quote-recipients', id],
    queryFn: () => getQuoteRecipients(id ?? ''),
    enabled: id !== null,
  });
}
