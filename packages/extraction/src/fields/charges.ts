import { classifyHeadingText, type SectionContext } from '../blocks/headings.js';
import type { Line } from '../blocks/lines.js';
import {
  CONDITIONAL_MARKERS,
  EXCLUDED_FROM_ALL_IN_MARKERS,
  FIELD_LABELS,
  FREIGHT_LABELS,
  IGNORED_CHARGE_LABELS,
  INCLUDED_MARKERS,
  NOT_INCLUDED_MARKERS,
  STILL_APPLIES_MARKERS,
  SUPERSEDED_MARKERS,
} from '../dictionary/labels.js';
import { findCarrierMention } from '../normalise/carrier-names.js';
import { matchFee, printedFeeName } from '../normalise/fee-names.js';
import { type AmountToken, findAmounts } from '../normalise/money.js';
import { parseLocaleNumber } from '../normalise/numbers.js';
import { foldKeepingOffsets, normaliseLabel, phraseAlternation, phraseRegExp } from '../normalise/text.js';
import {
  findEquipment,
  findLeadingUnit,
  findUnit,
  freightUnitFromBasis,
  type UnitMatch,
  unitFromBasisWord,
} from '../normalise/units.js';
import type { ContainerUnit, FeeUnit, FreightUnit } from '../types.js';
import type { ChargeCandidate } from './charge-types.js';
import { amountOrigins, isAbroad, leadingOrigin } from './origin-ports.js';
import {
  DESTINATION_LABELS,
  findKnownPlaces,
  lookupPlace,
  ORIGIN_LABELS,
  type PlaceValue,
  parsePlaceField,
  ROUTE_ONLY,
  readRoute,
  SLASH_ROUTE,
} from './places.js';
import { findPorts } from './quote-ports.js';
import { withoutOldPrices } from './revised-prices.js';

const IGNORED = phraseRegExp(IGNORED_CHARGE_LABELS, 'u');
const SUPERSEDED = phraseRegExp(SUPERSEDED_MARKERS, 'u');
const CONDITIONAL = new RegExp(`(?:${phraseAlternation(CONDITIONAL_MARKERS)})`, 'u');
const INCLUDED = phraseRegExp(INCLUDED_MARKERS, 'u');
/** "not included", "não incluso", "cobrado à parte": a priced charge on top of the freight, not inside it. */
const NOT_INCLUDED = phraseRegExp(NOT_INCLUDED_MARKERS, 'u');
/** "4,2 W/M x USD 38,00 = USD 159,60", "320 kg x 3.90 = 1,248": a computation, its result is no price. */
const COMPUTATION = /[x×*]\s*(?:(?:usd|us\$|brl|r\$|eur|€)\s*)?\d[\d.,]*\s*(?:\/\s*\p{L}+\s*)?=/u;
/**
 * "For your shipment (CW 320 kg) … about USD 1,248 freight", "Frete estimado para sua carga: …": an
 * estimate for the client's own cargo, worked out from the rates quoted elsewhere (generalisation-4 t17, t18).
 */
const ESTIMATE_FOR_CARGO =
  /(?<![\p{L}])(?:(?:for|to) your (?:shipment|cargo|load)|para (?:a )?sua carga|para (?:o )?seu embarque|para su carga|para su embarque)(?![\p{L}])/u;
const ESTIMATE_WORD =
  /(?<![\p{L}])(?:about|approx\.?|approximately|around|estimated|estimate|estimad[oa]|aproximad[oa]|aprox\.?|cerca de)(?![\p{L}])/u;
/**
 * "Your cargo 5.8cbm / 2.45MT -> 5.8RT -> O/F USD162.40", "Sua carga: 2,4 m³ / 3.100 kg -> … frete EUR
 * 120,90", "For your shipment: CW 456 kg x EUR 2.40 (+300 kg break) = EUR 1,094.40": the client's cargo
 * and a derivation (an arrow, "=" or "x") work out what the quoted rates come to (generalisation-5).
 */
const CARGO_REFERENCE =
  /(?<![\p{L}])(?:your (?:shipment|cargo|load)|sua carga|seu embarque|su (?:carga|embarque|envio))(?![\p{L}])/u;
const ESTIMATE_HEADING = /(?<![\p{L}])(?:estimativa|estimacion|estimate|calculo|calculation)(?![\p{L}])/u;
const DERIVATION = /->|→|=>|=|\d\s*[x×]\s*(?:usd|us\$|eur|€|brl|r\$)?\s*\d/u;

/** A line that works out an estimate for the client's cargo from the quoted rates (see CARGO_REFERENCE). */
export function isCargoEstimate(text: string): boolean {
  const folded = foldKeepingOffsets(text);
  const derived = DERIVATION.test(folded);
  if (ESTIMATE_HEADING.test(folded) && derived) return true;
  return (
    (ESTIMATE_FOR_CARGO.test(folded) || CARGO_REFERENCE.test(folded)) &&
    (derived || ESTIMATE_WORD.test(folded))
  );
}

/** "Estimativa para sua carga (3,2 m³ x 1,85 t -> 3,2 W/M):": the lines under it are that estimate. */
export function opensCargoEstimate(text: string): boolean {
  return /:\s*$/.test(text) && findAmounts(text).length === 0 && isCargoEstimate(text);
}
/**
 * "Armazenagem: 0,25% sobre o valor CIF por período de 10 dias": a charge per storage period is eventual,
 * like a per-diem one (rule 8: storage), whatever stands between the amount and its basis (generalisation-5).
 */
const PER_PERIOD = /(?<![\p{L}])(?:por|per|each|cada|a cada)\s+(?:periodo|period)s?(?![\p{L}])/u;
/**
 * "Scanner: R$ 95,00/cntr, somente quando a carga for selecionada": "only when/if" makes the charge itself
 * eventual wherever it stands, unlike a condition after a price ("USD 2.200, subject to GRI"), which leaves
 * the price standing (rule 8; generalisation-5 t22).
 */
const ONLY_WHEN =
  /(?<![\p{L}])(?:somente|apenas|only|solo|solamente|unicamente)\s+(?:quando|se|em caso|when|if|in case|cuando|si|en caso)(?![\p{L}])/u;
/** "sujeito a PSS de USD 300", "subject to PSS USD 300" before the amount: a possible surcharge, not a price. */
const SUBJECT_TO_LEAD =
  /(?<![\p{L}])(?:sujeit[oa]s?\s+a[os]?|subj(?:ect|\.)?\s+to|sujet[oa]s?\s+a)(?![\p{L}])/u;
const FREIGHT = phraseRegExp(FREIGHT_LABELS, 'u');
const ALL_IN = /(?:^|[^\p{L}])all[\s-]?in(?![\p{L}])/gu;
/** "tarifa all in", "all-inclusive", "tudo incluso" in a heading (folded text). */
const ALL_IN_HEADING = /(?:^| )(?:all ?in(?:clusive)?|tudo incluso|todo incluido)(?: |$)/;
/** What follows an all-in price's "all in": separators, then a word that leaves a charge out. */
const EXCLUSION_AFTER_ALL_IN = new RegExp(
  `^[\\s,;:.()-]*(?:${phraseAlternation(EXCLUDED_FROM_ALL_IN_MARKERS)})(?![\\p{L}])[\\s,;:.-]*`,
  'u',
);
const MINIMUM = /(?<![\p{L}])(?:min|mín|minimo|mínimo|minimum|minima|mínima)(?![\p{L}])/iu;
const MINIMUM_QUANTITY =
  /(?:min|mín|minimo|mínimo|minimum|minima|mínima)\.?\s*(?:de\s+)?(\d+(?:[.,]\d+)?)\s*(cbm|m3|m³|w\s*\/\s*m|wm|kgs?|rt|t|tons?)(?![\p{L}])/iu;
const NON_CHARGE_FIELDS = new RegExp(
  `^[\\s\\-–•*·]*(?:\\d{1,2}[.)]\\s+)?(?:${phraseAlternation([
    ...FIELD_LABELS.payment,
    ...FIELD_LABELS.validity,
    ...FIELD_LABELS.transit,
    ...FIELD_LABELS.freeTime,
    ...FIELD_LABELS.incoterm,
    ...FIELD_LABELS.documentDate,
  ])})\\s*(?:\\([^)]*\\))?\\s*(?:\\.:|:)`,
  'u',
);
/** A word that makes a label a charge wherever it stands ("Doc fee", "taxa extra", "BE fee 1"). */
const FEE_WORD = /\b(?:fee|fees|taxa|taxas|charge|charges|surcharge|sobretaxa|recargo)\b/;
const CHARGE_SHAPED =
  /^(taxa|tarifa|tasa|sobretaxa|recargo|cargo|gastos?|fee|charge)\b|\b(fee|charge|surcharge|taxa)$/;
const CHARGE_HEADING_START =
  /^(taxas|despesas|gastos|charges|local charges|other charges|fees|surcharges|custos|cargos|tarifas locais|encargos|recargos|destination charges|origin charges)\b/;
const CONNECTOR_END = /(?:^|\s)(?:de|da|do|das|dos|of|the|del|la|para|e|y|and|\/|-)$/i;

export function cleanLabel(text: string): string {
  return text
    .replace(/^[\s\-–•*·>]+/, '')
    .replace(/^\d{1,2}[.)]\s+/, '')
    .replace(/\.{2,}|…+/g, ' ')
    .replace(/[\s:=|/;,+&–—-]+$/, '')
    .replace(/^[\s:=|/;,.+&–—-]+/, '')
    .replace(/^(?:and|e|y|plus|mais)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * "Demais taxas mantidas conforme nossa proposta anterior (BAF", "Mantemos as demais taxas (THC": a label
 * ending in an opening parenthesis and a known fee name is that fee name, never the sentence before the
 * parenthesis (QA pass 31: the sentence reached the carrier's approval e-mail as the fee's name).
 */
function feeOpenedInParens(label: string): string {
  const open = label.lastIndexOf('(');
  if (open < 0 || label.includes(')', open)) return label;
  const named = cleanLabel(label.slice(open + 1));
  return named !== '' && named.split(' ').length <= 4 && matchFee(named) !== null ? named : label;
}

/** "Excepto THC destino", "Except BL fee" (folded): a word leaving the charge out of an all-in price. */
const EXCLUSION_LEAD = new RegExp(
  `^(?:${phraseAlternation(EXCLUDED_FROM_ALL_IN_MARKERS)})(?![\\p{L}])[\\s,:;.-]*`,
  'u',
);
/** A sentence's end then a word leaving a charge out ("… and ISPS. Excluding BL fee"), folded. */
const EXCLUSION_SENTENCE = new RegExp(
  `[.;]\\s+(?=(?:${phraseAlternation(EXCLUDED_FROM_ALL_IN_MARKERS)})(?![\\p{L}]))`,
  'u',
);
/** Words of a carrier's sentence that say it changes a charge ("Conseguimos reduzir o THC para …"). */
const SENTENCE_VERBS = new Set([
  'conseguimos',
  'conseguiremos',
  'conseguiriamos',
  'podemos',
  'poderemos',
  'pudemos',
  'vamos',
  'reduzir',
  'reduzimos',
  'baixar',
  'baixamos',
  'diminuir',
  'diminuimos',
  'ajustar',
  'ajustamos',
  'revisar',
  'revisamos',
  'melhorar',
  'melhoramos',
  'manter',
  'mantemos',
  'we',
  'can',
  'could',
  'will',
  'reduce',
  'reduced',
  'lower',
  'lowered',
  'decrease',
  'adjust',
  'adjusted',
  'revise',
  'revised',
  'keep',
  'reducir',
  'reducimos',
  'bajar',
  'bajamos',
  'rebajar',
  'rebajamos',
  'ajustamos',
  'mejorar',
  'mejoramos',
  'mantener',
  'mantenemos',
]);
/** What may stand before the charge's name in such a sentence: those verbs, articles, pronouns, "e". */
const SENTENCE_LEAD = new Set([
  ...SENTENCE_VERBS,
  'o',
  'a',
  'os',
  'as',
  'the',
  'el',
  'la',
  'los',
  'las',
  'e',
  'y',
  'and',
  'also',
  'tambem',
  'tambien',
  'are',
  'able',
  'to',
  'our',
  'nosso',
  'nossa',
  'nuestro',
  'nuestra',
  'your',
  'seu',
  'sua',
  'su',
]);
/** What may end such a sentence's part before the amount ("… o THC destino para", "… the THC to"). */
const SENTENCE_POINTERS = new Set([
  'para',
  'pra',
  'to',
  'a',
  'al',
  'hasta',
  'ate',
  'de',
  'from',
  'por',
  'en',
  'em',
]);

/**
 * A fee's label as its name: without a word leaving it out of an all-in price ("Excepto THC destino" →
 * "THC destino": an exclusion is not a fee's name) and without the carrier's sentence around it
 * ("Conseguimos reduzir o BL fee para" → "BL fee", "o THC destino para" → "THC destino", "We can reduce the
 * THC to" → "THC"; QA pass 33: the sentences were the fees' names on the screen). Only when what is left still
 * names the same fee; any other label is returned as it is.
 */
function feeLabelOf(label: string): string {
  const fee = matchFee(label);
  if (fee === null) return label;
  const same = (text: string) => text !== '' && matchFee(text)?.fee.name === fee.fee.name;
  let out = label;
  const exclusion = EXCLUSION_LEAD.exec(foldKeepingOffsets(out));
  if (exclusion !== null && exclusion[0] !== '' && same(out.slice(exclusion[0].length).trim()))
    out = out.slice(exclusion[0].length).trim();
  const words = out.split(/\s+/);
  const folded = words.map((word) => normaliseLabel(word));
  // A verb of the sentence, or an article before the name and a pointer after it ("o THC destino para");
  // "sujeito a PSS de" stays as written (the comparison reads the condition from it).
  const pointing = SENTENCE_POINTERS.has(folded.at(-1) ?? '') && SENTENCE_LEAD.has(folded[0] ?? '');
  if (!pointing && !folded.some((word) => SENTENCE_VERBS.has(word))) return out;
  let start = 0;
  while (start < words.length - 1 && SENTENCE_LEAD.has(folded[start] ?? '')) start++;
  let end = words.length;
  while (end > start + 1 && SENTENCE_POINTERS.has(folded[end - 1] ?? '')) end--;
  const named = words.slice(start, end).join(' ');
  return same(named) ? named : out;
}

/**
 * "… por contêiner 40HC. Demais taxas mantidas: BAF" between two amounts: the words after the last colon name
 * the next charge when they name a fee, never the sentence before them.
 */
function feeAfterColon(label: string): string {
  const colon = label.lastIndexOf(':');
  if (colon < 0) return label;
  const after = cleanLabel(label.slice(colon + 1));
  return after !== '' && matchFee(after) !== null ? after : label;
}

function stripParens(text: string): string {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface ChargeLineInput {
  text: string;
  line: Line;
  section: SectionContext | null;
  origin: string;
  cell?: string;
  /** The ports the quote asks, when known: a price line may name them (see `amountPorts`). */
  quotePorts?: readonly PlaceValue[];
}

interface LeadParts {
  main: string;
  sub: string;
  inlineSection: SectionContext | null;
  /** "Ningbo x Itajaí: Ocean freight 40HC …": the destination of the route the line is priced for. */
  routeTo?: PlaceValue;
  /** …and its origin ("Ningbo"), when the route names one. */
  routeFrom?: PlaceValue;
  /** "Ex Shanghai: USD 2.450/40HC", "Shanghai – USD 2.500": a lead that is only its port of loading. */
  originOnly?: boolean;
  /** "Origem Shanghai: THC USD 150": a lead opening with its port of loading names that port's charge. */
  atOrigin?: boolean;
}

/** Whether a label names a charge by itself: a fee, a freight word, equipment or a list of places. */
function namesCharge(label: string): boolean {
  const plain = stripParens(label);
  if (plain === '') return false;
  if (matchFee(plain) !== null || FREIGHT.test(normaliseLabel(plain)) || findEquipment(plain).length > 0)
    return true;
  const places = parsePlaceField(plain).places;
  return places.length > 0 && places.every((p) => p.known);
}

/**
 * Splits the text before the first amount at its last ":" or "=". "THC: Santos" gives a label and a
 * place; "Local charges (per container): THC" gives a heading and a label; "segue rápido: 40HC ..." a
 * preamble and a label.
 */
function splitLead(lead: string, lineNo: number): LeadParts {
  const origin = originOfLead(lead, lineNo);
  if (origin !== null) return origin;
  const parts = splitLeadAt(lead, lineNo);
  if (parts.sub !== '' || parts.inlineSection !== null || parts.routeTo !== undefined) return parts;
  const port = destinationOfLabel(parts.main);
  if (port === null) return parts;
  const from = port.from === null ? {} : { routeFrom: port.from };
  // "Shanghai x Santos - 40HC": the rest names the charge, for that port.
  return port.rest === ''
    ? { ...parts, main: port.place.name, ...from }
    : { ...parts, main: port.rest, routeTo: port.place, ...from };
}

/**
 * A lead that opens with its port of loading (QA pass 30): "Origem Shanghai: Frete …" and "Origem: Ningbo -
 * Frete …" are the freight's lead after it, from that origin; "Ex Shanghai:", "From Ningbo:", "POL Shanghai:",
 * "Shanghai –" alone price the freight from it. Before, the first was a freight with no origin and the
 * others fees named "EX SHANGHAI". Null for any other lead, and for a route ("Shanghai x Santos"), which
 * names another place after it.
 */
function originOfLead(lead: string, lineNo: number): LeadParts | null {
  const origin = leadingOrigin(lead);
  if (origin === null || findKnownPlaces(origin.rest).length > 0) return null;
  const rest = cleanLabel(origin.rest);
  if (rest === '')
    return {
      main: cleanLabel(lead),
      sub: '',
      inlineSection: null,
      routeFrom: origin.place,
      originOnly: true,
    };
  if (!namesCharge(rest)) return null;
  const parts = splitLeadAt(origin.rest, lineNo);
  return { ...parts, routeFrom: parts.routeFrom ?? origin.place, atOrigin: true };
}

const DESTINATION_LABEL_END = new RegExp(`(?:^|[\\s/|,;(-])(?:${DESTINATION_LABELS})\\s*[:.-]?\\s*$`, 'i');
/** What may come before it: an origin label before the origin's place ("POL Ningbo /"), or nothing. */
const ORIGIN_LABEL = new RegExp(`^(?:${ORIGIN_LABELS})\\s*[:.-]?\\s*$`, 'i');

/** The port a label names as its destination, and the origin it names before it, if any. */
interface NamedRoute {
  place: PlaceValue;
  from: PlaceValue | null;
}

/**
 * The port a freight label names with a discharge label or as a route from abroad: "POD Santos",
 * "POL Ningbo / POD Paranaguá", "Destino Santos", "Ningbo - Santos", "Shanghai x Santos - 40HC" (QA pass 4):
 * the port, and what the label says after it ("40HC"), if anything. Before, "POD Santos" was a fee named
 * "POD", a route's origin became its destination, and a route followed by its equipment priced no port.
 * Only a known port; null otherwise.
 */
function destinationOfLabel(
  main: string,
): { place: PlaceValue; from: PlaceValue | null; rest: string } | null {
  const plain = stripParens(main).trim();
  if (plain === '') return null;
  for (const mention of findKnownPlaces(plain)) {
    const after = plain.slice(mention.end);
    const rest = after.replace(/^\s*[-–—,|:]\s*/, '').trim();
    // The port ends the label, or what follows it names the charge ("- 40HC", "ocean freight").
    if (rest !== '' && (!/^\s*[-–—,|:\s]/.test(after) || !namesCharge(rest))) continue;
    const named = portNamedBy(plain.slice(0, mention.end), mention.place);
    if (named !== null) return { ...named, rest };
  }
  return null;
}

/**
 * `label` ends on `place`: the port when the label is a route from abroad ("Shanghai x Santos",
 * "Shanghai/Santos") or a discharge label ("POL Ningbo / POD Santos"), with the origin it names.
 */
function portNamedBy(label: string, place: PlaceValue): NamedRoute | null {
  const route = ROUTE_ONLY.test(label) || SLASH_ROUTE.test(label) ? readRoute(label) : null;
  if (route !== null && route.from.country !== 'BR' && route.to.country === 'BR')
    return { place: route.to, from: route.from };
  const mentions = findKnownPlaces(label);
  const last = mentions.at(-1);
  if (last === undefined || last.place.name !== place.name) return null;
  const before = label.slice(0, last.start);
  const marker = DESTINATION_LABEL_END.exec(before);
  if (marker === null) return null;
  // Whatever precedes the label is an origin: its label and place, and separators.
  const rest = before.slice(0, marker.index).replace(/[\s/|,;-]+$/, '');
  if (rest === '') return { place: last.place, from: null };
  const origin = mentions.length >= 2 ? mentions[mentions.length - 2] : undefined;
  if (origin === undefined || /[^\s/|,;-]/.test(label.slice(origin.end, marker.index))) return null;
  const opening = label.slice(0, origin.start);
  if (!ORIGIN_LABEL.test(opening) && opening.trim() !== '') return null;
  return { place: last.place, from: origin.place };
}

function splitLeadAt(lead: string, lineNo: number): LeadParts {
  const colon = Math.max(lead.lastIndexOf(':'), lead.lastIndexOf('='));
  if (colon < 0) return { main: cleanLabel(lead), sub: '', inlineSection: null };
  const before = cleanLabel(lead.slice(0, colon));
  const after = cleanLabel(lead.slice(colon + 1));
  // One line per route ("Ningbo x Santos: …", "Ningbo x Itajaí: …"): each priced for its destination.
  const route = after !== '' && ROUTE_ONLY.test(before) ? readRoute(before) : null;
  if (route !== null && namesCharge(after))
    return { main: after, sub: '', inlineSection: null, routeTo: route.to, routeFrom: route.from };
  // "POL Shanghai / POD Santos: 40HC …", "Shanghai/Santos: 40HC …", "Puerto de origen Ningbo / Puerto de
  // destino Itajaí: 40HC …": a lead that is only a labelled route or one from abroad (the QA pass 8 reply).
  const labelled = after !== '' && namesCharge(after) ? destinationOfLabel(before) : null;
  if (labelled !== null && labelled.rest === '')
    return {
      main: after,
      sub: '',
      inlineSection: null,
      routeTo: labelled.place,
      ...(labelled.from === null ? {} : { routeFrom: labelled.from }),
    };
  // "Nova opção com destino Navegantes: 40HC …", "Conseguimos melhorar para Santos: 40HC …", "alternativa via
  // Navegantes: …": a sentence that ends naming the port its prices are for (ADR 0024 addendum).
  const leadPort = after !== '' && namesCharge(after) ? portEndingLead(before) : null;
  if (leadPort !== null) return { main: after, sub: '', inlineSection: null, routeTo: leadPort };
  const heading = classifyHeadingText(before, lineNo);
  const isChargeHeading = heading !== null && heading.kind !== 'freight' && heading.kind !== 'conditions';
  // "Taxas por BL: Liberação USD 95" is a heading with its charges, though "BL" alone names a fee.
  if (isChargeHeading && after !== '' && CHARGE_HEADING_START.test(normaliseLabel(before))) {
    return { main: after, sub: '', inlineSection: heading };
  }
  if (after === '' || namesCharge(before)) return { main: before, sub: after, inlineSection: null };
  if (isChargeHeading) return { main: after, sub: '', inlineSection: heading };
  if (namesCharge(after)) return { main: after, sub: '', inlineSection: null };
  return { main: before, sub: after, inlineSection: null };
}

/**
 * The port a lead sentence ends on after a word that points to a destination: "com destino Navegantes",
 * "para Santos", "to Itapoá", "via Navegantes" (a Brazilian port only: abroad, "via" is a transshipment).
 * Only a known port, the last words of the lead; null otherwise.
 */
function portEndingLead(lead: string): PlaceValue | null {
  const mentions = findKnownPlaces(lead);
  const last = mentions.at(-1);
  if (last === undefined || lead.slice(last.end).trim() !== '') return null;
  const pointer =
    /(?:^|\s)(destino|destination|destinado a|para|to|a|ao|hacia|via|vía|porto de|port of|puerto de)\s+$/i.exec(
      lead.slice(0, last.start),
    );
  if (pointer === null) return null;
  const word = (pointer[1] ?? '').toLowerCase();
  if ((word === 'via' || word === 'vía' || word === 'a' || word === 'to') && last.place.country !== 'BR')
    return null;
  return last.place;
}

/** A price given as a range is an estimate to check: below 0.5, "Verificar" on the screen. */
const RANGE_CONFIDENCE = 0.45;
const RANGE_JOIN = /^\s*(?:a|-|–|~|to|at[eé]|hasta)\s*/iu;
// "USD 1.500 - 1.700, 40HC …": a comma or full stop that ends the sentence may follow the bare end.
const RANGE_BARE_END = /^(\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?!\d|[.,]\d|\s*%)/u;

/**
 * "USD 1.800 a 2.000", "USD 1,800-2,000", "USD 1.700 - 1.800 por contenedor", "USD 1.800 ~ USD 2.000": the
 * upper end of a price range (the QA pass: the low end was counted as certain), where it ends in the line
 * and whether it is the next amount. Only an end above the start and at most three times it.
 */
function rangeAfter(
  amount: AmountToken,
  next: AmountToken | undefined,
  text: string,
): { value: number; end: number; next: boolean } | null {
  if (amount.isPercent) return null;
  const tail = text.slice(amount.end, next?.start ?? text.length);
  const join = RANGE_JOIN.exec(tail);
  if (join === null) return null;
  const plausible = (value: number) => value > amount.value && value <= amount.value * 3;
  const rest = tail.slice(join[0].length);
  if (next !== undefined && rest.trim() === '' && !next.isPercent) {
    const sameCurrency =
      next.currency === null || amount.currency === null || next.currency === amount.currency;
    return sameCurrency && plausible(next.value) ? { value: next.value, end: next.end, next: true } : null;
  }
  const bare = RANGE_BARE_END.exec(rest);
  if (bare === null) return null;
  const parsed = parseLocaleNumber(bare[1] ?? '');
  if (parsed === null || !plausible(parsed.value)) return null;
  return { value: parsed.value, end: amount.end + join[0].length + (bare[1] ?? '').length, next: false };
}

type LineKind = 'freight' | 'fee' | 'placeFreight' | null;

/** A label that is only "of" (ocean freight in chat shorthand); "o/f", "o.f." are freight labels already. */
const BARE_OF = /^of$/;
/**
 * A sentence offering a price ("Conseguimos USD 1.500/20GP", "can do USD 2.100/40HC now", "Podemos fazer
 * USD 1.900 por 40HC", "Complementando nossa proposta: USD 1.700/20GP"; folded text): with an equipment right after the amount it is freight, not a fee named
 * "Conseguimos" (QA pass 4) nor nothing.
 */
const OFFER_LEAD =
  /(?:^| )(?:conseguimos|consigo|conseguiriamos|podemos|posso|fazemos|melhoramos|reduzimos|baixamos|fechamos|ofrecemos|tenemos|conseguimos hacer|can|could|we offer|best we can do|revised|revisado|revisada|revisamos|complementando|complementamos|complementing|em complemento|adicionalmente|additionally|also|tambem)(?: |$)/;

/**
 * "Taxas na origem: EUR 45,00 por BL (documentação)": a fee whose label names no fee is named by a word in
 * parentheses after its amount, when that word is a known fee and not a basis ("(per BL)").
 */
/** Words of a fee label naming the port of loading's side ("Origin THC", "OTHC", "THC origem", "at POL"). */
const ORIGIN_SIDE = /\b(?:origem|origin|origen|othc|pol|embarque|na origem)\b/;

function feeNamedInParens(window: string): string | null {
  for (const group of window.matchAll(/\(([^()]{2,40})\)/g)) {
    const inside = (group[1] ?? '').trim();
    const bare = normaliseLabel(inside);
    if (/\d/.test(inside) || /^(?:per|por|each|cada|p)\b/.test(bare)) continue;
    if (
      /^(?:bl|hbl|mbl|awb|cntr|container|contenedor|conteiner|wm|w m|cbm|m3|kg|ton|embarque|shipment)$/.test(
        bare,
      )
    )
      continue;
    const fee = matchFee(inside);
    if (fee !== null) return fee.fee.name;
  }
  return null;
}

/** "via Turkish", "by Emirates", "pela LATAM": the words before a carrier's name that route through it. */
const CARRIER_LEAD = /^(?:via|by|with|com|con|pela|pelo|por)\s+/iu;

/** The label is a shipping line's or airline's name, perhaps after "via", and nothing more. */
function namesCarrier(plain: string): boolean {
  const bare = plain.replace(CARRIER_LEAD, '').trim();
  const carrier = findCarrierMention(bare);
  return carrier !== null && carrier.index === 0 && carrier.name.length === bare.length;
}

/**
 * An option's own figures ("Opção 2: Saudia USD 3,60/kg, 4 dias", rewritten without its header): the name
 * before its first price is the option's (its carrier, its service), not a fee's — unless it names a fee.
 */
function optionFreight(lead: string): boolean {
  const plain = stripParens(lead);
  if (matchFee(plain) !== null || /\d/.test(plain)) return false;
  return normaliseLabel(plain).split(' ').length <= 4;
}

function classifyMain(
  main: string,
  section: SectionContext | null,
): { kind: LineKind; feeLabel: string | null; bareOf?: boolean } {
  const plain = stripParens(main);
  const folded = normaliseLabel(plain);
  const fee = matchFee(plain);
  const freightWord = FREIGHT.exec(folded);
  if (fee !== null && (freightWord === null || freightWord.index > 0)) return { kind: 'fee', feeLabel: main };
  // "of usd 1.890,00 20dv" (lower-case chat, issue 32): a bare "of" before a price is ocean freight.
  if (BARE_OF.test(folded)) return { kind: 'freight', feeLabel: null, bareOf: true };
  if (freightWord !== null) return { kind: 'freight', feeLabel: null };
  if (findEquipment(plain).length > 0) return { kind: 'freight', feeLabel: null };
  // "MSC: USD 2.900,00 por 40HC", "Lufthansa USD 3,90/kg", "via Turkish USD 3,60/kg": a price named by its
  // carrier is freight, not a fee named by the carrier.
  if (namesCarrier(plain)) return { kind: 'freight', feeLabel: null };
  if (plain === '') return { kind: section?.kind === 'freight' ? 'freight' : null, feeLabel: null };
  const places = parsePlaceField(plain).places;
  const isPlaceList = places.length > 0 && places.every((p) => p.known) && !/\d/.test(plain);
  if (isPlaceList && (section === null || section.kind === 'freight'))
    return { kind: 'placeFreight', feeLabel: null };
  const words = folded.split(' ').length;
  // "XYZ fee … USD 55,00 /BL" under a freight heading: a charge the dictionary does not know is a charge,
  // not a freight per BL (QA pass 20: an OCR-misread "BL fee" was a freight and the row the cheapest).
  if (section?.kind === 'freight')
    return FEE_WORD.test(folded) && words <= 6
      ? { kind: 'fee', feeLabel: main }
      : { kind: 'freight', feeLabel: null };
  const inChargeSection = section !== null && section.kind !== 'conditions';
  const looksLikeLabel = /^\p{Lu}/u.test(plain) && words <= 3;
  const namedAsCharge = CHARGE_SHAPED.test(folded) && words <= 6;
  if ((inChargeSection && words <= 6) || looksLikeLabel || namedAsCharge)
    return { kind: 'fee', feeLabel: main };
  return { kind: null, feeLabel: null };
}

/** "Local charges: sem alteração (THC BRL 1,450.00/cntr, Doc fee USD 50.00/BL)": the restated list. */
const RESTATED = new RegExp(
  String.raw`^(?<label>[^()]*?)\s*[:\-–]?\s*(?:${phraseAlternation(STILL_APPLIES_MARKERS)})\s*[:\-–]?\s*\((?<list>.+)\)\s*[.;]?\s*$`,
  'u',
);

/**
 * A revision that restates its unchanged charges inline keeps them: the list in parentheses is read as the
 * charges of the label before the marker (issue 30), not dropped with the "unchanged" sentence.
 */
function restatedCharges(text: string): string | null {
  const match = RESTATED.exec(foldKeepingOffsets(text));
  if (match?.groups === undefined || match.index === undefined) return null;
  const label = text.slice(0, match.groups.label!.length).trim();
  const listStart = match[0].lastIndexOf(match.groups.list!);
  const list = text.slice(listStart, listStart + match.groups.list!.length);
  return findAmounts(list).length === 0 ? null : `${label ? `${label.replace(/[:\s]+$/, '')}: ` : ''}${list}`;
}

const SLASH_CUR = String.raw`US\$|USD|R\$|BRL|EUR|€`;
const SLASH_NUM = String.raw`(?:\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)`;
/** "20GP", "40'HC", "40 HQ", and a size alone ("20'", "40'": QA pass 23). */
const SLASH_EQ = String.raw`\d{2}(?:\s*['’]?\s*[A-Za-z]{2,4}(?![A-Za-z])|\s*['’])`;
/**
 * The amounts of a slash list, the currency written once ("USD 1.150 / 2.050") or before each of them ("USD
 * 1.150 / USD 2.050", QA pass 33: the second was read as another 20' price).
 */
const SLASH_NUMS = String.raw`${SLASH_NUM}(?:\s*\/\s*(?:(?:${SLASH_CUR})\s*)?${SLASH_NUM})+`;
/** "por contêiner", "per BL" between a slash list's amounts and its equipment in parentheses. */
const SLASH_BASIS = String.raw`\s+(?:por|per|each|cada|p\/)\s*\p{L}[\p{L}\/.]*`;
/**
 * "USD1650/2050/2050 (20GP/40GP/40HQ)", "BRL 1.100 / 1.400 por contêiner (20'/40')": amounts in a slash list,
 * their equipment listed in parentheses (after the basis, if any).
 */
const SLASH_AMOUNTS_THEN_EQUIPMENT = new RegExp(
  String.raw`(?<cur>${SLASH_CUR})\s*(?<nums>${SLASH_NUMS})(?<basis>${SLASH_BASIS})?\s*\((?<eqs>${SLASH_EQ}(?:\s*\/\s*${SLASH_EQ})+)\)`,
  'iu',
);
/** "20GP/40GP/40HQ = USD1450/1900/1950", "20GP/40HQ: USD 1,450 / 1,950": the equipment list first. */
const SLASH_EQUIPMENT_THEN_AMOUNTS = new RegExp(
  String.raw`(?<eqs>${SLASH_EQ}(?:\s*\/\s*${SLASH_EQ})+)\s*[:=-]?\s*(?<cur>${SLASH_CUR})\s*(?<nums>${SLASH_NUMS})(?![\d.,]*\d)`,
  'iu',
);
const SLASH_CURRENCY = new RegExp(SLASH_CUR, 'iu');

/**
 * Asian forwarders' slash lists (generalisation-4 t05): "O/F: USD1650/2050/2050 (20GP/40GP/40HQ)" is one
 * price per equipment, in order — it was one per-BL freight of 1650. Rewritten as "USD 1650/20GP; USD
 * 2050/40GP; …" when the two lists have the same length and every item of the second is an equipment; with
 * a basis ("BRL 1.100 / 1.400 por contêiner (20'/40')") as "BRL 1.100 por contêiner (20'); …", so that each
 * amount keeps both. A currency repeated before an amount must be the first one.
 */
function slashListCharges(text: string): string | null {
  const match = SLASH_AMOUNTS_THEN_EQUIPMENT.exec(text) ?? SLASH_EQUIPMENT_THEN_AMOUNTS.exec(text);
  if (match?.groups === undefined) return null;
  const currency = (code: string) => code.toUpperCase().replace('US$', 'USD').replace('R$', 'BRL');
  const cur = match.groups.cur!;
  const parts = match.groups.nums!.split('/').map((n) => n.trim());
  if (parts.some((n) => currency(SLASH_CURRENCY.exec(n)?.[0] ?? cur) !== currency(cur))) return null;
  const nums = parts.map((n) => n.replace(SLASH_CURRENCY, '').trim());
  const eqs = match.groups.eqs!.split('/').map((e) => e.trim());
  if (nums.length !== eqs.length) return null;
  if (!eqs.every((e) => findEquipment(e).length === 1)) return null;
  const basis = match.groups.basis?.trim();
  const list = nums
    .map((n, i) => (basis ? `${cur} ${n} ${basis} (${eqs[i]})` : `${cur} ${n}/${eqs[i]}`))
    .join('; ');
  return `${text.slice(0, match.index)}${list}${text.slice(match.index + match[0].length)}`;
}

const PRICE_PER_EQUIPMENT = new RegExp(
  String.raw`(?<cur>${SLASH_CUR})\s*(?<num>${SLASH_NUM})\s*\/\s*${SLASH_EQ}`,
  'iu',
);
const BARE_PRICE_PER_EQUIPMENT = new RegExp(
  String.raw`(?<lead>(?:^|[\s,;|+]+)(?:(?:e|and|y|&)\s+)?)(?<num>${SLASH_NUM})(?![\d.,])(?=\s*\/\s*${SLASH_EQ})`,
  'giu',
);
const ENDS_IN_CURRENCY = new RegExp(String.raw`(?:${SLASH_CUR})\s*$`, 'iu');

/**
 * "USD 1.450/20' e 2.380/40HC": a price per equipment after one written with its currency takes that
 * currency (QA pass 23: the bare one was no amount and the 40HC freight was lost). Null when none does.
 */
function bareEquipmentPrices(text: string): string | null {
  const first = PRICE_PER_EQUIPMENT.exec(text);
  if (first?.groups === undefined) return null;
  const reference = parseLocaleNumber(first.groups.num ?? '')?.value ?? null;
  if (reference === null) return null;
  const start = first.index + first[0].length;
  const after = text.slice(start);
  let out = '';
  let from = 0;
  for (const match of after.matchAll(BARE_PRICE_PER_EQUIPMENT)) {
    const lead = match.groups?.lead ?? '';
    const at = match.index + lead.length;
    if (ENDS_IN_CURRENCY.test(after.slice(0, at))) continue;
    const value = parseLocaleNumber(match.groups?.num ?? '')?.value ?? null;
    if (value === null || value < reference / 3 || value > reference * 3) continue;
    out += `${after.slice(from, at)}${first.groups.cur} `;
    from = at;
  }
  return from === 0 ? null : text.slice(0, start) + out + after.slice(from);
}

/** Words before a port that make it no port of discharge: the port of loading's, a transshipment's. */
const NOT_DISCHARGE_BEFORE =
  /(?:^|[^\p{L}])(?:pol|origem|origin|origen|from|ex|via|transbordo|transbordo em|transbordo en|transshipment|transhipment|t\/s|saida de|saindo de|embarque em)\s*[:.-]?\s*$/u;
/** What may stand before a port written right after a price ("USD 1.800 a Santos", "USD 2.300 (Santos)"). */
const BEFORE_PORT_AFTER_PRICE =
  /^[\s(,;:–—-]*(?:(?:to|para|a|ao|em|at|in|en|for|destino|destination|pod)\s+)?$/u;

/**
 * The one port of discharge a piece of a charge line names, anywhere in it (`leading`: only as its first
 * words), or null: none, or two (one price for both, or a route from one to the other). A Brazilian port the
 * dictionary knows, or one the quote asks; never one after "POL", "via", "transbordo em", nor one followed by
 * a place abroad ("Santos x Hamburg": an export's port of loading).
 */
function portOfPiece(piece: string, quotePorts: readonly PlaceValue[], leading = false): PlaceValue | null {
  const mentions = findPorts(piece, quotePorts);
  const folded = foldKeepingOffsets(piece);
  const discharge = mentions.filter((m) => !NOT_DISCHARGE_BEFORE.test(folded.slice(0, m.start)));
  const names = new Set(discharge.map((m) => m.place.name));
  const first = discharge[0];
  if (names.size !== 1 || first === undefined) return null;
  if (leading && !BEFORE_PORT_AFTER_PRICE.test(folded.slice(0, first.start))) return null;
  const last = mentions.at(-1);
  const abroadAfter =
    last !== undefined && findKnownPlaces(piece.slice(last.end)).some((m) => m.place.country !== 'BR');
  return abroadAfter ? null : first.place;
}

/**
 * The port each amount of a line names with it, from the words of the line (QA pass 30): with a port
 * written before the first price (`before`), each price's own words before it ("Frete 40HC Santos: USD
 * 2.300", "Santos – 40HC USD 2.300 / Itapoá – 40HC USD 2.250", "to Santos USD 2,300/40HC; to Itapoá USD
 * 2,250/40HC"); a price whose words name none carries on the one before it (see parseChargeLine). With
 * none before the first price, the port written right after each price ("USD 1.800 a Santos y USD 1.750 a
 * Itapoá"). Null when the line names no port so.
 */
function amountPorts(
  leadText: string,
  text: string,
  amounts: AmountToken[],
  consumedEnds: number[],
  quotePorts: readonly PlaceValue[],
): { ports: Array<PlaceValue | null>; before: boolean } | null {
  const first = portOfPiece(leadText, quotePorts);
  if (first !== null)
    return {
      ports: amounts.map((amount, i) =>
        i === 0 ? first : portOfPiece(text.slice(consumedEnds[i - 1] ?? 0, amount.start), quotePorts),
      ),
      before: true,
    };
  const after = amounts.map((_, i) => {
    const rest = text.slice(consumedEnds[i] ?? 0, amounts[i + 1]?.start ?? text.length);
    return portOfPiece(rest.split(/[/|;]/u)[0] ?? '', quotePorts, true);
  });
  return after.every((p) => p === null) ? null : { ports: after, before: false };
}

/** Reads the charges on one line of text: base freight and fees, with basis, currency and place hints. */
export function parseChargeLine(input: ChargeLineInput): ChargeCandidate[] {
  const restated = restatedCharges(input.text);
  if (restated !== null) return parseChargeLine({ ...input, text: restated });
  const revised = withoutOldPrices(input.text);
  if (revised !== null) return parseChargeLine({ ...input, text: revised });
  const slashList = slashListCharges(input.text);
  if (slashList !== null) return parseChargeLine({ ...input, text: slashList });
  const bare = bareEquipmentPrices(input.text);
  if (bare !== null) return parseChargeLine({ ...input, text: bare });
  const { text, line } = input;
  const amounts = findAmounts(text);
  if (amounts.length === 0) return [];
  const folded = foldKeepingOffsets(text);
  if (NON_CHARGE_FIELDS.test(folded)) return [];
  if (COMPUTATION.test(folded) || isCargoEstimate(text)) return [];
  if (PER_PERIOD.test(folded) || ONLY_WHEN.test(folded)) return [];
  const conditional = CONDITIONAL.exec(folded);
  if (conditional !== null) {
    // "40HC USD 2.200 - 2.400, subject to GRI on 15/12": the prices before the condition stand; a charge
    // that is itself conditional ("Subject to GRI USD 300 …") is not one.
    const first = amounts[0];
    if (first === undefined || conditional.index <= first.start) return [];
    // "Overweight surcharge: USD 150/- per 20' (applicable above 24 MT)": a condition in parentheses right
    // after an amount is that charge's own; it goes with the condition (generalisation-4 t07).
    const open = text.lastIndexOf('(', conditional.index);
    const own =
      open > first.start && !text.slice(open, conditional.index).includes(')')
        ? amounts.filter((a) => a.end <= open).at(-1)
        : undefined;
    if (own !== undefined)
      return own === first ? [] : parseChargeLine({ ...input, text: text.slice(0, own.start) });
    return parseChargeLine({ ...input, text: text.slice(0, conditional.index).replace(/[\s,;(-]+$/, '') });
  }
  // "O/F USD 1,600 + BAF USD 180 + PSS USD 200 = USD 1,980 all in": the sum after "=" is a check.
  const sum = amounts.length >= 3 ? amounts[amounts.length - 1] : undefined;
  if (sum !== undefined) {
    const equals = text.lastIndexOf('=', sum.start);
    const previous = amounts[amounts.length - 2];
    if (equals >= 0 && previous !== undefined && equals >= previous.end)
      return parseChargeLine({ ...input, text: text.slice(0, equals) });
  }
  // "Frete sujeito a PSS de USD 300,00/cntr …": the charge the price is subject to is named from "sujeito
  // a", so that it is a conditional charge (shown, not counted: comparison/fees.ts isConditionalLine) and
  // not a second freight (t22); "Subject to GRI USD 300" already starts so.
  const subjectTo = SUBJECT_TO_LEAD.exec(foldKeepingOffsets(text.slice(0, amounts[0]?.start ?? 0)));
  if (subjectTo !== null && subjectTo.index > 0)
    return parseChargeLine({ ...input, text: text.slice(subjectTo.index) });
  // "All in includes THC at destination and ISPS. Excluding BL fee USD 75.00 per BL.": a sentence of its own
  // leaving a named charge out of the all-in price is that charge's price, not the all-in's (QA pass 41c: it
  // was read as a freight per BL and not counted).
  const excludedSentence = EXCLUSION_SENTENCE.exec(foldKeepingOffsets(text.slice(0, amounts[0]?.start ?? 0)));
  if (excludedSentence !== null) {
    const start = excludedSentence.index + excludedSentence[0].length;
    const named = EXCLUSION_LEAD.exec(foldKeepingOffsets(text.slice(start)));
    const rest = cleanLabel(text.slice(start + (named?.[0].length ?? 0), amounts[0]?.start ?? 0));
    if (rest !== '' && matchFee(rest) !== null) return parseChargeLine({ ...input, text: text.slice(start) });
  }
  const split = splitLead(text.slice(0, amounts[0]?.start ?? 0), line.no);
  const lead = { ...split, main: feeOpenedInParens(split.main), sub: feeOpenedInParens(split.sub) };
  const section = lead.inlineSection ?? input.section;
  if (IGNORED.test(normaliseLabel(lead.main))) return [];
  // A route heading scopes its lines to a port; it does not make "Taxas na origem: …" a freight.
  // "Ex Shanghai: USD 2.450/40HC": a price named only by its port of loading is the freight from it, unless
  // it stands under a heading of charges.
  const classified =
    lead.originOnly === true &&
    (section === null ||
      section.kind === 'freight' ||
      section.places !== undefined ||
      section.origin !== undefined)
      ? { kind: 'freight' as const, feeLabel: null }
      : // A route or origin heading scopes its lines; it does not make every label under it a freight.
        classifyMain(lead.main, section?.places || section?.origin ? null : section);
  const { feeLabel } = classified;
  // "USD 2.450,00 por 40HC, armador MSC" (a chat reply, an inline answer): no label, but an equipment
  // right after the amount makes it a freight; without a label it is not green (calibrated, issue 32).
  const afterFirst = text.slice(amounts[0]?.end ?? 0, (amounts[0]?.end ?? 0) + 16);
  const equipmentAfter = findEquipment(afterFirst).length > 0;
  // "USD 1.500/20GP": the equipment as the basis written right after the amount.
  const basisEquipment = findLeadingUnit(afterFirst)?.equipment !== undefined;
  const offer =
    (equipmentAfter || basisEquipment) &&
    matchFee(lead.main) === null &&
    OFFER_LEAD.test(normaliseLabel(stripParens(lead.main)));
  // "USD 1.450/20'; USD 2.380/40'HC" (a slash list rewritten, or so written): the basis names the equipment.
  const unlabelled =
    (classified.kind === null && cleanLabel(lead.main) === '' && (equipmentAfter || basisEquipment)) || offer;
  const optionLead =
    line.optionContent === true &&
    (classified.kind === 'fee' || classified.kind === null) &&
    optionFreight(lead.main);
  const kind = unlabelled || optionLead ? 'freight' : classified.kind;
  if (kind === null) return [];
  // "(basic O/F USD 3.000 + BAF USD 320 + LSS USD 100, all included)": the parts of an all-in price.
  if (
    amounts.length >= 2 &&
    /\+/.test(text) &&
    INCLUDED.test(normaliseLabel(text.slice(lastAmountEnd(amounts))))
  )
    return [];
  // Each amount owns the basis written right after it, and an equipment in parentheses ("USD 2.450 (20')").
  const parenEquipment: Array<ContainerUnit[] | null> = [];
  const consumedEnds = amounts.map((amount, i) => {
    const window = text.slice(amount.end, amounts[i + 1]?.start ?? text.length);
    const unit = findLeadingUnit(window, amounts[i + 1] !== undefined);
    const end = unit === null ? amount.end : amount.end + unit.end;
    const paren = /^\s*\(([^)]{1,20})\)/.exec(text.slice(end, amounts[i + 1]?.start ?? text.length));
    // "(20' and 40')": every type the parentheses name, so that a charge for both is tied to neither.
    const mentions = paren === null ? [] : findEquipment(paren[1] ?? '');
    const units = [...new Set(mentions.flatMap((mention) => mention.units))];
    parenEquipment.push(units.length > 0 ? units : null);
    return mentions.length === 0 ? end : end + (paren?.[0].length ?? 0);
  });
  // "R$ 1.640 (Santos) / R$ 1.510 (Paranaguá)", "BRL 1,380 Santos / BRL 1,290 Itajai": the place after each
  // value. "Santos BRL 1.600 | Rio Grande BRL 1.450": the place before it. Two or more make a per-destination line.
  // On a freight line, places abroad beside the prices are its ports of loading ("40HC: Shanghai USD 2.500 /
  // Ningbo USD 2.350"), read below (`origins`), never its ports of discharge.
  const discharge = <T extends PlaceValue[] | { places: PlaceValue[] }>(found: T | null): T | null =>
    found === null || kind === 'fee' || !(Array.isArray(found) ? found : found.places).every(isAbroad)
      ? found
      : null;
  const postPlaces = amounts.map((amount, i) =>
    discharge(leadingPlaces(text.slice(consumedEnds[i] ?? amount.end, amounts[i + 1]?.start ?? text.length))),
  );
  const prePlaces = amounts.map((amount, i) => {
    const before =
      i === 0
        ? lead.sub
        : text.slice((consumedEnds[i - 1] ?? 0) + (postPlaces[i - 1]?.length ?? 0), amount.start);
    return discharge(placesOnly(before));
  });
  const postCount = postPlaces.filter((p) => p !== null).length;
  const preCount = prePlaces.filter((p) => p !== null).length;
  const perPlace =
    amounts.length >= 2 && postCount >= 2 && postCount >= preCount
      ? postPlaces.map((p) => p?.places ?? null)
      : amounts.length >= 2 && preCount >= 2
        ? prePlaces
        : null;
  if (perPlace !== null && postCount >= 2 && postCount >= preCount) {
    amounts.forEach((_, i) => {
      consumedEnds[i] = (consumedEnds[i] ?? 0) + (postPlaces[i]?.length ?? 0);
    });
  }
  const lastEnd = consumedEnds[consumedEnds.length - 1] ?? text.length;
  const lastAmount = amounts[amounts.length - 1];
  const sharedUnitMatch =
    perPlace === null
      ? null
      : (findLeadingUnit(text.slice(lastEnd)) ??
        (lastAmount === undefined ? null : findLeadingUnit(text.slice(lastAmount.end))));
  const sharedUnit =
    sharedUnitMatch === null || sharedUnitMatch.unit === 'DAY' ? null : (sharedUnitMatch.unit as FeeUnit);
  const tail = text.slice(consumedEnds[consumedEnds.length - 1] ?? text.length);
  const tailGroup = /^\s*\(([^)]*)\)\s*[.;]?\s*$/.exec(tail);
  const tailUnitMatch = tailGroup === null ? null : findUnit(`por ${tailGroup[1]}`);
  const tailUnit = tailUnitMatch === null || tailUnitMatch.unit === 'DAY' ? null : tailUnitMatch.unit;
  const labelUnit = unitFromLabelParens(lead.main);
  // "THC destino por contenedor: Santos BRL 1.600 | Rio Grande BRL 1.450": the basis written in the label.
  const leadUnitMatch = findUnit(lead.main);
  const leadUnit = leadUnitMatch === null || leadUnitMatch.unit === 'DAY' ? null : leadUnitMatch.unit;
  const mainEquipment = findEquipment(stripParens(lead.main))[0]?.units ?? null;

  // "40HC USD 2,200.00 ; 20DV USD 1,380.00": prices for two or more kinds of container on one line.
  const severalEquipment =
    amounts.length >= 2 &&
    new Set(findEquipment(text.replace(/\//g, ' ')).map((m) => m.units.join('+'))).size >= 2;
  // "Frete 40HC Santos: USD 2.300", "to Itapoá USD 2,250/40HC": the port each price's own words name, when
  // the line names none otherwise (a place per price, a place list, a route, a route heading).
  const named =
    perPlace === null &&
    kind !== 'placeFreight' &&
    lead.routeTo === undefined &&
    section?.places === undefined
      ? amountPorts(`${lead.main} ${lead.sub}`, text, amounts, consumedEnds, input.quotePorts ?? [])
      : null;
  // "Ex Shanghai: USD 2.450 …", "Shanghai – USD 2.500 / Ningbo – USD 2.350": each price's port of loading.
  const origins =
    kind === 'fee' ? null : amountOrigins(`${lead.main} ${lead.sub}`, text, amounts, consumedEnds);
  let currentPort: PlaceValue | null = null;
  const candidates: ChargeCandidate[] = [];
  let previousEnd = 0;
  let currentFeeLabel = feeLabel;
  /** A fee named inside a freight line ("…, THC BRL 1,100 per 20'"): the amounts after it are its. */
  let feeAfterFreight = false;
  /** Amounts read as the upper end of the range before them ("USD 1.800 a USD 2.000"). */
  const rangeEnds = new Set<number>();
  amounts.forEach((amount, i) => {
    if (rangeEnds.has(i)) return;
    let sub =
      i === 0
        ? lead.sub
        : feeAfterColon(feeOpenedInParens(cleanLabel(text.slice(previousEnd, amount.start))));
    previousEnd = consumedEnds[i] ?? amount.end;
    let subFolded = normaliseLabel(sub);
    const last = candidates[candidates.length - 1];
    const justBefore = text.slice(Math.max(0, amount.start - 16), amount.start);
    if (
      MINIMUM.test(sub) ||
      /(?:min|mín|minimo|mínimo|minimum|mínima|minima)\.?\s*(?:de\s+)?$/iu.test(justBefore)
    ) {
      // "Seguro 0,3% (min USD 50)", "Frete USD 45/WM, min USD 90": a minimum amount of the charge before it.
      if (last !== undefined && !amount.isPercent) last.minimum = amount.value;
      return;
    }
    if (SUPERSEDED.test(subFolded) || IGNORED.test(subFolded)) return;
    // "Flete base EUR 1.200 + BAF EUR 160 (all in EUR 1.395)": the all-in after its parts is a check; but
    // "(all in, excluding BL fee USD 75.00 per BL)" names a charge on top of the all-in price.
    if (i > 0 && /(?:^| )all ?in(?: |$)/.test(subFolded)) {
      const excluded = chargeLeftOutOfAllIn(sub);
      if (excluded === null) return;
      sub = excluded;
      subFolded = normaliseLabel(sub);
    }
    const range = rangeAfter(amount, amounts[i + 1], text);
    if (range?.next) rangeEnds.add(i + 1);
    const window = text.slice(range?.end ?? amount.end, amounts[i + 1]?.start ?? text.length);
    const post = findLeadingUnit(window, amounts[i + 1] !== undefined);
    if (post?.unit === 'DAY') return;
    const subFee = i > 0 || lead.sub !== '' ? matchFee(sub) : null;
    // "O/F USD 1,250 per 20' …, THC BRL 1,100 per 20' and BRL 1,400 per 40', BL fee …": once a fee starts
    // after the freight, an amount whose own words name nothing else is that fee's too (QA pass 33: the
    // BRL 1,400 was a 40' freight).
    const continuesFee =
      subFee === null && feeAfterFreight && !FREIGHT.test(subFolded) && !BARE_OF.test(subFolded);
    const ownKind: 'freight' | 'fee' =
      subFee !== null || continuesFee ? 'fee' : kind === 'fee' ? 'fee' : 'freight';
    if (subFee !== null) {
      currentFeeLabel = sub;
      if (kind !== 'fee') feeAfterFreight = true;
    }
    const labelForFee = currentFeeLabel ?? lead.main;
    // A price that names no port carries on the one before it, unless it starts another fee ("/ BL fee").
    const ownPort = named?.ports[i] ?? null;
    if (ownPort !== null || named === null || !named.before || subFee !== null) currentPort = ownPort;
    // "THC: incluso" is no charge; "BL fee: USD 75.00 per BL (not included in the freight)" is one, on top
    // (QA pass 41c: it was dropped from the total).
    const ownWords = normaliseLabel(window.split(/[|/]/)[0] ?? '');
    if (ownKind === 'fee' && INCLUDED.test(ownWords) && !NOT_INCLUDED.test(ownWords)) return;
    if (ownKind === 'freight' && amount.isPercent) return;
    const subUnit = findUnit(sub);
    // A freight heading's basis ("Flete por contenedor de 40'") is the freight's, not the fees' under it.
    const sectionUnit = section?.kind === 'freight' && ownKind === 'fee' ? null : section?.unit;
    const unit = pickUnit([
      post?.unit,
      subUnit?.unit,
      labelUnit,
      tailUnit,
      sharedUnit,
      leadUnit,
      sectionUnit,
    ]);
    const ownPlaces = perPlace?.[i] ?? null;
    // "USD 1.200 por contenedor de 20'": the equipment follows the per-container basis.
    // Only the words of this price: "USD 3.100,00/cntr | 20DC USD 1.800,00" names the next price's type after
    // the separator (QA pass 38: the 40HC freight was read as a second 20DC).
    const afterBasis =
      post?.unit === 'CNTR' && post.equipment === undefined
        ? findEquipment(
            window.slice(0, post.end) +
              (window.slice(post.end).split(/[|;,]|\s(?:e|and|y)\s|\s\/\s/)[0] ?? ''),
          )[0]
        : undefined;
    const equipment =
      post?.equipment ??
      parenEquipment[i] ??
      afterBasis?.units ??
      findEquipment(sub)[0]?.units ??
      (i === 0 || ownKind === 'freight' ? mainEquipment : null);
    const candidate: ChargeCandidate = {
      kind: ownKind,
      label:
        ownKind === 'fee'
          ? feeLabelOf(cleanLabel(labelForFee))
          : ((severalEquipment
              ? segmentEquipmentLabel(sub, i, window, post, parenEquipment[i] ?? null)
              : null) ??
            // "… / Itapoá – 40HC USD 2.250": the words naming its own port.
            (i > 0 && ownPort !== null && named?.before === true && sub !== '' ? sub : null) ??
            lead.main),
      feeName:
        ownKind === 'fee'
          ? (matchFee(labelForFee)?.fee.name ?? printedFeeName(cleanLabel(labelForFee)))
          : null,
      ...(ownKind === 'fee' &&
      (section?.kind === 'origin_charges' ||
        ORIGIN_SIDE.test(normaliseLabel(labelForFee)) ||
        (lead.atOrigin === true && subFee === null))
        ? { originSide: true }
        : {}),
      value: amount.value,
      currency: amount.currency ?? section?.currency ?? null,
      isPercent: amount.isPercent,
      unit: amount.isPercent ? 'PERCENT' : unit,
      freightUnit: freightUnitOf(unit, equipment),
      equipment: equipment ?? (ownKind === 'freight' ? (section?.equipment ?? null) : null),
      placeText:
        ownPlaces !== null
          ? ownPlaces.map((p) => p.name).join(' / ')
          : (currentPort?.name ?? `${lead.main} ${sub}${placesAbroadAfter(ownKind, postPlaces[i])}`),
      labelPlaces:
        ownPlaces ??
        (kind === 'placeFreight'
          ? parsePlaceField(stripParens(lead.main)).places.filter((p) => !isAbroad(p))
          : lead.routeTo
            ? [lead.routeTo]
            : (section?.places ?? (ownKind === 'freight' && currentPort !== null ? [currentPort] : []))),
      minimum: null,
      line,
      origin: input.origin,
      confidence: confidenceOf(ownKind, subFee !== null || matchFee(labelForFee) !== null, unit !== null),
    };
    if (range) {
      // A range is budgeted at its upper end, and checked: below the confidence the screen marks.
      candidate.value = range.value;
      candidate.confidence = Math.min(candidate.confidence, RANGE_CONFIDENCE);
    }
    if (input.cell !== undefined) candidate.cell = input.cell;
    if (ownKind === 'freight') candidate.label = allInLabel(candidate.label, section);
    if (ownPlaces !== null) candidate.perDestination = true;
    if (currentPort !== null) candidate.namedPort = currentPort;
    // "Ex Shanghai: USD 2.500/40HC to Santos; USD 2.450/40HC to Itapoá": an origin of its own words also
    // beside a port of discharge per price.
    // "Ex Shanghai:" alone on a line above: the origin of the prices under it that name none of their own.
    const ownOrigin = origins?.[i] ?? (ownPlaces === null ? lead.routeFrom : undefined) ?? section?.origin;
    if (ownKind === 'freight' && ownOrigin !== undefined && ownOrigin !== null)
      candidate.routeOrigin = ownOrigin;
    if (ownKind === 'fee' && subFee === null && matchFee(labelForFee) === null) {
      // Named only in parentheses: a rule that can misname, so it stays below green.
      const named = feeNamedInParens(
        text.slice(consumedEnds[i] ?? amount.end, amounts[i + 1]?.start ?? text.length),
      );
      if (named !== null) {
        candidate.feeName = named;
        candidate.confidence = Math.min(0.75, confidenceOf('fee', true, unit !== null));
      }
    }
    if (ownKind === 'freight') candidate.minimum = minimumQuantity(window, amount);
    // An option's price named by a word the engine does not know as a carrier: read, but not green.
    if (unlabelled || optionLead) candidate.confidence = Math.min(candidate.confidence, 0.7);
    if (classified.bareOf === true) {
      if (amount.currency === null) return;
      candidate.confidence = Math.min(candidate.confidence, 0.75);
    }
    if (
      ownKind === 'freight' &&
      !candidate.isPercent &&
      (candidate.unit === null || candidate.unit === 'CNTR') &&
      (candidate.freightUnit === null || candidate.equipment?.length)
    ) {
      // "USD 4,300.00 total for the 2 x 40HC" (QA pass 37: counted 2 × 4.300): the price of one container.
      const count = containersOfTotal(text.slice(amount.end, amounts[i + 1]?.start ?? text.length));
      if (count !== null) {
        candidate.value = Math.round((candidate.value / count) * 100) / 100;
        candidate.confidence = Math.min(candidate.confidence, 0.75);
      }
    }
    candidates.push(candidate);
  });
  greaterOfMeasures(candidates, text);
  return candidates;
}

/**
 * The containers a freight amount is the total of, from the words after it: "total for the 2 x 40HC", "in total
 * for 3 containers", "total (2x40')", "total para os 2 contêineres", "no total dos 2 x 40HC"; null when the
 * amount is not said to be a total of more than one container.
 */
const TOTAL_OF = new RegExp(
  [
    String.raw`^[\s,;:()\-–]*(?:in\s+|no\s+|em\s+|en\s+|el\s+|o\s+)?total\b`,
    String.raw`(?:\s+(?:for|of|para|por|dos|das|de|del|de los|p\/)?\s*(?:the|os|as|los|all)?\s*|\s*\(\s*)`,
    String.raw`(\d{1,2})\s*(?:x|×)?\s*(?:20|40|45|'|cntrs?\b|containers?\b|cont[eê]ineres?\b|contenedores?\b|units?\b|unidades?\b|boxes\b)`,
  ].join(''),
  'iu',
);

function containersOfTotal(after: string): number | null {
  const match = TOTAL_OF.exec(after);
  const count = match ? Number(match[1]) : Number.NaN;
  return count >= 2 ? count : null;
}

/**
 * "all in, excluding BL fee", "(all in + BL fee", "all in, exceto taxa de BL": the charge named after the
 * last "all in" and a word that leaves it out, when it is a known fee; null otherwise (the all-in is a check).
 */
function chargeLeftOutOfAllIn(sub: string): string | null {
  const folded = foldKeepingOffsets(sub);
  const allIn = [...folded.matchAll(ALL_IN)].at(-1);
  if (allIn === undefined) return null;
  const after = allIn.index + allIn[0].length;
  const marker = EXCLUSION_AFTER_ALL_IN.exec(folded.slice(after));
  if (marker === null) return null;
  const named = cleanLabel(sub.slice(after + marker[0].length));
  return named !== '' && matchFee(named) !== null ? named : null;
}

/**
 * "40HC USD 2,200.00 ; 20DV USD 1,380.00", "USD 2.400,00/40HC; USD 1.500,00/20DV": on a line pricing several
 * kinds of container, each price's label is the equipment printed with it, not the line's first label
 * (before, the 20DV price was labelled "40HC"). Null when the price names no equipment of its own.
 */
function segmentEquipmentLabel(
  sub: string,
  index: number,
  window: string,
  post: UnitMatch | null,
  parenEquipment: ContainerUnit[] | null,
): string | null {
  const own = index > 0 ? findEquipment(sub).at(-1) : undefined;
  if (own !== undefined) return sub.slice(own.start, own.end).trim();
  // "/40HC": the slash (same length as a space, so offsets hold) is no part of the equipment.
  const basis = post?.equipment === undefined ? '' : window.slice(0, post.end).replace(/\//g, ' ');
  const after = findEquipment(basis)[0];
  if (after !== undefined) return window.slice(after.start, after.end).trim();
  const inParens = parenEquipment === null ? undefined : findEquipment(window)[0];
  return inParens === undefined ? null : window.slice(inParens.start, inParens.end).trim();
}

/**
 * "THC USD 120,00/cntr (Shanghai)": the port of loading a fee names right after its amount, for the words
 * that tell the fee's side (`markOriginFees`); '' for anything else (a port of discharge stays as it was read).
 */
function placesAbroadAfter(
  kind: 'freight' | 'fee',
  after: { places: PlaceValue[] } | null | undefined,
): string {
  if (kind !== 'fee' || after == null || !after.places.every(isAbroad)) return '';
  return ` (${after.places.map((p) => p.name).join(' / ')})`;
}

function lastAmountEnd(amounts: AmountToken[]): number {
  return amounts[amounts.length - 1]?.end ?? 0;
}

/** Known places at the start of a text ("(Santos)", " Santos / ...", "(Itajai, Navegantes)"), with the length read. */
function leadingPlaces(window: string): { places: PlaceValue[]; length: number } | null {
  const paren = /^\s*\(([^)]{2,60})\)/.exec(window);
  if (paren !== null) {
    const places = placesOnly(paren[1] ?? '');
    return places === null ? null : { places, length: paren[0].length };
  }
  const words =
    /^\s*((?:(?:at|em|en|to|para|a)\s+)?[\p{L}][\p{L}' .-]{1,40}?)(?=\s*(?:[/|;,]|$|\s(?:por|per|each|cada|and|e|y)\b))/u.exec(
      window,
    );
  if (words === null) return null;
  const bare = (words[1] ?? '').replace(/^(?:at|em|en|to|para|a)\s+/i, '');
  const place = lookupPlace(bare);
  return place === null ? null : { places: [place], length: words[0].length };
}

/** The text is only one or more known places (separators and brackets aside), else null. */
function placesOnly(text: string): PlaceValue[] | null {
  const clean = text.replace(/[()[\]]/g, ' ').replace(/^[\s/|;,:–-]+|[\s/|;,:–-]+$/g, '');
  if (clean === '' || /\d/.test(clean)) return null;
  const parts = clean.split(/\s*(?:[/|;,]|\s(?:e|y|and)\s)\s*/);
  const places: PlaceValue[] = [];
  for (const part of parts) {
    const place = lookupPlace(part);
    if (place === null) return null;
    places.push(place);
  }
  return places.length > 0 ? places : null;
}

function pickUnit(options: Array<FeeUnit | 'DAY' | null | undefined>): FeeUnit | null {
  for (const option of options)
    if (option !== null && option !== undefined && option !== 'DAY') return option;
  return null;
}

function unitFromLabelParens(label: string): FeeUnit | null {
  for (const match of label.matchAll(/\(([^)]*)\)/g)) {
    const unit = unitFromBasisWord(match[1] ?? '');
    if (unit !== null) return unit;
  }
  return null;
}

function freightUnitOf(unit: FeeUnit | null, equipment: readonly string[] | null): FreightUnit | null {
  if (equipment !== null && equipment.length > 0) return null;
  return unit === null || unit === 'CNTR' || unit === 'PERCENT' ? null : freightUnitFromBasis(unit);
}

/**
 * "Ningbo - Santos, tarifa all in (incluye THC destino y BL):" over "USD 1.600 / 2.650 (20DV/40HC)": a price
 * under an all-in heading is all-in, as "USD 1.650,00 all in" on the price line is; its label says so (the
 * comparison reads an all-in freight by its label or line, QA pass 33). Any other label as it is.
 */
export function allInLabel(label: string, section: SectionContext | null): string {
  if (
    section?.kind !== 'freight' ||
    !ALL_IN_HEADING.test(normaliseLabel(section.title)) ||
    ALL_IN_HEADING.test(normaliseLabel(label))
  )
    return label;
  return label === '' ? 'all in' : `${label} (all in)`;
}

/**
 * "Ocean freight: USD 38.00 per cbm / USD 55.00 per ton, whichever is greater, min 2 cbm" (also "o que for
 * maior", "lo que sea mayor", or the two prices alone): one LCL freight charged at the greater of volume ×
 * the m³ price and weight × the ton price (QA pass 33: the ton price was read as a W/M price of 55 with a
 * minimum of 2 × 55, and the m³ one counted alone). Both keep their own unit, carry the same key
 * (`greaterOf`) and the same minimum: a quantity in m³ at the m³ price, in tons at the ton price, in W/M at
 * the greater price; a minimum amount as written.
 */
function greaterOfMeasures(candidates: ChargeCandidate[], text: string): void {
  const freights = candidates.filter(
    (c) => c.kind === 'freight' && !c.isPercent && (c.equipment === null || c.equipment.length === 0),
  );
  if (freights.length !== 2) return;
  const perM3 = freights.find((c) => c.unit === 'M3');
  const perTon = freights.find((c) => c.unit === 'TON');
  if (perM3 === undefined || perTon === undefined) return;
  if (perM3.currency !== null && perTon.currency !== null && perM3.currency !== perTon.currency) return;
  const key = `${perM3.line.no}:${perM3.value}/${perTon.value}`;
  perM3.freightUnit = 'M3';
  perTon.freightUnit = 'TON';
  const quantity = MINIMUM_QUANTITY.exec(text);
  let minimum: number | null = null;
  if (quantity !== null) {
    const amount = Number((quantity[1] ?? '').replace(',', '.'));
    const unit = (quantity[2] ?? '').toLowerCase().replace(/\s+/g, '');
    const rate = /^(?:cbm|m3|m³)$/.test(unit)
      ? perM3.value
      : /^(?:t|tons?)$/.test(unit)
        ? perTon.value
        : /^kgs?$/.test(unit)
          ? perTon.value / 1000
          : Math.max(perM3.value, perTon.value);
    if (Number.isFinite(amount)) minimum = Math.round(amount * rate * 100) / 100;
  } else {
    const stated = [perM3.minimum, perTon.minimum].filter((m): m is number => m !== null);
    minimum = stated.length === 0 ? null : Math.max(...stated);
  }
  for (const candidate of [perM3, perTon]) {
    candidate.greaterOf = key;
    candidate.minimum = minimum;
  }
}

function minimumQuantity(window: string, amount: AmountToken): number | null {
  const match = MINIMUM_QUANTITY.exec(window);
  if (match === null) return null;
  const quantity = Number((match[1] ?? '').replace(',', '.'));
  return Number.isFinite(quantity) ? Math.round(quantity * amount.value * 100) / 100 : null;
}

/**
 * Confidence of a charge read from a line, calibrated on the package's cases: a known fee or freight
 * with its basis is almost always right; a fee name outside the dictionary is often a misread label
 * (cargo description, a sentence), and without a basis it is below the review threshold.
 */
function confidenceOf(kind: 'freight' | 'fee', knownName: boolean, hasUnit: boolean): number {
  if (kind === 'freight') return hasUnit ? 0.9 : 0.8;
  if (knownName) return hasUnit ? 0.9 : 0.8;
  return hasUnit ? 0.6 : 0.45;
}

/** A line holding only a minimum ("mínimo 1 m³", "min. USD 50") for the freight line above it. */
export function readMinimumLine(text: string, rate: number): number | null {
  const trimmed = cleanLabel(text);
  if (!MINIMUM.test(trimmed.slice(0, 12))) return null;
  const money = findAmounts(trimmed).find((a) => !a.isPercent);
  if (money !== undefined) return money.value;
  const quantity = MINIMUM_QUANTITY.exec(trimmed);
  if (quantity === null) return null;
  return Math.round(Number((quantity[1] ?? '').replace(',', '.')) * rate * 100) / 100;
}

/** The lead label ends with a connector ("Taxa de") and needs the next line to be complete. */
export function labelNeedsContinuation(text: string): boolean {
  const amounts = findAmounts(text);
  const first = amounts[0];
  if (first === undefined) return false;
  return CONNECTOR_END.test(cleanLabel(text.slice(0, first.start)));
}
