import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/carriers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CarrierPage, listCarriers } from '@/api/carriers';
import { CARRIER_PICKER_LIMIT, recipientsKey } from './keys';

export type { Transportador };

/** `GET /api/transporters?search&page=1&limit`: the first carriers matching the search, by name. */
export function searchCarriers(search: string, limit = CARRIER_PICKER_LIMIT): Promise<CarrierPage> {
  return listCarriers({ search, page: 1, limit }, ui.quotes.recipients.loadError);
}

export function useCarrierSearch(search: string) {
  return useQuery({
    queryKey: [...recipientsKey, 'carriers', search.trim()],
    queryFn: () => searchCarriers(search),
    placeholderData: keepPreviousData,
  });
}
