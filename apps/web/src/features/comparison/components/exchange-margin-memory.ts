import { DEFAULT_EXCHANGE_MARGIN } from '@cotacoes/shared/schemas/comparison';
import { marginInputText } from './margin-text';

/*
 * The exchange margin an analyst typed on a quote's 'Comparação' tab, remembered for this browser tab
 * (sessionStorage): 'Gerar Comparativo' opens with it, so the documents use the totals the analyst was
 * looking at, and the tab keeps it when the quote is opened again.
 */

const key = (quoteId: string) => `cotacoes:margem:${quoteId}`;

/** The margin last typed for `quoteId` (as typed, pt-BR), else the spec's default. */
export function rememberedMargin(quoteId: string): string {
  try {
    return sessionStorage.getItem(key(quoteId)) ?? marginInputText(DEFAULT_EXCHANGE_MARGIN);
  } catch {
    return marginInputText(DEFAULT_EXCHANGE_MARGIN);
  }
}

/** Remembers a valid margin typed for `quoteId`. */
export function rememberMargin(quoteId: string, text: string): void {
  try {
    sessionStorage.setItem(key(quoteId), text);
  } catch {
    // Storage refused (private mode, quota): the default is used next time.
  }
}
