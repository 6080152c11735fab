/**
 * Container types and quantities read from free text: the quote's volume field ('2 contêineres 40HC',
 * "2x20' + 1x40'HC") and the freight units of an answer ('20DC', "40'HC").
 */

export type ContainerSize = '20' | '40' | '45';
/** DC (dry: DC, DV, GP, ST), HC (HC, HQ), RF (reefer), OT (open top), FR (flat rack); null when unsaid. */
export type ContainerKind = 'DC' | 'HC' | 'RF' | 'OT' | 'FR';
export type ContainerType = { size: ContainerSize; kind: ContainerKind | null };
/**
 * A container type asked or counted, e.g. `{ tipo: '40HC', quantidade: 2 }`; `tipo` '40' = any 40'.
 * `rotulo`: the quote's own name when it differs from `tipo` ('20DV' for 20DC), to show it as written.
 */
export type ContainerAsk = { tipo: string; quantidade: number; rotulo?: string };

const KINDS: Record<string, ContainerKind> = {
  DC: 'DC',
  DV: 'DC',
  GP: 'DC',
  ST: 'DC',
  SD: 'DC',
  DRY: 'DC',
  HC: 'HC',
  HQ: 'HC',
  RF: 'RF',
  RH: 'RF',
  REEFER: 'RF',
  OT: 'OT',
  FR: 'FR',
};
const KIND = '(dc|dv|gp|st|sd|dry|hc|hq|rf|rh|reefer|ot|fr)';
const FEET_MARK = `\\s*(?:'|’|′|"|pés|pes|ft|feet|foot)`;
const FEET = `(?:${FEET_MARK})?`;
const SIZE = '(20|40|45)(?!\\d)';
/** "2x40HC", "2 x 40' HC", "02 × 20'". */
const TIMES = new RegExp(`(?<![\\d.,x×])(\\d{1,3})\\s*[x×]\\s*${SIZE}${FEET}\\s*${KIND}?(?![a-z])`, 'gi');
/** "2 contêineres 40HC", "3 containers de 40 pés", "1 cntr 20'". */
const WORDS = new RegExp(
  `(?<![\\d.,])(\\d{1,3})\\s*(?:cont[eêé]ineres?|cont[eêé]iner|containers?|conteiners?|cntrs?|ctnrs?|ctrs?|unidades?|unid\\.?)\\s*(?:de\\s*)?${SIZE}${FEET}\\s*${KIND}?(?![a-z])`,
  'gi',
);
/** Quantities written as words (pt, en, es); Spanish "dos" is left out: in Portuguese it is "of the". */
const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  one: 1,
  dois: 2,
  duas: 2,
  two: 2,
  três: 3,
  tres: 3,
  three: 3,
  quatro: 4,
  four: 4,
  cuatro: 4,
  cinco: 5,
  five: 5,
  seis: 6,
  six: 6,
  sete: 7,
  seven: 7,
  siete: 7,
  oito: 8,
  eight: 8,
  ocho: 8,
  nove: 9,
  nine: 9,
  nueve: 9,
  dez: 10,
  ten: 10,
  diez: 10,
};
/** "dois 40HC", "duas unidades de 20'", "three containers 40' HC" (QA pass 40c: "dois 40HC" counted one). */
const SPELLED = new RegExp(
  `(?<!\\p{L})(${Object.keys(NUMBER_WORDS).join('|')})\\s+(?:(?:cont[eêé]ineres?|cont[eêé]iner|containers?|conteiners?|cntrs?|ctnrs?|ctrs?|unidades?|unid\\.?)\\s*(?:de\\s*)?)?${SIZE}${FEET}\\s*${KIND}?(?![a-z])`,
  'giu',
);
/** A type without a quantity: "40HC", "20'", "40' HC" (counts one). */
const BARE = new RegExp(`(?<![\\d.,])${SIZE}(?:\\s*(?:'|’|′)\\s*${KIND}?|\\s*${KIND})(?![a-z])`, 'gi');

const TYPE = new RegExp(`^\\s*${SIZE}${FEET}\\s*${KIND}?\\s*$`, 'i');
const types = new Map<string, ContainerType | null>();

/**
 * A type written at the end of a name ("THC 20'", "THC 40'HC", "Lacre (40HC)", "ISPS - 20DV"): a foot mark
 * or a kind is needed ("Taxa 40" is no type), and a name before it ("20'" alone is no fee).
 */
const NAMED = new RegExp(
  `^(.*\\p{L}.*?)(?:\\s+|\\s*[(-]\\s*)((?:20|40|45)(?!\\d)(?:${FEET_MARK}\\s*${KIND}?|\\s*${KIND}))\\s*\\)?$`,
  'iu',
);

/** The container type a charge's name ends with, as written without spaces ("40'HC"), or null. */
export function namedContainerType(name: string | null | undefined): string | null {
  const match = name ? NAMED.exec(name.trim()) : null;
  if (!match) return null;
  const written = match[2]!.replace(/\s+/g, '');
  return containerType(written) ? written : null;
}

/** The type a text names: '40HC' → 40/HC, "20'" → 20/null, 'HC40' is not read. */
export function containerType(text: string | null | undefined): ContainerType | null {
  if (!text) return null;
  let type = types.get(text);
  if (type === undefined) {
    const match = TYPE.exec(text);
    type = match
      ? { size: match[1] as ContainerSize, kind: match[2] ? (KINDS[match[2].toUpperCase()] ?? null) : null }
      : null;
    if (types.size >= 1000) types.clear();
    types.set(text, type);
  }
  return type;
}

export function containerLabel(type: ContainerType): string {
  return `${type.size}${type.kind ?? ''}`;
}

/** Asks of one type summed (the first one's name kept). */
export function mergeAsks(asks: readonly ContainerAsk[]): ContainerAsk[] {
  const byType = new Map<string, ContainerAsk>();
  for (const ask of asks) {
    const seen = byType.get(ask.tipo);
    byType.set(ask.tipo, seen ? { ...seen, quantidade: seen.quantidade + ask.quantidade } : { ...ask });
  }
  return [...byType.values()];
}

/** An ask of `size`/`kindText` as the text writes it: `rotulo` only where it is not the type's own name. */
function ask(size: ContainerSize, kindText: string | undefined, quantidade: number): ContainerAsk {
  const kind = kindText ? (KINDS[kindText.toUpperCase()] ?? null) : null;
  const tipo = containerLabel({ size, kind });
  // A code ('20DV', '40HQ'), not a word ('40 reefer'): the word reads as its type's code.
  const rotulo = kindText?.length === 2 ? `${size}${kindText.toUpperCase()}` : tipo;
  return rotulo === tipo ? { tipo, quantidade } : { tipo, quantidade, rotulo };
}

/**
 * The quote's own name for a freight or fee's container type: '20DV' where the reply was read as 20DC
 * (one dry box), so that what the analyst and the carrier read is what the quote asked; else `tipo`.
 */
export function askedName(tipo: string, asked: readonly ContainerAsk[]): string {
  const type = containerType(tipo);
  if (!type?.kind) return tipo;
  const same = asked.find((item) => {
    const other = containerType(item.tipo);
    return item.rotulo !== undefined && other?.size === type.size && other.kind === type.kind;
  });
  return same?.rotulo ?? tipo;
}

function asksOf(line: string, pattern: RegExp, quantity: (match: RegExpExecArray) => number, offset: number) {
  const asks: ContainerAsk[] = [];
  for (const match of line.matchAll(pattern)) {
    const count = quantity(match);
    if (count > 0) asks.push(ask(match[offset] as ContainerSize, match[offset + 1], count));
  }
  return asks;
}

/**
 * The containers a text asks for, from its first line that names any (a quote's body repeats the ask in
 * its subject and table; the first mention is taken, never the sum of repeats). Quantities before the
 * type ("2x40HC", "2 contêineres 40HC") are read; a bare type ("40HC") counts one.
 */
export function parseContainers(text: string | null | undefined): ContainerAsk[] {
  if (!text) return [];
  for (const line of text.split(/\r?\n/)) {
    const counted = [
      ...asksOf(line, TIMES, (m) => Number(m[1]), 2),
      ...asksOf(line, WORDS, (m) => Number(m[1]), 2),
      ...asksOf(line, SPELLED, (m) => NUMBER_WORDS[m[1]!.toLowerCase()] ?? 0, 2),
    ];
    if (counted.length > 0) return mergeAsks(counted);
    const bare = [...line.matchAll(BARE)].map((match) =>
      ask(match[1] as ContainerSize, match[2] ?? match[3], 1),
    );
    if (bare.length > 0) return mergeAsks(bare);
  }
  return [];
}

export function totalContainers(asks: readonly ContainerAsk[]): number {
  return asks.reduce((sum, ask) => sum + ask.quantidade, 0);
}
