import { ui } from '@cotacoes/shared/messages/ui';
import type { Transportador } from '@cotacoes/shared/schemas/carriers';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

export interface UpdateCarrierInput {
  id: string;
  nome?: string;
  email?: string;
  grupos?: string[];
  ativo?: boolean;
}

/** `PATCH /api/transporters/{id}` with the full form or only `{grupos}`. */
export function updateCarrier({ id, ...body }: UpdateCarrierInput): Promise<Transportador> {
  return api.patch<Transportador>(`/transporters/${encodeURIComponent(id)}`, body, {
    fallback: ui.management.carriers.updateError,
  });
}

export function useUpdateCarrier() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: updateCarrier, onSuccess: invalidate });
}
