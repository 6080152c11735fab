import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

export interface AddMembersResult {
  message: string;
  adicionados: number;
  jaMembros: number;
}

/** `POST /api/groups/{id}/transporters {transportadorIds}`: bulk add; members already in are skipped. */
export function addGroupMembers(input: {
  grupoId: string;
  transportadorIds: readonly string[];
}): Promise<AddMembersResult> {
  return api.post<AddMembersResult>(
    `/groups/${encodeURIComponent(input.grupoId)}/transporters`,
    { transportadorIds: input.transportadorIds },
    { fallback: ui.management.carriers.bulkError },
  );
}

export function useAddGroupMembers() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: addGroupMembers, onSuccess: invalidate });
}
