import { parseLocaleNumber } from '../normalise/numbers.js';
import { foldKeepingOffsets } from '../normalise/text.js';

/*
 * A revision that writes the old price beside the new one (QA pass 23): "reduzimos de USD 2.250,00 para USD
 * 2.150,00", "de 2.250 para 2.150 USD", "de USD 2.250,00 por USD 2.150,00", "era USD 2.250, agora USD
 * 2.150", "reduced from USD 2,250 to USD 2,150", "from USD 2,250 down to 2,150", "de USD 2.250 a USD 2.150".
 * Before, the old price was read as the charge and the new one as a second, uncounted one. The old price
 * is no item at all: the line is rewritten without it ("USD 2.150,00"). "USD 2.150 (antes USD 2.250)" is
 * read by the superseded markers already.
 */

const CUR = String.raw`us\$|usd|r\$|brl|eur|€`;
const NUM = String.raw`(?:\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d])(?![.,]\d)`;
const AMOUNT = String.raw`(?:(?:${CUR})\s*)?${NUM}(?:\s*(?:${CUR})(?![\p{L}]))?`;

/** "para", "por", "→", "agora", "now": a word that can only lead from an old price to a new one. */
const STRONG_JOIN = String.raw`para|por|->|→|=>|(?:e\s+|and\s+|y\s+)?(?:agora|now|ahora)(?:\s+(?:e|is|es|por|para|de|:))?|down\s+to|up\s+to`;
/** "a", "to", "até": also a range's join ("USD 1.800 a 2.000"); a revision only when the price falls or a verb says so. */
const WEAK_JOIN = 'a|to|ate|hasta';

const REVISION = new RegExp(
  String.raw`(?<![\p{L}])(?<from>de|desde|from|era|eram|was|were)\s*:?\s+(?<old>${AMOUNT})\s*[,;]?\s*(?:(?<strong>${STRONG_JOIN})|(?<weak>${WEAK_JOIN}))\s*:?\s+(?<new>${AMOUNT})`,
  'gu',
);

/** A verb that says the price was changed ("reduzimos", "baixamos", "reduced", "reducimos", "ajustamos"). */
const REVISION_VERB =
  /(?<![\p{L}])(?:reduz|reduc|reduj|baix|bajam|bajo|diminu|lower|decreas|cut|aument|increas|subimos|subio|rais|ajust|adjust|revis|alter|chang|mud|atualiz|actualiz|updat|melhor|mejor|improv|drop|caiu)\p{L}*/u;

function numberIn(amount: string): number | null {
  const raw = /\d[\d.,]*\d|\d/.exec(amount)?.[0] ?? '';
  return parseLocaleNumber(raw)?.value ?? null;
}

function currencyIn(amount: string): string | null {
  return new RegExp(`(?:${CUR})`, 'iu').exec(amount)?.[0] ?? null;
}

/**
 * The line without the old price of each revision it writes, the new price keeping the old one's currency
 * when it has none ("from USD 2,250 down to 2,150" → "USD 2,150"); null when the line writes no revision.
 */
export function withoutOldPrices(text: string): string | null {
  const folded = foldKeepingOffsets(text);
  let out = '';
  let from = 0;
  for (const match of folded.matchAll(REVISION)) {
    const groups = match.groups;
    if (groups === undefined || match.index < from) continue;
    const oldText = groups.old ?? '';
    const newText = groups.new ?? '';
    const oldValue = numberIn(oldText);
    const newValue = numberIn(newText);
    if (oldValue === null || newValue === null || oldValue === newValue) continue;
    // Both are the same charge's price: close to each other, and at least one priced in a currency.
    if (newValue < oldValue / 2 || newValue > oldValue * 2) continue;
    const newCurrency = currencyIn(newText);
    if (currencyIn(oldText) === null && newCurrency === null) continue;
    const isFrom = groups.from === 'de' || groups.from === 'desde' || groups.from === 'from';
    if (groups.weak !== undefined) {
      if (!isFrom) continue;
      const verb = REVISION_VERB.test(folded.slice(0, match.index));
      if (newValue > oldValue && !verb) continue;
    }
    // "de … agora", "era … para": the joins go with their own opening word only loosely; "era"/"was" need
    // "agora"/"now", "de"/"from" any other join.
    const strong = groups.strong ?? '';
    const isNow = /agora|now|ahora/.test(strong);
    if (!isFrom && !isNow) continue;
    const newStart = match.index + match[0].length - newText.length;
    const oldStart = match.index + match[0].indexOf(oldText);
    const written = currencyIn(text.slice(oldStart, oldStart + oldText.length));
    const prefix = newCurrency === null && written !== null ? `${written} ` : '';
    out += `${text.slice(from, match.index)}${prefix}`;
    from = newStart;
  }
  return from === 0 ? null : out + text.slice(from);
}
