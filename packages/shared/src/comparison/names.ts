/** Names compared without case and accents ('Itajaí' = 'ITAJAI'), spaces collapsed. */
export function normalizeName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * A place as compared: without case, accents, a 'Porto de' prefix and what follows a comma, a parenthesis
 * or a dash ('Porto de Itajaí (SC)', 'Itajai, BR' and 'ITAJAÍ - SC' are one place).
 */
export function normalizePlace(text: string): string {
  return normalizeName(text.split(/[,(]|\s[-–—]\s/)[0] ?? '')
    .replace(/^PORTO (DE |DO |DA )?/, '')
    .trim();
}

export function samePlace(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = normalizePlace(a);
  return left !== '' && left === normalizePlace(b);
}

/** The spec's "no destination" marker ('—') and its look-alikes. */
export function isNoDestination(destino: string | null | undefined): boolean {
  return destino != null && /^\s*[—–-]+\s*$/.test(destino);
}
