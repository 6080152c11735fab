import { ui } from '@cotacoes/shared/messages/ui';
import type { FollowUpSettings } from '@cotacoes/shared/schemas/follow-up';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { followUpSettingsKey } from './keys';

/** `GET /api/empresas/my-company/follow-up` → the company's follow-up settings (defaults when unset). */
export function getFollowUpSettings(): Promise<FollowUpSettings> {
  return api.get<FollowUpSettings>('/empresas/my-company/follow-up', {
    fallback: ui.followUp.settings.loadError,
  });
}

export function useFollowUpSettings(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: followUpSettingsKey,
    queryFn: getFollowUpSettings,
    enabled: options.enabled ?? true,
  });
}
