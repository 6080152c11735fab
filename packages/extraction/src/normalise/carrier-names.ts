import { CARRIERS } from '../dictionary/carriers.js';
import { escapeRegExp } from './text.js';

function carrierPatterns(): Array<{ name: string; pattern: RegExp }> {
  return CARRIERS.flatMap((carrier) => [
    ...carrier.names.map((n) => ({
      name: n,
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'iu'),
    })),
    ...(carrier.exactCase ?? []).map((n) => ({
      name: n,
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'u'),
    })),
  ]);
}
const CARRIER_PATTERNS = carrierPatterns();

/** The first shipping line or airline named in the text, as written. */
export function findCarrierMention(text: string): { name: string; index: number } | null {
  let best: { name: string; index: number } | null = null;
  for (const { pattern } of CARRIER_PATTERNS) {
    const match = pattern.exec(text);
    if (
      match !== null &&
      (best === null ||
        match.index < best.index ||
        (match.index === best.index && match[0].length > best.name.length))
    ) {
      best = { name: match[0], index: match.index };
    }
  }
  return best;
}
