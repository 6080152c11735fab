import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo } from '@cotacoes/shared/schemas/carriers';
import { useMutation } from '@tanstack/react-query';
import { createGroup as postGroup } from '@/api/carriers';
import { useInvalidateManagement } from './keys';

/** The form sends every field; the modal variant only `nome` and `descricao` (spec 7). */
export interface CreateGroupInput {
  nome: string;
  descricao?: string;
  cor?: string;
  ativo?: boolean;
}

/** `POST /api/groups` → 201 Grupo. */
export function createGroup(input: CreateGroupInput): Promise<Grupo> {
  return postGroup(input, ui.management.groups.createError);
}

export function useCreateGroup() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: createGroup, onSuccess: invalidate });
}
