import type { JoinRequest } from '@cotacoes/shared/schemas/empresas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { JoinRequest };

/** While a request waits, the screen asks again now and then so an approval shows up by itself. */
export const JOIN_REQUEST_POLL_MS = 20_000;

/** `GET /api/empresas/join-requests/mine`: the caller's latest join request ("aguardando aprovação"). */
export function getMyJoinRequest(): Promise<{ request: JoinRequest | null }> {
  return api.get<{ request: JoinRequest | null }>('/empresas/join-requests/mine');
}

export const myJoinRequestQueryKey = ['join-requests', 'mine'] as const;

export const myJoinRequestQueryOptions = () =>
  queryOptions({
    queryKey: myJoinRequestQueryKey,
    queryFn: getMyJoinRequest,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.request?.status === 'pendente' ? JOIN_REQUEST_POLL_MS : false,
  });

export function useMyJoinRequest() {
  return useQuery(myJoinRequestQueryOptions());
}
