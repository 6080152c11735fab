/**
 * Accent folding, written once (issue 31 item 5): names typed by people and names read from files are
 * compared without accents ('Itajaí' = 'Itajai').
 */

/** The text without accents: decomposed (NFD) and its combining marks removed ('São Paulo' → 'Sao Paulo'). */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** A name's key for equality and search: no accents, lower case, spaces collapsed ('  São  Paulo ' → 'sao paulo'). */
export function nameKey(text: string): string {
  return foldAccents(text).toLowerCase().replace(/\s+/g, ' ').trim();
}
