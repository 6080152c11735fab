import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';

export type ComparativeFormat = 'excel' | 'pdf';

const extensions: Record<ComparativeFormat, string> = { excel: 'xlsx', pdf: 'pdf' };

export interface ComparativeDownload {
  quote: { id: string; codigo: string };
  format: ComparativeFormat;
  exchangeMargin: number;
}

/**
 * `GET /api/quotes/:id/comparative-excel` or `-pdf` `?exchangeMargin=` (spec 001 §7): the file is handed
 * to the browser as comparativo-{codigo}.xlsx / .pdf. Answers the file name.
 */
export async function downloadComparative({
  quote,
  format,
  exchangeMargin,
}: ComparativeDownload): Promise<string> {
  const query = new URLSearchParams({ exchangeMargin: String(exchangeMargin) });
  const { blob, filename } = await apiDownload(
    `/quotes/${encodeURIComponent(quote.id)}/comparative-${format}?${query.toString()}`,
    { fallback: ui.comparative.error },
  );
  const name = filename ?? `comparativo-${quote.codigo}.${extensions[format]}`;
  saveBlob(blob, name);
  return name;
}

export function useDownloadComparative() {
  return useMutation({ mutationFn: downloadComparative });
}
