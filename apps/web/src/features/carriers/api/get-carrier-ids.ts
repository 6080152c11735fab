import { ui } from '@cotacoes/shared/messages/ui';
import { api } from '@/lib/api-client';
import { type CarrierFilters, queryString } from './keys';

export interface CarrierIds {
  ids: string[];
  total: number;
}

/** `GET /api/transporters/ids?search&grupos`: every carrier matching the filters ('Selecionar Todos'). */
export function getCarrierIds(filters: CarrierFilters): Promise<CarrierIds> {
  return api.get<CarrierIds>(
    `/transporters/ids${queryString({ search: filters.search, grupos: filters.grupos })}`,
    { fallback: ui.management.carriers.loadError },
  );
}
