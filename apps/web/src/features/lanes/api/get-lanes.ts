import { ui } from '@cotacoes/shared/messages/ui';
import type { LaneDetail, LanesList } from '@cotacoes/shared/schemas/lanes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const lanesKey = ['lanes'] as const;

/** The page's filters: period (YYYY-MM-DD, both optional: the last 365 days), modal and unit. */
export interface LaneFilters {
  inicio?: string;
  fim?: string;
  modal?: string;
  unidade?: string;
}

/** The query string of the filters (and page), empty values left out. */
export function lanesQuery(params: LaneFilters & { page?: number; pageSize?: number }): string {
  const query = new URLSearchParams();
  for (const key of ['page', 'pageSize', 'inicio', 'fim', 'modal', 'unidade'] as const) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/lanes` (issue 36): the company's lanes by volume, one page. */
export function getLanes(params: LaneFilters & { page: number; pageSize: number }): Promise<LanesList> {
  return api.get<LanesList>(`/lanes${lanesQuery(params)}`, { fallback: ui.lanes.loadError });
}

export function useLanes(
  params: LaneFilters & { page: number; pageSize: number },
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...lanesKey, 'list', params],
    queryFn: () => getLanes(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** `GET /api/lanes/{key}`: one lane's series by carrier, months and carriers. */
export function getLane(key: string, params: Omit<LaneFilters, 'modal'>): Promise<LaneDetail> {
  return api.get<LaneDetail>(`/lanes/${encodeURIComponent(key)}${lanesQuery(params)}`, {
    fallback: ui.lanes.loadError,
  });
}

export function useLane(key: string, params: Omit<LaneFilters, 'modal'>) {
  return useQuery({
    queryKey: [...lanesKey, 'detail', key, params],
    queryFn: () => getLane(key, params),
    placeholderData: keepPreviousData,
  });
}
