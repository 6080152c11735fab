import { ui } from '@cotacoes/shared/messages/ui';
import { api } from '@/lib/api-client';
import { queryString, type TransporterFilters } from './keys';

export interface TransporterIds {
  ids: string[];
  total: number;
}

/** `GET /api/transporters/ids?search&grupos`: every carrier matching the filters ('Selecionar Todos'). */
export function getTransporterIds(filters: TransporterFilters): Promise<TransporterIds> {
  return api.get<TransporterIds>(
    `/transporters/ids${queryString({ search: filters.search, grupos: filters.grupos })}`,
    { fallback: ui.management.agents.loadError },
  );
}
