import { ui } from '@cotacoes/shared/messages/ui';
import type { JoinRequest, MemberRole } from '@cotacoes/shared/schemas/empresas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { membersKey } from './scope';

/** `POST /api/empresas/join-requests/{id}/approve {role}`: the requester becomes a member. */
export function approveJoinRequest(input: {
  id: string;
  role: MemberRole;
  empresaId: string;
}): Promise<JoinRequest> {
  return api.post<JoinRequest>(
    `/empresas/join-requests/${encodeURIComponent(input.id)}/approve`,
    { role: input.role },
    { fallback: ui.companyUsers.approveError },
  );
}

/** `POST /api/empresas/join-requests/{id}/reject {motivo}`: the requester is told by e-mail. */
export function rejectJoinRequest(input: {
  id: string;
  motivo: string;
  empresaId: string;
}): Promise<JoinRequest> {
  return api.post<JoinRequest>(
    `/empresas/join-requests/${encodeURIComponent(input.id)}/reject`,
    { motivo: input.motivo.trim() || null },
    { fallback: ui.companyUsers.rejectError },
  );
}

export function useApproveJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveJoinRequest,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: membersKey(input.empresaId) }),
  });
}

export function useRejectJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectJoinRequest,
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: membersKey(input.empresaId) }),
  });
}
