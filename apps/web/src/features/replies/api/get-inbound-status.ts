import type { InboundStatus } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const inboundStatusKey = ['inbound', 'status'] as const;

/** `GET /api/inbound/status` → the inbound sources and the counts of both lists (desenvolvedor only). */
export function getInboundStatus(): Promise<InboundStatus> {
  return api.get('/inbound/status');
}

export function useInboundStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: inboundStatusKey, queryFn: getInboundStatus, enabled, staleTime: 0 });
}
