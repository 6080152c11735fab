import { CARRIERS } from '../dictionary/carriers.js';
import { escapeRegExp } from './text.js';

function alternation(names: string[], flags: string): RegExp {
  const sorted = [...new Set(names)].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.join('|')})(?![\\p{L}\\p{N}])`, flags);
}

const ANY_CASE = alternation(
  CARRIERS.flatMap((c) => c.names),
  'iu',
);
/** Short names that are also ordinary words (ONE, ZIM) count only when written in capitals. */
const EXACT_CASE = alternation(
  CARRIERS.flatMap((c) => c.exactCase ?? []),
  'u',
);

/** The first shipping line or airline named in the text, as written. */
export function findCarrierMention(text: string): { name: string; index: number } | null {
  const matches = [ANY_CASE.exec(text), EXACT_CASE.exec(text)].filter((m) => m !== null);
  matches.sort((a, b) => a.index - b.index || b[0].length - a[0].length);
  const first = matches[0];
  return first === undefined ? null : { name: first[0], index: first.index };
}

/** Whether two names found by findCarrierMention are the same line or airline ("MSC" and "Mediterranean Shipping"). */
export function sameCarrier(a: string, b: string): boolean {
  const of = (name: string) =>
    CARRIERS.findIndex((c) =>
      [...c.names, ...(c.exactCase ?? [])].some((n) => n.toLowerCase() === name.toLowerCase()),
    );
  const left = of(a);
  return left >= 0 ? left === of(b) : a.toLowerCase() === b.toLowerCase();
}
