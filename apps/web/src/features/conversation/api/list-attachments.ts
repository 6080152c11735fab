import { ui } from '@cotacoes/shared/messages/ui';
import type { AttachmentList } from '@cotacoes/shared/schemas/responses';
import { quotesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type Attachment = AttachmentList['attachments'][number];

export const attachmentsKey = (messageId: string) => [...quotesKey, 'attachments', messageId] as const;

/**
 * `GET /api/imap/attachments/:messageId` → the names, types and keys of a message's files, and of a received
 * message as it arrived (`original`, .eml) while it is kept.
 */
export function listAttachments(messageId: string, signal?: AbortSignal): Promise<AttachmentList> {
  return api.get<AttachmentList>(`/imap/attachments/${encodeURIComponent(messageId)}`, {
    fallback: ui.conversation.attachmentsError,
    signal,
  });
}

export const attachmentsQuery = (messageId: string) => ({
  queryKey: attachmentsKey(messageId),
  queryFn: ({ signal }: { signal: AbortSignal }) => listAttachments(messageId, signal),
  staleTime: 5 * 60_000,
});
