import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import { type ResponseTimesParams, responseTimesQuery } from './get-response-times';

type ExportParams = Omit<ResponseTimesParams, 'page' | 'limit'>;

/** `GET /api/indicators/response-times/export`: the whole table of the filters and order as CSV. */
export async function exportResponseTimes(params: ExportParams): Promise<void> {
  const { blob, filename } = await apiDownload(
    `/indicators/response-times/export${responseTimesQuery(params)}`,
    {
      fallback: ui.indicators.loadError,
    },
  );
  saveBlob(
    blob,
    filename ?? formatMessage(ui.indicators.exportFile, { inicio: params.dataInicio, fim: params.dataFim }),
  );
}

export function useExportResponseTimes() {
  return useMutation({ mutationFn: exportResponseTimes });
}
