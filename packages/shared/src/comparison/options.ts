/**
 * A reply offering several options (carriers, routings, "Opção 1 / Opção 2"): the extraction reads the one
 * the carrier recommends, else the first (the extraction rules), and keeps each option's block. What was
 * read, and what was left out, for the card and the comparison row to say so.
 */
export type OptionsRead = {
  /** How many options the reply offers (2 or more). */
  total: number;
  /** The read option's heading, as the reply writes it. */
  escolhida: string;
  /** The other options' headings. */
  outras: string[];
  /** true: the carrier recommends it; false: none is recommended, the first was read; null: not stored. */
  recomendada: boolean | null;
};

type OptionBlock = { kind: string; title: string | null; recomendada?: unknown };

/** The options of a reading's blocks; null for a reply of one offer. */
export function optionsRead(blocks: readonly OptionBlock[] | null | undefined): OptionsRead | null {
  const options = (blocks ?? []).filter(
    (b) => b.kind === 'alternative' || b.kind === 'alternative_discarded',
  );
  const chosen = options.find((b) => b.kind === 'alternative');
  if (options.length < 2 || !chosen) return null;
  return {
    total: options.length,
    escolhida: chosen.title ?? '',
    outras: options.filter((b) => b !== chosen).map((b) => b.title ?? ''),
    // Readings stored before the extraction said it have no `recomendada`.
    recomendada: typeof chosen.recomendada === 'boolean' ? chosen.recomendada : null,
  };
}

/** Which wording says how the option was chosen: the carrier's recommendation, the first, or not stored. */
export const optionsReadKind = (read: OptionsRead): 'recommended' | 'first' | 'unknown' =>
  read.recomendada === true ? 'recommended' : read.recomendada === false ? 'first' : 'unknown';

/** '“Opção 1: MSC …”, “Opção 3: …”' */
export const quotedTitles = (titles: readonly string[]) => titles.map((title) => `“${title}”`).join(', ');
