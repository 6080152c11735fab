import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo, Paginated } from '@cotacoes/shared/schemas/carriers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAllGroups as getAllGroups, listGroupsPage as getGroupsPage } from '@/api/carriers';
import { GROUPS_PAGE_SIZE, groupsKey } from './keys';

export type { Grupo };

/** `GET /api/groups`: every group of the company (options of the group pickers and the total). */
export function listAllGroups(): Promise<Grupo[]> {
  return getAllGroups(ui.management.groups.loadError);
}

/** `GET /api/groups?search&page&limit`: one page, searched on name or description. */
export function listGroupsPage(search: string, page: number, limit: number): Promise<Paginated<Grupo>> {
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
