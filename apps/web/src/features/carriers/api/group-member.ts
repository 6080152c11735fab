import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateManagement } from './keys';

export interface MemberChange {
  message: string;
  /** False when the carrier already was (or was not) a member. */
  alterado: boolean;
}

function memberPath(grupoId: string, transportadorId: string): string {
  return `/groups/${encodeURIComponent(grupoId)}/transporters/${encodeURIComponent(transportadorId)}`;
}

/** `POST /api/groups/{id}/transporters/{transporterId}`: adds one carrier. */
export function addGroupMember(
  grupoId: string,
  transportadorId: string,
  fallback: string = ui.management.carriers.addError,
): Promise<MemberChange> {
  return api.post<MemberChange>(memberPath(grupoId, transportadorId), undefined, { fallback });
}

/** `DELETE /api/groups/{id}/transporters/{transporterId}`: removes one carrier. */
export function removeGroupMember(
  grupoId: string,
  transportadorId: string,
  fallback: string = ui.management.groups.updateError,
): Promise<MemberChange> {
  return api.delete<MemberChange>(memberPath(grupoId, transportadorId), { fallback });
}

/** The card's 'Adicionar a grupo'. */
export function useAddGroupMember() {
  const invalidate = useInvalidateManagement();
  return useMutation({
    mutationFn: ({ grupoId, transportadorId }: { grupoId: string; transportadorId: string }) =>
      addGroupMember(grupoId, transportadorId),
    onSuccess: invalidate,
  });
}

export interface MembersDiff {
  grupoId: string;
  added: readonly string[];
  removed: readonly string[];
}

/**
 * The manage-members modal: every add and every removal sent at once, in parallel (spec 7). The
 * first failure is what the modal shows; the lists reload either way, since some calls may have
 * gone through.
 */
export async function applyMembersDiff({ grupoId, added, removed }: MembersDiff): Promise<void> {
  const fallback = ui.management.groups.updateError;
  const results = await Promise.allSettled([
    ...added.map((id) => addGroupMember(grupoId, id, fallback)),
    ...removed.map((id) => removeGroupMember(grupoId, id, fallback)),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

export function useApplyMembersDiff() {
  const invalidate = useInvalidateManagement();
  return useMutation({ mutationFn: applyMembersDiff, onSettled: invalidate });
}
