import type { RatesResponse } from '@cotacoes/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RATES_REFRESH_MS } from '@/config/constants';
import { api } from '@/lib/api-client';

export function getRates(): Promise<RatesResponse> {
  return api.get<RatesResponse>('/rates');
}

/** Refreshed every 180000 ms; a failure keeps what was shown (or dashes) and says nothing (spec 8). */
export const ratesQueryOptions = () =>
  queryOptions({
    queryKey: ['rates'],
    queryFn: getRates,
    refetchInterval: RATES_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: RATES_REFRESH_MS,
    retry: false,
  });

export function useRates() {
  return useQuery(ratesQueryOptions());
}
