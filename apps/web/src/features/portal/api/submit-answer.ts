import type { PortalLanguage } from '@cotacoes/shared/messages/ui-portal';
import type { PortalAnswer, PortalView } from '@cotacoes/shared/schemas/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { portalKey } from './get-portal';

export type SubmitAnswerInput = {
  answer: PortalAnswer;
  files: File[];
  onProgress?: (fraction: number) => void;
  /** The message when the API gives none, in the page's language. */
  fallback: string;
  /** The page's language: the API says its refusals in it. */
  language: PortalLanguage;
};

/** `POST /api/portal/{token}/resposta`: the form as JSON (`dados`) and its files (`anexos`), with progress. */
export function submitPortalAnswer(
  token: string,
  { answer, files, onProgress, fallback, language }: SubmitAnswerInput,
): Promise<{ data: PortalView; message: string }> {
  const form = new FormData();
  form.append('dados', JSON.stringify(answer));
  for (const file of files) form.append('anexos', file, file.name);
  return apiUpload(`/portal/${encodeURIComponent(token)}/resposta?lang=${language}`, form, {
    fallback,
    onProgress,
  });
}

export function useSubmitPortalAnswer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitAnswerInput) => submitPortalAnswer(token, input),
    onSuccess: (result) => queryClient.setQueryData(portalKey(token), result.data),
  });
}
