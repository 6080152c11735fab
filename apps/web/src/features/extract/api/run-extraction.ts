import { ui } from '@cotacoes/shared/messages/ui';
import type { ExtractionFinal, ExtractionResultData } from '@cotacoes/shared/schemas/responses';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The answer of POST /quotes/extract is the shared wire schema's extraction result (packages/extraction's
 * result fits it); no copy of its fields here.
 */
export type ExtractionResult = ExtractionResultData;
export type ExtractedFinal = ExtractionFinal;
export type SourceRef = ExtractionFinal['fretes'][number]['source'];

export function runExtraction(text: string): Promise<{ data: ExtractionResult }> {
  return api.post<{ data: ExtractionResult }>(
    '/quotes/extract',
    { text },
    { fallback: ui.extract.errorFallback },
  );
}

export function useRunExtraction() {
  return useMutation({ mutationFn: runExtraction });
}
