import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo } from '@cotacoes/shared/schemas/carriers';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

export interface UpdateGroupInput {
  id: string;
  nome?: string;
  descricao?: string | null;
  cor?: string;
  ativo?: boolean;
}

/** `PATCH /api/groups/{id}`. */
export function updateGroup({ id, ...body }: UpdateGroupInput): Promise<Grupo> {
  return api.patch<Grupo>(`/groups/${encodeURIComponent(id)}`, body, {
    fallback: ui.management.groups.updateError,
  });
}

export function useUpdateGroup() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: updateGroup, onSuccess: invalidate });
}
