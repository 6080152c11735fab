import { ui } from '@cotacoes/shared/messages/ui';
import type { RevisionRequestBody, RevisionResult } from '@cotacoes/shared/schemas/decisions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type RevisionInput = Pick<RevisionRequestBody, 'mensagem'> &
  ({ transportadorId: string; revisarTodos?: false } | { transportadorId?: undefined; revisarTodos: true });

/**
 * `POST /api/quotes/:id/request-revision {transportadorId?, revisarTodos, mensagem}` → the quote's new
 * status and who was asked; 409 with a pt-BR message once the quote is approved or cancelled.
 */
export function requestRevision(quoteId: string, input: RevisionInput): Promise<RevisionResult> {
  return api.post<RevisionResult>(`/quotes/${encodeURIComponent(quoteId)}/request-revision`, input, {
    fallback: ui.decisions.revision.error,
  });
}

/** Spec 001 §7: after a revision request the modal closes and the quote reloads (detail, list, table). */
export function useRequestRevision(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RevisionInput) => requestRevision(quoteId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
