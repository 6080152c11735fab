import { ui } from '@cotacoes/shared/messages/ui';
import type { UnmatchedMessage } from '@cotacoes/shared/schemas/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { UnmatchedMessage };

export const unmatchedKey = ['inbound', 'unmatched'] as const;

/** `GET /api/inbound/unmatched` → the messages no quote claimed (the company's, or all for a desenvolvedor). */
export function listUnmatched(): Promise<{ data: UnmatchedMessage[]; total: number }> {
  return api.get('/inbound/unmatched', { fallback: ui.replies.unmatched.loadError });
}

export function useUnmatched() {
  return useQuery({ queryKey: unmatchedKey, queryFn: listUnmatched, staleTime: 0 });
}
