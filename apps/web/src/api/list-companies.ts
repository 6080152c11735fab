import { ui } from '@cotacoes/shared/messages/ui';
import type { Empresa } from '@cotacoes/shared/schemas/empresas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Empresa };

/** `GET /api/empresas` (desenvolvedor): every company; company administration and the user-management select. */
export function listCompanies(): Promise<Empresa[]> {
  return api.get<Empresa[]>('/empresas', { fallback: ui.companies.loadError });
}

export const companiesQueryKey = ['empresas', 'list'] as const;

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: companiesQueryKey, queryFn: listCompanies });

export function useCompanies(options: { enabled?: boolean } = {}) {
  return useQuery({ ...companiesQueryOptions(), enabled: options.enabled ?? true });
}
