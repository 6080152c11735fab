/** A bounded memo: the same few names (ports, fee names) are compared over and over. */
function memoized(compute: (text: string) => string): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      if (cache.size >= 5000) cache.clear();
      value = compute(text);
      cache.set(text, value);
    }
    return value;
  };
}

/** Names compared without case and accents ('Itajaí' = 'ITAJAI'), spaces collapsed. */
export const normalizeName = memoized((text) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim(),
);

/**
 * A place as compared: without case, accents, a 'Porto de' prefix and what follows a comma, a parenthesis
 * or a dash ('Porto de Itajaí (SC)', 'Itajai, BR' and 'ITAJAÍ - SC' are one place).
 */
export const normalizePlace = memoized((text) =>
  normalizeName(text.split(/[,(]|\s[-–—]\s/)[0] ?? '')
    .replace(/^PORTO (DE |DO |DA )?/, '')
    .trim(),
);

export function samePlace(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = normalizePlace(a);
  return left !== '' && left === normalizePlace(b);
}

/** The spec's "no destination" marker ('—') and its look-alikes. */
export function isNoDestination(destino: string | null | undefined): boolean {
  return destino != null && /^\s*[—–-]+\s*$/.test(destino);
}
