import { ui } from '@cotacoes/shared/messages/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MailboxSummary } from './list-messages';

export interface MailboxMessage extends MailboxSummary {
  html: string | null;
  /** Files the message carries (names and sizes; issue 30). */
  anexos: { filename: string; contentType: string; size: number }[];
}

export function getMailboxMessage(id: string): Promise<MailboxMessage> {
  return api.get<MailboxMessage>(`/dev/mailbox/${encodeURIComponent(id)}`, {
    fallback: ui.mailbox.loadError,
  });
}

export const mailboxMessageQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['mailbox', 'message', id], queryFn: () => getMailboxMessage(id) });

export function useMailboxMessage(id: string | null) {
  return useQuery({ ...mailboxMessageQueryOptions(id ?? ''), enabled: id !== null });
}
