import { ui } from '@cotacoes/shared/messages/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface InviteInfo {
  email: string;
  name: string | null;
  role: 'supervisor' | 'analista';
  empresa: { nome: string };
}

/** `GET /api/empresas/invites/{token}` (public): which company an invitation link comes from. */
export function getInvite(token: string): Promise<InviteInfo> {
  return api.get<InviteInfo>(`/empresas/invites/${encodeURIComponent(token)}`, {
    fallback: ui.register.inviteInvalid,
  });
}

export const inviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invite', token], queryFn: () => getInvite(token), staleTime: 60_000 });

export function useInvite(token: string | null) {
  return useQuery({ ...inviteQueryOptions(token ?? ''), enabled: token !== null });
}
