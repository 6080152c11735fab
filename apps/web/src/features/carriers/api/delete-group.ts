import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

/** `DELETE /api/groups/{id}` → {message}; its carriers stay. */
export function deleteGroup(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/groups/${encodeURIComponent(id)}`, {
    fallback: ui.management.groups.deleteError,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: deleteGroup, onSuccess: invalidate });
}
