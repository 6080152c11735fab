import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/transporters';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

export interface UpdateTransporterInput {
  id: string;
  nome?: string;
  email?: string;
  grupos?: string[];
  ativo?: boolean;
}

/** `PATCH /api/transporters/{id}` with the full form or only `{grupos}`. */
export function updateTransporter({ id, ...body }: UpdateTransporterInput): Promise<Transportador> {
  return api.patch<Transportador>(`/transporters/${encodeURIComponent(id)}`, body, {
    fallback: ui.management.agents.updateError,
  });
}

export function useUpdateTransporter() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: updateTransporter, onSuccess: invalidate });
}
