import { ui } from '@cotacoes/shared/messages/ui';
import type { ApproveBody, ApproveResult } from '@cotacoes/shared/schemas/decisions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesKey } from '@/api/quote-keys';
import { ApiError, api } from '@/lib/api-client';

export type ApproveInput = Pick<
  ApproveBody,
  'responseId' | 'notificarNaoSelecionados' | 'incluirFeedbackPreco' | 'exchangeMargin'
> &
  Partial<Pick<ApproveBody, 'destino' | 'assuntoPersonalizado' | 'totalConfirmadoBRL'>>;

/**
 * `POST /api/quotes/:id/approve {responseId, destino?, assuntoPersonalizado?, notificarNaoSelecionados,
 * incluirFeedbackPreco, exchangeMargin, totalConfirmadoBRL?}` → the approval; 409 when someone else approved
 * first, the quote is final, or the figures changed since the confirmation showed `totalConfirmadoBRL`
 * (the refetch below then shows the new total). The margin is the one the totals on screen used.
 */
export function approveQuote(quoteId: string, input: ApproveInput): Promise<ApproveResult> {
  return api.post<ApproveResult>(`/quotes/${encodeURIComponent(quoteId)}/approve`, input, {
    fallback: ui.decisions.approve.error,
  });
}

export function useApproveQuote(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveInput) => approveQuote(quoteId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
    onError: (error) => {
      // A 409 means another user decided first: what is on screen is out of date.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: quotesKey });
    },
  });
}
