import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersKey } from './scope';

/** `DELETE /api/empresas/unlink-user/{id}`: ends the membership and the user's sessions. */
export function unlinkUser(input: { userId: string; empresaId: string }): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/empresas/unlink-user/${encodeURIComponent(input.userId)}`, {
    fallback: ui.companyUsers.unlinkError,
  });
}

export function useUnlinkUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkUser,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: membersKey(input.empresaId) }),
  });
}
