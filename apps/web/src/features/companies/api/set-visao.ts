import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import type { Empresa } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/session';

/** `POST /api/empresas/set-visao/{id}`: the company the desenvolvedor acts in becomes their `empresaId`. */
export function setVisao(id: string): Promise<{ user: User; empresa: Empresa }> {
  return api.post<{ user: User; empresa: Empresa }>(
    `/empresas/set-visao/${encodeURIComponent(id)}`,
    undefined,
    {
      fallback: ui.companies.visaoError,
    },
  );
}

export function useSetVisao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVisao,
    onSuccess: ({ user }) => {
      updateUser(user);
      // Every company-scoped answer (users, carriers, quotations) now belongs to another company.
      return queryClient.invalidateQueries();
    },
  });
}
