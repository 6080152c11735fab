import { ui } from '@cotacoes/shared/messages/ui';
import type { AddFeeBody } from '@cotacoes/shared/schemas/decisions';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteComparisonKey, quoteResponsesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export interface AddFeeInput extends AddFeeBody {
  respostaId: string;
}

/**
 * `POST /api/quotes/:id/respostas/:respostaId/taxas`: a fee line the current version lacks, kept from the
 * previous version ('manter da versão anterior') or typed by hand; kept as a correction (who, when).
 */
export function addFee(quoteId: string, { respostaId, ...body }: AddFeeInput) {
  return api.post<ResponseEntry>(
    `/quotes/${encodeURIComponent(quoteId)}/respostas/${encodeURIComponent(respostaId)}/taxas`,
    body,
    { fallback: ui.comparison.addFee.error },
  );
}

/** After saving, the comparison and the responses are read again (totals and completeness change). */
export function useAddFee(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddFeeInput) => addFee(quoteId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
      ]),
  });
}
