const foldCache = new Map<string, string>();

function foldChar(char: string): string {
  const cached = foldCache.get(char);
  if (cached !== undefined) return cached;
  const base = char.normalize('NFD').charAt(0).toLowerCase();
  const folded = base === 'º' ? 'o' : base === 'ª' ? 'a' : base.length === 1 ? base : char;
  foldCache.set(char, folded);
  return folded;
}

/**
 * Lower-case and strip accents, keeping one output character per input character so offsets stay valid.
 * Not `foldAccents` from packages/shared on purpose: that one drops the combining marks (the text gets
 * shorter), while the extraction finds phrases in the folded text and cuts the original at the same offsets.
 */
export function foldKeepingOffsets(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out +=
      code < 128 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i]) : foldChar(text[i]!);
  }
  return out;
}

/** Lower-case, accent-free, punctuation turned into single spaces: the form dictionaries are written in. */
export function normaliseLabel(text: string): string {
  return foldKeepingOffsets(text)
    .replace(/[^a-z0-9%&]+/g, ' ')
    .trim();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regex source that matches any of the phrases (already folded) as whole words, longest first. */
export function phraseAlternation(phrases: readonly string[]): string {
  const sorted = [...new Set(phrases)].sort((a, b) => b.length - a.length);
  return sorted.map((p) => escapeRegExp(p).replace(/ /g, '[\\s./-]+')).join('|');
}

const WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const WORD_AFTER = '(?![\\p{L}\\p{N}])';

export function phraseRegExp(phrases: readonly string[], flags = 'gu'): RegExp {
  return new RegExp(`${WORD_BEFORE}(?:${phraseAlternation(phrases)})${WORD_AFTER}`, flags);
}

/** A line's sentences: split after "?", "!", ";" or a full stop before a space ("2.000,00" stays whole). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[?!;])\s+|(?<=\.)\s+(?=\S)/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Title-case a name written in capitals (RIO GRANDE -> Rio Grande); leaves mixed case alone. */
export function tidyCapitals(text: string): string {
  if (!/\p{Lu}/u.test(text) || /\p{Ll}/u.test(text)) return text;
  const small = new Set(['de', 'da', 'do', 'das', 'dos', 'del', 'la', 'e', 'y', 'of']);
  return text
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && small.has(word) ? word : word.replace(/^\p{Ll}/u, (c) => c.toUpperCase())))
    .join(' ');
}
