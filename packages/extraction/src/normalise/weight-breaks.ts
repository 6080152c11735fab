/**
 * Labels of an air weight-break tariff: the bands ("-45", "+45 kg", "Q100", "45-99", "mais de 300") and the
 * minimum charge ("M", "MIN", "Mínimo"). A band is known by its lower bound in kg: "-45" (below 45 kg), "N"
 * (normal rate), "até 45" and "up to 45" start at 0; "+45", ">45", "45+", "Q45", "over 45" and "45-99" at 45.
 */
export type BreakLabel = { kind: 'minimum' } | { kind: 'band'; lowerKg: number };

const MINIMUM = /^(?:m|min|mín|minimo|mínimo|minimum|minima|mínima|minimal|minimum charge|min charge)\.?$/u;
const KG = String.raw`\s*(?:kgs?|k|quilos?|kilos?)?\.?`;
const NUMBER = String.raw`(\d{1,5})`;
const BELOW = new RegExp(
  String.raw`^(?:-|–|<|<=|≤|ate|até|up to|upto|below|under|less than|abaixo de|menos de|hasta|bis)\s*${NUMBER}${KG}$`,
  'u',
);
const FROM = new RegExp(
  String.raw`^(?:\+|>|>=|≥|q|mais de|acima de|a partir de|over|above|more than|from|más de|mas de|desde|ab)\s*${NUMBER}${KG}$`,
  'u',
);
const FROM_AFTER = new RegExp(
  String.raw`^${NUMBER}${KG}\s*(?:\+|e acima|ou mais|and above|and over|or more|y más|y mas|o más)$`,
  'u',
);
const RANGE = new RegExp(String.raw`^${NUMBER}${KG}\s*(?:-|–|a|to|até|ate|hasta)\s*\d{1,5}${KG}$`, 'u');

/** What a weight-break label says, or null when the text is not one (a bare number is not a band). */
export function readBreakLabel(text: string): BreakLabel | null {
  const clean = text
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[:=]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === '' || clean.length > 20) return null;
  if (MINIMUM.test(clean)) return { kind: 'minimum' };
  if (clean === 'n' || clean === 'normal') return { kind: 'band', lowerKg: 0 };
  if (BELOW.test(clean)) return { kind: 'band', lowerKg: 0 };
  const from = FROM.exec(clean) ?? FROM_AFTER.exec(clean);
  if (from !== null) return { kind: 'band', lowerKg: Number(from[1]) };
  const range = RANGE.exec(clean);
  if (range !== null) {
    const lower = Number(range[1]);
    // "1-44 kg", "0-45": the first band.
    return { kind: 'band', lowerKg: lower <= 1 ? 0 : lower };
  }
  return null;
}

/** The lower bound in kg of a band label, null for the minimum or anything else. */
export function breakLowerKg(text: string): number | null {
  const label = readBreakLabel(text);
  return label?.kind === 'band' ? label.lowerKg : null;
}

/**
 * The rates of one weight-break list or table keep their bands only when every rate has one and no two share
 * it: a band left unread, or read twice, would make the comparison price the wrong band.
 */
export function withKnownBands<T extends { faixaKg?: number }>(rates: T[]): T[] {
  const bands = rates.map((rate) => rate.faixaKg);
  const known = bands.every((band) => band !== undefined) && new Set(bands).size === bands.length;
  if (known) return rates;
  return rates.map((rate) => {
    if (rate.faixaKg === undefined) return rate;
    const { faixaKg: _unknown, ...rest } = rate;
    return rest as T;
  });
}
