import { ui } from '@cotacoes/shared/messages/ui';
import type { JoinRequest } from '@cotacoes/shared/schemas/empresas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersKey } from './scope';

export type { JoinRequest };

/** `GET /api/empresas/my-company/join-requests`: pending requests of the caller's company (or visão). */
export function listJoinRequests(): Promise<JoinRequest[]> {
  return api.get<JoinRequest[]>('/empresas/my-company/join-requests', {
    fallback: ui.companyUsers.requestsError,
  });
}

export const joinRequestsQueryOptions = (empresaId: string) =>
  queryOptions({
    queryKey: [...membersKey(empresaId), 'join-requests'],
    queryFn: listJoinRequests,
    staleTime: 0,
  });

export function useJoinRequests(empresaId: string | null) {
  return useQuery({ ...joinRequestsQueryOptions(empresaId ?? ''), enabled: empresaId !== null });
}
