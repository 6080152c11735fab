import { uiReplies } from '@cotacoes/shared/messages/ui-replies';
import type { FailedMessage } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { FailedMessage };

export interface FailedList {
  data: FailedMessage[];
  total: number;
}

export const failedKey = ['inbound', 'failed'] as const;

/** `GET /api/inbound/failed` → the messages stored but not processed: failed or still waiting (desenvolvedor). */
export function listFailed(): Promise<FailedList> {
  return api.get('/inbound/failed', { fallback: uiReplies.failed.loadError });
}

export function useFailed() {
  return useQuery({ queryKey: failedKey, queryFn: listFailed, staleTime: 0 });
}
