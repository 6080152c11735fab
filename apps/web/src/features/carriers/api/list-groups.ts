import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo, GrupoCartao, GrupoResumo, Paginated } from '@cotacoes/shared/schemas/carriers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listGroupsPage as getGroupsPage, listGroupSummaries } from '@/api/carriers';
import { GROUPS_PAGE_SIZE, groupsKey } from './keys';

export type { Grupo, GrupoCartao, GrupoResumo };

/**
 * `GET /api/groups?resumo=true`: every group of the company without its members (options of the group
 * pickers and the total).
 */
export function listAllGroups(): Promise<GrupoResumo[]> {
  return listGroupSummaries(ui.management.groups.loadError);
}

/** `GET /api/groups?resumo=true&search&page&limit`: one page of group cards, searched on name or description. */
export function listGroupsPage(search: string, page: number, limit: number): Promise<Paginated<GrupoCartao>> {
  return getGroupsPage({ search, page, limit }, ui.management.groups.loadError);
}

export const allGroupsQueryOptions = () =>
  queryOptions({ queryKey: [...groupsKey, 'all'], queryFn: listAllGroups });

export function useAllGroups() {
  return useQuery(allGroupsQueryOptions());
}

export function useGroupsPage(search: string, page: number, limit = GROUPS_PAGE_SIZE) {
  return useQuery({
    queryKey: [...groupsKey, 'page', { search, page, limit }],
    queryFn: () => listGroupsPage(search, page, limit),
    placeholderData: keepPreviousData,
  });
}
