import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import { type LaneFilters, lanesQuery } from './get-lanes';

/** `GET /api/lanes/export.csv`: every point of the filtered lanes. */
export async function exportLanes(filters: LaneFilters): Promise<void> {
  const { blob, filename } = await apiDownload(`/lanes/export.csv${lanesQuery(filters)}`, {
    fallback: ui.lanes.loadError,
  });
  saveBlob(blob, filename ?? ui.lanes.exportFile);
}

export function useExportLanes() {
  return useMutation({ mutationFn: exportLanes });
}
