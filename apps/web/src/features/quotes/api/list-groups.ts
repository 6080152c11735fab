import { ui } from '@cotacoes/shared/messages/ui';
import type { Grupo } from '@cotacoes/shared/schemas/carriers';
import { useQuery } from '@tanstack/react-query';
import { listAllGroups } from '@/api/carriers';
import { recipientsKey } from './keys';

export type { Grupo };

/** `GET /api/groups`: every group of the company with its members (the picker shows their count). */
export function listGroups(): Promise<Grupo[]> {
  return listAllGroups(ui.quotes.recipients.loadError);
}

export function useGroups() {
  return useQuery({ queryKey: [...recipientsKey, 'groups'], queryFn: listGroups });
}
