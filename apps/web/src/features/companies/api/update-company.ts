import { ui } from '@cotacoes/shared/messages/ui';
import type { Empresa, UpdateEmpresaBody } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `PATCH /api/empresas/{id}` (desenvolvedor): only the fields sent change. */
export function updateCompany({ id, ...input }: UpdateEmpresaBody & { id: string }): Promise<Empresa> {
  return api.patch<Empresa>(`/empresas/${encodeURIComponent(id)}`, input, {
    fallback: ui.companies.updateError,
  });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['empresas'] }),
  });
}
