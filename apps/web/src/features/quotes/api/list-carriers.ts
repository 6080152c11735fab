import { ui } from '@cotacoes/shared/messages/ui';
import type { Paginated, Transportador } from '@cotacoes/shared/schemas/transporters';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CARRIER_PICKER_LIMIT, recipientsKey } from './keys';

export type { Transportador };

/** `GET /api/transporters?search&page=1&limit`: the first carriers matching the search, by name. */
export function searchCarriers(
  search: string,
  limit = CARRIER_PICKER_LIMIT,
): Promise<Paginated<Transportador>> {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  query.set('page', '1');
  query.set('limit', String(limit));
  return api.get<Paginated<Transportador>>(`/transporters?${query.toString()}`, {
    fallback: ui.quotes.recipients.loadError,
  });
}

export function useCarrierSearch(search: string) {
  return useQuery({
    queryKey: [...recipientsKey, 'carriers', search.trim()],
    queryFn: () => searchCarriers(search),
    placeholderData: keepPreviousData,
  });
}
