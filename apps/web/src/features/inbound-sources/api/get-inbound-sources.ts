import { ui } from '@cotacoes/shared/messages/ui';
import type { InboundStatus } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The same resource the replies inboxes read: one cache entry for GET /api/inbound/status. */
export const inboundStatusKey = ['inbound', 'status'] as const;

/** `GET /api/inbound/status` → its `sources` rows (desenvolvedor only). */
export function getInboundStatus(): Promise<InboundStatus> {
  return api.get<InboundStatus>('/inbound/status', { fallback: ui.inboundSources.loadError });
}

export function useInboundSources() {
  return useQuery({ queryKey: inboundStatusKey, queryFn: getInboundStatus, staleTime: 0 });
}
