import { ui } from '@cotacoes/shared/messages/ui';
import type {
  GmailConnection,
  GmailExchangeBody,
  GmailSyncQuoteBody,
  GmailSyncQuoteResult,
} from '@cotacoes/shared/schemas/gmail';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  isFirstSyncPending,
  mailboxConnectionsKey,
  SYNC_POLL_MS,
  useRefreshMailSources,
} from '@/features/inbound-sources';
import { api } from '@/lib/api-client';

/*
 * The mail integration calls (spec 001 /gmail/*; issue 34, ADR 0027), for a desenvolvedor. Tokens never
 * reach the browser: the answers carry addresses and sync state only. Every change reads the mailbox
 * lists of the page again ('Fontes de e-mail' included).
 */

const t = ui.mailIntegration;
export const gmailConnectionsKey = [...mailboxConnectionsKey, 'gmail', 'connections'] as const;

/** `GET /api/gmail/connections` → the connected Gmail mailboxes and their sync state. */
export function getGmailConnections(): Promise<{ items: GmailConnection[] }> {
  return api.get('/gmail/connections', { fallback: t.loadError });
}

/** Read again every few seconds while a mailbox runs its first sync, so its count and time appear. */
export function useGmailConnections() {
  return useQuery({
    queryKey: gmailConnectionsKey,
    queryFn: getGmailConnections,
    refetchInterval: (query) => (query.state.data?.items.some(isFirstSyncPending) ? SYNC_POLL_MS : false),
  });
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
  const refresh = useRefreshMailSources();
  return useMutation({ mutationFn: exchangeGmailCode, onSuccess: refresh });
}

/** `POST /api/gmail/sync-quote {email, cotacaoId}` → how many messages were found and how many were new. */
export function syncGmailQuote(body: GmailSyncQuoteBody): Promise<GmailSyncQuoteResult> {
  return api.post('/gmail/sync-quote', body, { fallback: t.syncError });
}

export function useSyncGmailQuote() {
  const refresh = useRefreshMailSources();
  return useMutation({ mutationFn: syncGmailQuote, onSettled: refresh });
}

/** `DELETE /api/gmail/connections/{id}`: revokes the authorization and forgets the tokens. */
export function disconnectGmail(id: string): Promise<void> {
  return api.delete(`/gmail/connections/${encodeURIComponent(id)}`, { fallback: t.disconnectError });
}

export function useDisconnectGmail() {
  const refresh = useRefreshMailSources();
  return useMutation({ mutationFn: disconnectGmail, onSuccess: refresh });
}
