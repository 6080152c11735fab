import { ui } from '@cotacoes/shared/messages/ui';
import type { EmpresaDetail } from '@cotacoes/shared/schemas/empresas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { EmpresaDetail };

/** `GET /api/empresas/{id}`: the company with `resumo`, what deleting it would take with it. */
export function getCompany(id: string): Promise<EmpresaDetail> {
  return api.get<EmpresaDetail>(`/empresas/${encodeURIComponent(id)}`, { fallback: ui.companies.loadError });
}

export const companyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['empresas', 'detail', id], queryFn: () => getCompany(id), staleTime: 0 });

export function useCompany(id: string | null) {
  return useQuery({ ...companyQueryOptions(id ?? ''), enabled: id !== null });
}
