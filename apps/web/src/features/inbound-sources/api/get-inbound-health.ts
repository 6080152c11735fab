import type { InboundHealth } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const inboundHealthKey = ['inbound', 'health'] as const;

/** How often every screen asks again whether a mailbox stopped reading. */
export const HEALTH_POLL_MS = 60_000;

/** `GET /api/inbound/health` → the mailboxes that stopped bringing replies (every signed-in user). */
export function getInboundHealth(): Promise<InboundHealth> {
  return api.get<InboundHealth>('/inbound/health');
}

export function useInboundHealth() {
  return useQuery({
    queryKey: inboundHealthKey,
    queryFn: getInboundHealth,
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
