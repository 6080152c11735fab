import { ui } from '@cotacoes/shared/messages/ui';
import type { Paginated, Transportador } from '@cotacoes/shared/schemas/transporters';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listCarriers } from '@/api/carriers';
import { AGENTS_PAGE_SIZE, type TransporterFilters, transportersKey } from './keys';

export type { Transportador };

/** `GET /api/transporters?search&grupos&page&limit`: one page of carriers, ordered by name. */
export function listTransporters(
  filters: TransporterFilters,
  page: number,
  limit: number,
): Promise<Paginated<Transportador>> {
  return listCarriers(
    { search: filters.search, grupos: filters.grupos, page, limit },
    ui.management.agents.loadError,
  );
}

export const transportersPageQueryOptions = (
  filters: TransporterFilters,
  page: number,
  limit = AGENTS_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: [...transportersKey, 'page', { search: filters.search, grupos: filters.grupos, page, limit }],
    queryFn: () => listTransporters(filters, page, limit),
    placeholderData: keepPreviousData,
  });

export function useTransportersPage(filters: TransporterFilters, page: number, limit = AGENTS_PAGE_SIZE) {
  return useQuery(transportersPageQueryOptions(filters, page, limit));
}

/** The company's number of carriers (a one-row page without filters). */
export function useTransportersTotal() {
  return useQuery({
    queryKey: [...transportersKey, 'total'],
    queryFn: () => listTransporters({ search: '', grupos: [] }, 1, 1),
    select: (result) => result.total,
  });
}
