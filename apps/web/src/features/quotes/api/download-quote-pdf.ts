import { ui } from '@cotacoes/shared/messages/ui';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';

/** `GET /api/quotes/:id/pdf`: fetched with the session's bearer and handed to the browser as a file. */
export async function downloadQuotePdf(quote: { id: string; codigo: string }): Promise<void> {
  const { blob, filename } = await apiDownload(`/quotes/${encodeURIComponent(quote.id)}/pdf`, {
    fallback: ui.quotes.detail.pdfError,
  });
  saveBlob(blob, filename ?? `cotacao-${quote.codigo}.pdf`);
}

export function useDownloadQuotePdf() {
  return useMutation({ mutationFn: downloadQuotePdf });
}
