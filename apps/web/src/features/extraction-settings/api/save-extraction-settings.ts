import { ui } from '@cotacoes/shared/messages/ui';
import type {
  ExtractionSettings,
  ExtractionSettingsBody,
} from '@cotacoes/shared/schemas/extraction-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { extractionSettingsKey } from './keys';

/** `PUT /api/empresas/my-company/extraction` (supervisors) → the saved settings; 403 for other roles. */
export function saveExtractionSettings(body: ExtractionSettingsBody): Promise<ExtractionSettings> {
  return api.put<ExtractionSettings>('/empresas/my-company/extraction', body, {
    fallback: ui.extraction.settings.saveError,
  });
}

/** Saving updates the settings read (replies already read are not read again). */
export function useSaveExtractionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExtractionSettings,
    onSuccess: (saved) => queryClient.setQueryData(extractionSettingsKey, saved),
  });
}
