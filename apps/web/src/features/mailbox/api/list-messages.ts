import { ui } from '@cotacoes/shared/messages/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const MAILBOX_REFRESH_MS = 5_000;

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
  queryOptions({
    queryKey: ['mailbox', 'messages'],
    queryFn: listMailboxMessages,
    staleTime: 0,
    // A verification code arrives seconds after the request: keep the list fresh while the page is open.
    refetchInterval: (query) => (query.state.error ? false : MAILBOX_REFRESH_MS),
  });

export function useMailboxMessages() {
  return useQuery(mailboxMessagesQueryOptions());
}
