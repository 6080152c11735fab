import { ui } from '@cotacoes/shared/messages/ui';
import type { CorrectionBody } from '@cotacoes/shared/schemas/decisions';
import type { ResponseEntry } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteComparisonKey, quoteResponsesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export interface CorrectValueInput extends CorrectionBody {
  respostaId: string;
}

/**
 * `PUT /api/quotes/:id/respostas/:respostaId/correcoes {campo, valor}`: corrects one value of the current
 * version (who, when, the original and its source are kept) → the carrier's response entry with the
 * correction applied; 400 with field messages on a bad value, 409 for an older version.
 */
export function correctValue(quoteId: string, { respostaId, campo, valor }: CorrectValueInput) {
  return api.put<ResponseEntry>(
    `/quotes/${encodeURIComponent(quoteId)}/respostas/${encodeURIComponent(respostaId)}/correcoes`,
    { campo, valor },
    { fallback: ui.decisions.correction.error },
  );
}

/** After saving, the comparison and the responses are read again (totals change with the value). */
export function useCorrectValue(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectValueInput) => correctValue(quoteId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteComparisonKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
      ]),
  });
}
