import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersKey } from './scope';

/** `DELETE /api/empresas/pending-users/{id}`: the invitation link stops working. */
export function deleteInvite(input: { inviteId: string; empresaId: string }): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/empresas/pending-users/${encodeURIComponent(input.inviteId)}`, {
    fallback: ui.companyUsers.removeInviteError,
  });
}

export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvite,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: membersKey(input.empresaId) }),
  });
}
