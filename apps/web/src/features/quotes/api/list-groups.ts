import { ui } from '@cotacoes/shared/messages/ui';
import type { GrupoResumo } from '@cotacoes/shared/schemas/carriers';
import { useQuery } from '@tanstack/react-query';
import { listGroupSummaries } from '@/api/carriers';
import { recipientsKey } from './keys';

export type { GrupoResumo };

/** `GET /api/groups?resumo=true`: every group of the company with its number of members (the picker's). */
export function listGroups(): Promise<GrupoResumo[]> {
  return listGroupSummaries(ui.quotes.recipients.loadError);
}

export function useGroups() {
  return useQuery({ queryKey: [...recipientsKey, 'groups'], queryFn: listGroups });
}
