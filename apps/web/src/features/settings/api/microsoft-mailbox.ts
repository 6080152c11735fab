import { microsoftMailboxMessages as t } from '@cotacoes/shared/messages/ui-microsoft-mailbox';
import type { MicrosoftExchangeBody, MicrosoftMailboxList } from '@cotacoes/shared/schemas/microsoft-mailbox';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  isFirstSyncPending,
  mailboxConnectionsKey,
  SYNC_POLL_MS,
  useRefreshMailSources,
} from '@/features/inbound-sources';
import { api } from '@/lib/api-client';

/** The connected Microsoft 365 mailboxes (desenvolvedor; issue 34 part 2). */
export const microsoftMailboxesKey = [...mailboxConnectionsKey, 'microsoft'] as const;

/**
 * `GET /api/microsoft/mailboxes` → whether the server is configured, and each mailbox's state; read again
 * every few seconds while a mailbox runs its first sync (its count grows page by page).
 */
export function useMicrosoftMailboxes() {
  return useQuery({
    queryKey: microsoftMailboxesKey,
    queryFn: () => api.get<MicrosoftMailboxList>('/microsoft/mailboxes', { fallback: t.loadError }),
    refetchInterval: (query) => (query.state.data?.data.some(isFirstSyncPending) ? SYNC_POLL_MS : false),
  });
}

/** `GET /api/microsoft/auth-url` → the Microsoft authorization link (state and PKCE stay on the server). */
export function useMicrosoftAuthUrl() {
  return useMutation({
    mutationFn: () => api.get<{ url: string }>('/microsoft/auth-url', { fallback: t.actionError }),
  });
}

/** Whatever the answer, the page's mailbox lists are read again ('Fontes de e-mail' included). */
function useMailboxMutation<B>(path: string) {
  const refresh = useRefreshMailSources();
  return useMutation({
    mutationFn: (body: B) =>
      api.post<{ message: string; received?: number }>(path, body, { fallback: t.actionError }),
    onSettled: refresh,
  });
}

/** `POST /api/microsoft/exchange-code {email, code, state?}` → connects the mailbox. */
export const useConnectMicrosoftMailbox = () =>
  useMailboxMutation<MicrosoftExchangeBody>('/microsoft/exchange-code');
/** `POST /api/microsoft/sync {email}` → a delta sync now. */
export const useSyncMicrosoftMailbox = () => useMailboxMutation<{ email: string }>('/microsoft/sync');
/** `POST /api/microsoft/disconnect {email}` → subscription deleted, tokens wiped. */
export const useDisconnectMicrosoftMailbox = () =>
  useMailboxMutation<{ email: string }>('/microsoft/disconnect');
