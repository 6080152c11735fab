import { ui } from '@cotacoes/shared/messages/ui';
import type { InboundSourceStatus, InboundStatus } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isFirstSyncPending, SYNC_POLL_MS } from './mail-sources-keys';

/** The same resource the replies inboxes read: one cache entry for GET /api/inbound/status. */
export const inboundStatusKey = ['inbound', 'status'] as const;

/** `GET /api/inbound/status` → its `sources` rows (desenvolvedor only). */
export function getInboundStatus(): Promise<InboundStatus> {
  return api.get<InboundStatus>('/inbound/status', { fallback: ui.inboundSources.loadError });
}

/** A connected mailbox that has not finished its first sync yet (its row says 'Sincronizando...'). */
export const isSourceSyncing = (source: InboundSourceStatus) =>
  (source.kind === 'gmail' || source.kind === 'microsoft') && isFirstSyncPending(source);

export function useInboundSources() {
  return useQuery({
    queryKey: inboundStatusKey,
    queryFn: getInboundStatus,
    staleTime: 0,
    // Read again while a mailbox syncs for the first time, so its count grows and its time appears.
    refetchInterval: (query) => (query.state.data?.sources.some(isSourceSyncing) ? SYNC_POLL_MS : false),
  });
}
