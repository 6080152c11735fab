import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo } from '@cotacoes/shared/schemas/transporters';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recipientsKey } from './keys';

/** The query prefix of the carriers and groups screen, which also lists what is created here. */
const managementKey = ['management'] as const;

export interface CreateGroupInput {
  nome: string;
  descricao: string | null;
}

/** `POST /api/groups {nome, descricao}` → 201 Grupo. */
export function createGroup(input: CreateGroupInput): Promise<Grupo> {
  return api.post<Grupo>('/groups', input, { fallback: ui.quotes.recipients.groupModal.error });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recipientsKey });
      void queryClient.invalidateQueries({ queryKey: managementKey });
    },
  });
}
