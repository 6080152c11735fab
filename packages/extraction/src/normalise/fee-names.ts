import { FEES, type FeeDefinition } from '../dictionary/fees.js';
import { foldKeepingOffsets, normaliseLabel } from './text.js';

const BY_PHRASE = new Map<string, FeeDefinition>();
for (const fee of FEES) for (const label of fee.labels) if (!BY_PHRASE.has(label)) BY_PHRASE.set(label, fee);
const LONGEST_PHRASE = Math.max(...[...BY_PHRASE.keys()].map((k) => k.split(' ').length));
const GENERIC_PREFIX =
  /^(?:taxa|taxas|tasa|tarifa|cargo|charge|custo|fee)(?:\s+(?:de|da|do|del|por|for|of))?\s+/;

export interface FeeMatch {
  fee: FeeDefinition;
  words: number;
}

function longestFeeRun(text: string): FeeMatch | null {
  const words = normaliseLabel(text)
    .replace(GENERIC_PREFIX, '')
    .split(' ')
    .filter((w) => w !== '');
  let best: FeeMatch | null = null;
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(LONGEST_PHRASE, words.length - i); n >= 1; n--) {
      const fee = BY_PHRASE.get(words.slice(i, i + n).join(' '));
      if (fee !== undefined) {
        if (best === null || n > best.words) best = { fee, words: n };
        break;
      }
    }
  }
  return best;
}

/**
 * The fee whose label phrase is the longest run of words inside the label (earliest on ties); text in
 * parentheses is a qualifier ("THC (Santos CFS)") unless nothing else matches ("Guía aérea (AWB)").
 */
export function matchFee(label: string): FeeMatch | null {
  const outside = longestFeeRun(label.replace(/\([^)]*\)/g, ' '));
  if (outside !== null) return outside;
  for (const group of label.matchAll(/\(([^)]*)\)/g)) {
    const inside = longestFeeRun(group[1] ?? '');
    if (inside !== null) return inside;
  }
  return null;
}

/** Name for a fee outside the dictionary: its printed acronym, else the label without "Taxa de" / "fee". */
export function printedFeeName(label: string): string {
  const withoutParens = label.replace(/\([^)]*\)/g, ' ');
  const acronym = /(?<![\p{L}\p{N}])([A-Z][A-Z0-9]{1,5})(?![\p{L}\p{N}])/u.exec(withoutParens);
  if (acronym?.[1] !== undefined) return acronym[1];
  return foldKeepingOffsets(withoutParens)
    .replace(/^\s*(?:taxa|tasa|tarifa|cargo|charge)\s+(?:de|da|do|del|por|for|of)\s+/, '')
    .replace(/\s+(?:fee|fees|charge|charges)\s*$/, '')
    .replace(/[^a-z0-9& ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

export function canonicalFeeName(label: string): string {
  return matchFee(label)?.fee.name ?? printedFeeName(label);
}
