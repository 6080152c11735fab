import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

export interface ReplyAsCarrierInput {
  messageId: string;
  from: string;
  texto: string;
  arquivos: readonly File[];
}

/**
 * `POST /api/dev/mailbox/:id/reply` (local mode; multipart `from`, `texto`, `arquivos`) → 201
 * `{ message, cotacaoId }`: the server builds a real reply to the quote's reply address and ingests it.
 */
export function replyAsCarrier(
  { messageId, from, texto, arquivos }: ReplyAsCarrierInput,
  onProgress?: (fraction: number) => void,
): Promise<{ message: string; cotacaoId: string }> {
  const form = new FormData();
  form.append('from', from);
  form.append('texto', texto);
  for (const file of arquivos) form.append('arquivos', file, file.name);
  return apiUpload(`/dev/mailbox/${encodeURIComponent(messageId)}/reply`, form, {
    fallback: ui.replies.mailboxReply.error,
    onProgress,
  });
}

export function useReplyAsCarrier(onProgress?: (fraction: number) => void) {
  return useMutation({ mutationFn: (input: ReplyAsCarrierInput) => replyAsCarrier(input, onProgress) });
}
