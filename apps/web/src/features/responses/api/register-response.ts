import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { ResponseEntry, TypedValues } from '@cotacoes/shared/schemas/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteDetailKey, quoteResponsesKey } from '@/api/quote-keys';
import { apiUpload } from '@/lib/api-client';

export type RegisterResponseInput = { transportadorId: string } & (
  | { modo: 'arquivo'; arquivo: File }
  | { modo: 'texto'; texto: string; recebidaEm?: string; anexos?: File[] }
  | { modo: 'valores'; valores: TypedValues; recebidaEm?: string; anexos?: File[] }
);

/**
 * `POST /api/quotes/:id/respostas/registrar` (multipart: transportadorId, modo and the file, the text or
 * the typed values as JSON text, and for the latter two an optional `recebidaEm` and `anexos`) → 201 `{ data, message }`;
 * the answer enters the inbound pipeline.
 */
export function registerResponse(
  quoteId: string,
  input: RegisterResponseInput,
  onProgress?: (fraction: number) => void,
): Promise<{ data: ResponseEntry; message: string }> {
  const form = new FormData();
  form.append('transportadorId', input.transportadorId);
  form.append('modo', input.modo);
  if (input.modo === 'arquivo') form.append('arquivo', input.arquivo, input.arquivo.name);
  if (input.modo === 'texto') form.append('texto', input.texto);
  if (input.modo === 'valores') form.append('valores', JSON.stringify(input.valores));
  // When the answer reached the analyst (ISO); a saved message carries its own date.
  if (input.modo !== 'arquivo' && input.recebidaEm) form.append('recebidaEm', input.recebidaEm);
  // The files that came with a pasted or typed answer (the field repeated once per file).
  if (input.modo !== 'arquivo') for (const file of input.anexos ?? []) form.append('anexos', file, file.name);
  return apiUpload(`/quotes/${encodeURIComponent(quoteId)}/respostas/registrar`, form, {
    fallback: uiReplies.register.error,
    onProgress,
  });
}

export function useRegisterResponse(quoteId: string, onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterResponseInput) => registerResponse(quoteId, input, onProgress),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteResponsesKey(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteDetailKey(quoteId) }),
      ]),
  });
}
