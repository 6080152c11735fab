import { ui } from '@cotacoes/shared/messages/ui';
import type { CompanyUser } from '@cotacoes/shared/schemas/empresas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CompanyScope, filterQuery, type MemberFilters, membersKey, scopePath } from './scope';

export type { CompanyUser };

/** `GET /api/empresas/my-company/users` or `/api/empresas/{id}/users`: active members (no desenvolvedor). */
export function listCompanyUsers(scope: CompanyScope, filters: MemberFilters): Promise<CompanyUser[]> {
  return api.get<CompanyUser[]>(`${scopePath(scope, 'users')}${filterQuery(filters)}`, {
    fallback: ui.companyUsers.usersError,
  });
}

export const companyUsersQueryOptions = (scope: CompanyScope, filters: MemberFilters) =>
  queryOptions({
    queryKey: [...membersKey(scope.empresaId), 'users', scope.kind, filters],
    queryFn: () => listCompanyUsers(scope, filters),
    placeholderData: keepPreviousData,
  });

export function useCompanyUsers(scope: CompanyScope | null, filters: MemberFilters) {
  return useQuery({
    ...companyUsersQueryOptions(scope ?? { kind: 'mine', empresaId: '' }, filters),
    enabled: scope !== null,
  });
}
