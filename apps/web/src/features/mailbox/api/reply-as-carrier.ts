import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

/** `cotacaoId` is null when the reply matched no quote (it went to 'Não identificadas'). */
export interface ReplyAsCarrierAnswer {
  message: string;
  cotacaoId: string | null;
}

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
): Promise<ReplyAsCarrierAnswer> {
  const form = new FormData();
  form.append('from', from);
  form.append('texto', texto);
  // One field per file (`arquivos[0]`, `arquivos[1]`…): the server keeps the files of a form by field name.
  arquivos.forEach((file, index) => {
    form.append(`arquivos[${index}]`, file, file.name);
  });
  return apiUpload(`/dev/mailbox/${encodeURIComponent(messageId)}/reply`, form, {
    fallback: uiReplies.mailboxReply.error,
    onProgress,
  });
}

export function useReplyAsCarrier(onProgress?: (fraction: number) => void) {
  return useMutation({ mutationFn: (input: ReplyAsCarrierInput) => replyAsCarrier(input, onProgress) });
}
