import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteDetailKey, quoteListKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

/** `DELETE /api/quotes/:id` (any status) → {message}; the quote leaves the lists, its detail answers 404. */
export function deleteQuote(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/quotes/${encodeURIComponent(id)}`, {
    fallback: ui.quotes.detail.delete.error,
  });
}

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: quoteDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: quoteListKey });
    },
  });
}
