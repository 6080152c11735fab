import { ui } from '@cotacoes/shared/messages/ui';
import type { ExtractionSettings } from '@cotacoes/shared/schemas/extraction-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { extractionSettingsKey } from './keys';

/** `GET /api/empresas/my-company/extraction` → the AI pass switch and whether the server has a provider. */
export function getExtractionSettings(): Promise<ExtractionSettings> {
  return api.get<ExtractionSettings>('/empresas/my-company/extraction', {
    fallback: ui.extraction.settings.loadError,
  });
}

export function useExtractionSettings() {
  return useQuery({ queryKey: extractionSettingsKey, queryFn: getExtractionSettings });
}
