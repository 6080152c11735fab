import type { ExtractionFinal } from '../schemas/responses.js';
import { normalizeName } from './names.js';

const ALL_IN = /\bALL[\s-]*IN(CLUSIVE)?\b|TUDO INCLUSO|TODAS AS TAXAS INCLUSAS/;

/** The reply prices its freight as an explicit all-in (no separate charges expected): its label or line says so. */
export function isAllInFreight(final: Pick<ExtractionFinal, 'fretes'> | null | undefined): boolean {
  if (!final) return false;
  return final.fretes.some((item) =>
    [(item as { rotulo?: unknown }).rotulo, item.source?.text].some(
      (text) => typeof text === 'string' && ALL_IN.test(normalizeName(text)),
    ),
  );
}
