import { microsoftMailboxMessages as t } from '@cotacoes/shared/messages/ui-microsoft-mailbox';
import type { MicrosoftMailboxList } from '@cotacoes/shared/schemas/microsoft-mailbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The connected Microsoft 365 mailboxes (desenvolvedor; issue 34 part 2). */
export const microsoftMailboxesKey = ['microsoft', 'mailboxes'] as const;

/** `GET /api/microsoft/mailboxes` → whether the server is configured, and each mailbox's state. */
export function useMicrosoftMailboxes() {
  return useQuery({
    queryKey: microsoftMailboxesKey,
    queryFn: () => api.get<MicrosoftMailboxList>('/microsoft/mailboxes', { fallback: t.loadError }),
  });
}

/** `GET /api/microsoft/auth-url` → the Microsoft authorization link (state and PKCE stay on the server). */
export function useMicrosoftAuthUrl() {
  return useMutation({
    mutationFn: () => api.get<{ url: string }>('/microsoft/auth-url', { fallback: t.actionError }),
  });
}

function useMailboxMutation<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      api.post<{ message: string; received?: number }>(path, body, { fallback: t.actionError }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: microsoftMailboxesKey }),
  });
}

/** `POST /api/microsoft/exchange-code {email, code}` → connects the mailbox. */
export const useConnectMicrosoftMailbox = () =>
  useMailboxMutation<{ email: string; code: string }>('/microsoft/exchange-code');
/** `POST /api/microsoft/sync {email}` → a delta sync now. */
export const useSyncMicrosoftMailbox = () => useMailboxMutation<{ email: string }>('/microsoft/sync');
/** `POST /api/microsoft/disconnect {email}` → subscription deleted, tokens wiped. */
export const useDisconnectMicrosoftMailbox = () =>
  useMailboxMutation<{ email: string }>('/microsoft/disconnect');
