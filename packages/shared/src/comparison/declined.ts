import type { DadosExtraidos, ExtractionFinal } from '../schemas/responses.js';

/*
 * A declined answer (glossary 'declinou'): the carrier's own words decline the quote ("não atendemos a
 * rota", "unable to quote", "no podemos cotizar") and the reply states no price. It counts as the carrier's
 * answer (no reminders, not awaited) but it is no proposal: not priced, not incomplete, never highlighted,
 * not approvable. The mark is per version, in its stored extraction (`final.declinou`).
 */

type FinalLike = Pick<ExtractionFinal, 'fretes' | 'preco_por_container_20' | 'preco_por_container_40'> & {
  taxas: ExtractionFinal['taxas'] | unknown;
};

/** The reply states some price: a freight or a charge with a value. */
export function statesAPrice(final: FinalLike | null | undefined): boolean {
  if (!final) return false;
  const taxas = final.taxas as unknown;
  const fees: readonly { valor?: unknown }[] = Array.isArray(taxas)
    ? taxas
    : ((taxas as { itens?: { valor?: unknown }[] } | null)?.itens ?? []);
  return (
    (final.fretes ?? []).some((item) => item.valor !== null && item.valor !== undefined) ||
    (final.preco_por_container_20 ?? null) !== null ||
    (final.preco_por_container_40 ?? null) !== null ||
    fees.some((line) => line.valor !== null && line.valor !== undefined)
  );
}

/**
 * Whether a version (its extraction, corrections applied) is a declined answer: marked so when it was read
 * and still without any price (an analyst's correction that adds a freight makes it a proposal again).
 */
export function isDeclined(final: FinalLike | null | undefined): boolean {
  return (final as { declinou?: unknown } | null | undefined)?.declinou === true && !statesAPrice(final);
}

/**
 * The extraction result as stored: `final.declinou: true` when the reply's own words decline the quote
 * (`wordsDecline`, inbound/classify.ts `declinesQuote`) and nothing priced was read; otherwise without the
 * mark (a reply that declines the 20' and quotes the 40HC is a proposal).
 */
export function withDeclineMark(dados: DadosExtraidos, wordsDecline: boolean): DadosExtraidos {
  const { declinou: _old, ...final } = dados.final as ExtractionFinal & { declinou?: unknown };
  const declined = wordsDecline && !statesAPrice(final);
  return { ...dados, final: declined ? { ...final, declinou: true } : final };
}

/** The engine's reasons for a message or file it could not read at all. */
export const UNREADABLE_REASON =
  /não foi possível ler o arquivo|tipo de arquivo não reconhecido|texto ilegível/;

/** The engine's reason for lines about other quotes it left out ("…: COT-2026-0010"), with the codes. */
export const OTHER_QUOTES = /^valores de outra cotação ignorados: (.+)$/;

/** The engine's reason for a reply whose body has no text of its own (empty, or only the quoted request). */
export const NO_REPLY_TEXT = /^sem texto de resposta/;

/**
 * A reading that could not read what came (a garbled re-send, a file of unknown type) and found no price:
 * it is no answer of its own (QA pass 29: a garbled re-send replaced a carrier's priced offer).
 */
export function readNothing(dados: Pick<DadosExtraidos, 'final' | 'detect'> | null | undefined): boolean {
  if (!dados) return false;
  return (
    !statesAPrice(dados.final) &&
    !isDeclined(dados.final) &&
    dados.detect.reasons.some((reason) => UNREADABLE_REASON.test(reason))
  );
}
