import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo } from '@cotacoes/shared/schemas/carriers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { carrierDataKey, createGroup as postGroup } from '@/api/carriers';
import { recipientsKey } from './keys';

export interface CreateGroupInput {
  nome: string;
  descricao: string | null;
}

/** `POST /api/groups {nome, descricao}` → 201 Grupo. */
export function createGroup(input: CreateGroupInput): Promise<Grupo> {
  return postGroup(input, ui.quotes.recipients.groupModal.error);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recipientsKey });
      void queryClient.invalidateQueries({ queryKey: carrierDataKey });
    },
  });
}
