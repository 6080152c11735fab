import { ui } from '@cotacoes/shared/messages/ui';
import type {
  ResponseTimeCarriers,
  ResponseTimeSortField,
  ResponseTimesResponse,
  SortDirection,
} from '@cotacoes/shared/schemas/dashboard';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const indicatorsKey = ['indicators', 'response-times'] as const;

export interface ResponseTimesParams {
  page: number;
  limit: number;
  dataInicio: string;
  dataFim: string;
  transportadorId?: string;
  sortField?: ResponseTimeSortField;
  sortDirection?: SortDirection;
}

/** The query string of the table's filters and order (page and limit only where given). */
export function responseTimesQuery(params: Partial<ResponseTimesParams>): string {
  const query = new URLSearchParams();
  for (const key of [
    'page',
    'limit',
    'sortField',
    'sortDirection',
    'dataInicio',
    'dataFim',
    'transportadorId',
  ] as const) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return `?${query.toString()}`;
}

/** `GET /api/indicators/response-times` (spec 000 §7). */
export function getResponseTimes(params: ResponseTimesParams): Promise<ResponseTimesResponse> {
  return api.get<ResponseTimesResponse>(`/indicators/response-times${responseTimesQuery(params)}`, {
    fallback: ui.indicators.loadError,
  });
}

export function useResponseTimes(params: ResponseTimesParams) {
  return useQuery({
    queryKey: [...indicatorsKey, params],
    queryFn: () => getResponseTimes(params),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/indicators/response-times/transportadores`: the carrier filter's list of a period. */
export function getResponseTimeCarriers(period: { dataInicio: string; dataFim: string }) {
  return api.get<ResponseTimeCarriers>(
    `/indicators/response-times/transportadores${responseTimesQuery(period)}`,
    {
      fallback: ui.indicators.loadError,
    },
  );
}

export function useResponseTimeCarriers(period: { dataInicio: string; dataFim: string }) {
  return useQuery({
    queryKey: [...indicatorsKey, 'carriers', period],
    queryFn: () => getResponseTimeCarriers(period),
    select: (answer) => answer.data,
  });
}
