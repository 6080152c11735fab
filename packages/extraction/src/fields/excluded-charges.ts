import type { Line } from '../blocks/lines.js';
import { NOT_INCLUDED_MARKERS } from '../dictionary/labels.js';
import { matchFee } from '../normalise/fee-names.js';
import { findAmounts } from '../normalise/money.js';
import { normaliseLabel, phraseRegExp, sentencesOf } from '../normalise/text.js';
import type { SourceRef } from '../types.js';

const NOT_INCLUDED = phraseRegExp(NOT_INCLUDED_MARKERS, 'u');

/**
 * Charges the reply says it does not include and does not price ("Taxas de terminal em Viracopos por conta
 * do importador", "THC not included"): the analyst pays them on top, so an all-in price that leaves them out
 * is not the whole cost (QA pass 13: such a row read "all in" and was called the cheapest). A line with an
 * amount is a priced fee, read as one elsewhere; a line naming no known charge says nothing here.
 */
export function excludedCharges(lines: readonly Line[]): Array<{ nome: string; source: SourceRef }> {
  const found = new Map<string, SourceRef>();
  for (const line of lines) {
    // Sentence by sentence: "Frete 40HC USD 2.100,00 all in. Taxas de terminal por conta do importador." has
    // its price in one sentence and the exclusion in the next (QA pass 16).
    for (const sentence of sentencesOf(line.text)) {
      const label = normaliseLabel(sentence);
      const marker = NOT_INCLUDED.exec(label);
      if (marker === null || findAmounts(sentence).some((amount) => !amount.isPercent)) continue;
      // The charge is named before the phrase ("THC por conta do importador") or after it ("not included: THC").
      const named =
        matchFee(label.slice(0, marker.index)) ?? matchFee(label.slice(marker.index + marker[0].length));
      if (named === null || found.has(named.fee.name)) continue;
      found.set(named.fee.name, { line: line.no, text: line.trimmed.slice(0, 200), origin: 'body' });
    }
  }
  return [...found].map(([nome, source]) => ({ nome, source }));
}
