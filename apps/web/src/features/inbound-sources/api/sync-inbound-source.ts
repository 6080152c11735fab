import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshMailSources } from './refresh-mail-sources';

/** `POST /api/inbound/sources/{id}/sync` → the pt-BR result (404 unknown, 409 not syncable, 502 failed). */
export function syncInboundSource(id: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/inbound/sources/${encodeURIComponent(id)}/sync`, undefined, {
    fallback: ui.inboundSources.syncError,
  });
}

/**
 * Whatever the result, the rows are read again — and the Gmail and Microsoft 365 sections too: the sync
 * time, the count or the error changed.
 */
export function useSyncInboundSource() {
  const refresh = useRefreshMailSources();
  return useMutation({ mutationFn: syncInboundSource, onSettled: refresh });
}
