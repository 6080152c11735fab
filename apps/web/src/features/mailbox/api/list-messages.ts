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

export const mailboxMessagesQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: ['mailbox', 'messages'],
    enabled,
    queryFn: listMailboxMessages,
    staleTime: 0,
    // A verification code arrives seconds after the request: keep the list fresh while the page is open.
    refetchInterval: (query) => (query.state.error ? false : MAILBOX_REFRESH_MS),
  });

/** Only asked for with a session: an anonymous visitor is told to sign in as a desenvolvedor instead. */
export function useMailboxMessages(enabled = true) {
  return useQuery(mailboxMessagesQueryOptions(enabled));
}
