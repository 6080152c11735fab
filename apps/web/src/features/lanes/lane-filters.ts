import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { LanesList } from '@cotacoes/shared/schemas/lanes';
import { formatIsoDate } from '@/lib/format';
import type { LaneFilters } from './api/get-lanes';

/*
 * The 'Rotas' filters as the address holds them (the list's, and a lane page's way back to them), and
 * the sentences both pages say about the period and the proposals left out.
 */

const t = ui.lanes;
const FILTER_KEYS = ['inicio', 'fim', 'modal', 'unidade'] as const;

/** The list's filters and page as the address holds them (what 'Voltar para rotas' comes back to). */
export function listFiltersOf(search: URLSearchParams): Required<LaneFilters> & { page: number } {
  const filters: Required<LaneFilters> = { inicio: '', fim: '', modal: '', unidade: '' };
  for (const key of FILTER_KEYS) filters[key] = search.get(key) ?? '';
  return { ...filters, page: Math.max(1, Math.trunc(Number(search.get('page'))) || 1) };
}

/** The list's query string for its filters and page (empty values and page 1 left out). */
export function listSearch(filters: LaneFilters & { page?: number }): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) query.set(key, filters[key]!);
  if (filters.page && filters.page > 1) query.set('page', String(filters.page));
  return query.toString();
}

/** A period that ends before it starts (both given). */
export const invertedPeriod = (filters: LaneFilters) =>
  Boolean(filters.inicio && filters.fim && filters.inicio > filters.fim);

/** "Período: 07/12/2025 a 06/12/2026 (padrão: últimos 365 dias)". */
export function periodText(periodo: LanesList['periodo']): string {
  return formatMessage(periodo.padrao ? t.periodDefault : t.period, {
    inicio: formatIsoDate(periodo.inicio, periodo.inicio),
    fim: formatIsoDate(periodo.fim, periodo.fim),
  });
}

/** "2 propostas incompletas no período não entram na mediana…" */
export const incompleteText = (n: number, texts: { incompleteOne: string; incompleteMany: string }) =>
  n === 1 ? texts.incompleteOne : formatMessage(texts.incompleteMany, { n });
