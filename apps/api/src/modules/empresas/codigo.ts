import { foldAccents } from '@cotacoes/shared';

/** Words that say nothing about which company it is. */
const IGNORED_WORDS = new Set([
  'LTDA',
  'SA',
  'S',
  'A',
  'ME',
  'EPP',
  'EIRELI',
  'MEI',
  'SLU',
  'CIA',
  'DE',
  'DA',
  'DO',
  'DAS',
  'DOS',
  'E',
]);
const MAX_LENGTH = 10;

/**
 * The base of a generated company code: the first three letters of the first significant word and the
 * start of the second ("Importadora Demo Ltda" → IMPDEMO), upper case, no accents, at most 10 characters.
 */
export function codigoBaseFromName(name: string): string {
  const words = foldAccents(name)
    .toUpperCase()
    .split(/[^0-9A-Z]+/)
    .filter((word) => word && !IGNORED_WORDS.has(word));
  if (words.length === 0) return 'EMPRESA';
  const [first, second] = words as [string, string | undefined];
  const base = second ? first.slice(0, 3) + second : first;
  return base.slice(0, MAX_LENGTH);
}

/** The base itself when free, else the base with the smallest free number from 2 (IMPDEMO2, IMPDEMO3…). */
export function firstFreeCodigo(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
