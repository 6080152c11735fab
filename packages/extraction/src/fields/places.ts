import { COUNTRY_NAMES, PLACES, type PlaceDefinition, STATE_CODES } from '../dictionary/places.js';
import { findCarrierMention } from '../normalise/carrier-names.js';
import {
  collapseSpaces,
  escapeRegExp,
  foldKeepingOffsets,
  normaliseLabel,
  tidyCapitals,
} from '../normalise/text.js';

const BY_NAME = new Map<string, PlaceDefinition>();
const BY_CODE = new Map<string, PlaceDefinition>();
for (const place of PLACES) {
  BY_NAME.set(normaliseLabel(place.name), place);
  for (const alias of place.aliases) BY_NAME.set(normaliseLabel(alias), place);
  for (const code of place.codes) BY_CODE.set(code, place);
}
const COUNTRIES = new Set(COUNTRY_NAMES);
const STATES = new Set(STATE_CODES);
const INCOTERM_WORD = /\b(EXW|FCA|FAS|FOB|CFR|CIF|CPT|CIP|DAP|DPU|DAT|DDP|DDU)\b/;
const NOISE_WORDS =
  /\b(port|porto|puerto|airport|aeroporto|aeropuerto|cfs|terminal|harbou?r|city|cidade|ciudad|area|region|zone|zona)\b/gi;
const DIRECT =
  /^(direto|direta|direct|directo|diretto|none|nenhum|nenhuma|ninguno|no|nao ha|não há|n\/?a|-+|sem transbordo|direct service|direct call|servico direto|serviço direto)(?![\p{L}])/iu;

/** Words of charges and clauses, never of an unknown port's name ("… já incluindo THC e BL fee"). */
const NOT_A_PLACE_NAME =
  /\b(fee|fees|taxa|taxas|thc|bl|isps|frete|freight|charges?|incluindo|incluso|inclusa|inclusos|included|including|incluye|incluido)\b/i;

export interface PlaceValue {
  name: string;
  code: string | null;
  country: string | null;
  known: boolean;
}

/** The IATA and UN/LOCODE codes of a known place by its name ("Guarulhos" → GRU, BRGRU); [] when unknown. */
export function placeCodes(name: string): readonly string[] {
  return BY_NAME.get(normaliseLabel(name))?.codes ?? [];
}

export function lookupPlace(text: string): PlaceValue | null {
  const trimmed = text.trim();
  // "BR SSZ", "CN SHA": a UN/LOCODE written with a space after its country (QA: the engine read "Br Ssz").
  const code = /^[A-Z]{2} [A-Z]{3}$/.test(trimmed) ? trimmed.replace(' ', '') : trimmed;
  const byCode = BY_CODE.get(code.toUpperCase());
  if (byCode !== undefined && /^[A-Z]{3,5}$/.test(code)) return fromDefinition(byCode);
  const byName = BY_NAME.get(normaliseLabel(trimmed));
  return byName === undefined ? null : fromDefinition(byName);
}

function fromDefinition(place: PlaceDefinition): PlaceValue {
  return { name: place.name, code: place.codes[0] ?? null, country: place.country, known: true };
}

export function isDirectWord(text: string): boolean {
  return DIRECT.test(
    text
      .trim()
      .replace(/[.,;:()]/g, '')
      .trim(),
  );
}

/** The text is a shipping line's or airline's name and nothing more ("MSC", "CMA CGM", "Hapag-Lloyd"). */
export function isCarrierName(text: string): boolean {
  const trimmed = text.trim();
  // A two-letter code in capitals is an airline's IATA designator ("via LH", "via TK"): airports have three
  // letters (GRU, FRA) and ports five (BRSSZ), so it is never a place (QA pass 26: "Transbordo Lh").
  if (/^[A-Z][A-Z0-9]$/.test(trimmed)) return true;
  const carrier = findCarrierMention(trimmed);
  return carrier !== null && carrier.index === 0 && carrier.name.length === trimmed.length;
}

export interface ParsedPlaceField {
  places: PlaceValue[];
  incoterm: string | null;
  via: PlaceValue | null;
  direct: boolean;
}

/** One place written with decorations: "Shanghai, China (FOB)", "Santos/SP", "Campinas (VCP)", "FOB Hamburg". */
export function cleanPlace(text: string): PlaceValue | null {
  let value = text.trim();
  const codeInParens = /\(([A-Z]{3,5})\)/.exec(value);
  if (codeInParens !== null) {
    const byCode = BY_CODE.get(codeInParens[1] ?? '');
    if (byCode !== undefined) return fromDefinition(byCode);
  }
  value = value.replace(/\([^)]*\)/g, ' ').replace(/\[[^\]]*\]/g, ' ');
  value = value.replace(new RegExp(INCOTERM_WORD.source, 'g'), ' ');
  value = value.split(/\s+[–—-]\s+|,\s*/)[0] ?? '';
  value = value.replace(/\/\s*[A-Z]{2}\b.*$/, '').replace(/\s+-\s*[A-Z]{2}$/, '');
  value = collapseSpaces(value.replace(/[:;.]+$/, ''));
  if (value === '' || /\d/.test(value) || value.length > 40) return null;
  const known = lookupPlace(value) ?? lookupPlace(collapseSpaces(value.replace(NOISE_WORDS, ' ')));
  if (known !== null) return known;
  const stripped = collapseSpaces(value.replace(NOISE_WORDS, ' '));
  if (stripped === '' || COUNTRIES.has(normaliseLabel(stripped)) || STATES.has(stripped)) return null;
  // "via MSC", "via ONE", "via Hapag-Lloyd": a shipping line or airline is the carrier, never a port (QA pass 23).
  if (isCarrierName(stripped)) return null;
  if (!/^\p{Lu}/u.test(stripped) || stripped.split(' ').length > 4 || NOT_A_PLACE_NAME.test(stripped))
    return null;
  return { name: tidyCapitals(stripped), code: null, country: null, known: false };
}

/** A place field value, possibly a list ("Santos / Río de Janeiro (misma tarifa)") with "via X" and incoterm. */
export function parsePlaceField(text: string): ParsedPlaceField {
  let value = text;
  let via: PlaceValue | null = null;
  let direct = false;
  const viaMatch = /(?:^|[\s,;(–—-])(?:via|vía|transbordo em|transbordo en|t\/s)\s+([^,;()–—]+)/i.exec(value);
  if (viaMatch !== null) {
    via = cleanPlace(viaMatch[1] ?? '');
    value = value.slice(0, viaMatch.index);
  }
  if (/\b(direct|direto|directo|sem transbordo)\b/i.test(text)) direct = true;
  const incoterm = INCOTERM_WORD.exec(value)?.[1] ?? null;
  value = value.replace(/\([^)]*\)/g, (group) => (/\(([A-Z]{3,5})\)/.test(group) ? group : ' '));
  // "Itajaí, já incluindo THC e BL fee": a comma before a lower-case word opens a clause, not a list.
  value = value.replace(/,\s*(?=\p{Ll})[\s\S]*$/u, '');
  const parts = value
    .split(/\s*(?:\/(?!\s*[A-Z]{2}\b)|;|\||\s+e\s+|\s+y\s+|\s+and\s+|\s+&\s+)\s*/)
    .flatMap((part) => splitCommaList(part));
  const places: PlaceValue[] = [];
  for (const part of parts) {
    const place = cleanPlace(part);
    if (place !== null && !places.some((p) => p.name === place.name)) places.push(place);
  }
  return { places, incoterm, via, direct };
}

function splitCommaList(part: string): string[] {
  const pieces = part.split(/,\s*/);
  if (pieces.length < 2) return [part];
  const rest = pieces.slice(1).map((p) => p.trim());
  const restAreDecorations = rest.every(
    (p) => p === '' || COUNTRIES.has(normaliseLabel(p)) || STATES.has(p) || lookupPlace(p) === null,
  );
  return restAreDecorations ? [part] : pieces;
}

const KNOWN_NAMES = [...BY_NAME.keys()].sort((a, b) => b.length - a.length);
const KNOWN_NAME_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${KNOWN_NAMES.map((n) => escapeRegExp(n).replace(/ /g, '[\\s.-]+')).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
const CODE_PATTERN = /(?<![A-Za-z])([A-Z]{3}|[A-Z]{5})(?![A-Za-z])/g;
/**
 * A UN/LOCODE in capitals, "BRSSZ", "CNSHA", or with a space after its country, "BR SSZ": five letters no
 * word is, read wherever they stand (a three-letter code, "SSZ", only where codes are expected: `withCodes`).
 */
const LOCODE_PATTERN = /(?<![\p{L}\p{N}])([A-Z]{2}) ?([A-Z]{3})(?![\p{L}\p{N}])/gu;

export interface PlaceMention {
  place: PlaceValue;
  start: number;
  end: number;
}

/** Country names written after a place ("Shanghai, China", "Santos (Brasil)"), as folded text, longest first. */
const COUNTRY_NAME_ALTERNATION = [...COUNTRY_NAMES]
  // "Singapore" is a port too: "Hong Kong - Singapore - Santos" names three places.
  .filter((name) => name.length >= 3 && !BY_NAME.has(normaliseLabel(name)))
  .sort((a, b) => b.length - a.length)
  .map((name) => escapeRegExp(name).replace(/ /g, '[\\s.]+'))
  .join('|');
/** ", CN", " (CN)", "/CN", " - CN", "-CN" right after a place: its country's ISO code (checked by the caller). */
const COUNTRY_CODE_AFTER =
  /(?:\s*,\s*|\s*\/\s*|\s+[-–]\s+|-)([A-Z]{2})(?![\p{L}\p{N}])|\s*\(\s*([A-Z]{2})\s*\)/uy;
/** ", China", " (Brasil)", " - Brazil" right after a place (folded text). */
const COUNTRY_NAME_AFTER = new RegExp(
  `(?:\\s*,\\s*|\\s+[-–]\\s+)(?:${COUNTRY_NAME_ALTERNATION})(?![\\p{L}\\p{N}])|\\s*\\(\\s*(?:${COUNTRY_NAME_ALTERNATION})\\s*\\)`,
  'uy',
);

/**
 * "Shanghai, CN", "Santos, BR", "Ningbo (CN)", "Shanghai, China": the length of the country written right after
 * a place, as quotes and replies name their ports ("Shanghai, CN / Ningbo, CN x Santos"), or 0. A code must be
 * the place's own country's, so that "Ningbo - BR…" is no decoration.
 */
function countrySuffixLength(text: string, folded: string, end: number, place: PlaceValue): number {
  // Sticky patterns read at `end` without copying the rest of the text (a reply may be one long line).
  COUNTRY_CODE_AFTER.lastIndex = end;
  const code = COUNTRY_CODE_AFTER.exec(text);
  if (code !== null && (code[1] ?? code[2]) === place.country) return code[0].length;
  COUNTRY_NAME_AFTER.lastIndex = end;
  return COUNTRY_NAME_AFTER.exec(folded)?.[0].length ?? 0;
}

/** Known places named anywhere in a text (names case-insensitive, codes in capitals). */
export function findKnownPlaces(text: string, withCodes = false): PlaceMention[] {
  const folded = foldKeepingOffsets(text);
  const found: PlaceMention[] = [];
  for (const match of folded.matchAll(KNOWN_NAME_PATTERN)) {
    const place = BY_NAME.get(normaliseLabel(match[1] ?? ''));
    if (place !== undefined) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      const code = /^\s*\(([A-Z]{3,5})\)/.exec(text.slice(end));
      const coded = code === null ? undefined : BY_CODE.get(code[1] ?? '');
      const value = fromDefinition(coded ?? place);
      const named = coded === undefined ? end : end + (code?.[0].length ?? 0);
      found.push({ place: value, start, end: named + countrySuffixLength(text, folded, named, value) });
    }
  }
  const overlaps = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  for (const match of text.matchAll(LOCODE_PATTERN)) {
    const code = `${match[1] ?? ''}${match[2] ?? ''}`;
    const place = BY_CODE.get(code);
    const start = match.index ?? 0;
    const end = start + match[0].length;
    // Only a code of the place's own country ("BRSSZ" for Santos; "SSZ" alone is not such a code).
    if (place !== undefined && code.startsWith(place.country) && !overlaps(start, end)) {
      const value = fromDefinition(place);
      found.push({ place: value, start, end: end + countrySuffixLength(text, folded, end, value) });
    }
  }
  if (withCodes) {
    for (const match of text.matchAll(CODE_PATTERN)) {
      const place = BY_CODE.get(match[1] ?? '');
      const start = match.index ?? 0;
      const end = start + (match[1]?.length ?? 0);
      if (place !== undefined && !overlaps(start, end)) {
        found.push({ place: fromDefinition(place), start, end });
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What joins an origin to a destination in a route ("Ningbo x Santos", "Busan to Santos"). */
const ROUTE_JOINS = 'x|-|–|—|to|→|->|>|para';
/** Between two known places, also "a" ("Xangai a Santos"). */
const ROUTE_CONNECTOR = new RegExp(`^\\s*(?:${ROUTE_JOINS}|a)\\s*$`, 'i');
/** A place's country code written after it: "Shanghai, CN", "Santos, BR". */
const COUNTRY_CODE = `(?:\\s*,\\s*[A-Za-z]{2})?`;
/**
 * A label that is only a route, "Ningbo x Santos", "Shanghai - Itajaí", "Busan to Santos", "Shanghai, CN x
 * Santos, BR".
 */
export const ROUTE_ONLY = new RegExp(
  `^[\\p{L}][\\p{L} .'-]*?${COUNTRY_CODE}\\s+(?:${ROUTE_JOINS})\\s+[\\p{L}][\\p{L} .'-]*?${COUNTRY_CODE}$`,
  'u',
);
/** Words that label a port of discharge ("POD Santos", "Destino: Santos"), as an alternation. */
export const DESTINATION_LABELS =
  'pod|p\\.o\\.d\\.?|destino|destination|dest\\.|port of discharge|discharge port|porto de destino|porto de descarga|puerto de destino|puerto de descarga';
/** Words that label a port of loading ("POL Ningbo"), as an alternation. */
export const ORIGIN_LABELS =
  'pol|p\\.o\\.l\\.?|origem|origin|origen|port of loading|porto de origem|puerto de origen';
/**
 * The start of a line up to a labelled destination: "pod ", "pol ningbo / pod ", "destino: " (folded
 * text), as "ningbo x " is for a route.
 */
export const DESTINATION_LEAD = new RegExp(
  `^[\\s\\-–•*·]*(?:(?:${ORIGIN_LABELS})\\s*[:.-]?\\s*[\\p{L}][\\p{L} .'-]*?\\s*[/|,;–-]\\s*)?(?:${DESTINATION_LABELS})\\s*[:.-]?\\s*$`,
  'iu',
);
/** The start of a line up to a route's destination: "ningbo x " of "ningbo x itajai: …" (folded text). */
export const ROUTE_START = new RegExp(
  `^[\\p{L}][\\p{L} .'-]*?${COUNTRY_CODE}\\s+(?:${ROUTE_JOINS})\\s+$`,
  'u',
);
/** "Yiwu x Santos": two capitalised names joined by "x", never a word's tail ("1x40HC Yiwu x …" is no "HC Yiwu"). */
const UNKNOWN_ROUTE =
  /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)\s+x\s+(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/u;

/** A label that is only a route written with a slash: "Shanghai/Santos" (a route only from abroad). */
export const SLASH_ROUTE = /^[\p{L}][\p{L} .'-]*?\s*\/\s*[\p{L}][\p{L} .'-]*$/u;

/**
 * A text that is only a route, "Shanghai x Santos", "Ningbo → Itajaí", "Shanghai/Santos" (a table's route
 * cell): its origin and destination; null for anything else (a list of ports, a sentence).
 */
export function readRouteOnly(text: string): { from: PlaceValue; to: PlaceValue } | null {
  const plain = text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ROUTE_ONLY.test(plain) || SLASH_ROUTE.test(plain) ? readRoute(plain) : null;
}

/** "Shanghai x Santos", "Ningbo - Itajaí", "Xiamen/Santos": an origin and a destination written as a route. */
export function readRoute(text: string): { from: PlaceValue; to: PlaceValue } | null {
  const mentions = findKnownPlaces(text, true);
  for (let i = 0; i + 1 < mentions.length; i++) {
    const a = mentions[i];
    const b = mentions[i + 1];
    if (a === undefined || b === undefined) continue;
    const between = text.slice(a.end, b.start);
    if (ROUTE_CONNECTOR.test(between)) return { from: a.place, to: b.place };
    // "Xiamen/Santos": a slash reads as a route only from abroad to Brazil, not as a list of ports.
    if (/^\s*\/\s*$/.test(between) && a.place.country !== 'BR' && b.place.country === 'BR') {
      return { from: a.place, to: b.place };
    }
  }
  const unknown = UNKNOWN_ROUTE.exec(text);
  if (unknown !== null) {
    const from = cleanPlace(unknown[1] ?? '');
    const to = cleanPlace(unknown[2] ?? '');
    if (from !== null && to !== null) return { from, to };
  }
  return null;
}
