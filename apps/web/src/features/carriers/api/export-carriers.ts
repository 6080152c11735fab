import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import { type CarrierFilters, queryString } from './keys';

export type ExportFormat = 'xlsx' | 'csv';

/** `GET /api/transporters/export?format&search&grupos`: downloads the file with the session's bearer. */
export async function exportCarriers(input: {
  format: ExportFormat;
  filters: CarrierFilters;
}): Promise<void> {
  const { blob, filename } = await apiDownload(
    `/transporters/export${queryString({ format: input.format, search: input.filters.search, grupos: input.filters.grupos })}`,
    { fallback: ui.management.export.error },
  );
  saveBlob(blob, filename ?? `${ui.management.export.defaultFile}.${input.format}`);
}

export function useExportCarriers() {
  return useMutation({ mutationFn: exportCarriers });
}
