import { nameKey } from '../rules/fold.js';

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

/** Names compared without case and accents ('Itajaí' = 'ITAJAI'), spaces collapsed: the name key, upper case. */
export const normalizeName = memoized((text) => nameKey(text).toUpperCase());

/**
 * A place as a person names it: without the country or state the quote form or the analyst adds after a
 * comma ("Santos, BR", "Shanghai, China", "Frankfurt (FRA), Alemanha" are "Santos", "Shanghai",
 * "Frankfurt (FRA)", as a reply names the port; QA pass 39: lanes showed "Shanghai, China" beside
 * "Shanghai"). Lanes and the portal's ports name places this way.
 */
export const placeName = (text: string) => {
  const name = text.trim();
  const comma = name.indexOf(',');
  return comma > 0 ? name.slice(0, comma).trim() : name;
};

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

/**
 * The row of `destino` among one response's rows, by the place rule the comparison uses (`samePlace`:
 * 'Itajai - SC' is the 'ITAJAÍ' row); none when `destino` is null or no row names that place. The one
 * destination rule for the comparison, the approval and the decision e-mails.
 */
export function rowOfDestination<Row extends { destino: string | null }>(
  rows: readonly Row[],
  destino: string | null | undefined,
): Row | undefined {
  if (!destino) return undefined;
  return rows.find((row) => samePlace(row.destino, destino));
}

/** The spec's "no destination" marker ('—') and its look-alikes. */
export function isNoDestination(destino: string | null | undefined): boolean {
  return destino != null && /^\s*[—–-]+\s*$/.test(destino);
}
