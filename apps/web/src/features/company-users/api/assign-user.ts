import { ui } from '@cotacoes/shared/messages/ui';
import type { AssignUserBody, AssignUserResponse } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersKey } from './scope';

export type { AssignUserResponse };

/** `POST /api/empresas/assign-user`: links an existing account now or invites the e-mail. */
export function assignUser(input: AssignUserBody): Promise<AssignUserResponse> {
  return api.post<AssignUserResponse>('/empresas/assign-user', input, {
    fallback: ui.companyUsers.assignError,
  });
}

export function useAssignUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignUser,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: membersKey(input.empresaId) }),
  });
}
