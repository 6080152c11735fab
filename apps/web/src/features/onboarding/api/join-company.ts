import { ui } from '@cotacoes/shared/messages/ui';
import type { User } from '@cotacoes/shared/schemas/auth';
import type { JoinRequest } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myJoinRequestQueryKey } from './get-my-join-request';

export type JoinResult = JoinRequest & { user: User };

/**
 * `POST /api/empresas/join/{id} {cnpj}`: asks to join; the company's supervisors decide. An invited e-mail
 * is linked at once (`status: 'aprovada'` and the user with `empresaId`).
 */
export function joinCompany(input: { empresaId: string; cnpj: string }): Promise<JoinResult> {
  return api.post<JoinResult>(
    `/empresas/join/${encodeURIComponent(input.empresaId)}`,
    { cnpj: input.cnpj },
    { fallback: ui.onboarding.joinErrorFallback },
  );
}

export function useJoinCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinCompany,
    onSuccess: ({ user: _user, ...request }) => {
      queryClient.setQueryData(myJoinRequestQueryKey, { request });
    },
  });
}
