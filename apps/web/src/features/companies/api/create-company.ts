import { ui } from '@cotacoes/shared/messages/ui';
import type { CreateEmpresaBody, Empresa } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companiesQueryKey } from '@/api/list-companies';
import { api } from '@/lib/api-client';

/** `POST /api/empresas` (desenvolvedor). */
export function createCompany(input: CreateEmpresaBody): Promise<Empresa> {
  return api.post<Empresa>('/empresas', input, { fallback: ui.companies.createError });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
