import { ui } from '@cotacoes/shared/messages/ui';
import type { QuoteDetail } from '@cotacoes/shared/schemas/quotes';
import { apiUpload } from '@/lib/api-client';

/**
 * `POST /api/quotes/create-with-file` (PDF/Excel formats, multipart: the creation fields, the
 * recipients and items as JSON text, `file` and the optional `dangerousCargoFile`) → 201 QuoteDetail.
 */
export function createQuoteWithFile(
  form: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<QuoteDetail> {
  return apiUpload<QuoteDetail>('/quotes/create-with-file', form, {
    ...options,
    fallback: ui.quotes.wizard.createError,
  });
}
