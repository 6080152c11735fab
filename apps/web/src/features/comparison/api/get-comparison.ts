import { ui } from '@cotacoes/shared/messages/ui';
import type { Comparison } from '@cotacoes/shared/schemas/comparison';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { quoteComparisonKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';

export type { Comparison };

/**
 * `GET /api/quotes/:id/comparison?exchangeMargin=2.5` → one row per current response and destination,
 * totals in BRL and USD at the PTAX of the day plus the margin, and which rate was used.
 */
export function getComparison(id: string, exchangeMargin: number): Promise<Comparison> {
  const query = new URLSearchParams({ exchangeMargin: String(exchangeMargin) });
  return api.get<Comparison>(`/quotes/${encodeURIComponent(id)}/comparison?${query.toString()}`, {
    fallback: ui.decisions.comparison.loadError,
  });
}

/**
 * The comparison at `exchangeMargin` (null while the typed margin is invalid: the last table stays). The
 * previous margin's table stays on screen while the next one loads.
 */
export function useComparison(id: string, exchangeMargin: number | null) {
  return useQuery({
    queryKey: [...quoteComparisonKey(id), exchangeMargin],
    queryFn: () => getComparison(id, exchangeMargin as number),
    enabled: exchangeMargin !== null,
    placeholderData: keepPreviousData,
  });
}
