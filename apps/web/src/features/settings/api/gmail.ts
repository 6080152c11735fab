import { ui } from '@cotacoes/shared/messages/ui';
import type {
  GmailConnection,
  GmailExchangeBody,
  GmailSyncQuoteBody,
  GmailSyncQuoteResult,
} from '@cotacoes/shared/schemas/gmail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The mail integration calls (spec 001 /gmail/*; issue 34, ADR 0027), for a desenvolvedor. Tokens never
 * reach the browser: the answers carry addresses and sync state only.
 */

const t = ui.mailIntegration;
export const gmailConnectionsKey = ['mail-integration', 'gmail', 'connections'] as const;

/** `GET /api/gmail/connections` → the connected Gmail mailboxes and their sync state. */
export function getGmailConnections(): Promise<{ items: GmailConnection[] }> {
  return api.get('/gmail/connections', { fallback: t.loadError });
}

export function useGmailConnections() {
  return useQuery({ queryKey: gmailConnectionsKey, queryFn: getGmailConnections });
}

/** `GET /api/gmail/auth-url` → the Google authorization link (state and PKCE stay on the server). */
export function getGmailAuthUrl(): Promise<{ url: string }> {
  return api.get('/gmail/auth-url', { fallback: t.authUrlError });
}

export function useGmailAuthUrl() {
  return useMutation({ mutationFn: getGmailAuthUrl });
}

/** `POST /api/gmail/exchange-code {email, code, state?}` → the connected mailbox. */
export function exchangeGmailCode(body: GmailExchangeBody): Promise<GmailConnection> {
  return api.post('/gmail/exchange-code', body, { fallback: t.exchangeError });
}

export function useExchangeGmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeGmailCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gmailConnectionsKey }),
  });
}

/** `POST /api/gmail/sync-quote {email, cotacaoId}` → how many messages were found and how many were new. */
export function syncGmailQuote(body: GmailSyncQuoteBody): Promise<GmailSyncQuoteResult> {
  return api.post('/gmail/sync-quote', body, { fallback: t.syncError });
}

export function useSyncGmailQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncGmailQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gmailConnectionsKey }),
  });
}

/** `DELETE /api/gmail/connections/{id}`: revokes the authorization and forgets the tokens. */
export function disconnectGmail(id: string): Promise<void> {
  return api.delete(`/gmail/connections/${encodeURIComponent(id)}`, { fallback: t.disconnectError });
}

export function useDisconnectGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gmailConnectionsKey }),
  });
}
