import { ui } from '@cotacoes/shared/messages/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface MailboxSummary {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

export function listMailboxMessages(): Promise<{ messages: MailboxSummary[] }> {
  return api.get<{ messages: MailboxSummary[] }>('/dev/mailbox', { fallback: ui.mailbox.loadError });
}

export const mailboxMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['mailbox', 'messages'], queryFn: listMailboxMessages, staleTime: 0 });

export function useMailboxMessages() {
  return useQuery(mailboxMessagesQueryOptions());
}
