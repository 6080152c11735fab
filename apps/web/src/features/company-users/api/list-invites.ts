import { ui } from '@cotacoes/shared/messages/ui';
import type { PendingInvite } from '@cotacoes/shared/schemas/empresas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CompanyScope, filterQuery, type MemberFilters, membersKey, scopePath } from './scope';

export type { PendingInvite };

/** `GET /api/empresas/my-company/pending-users` or `/api/empresas/{id}/pending-users`: 'Pendente' / 'Ativado'. */
export function listInvites(scope: CompanyScope, filters: MemberFilters): Promise<PendingInvite[]> {
  return api.get<PendingInvite[]>(`${scopePath(scope, 'pending-users')}${filterQuery(filters)}`, {
    fallback: ui.companyUsers.invitesError,
  });
}

export const invitesQueryOptions = (scope: CompanyScope, filters: MemberFilters) =>
  queryOptions({
    queryKey: [...membersKey(scope.empresaId), 'invites', scope.kind, filters],
    queryFn: () => listInvites(scope, filters),
    placeholderData: keepPreviousData,
  });

export function useInvites(scope: CompanyScope | null, filters: MemberFilters) {
  return useQuery({
    ...invitesQueryOptions(scope ?? { kind: 'mine', empresaId: '' }, filters),
    enabled: scope !== null,
  });
}
