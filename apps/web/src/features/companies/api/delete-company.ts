import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `DELETE /api/empresas/{id}` (desenvolvedor). A company with members, open invites or pending requests
 * answers 409 `EMPRESA_HAS_DATA` unless `forceDelete` (ADR 0008).
 */
export function deleteCompany(input: { id: string; force: boolean }): Promise<{ message: string }> {
  const query = input.force ? '?forceDelete=true' : '';
  return api.delete<{ message: string }>(`/empresas/${encodeURIComponent(input.id)}${query}`, {
    fallback: ui.companies.deleteError,
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['empresas'] }),
  });
}
