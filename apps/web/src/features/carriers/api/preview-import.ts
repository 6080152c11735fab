import { ui } from '@cotacoes/shared/messages/ui';
import type { ImportPreview } from '@cotacoes/shared/schemas/carriers';
import { apiUpload } from '@/lib/api-client';

export type { ImportPreview };

/** `POST /api/transporters/import/preview` (multipart `file`): what the file would do; nothing written. */
export function previewImport(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ImportPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<ImportPreview>('/transporters/import/preview', form, {
    ...options,
    fallback: ui.management.import.previewError,
  });
}
