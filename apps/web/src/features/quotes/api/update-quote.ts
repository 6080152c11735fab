import { ui } from '@cotacoes/shared/messages/ui';
import type { UpdatedQuote, UpdateQuoteBody } from '@cotacoes/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  quoteComparisonKey,
  quoteConversationKey,
  quoteDetailKey,
  quoteListKey,
  quoteRemindersKey,
} from '@/api/quote-keys';
import { ApiError, api } from '@/lib/api-client';

export interface UpdateQuoteInput {
  id: string;
  /** Any subset of the fields (at least one); the schema's output type requires the `fti` key. */
  body: Partial<UpdateQuoteBody>;
}

/**
 * `PATCH /api/quotes/:id` with only the fields that change (bookkeeping fields, deadline, or
 * `status` FECHADA/CANCELADA) → 200 QuoteDetail (with `avisados` when `avisarTransportadores` e-mailed the
 * carriers the new deadline or the ending); 409 QUOTE_FINAL once the quote is final.
 */
export function updateQuote({ id, body }: UpdateQuoteInput): Promise<UpdatedQuote> {
  return api.patch<UpdatedQuote>(`/quotes/${encodeURIComponent(id)}`, body, {
    fallback: ui.quotes.detail.edit.error,
  });
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSuccess: ({ avisados: _told, ...quote }, { id, body }) => {
      queryClient.setQueryData(quoteDetailKey(id), quote);
      void queryClient.invalidateQueries({ queryKey: quoteListKey });
      // A new deadline reschedules the reminders, may reopen the quote and may have e-mailed the carriers.
      if (body.prazoResposta || body.status) {
        void queryClient.invalidateQueries({ queryKey: quoteRemindersKey(id) });
        void queryClient.invalidateQueries({ queryKey: quoteConversationKey(id) });
        void queryClient.invalidateQueries({ queryKey: quoteComparisonKey(id) });
      }
    },
    onError: (error, { id }) => {
      // A 409 means the quote was finalised elsewhere: the detail shown is out of date.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: quoteDetailKey(id) });
        void queryClient.invalidateQueries({ queryKey: quoteListKey });
      }
    },
  });
}
