import { ui } from '@cotacoes/shared/messages/ui';
import type { FollowUpSettings, FollowUpSettingsBody } from '@cotacoes/shared/schemas/follow-up';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quotesKey } from '@/api/quote-keys';
import { api } from '@/lib/api-client';
import { followUpSettingsKey } from './keys';

/**
 * `PUT /api/empresas/my-company/follow-up` (supervisors) → the saved settings; 400 with field messages
 * for hours outside 1–720, 403 for other roles.
 */
export function saveFollowUpSettings(body: FollowUpSettingsBody): Promise<FollowUpSettings> {
  return api.put<FollowUpSettings>('/empresas/my-company/follow-up', body, {
    fallback: ui.followUp.settings.saveError,
  });
}

/** Saving updates the settings and the quotes' reminder cards (their next slots follow the hours). */
export function useSaveFollowUpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFollowUpSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(followUpSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: quotesKey });
    },
  });
}
