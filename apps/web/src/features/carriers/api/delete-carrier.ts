import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

/** `DELETE /api/transporters/{id}` → {message}. */
export function deleteCarrier(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/transporters/${encodeURIComponent(id)}`, {
    fallback: ui.management.carriers.deleteError,
  });
}

export function useDeleteCarrier() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: deleteCarrier, onSuccess: invalidate });
}
