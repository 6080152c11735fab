import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/carriers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CarrierPage, listCarriers as getCarriers } from '@/api/carriers';
import { CARRIERS_PAGE_SIZE, type CarrierFilters, carriersKey } from './keys';

export type { Transportador };

/** `GET /api/transporters?search&grupos&page&limit`: one page of carriers, ordered by name. */
export function listCarriers(filters: CarrierFilters, page: number, limit: number): Promise<CarrierPage> {
  return getCarriers(
    { search: filters.search, grupos: filters.grupos, page, limit },
    ui.management.carriers.loadError,
  );
}

export const carriersPageQueryOptions = (filters: CarrierFilters, page: number, limit = CARRIERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...carriersKey, 'page', { search: filters.search, grupos: filters.grupos, page, limit }],
    queryFn: () => listCarriers(filters, page, limit),
    placeholderData: keepPreviousData,
  });

export function useCarriersPage(filters: CarrierFilters, page: number, limit = CARRIERS_PAGE_SIZE) {
  return useQuery(carriersPageQueryOptions(filters, page, limit));
}

/** The company's number of carriers (a one-row page without filters). */
export function useCarriersTotal() {
  return useQuery({
    queryKey: [...carriersKey, 'total'],
    queryFn: () => listCarriers({ search: '', grupos: [] }, 1, 1),
    select: (result) => result.total,
  });
}
