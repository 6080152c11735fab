import {
  CHARGE_HEADING_WORDS,
  CONDITION_HEADING_WORDS,
  DESTINATION_WORDS,
  FREIGHT_LABELS,
  ORIGIN_WORDS,
} from '../dictionary/labels.js';
import { isAbroad, leadingOrigin } from '../fields/origin-ports.js';
import { findKnownPlaces, type PlaceValue, ROUTE_ONLY, readRoute } from '../fields/places.js';
import { currencyMentioned, findAmounts } from '../normalise/money.js';
import { normaliseLabel, phraseRegExp } from '../normalise/text.js';
import { findEquipment, findUnit } from '../normalise/units.js';
import type { ContainerUnit, Currency, FeeUnit } from '../types.js';

export type SectionKind = 'freight' | 'origin_charges' | 'destination_charges' | 'charges' | 'conditions';

export interface SectionContext {
  kind: SectionKind;
  title: string;
  line: number;
  unit: FeeUnit | null;
  equipment: ContainerUnit[] | null;
  currency: Currency | null;
  /** The port a route heading ("Ningbo x Itajaí" alone on its line) prices: its lines are for it. */
  places?: PlaceValue[];
  /**
   * The port of loading an origin heading ("Ex Shanghai:", "Origem Ningbo:", "From Shanghai:" alone on its
   * line) names: the freight of its lines is from it.
   */
  origin?: PlaceValue;
}

const CHARGE_WORDS = phraseRegExp(CHARGE_HEADING_WORDS, 'u');
const FREIGHT_WORDS = phraseRegExp(FREIGHT_LABELS, 'u');
const CONDITION_WORDS = phraseRegExp(CONDITION_HEADING_WORDS, 'u');
const ORIGIN = phraseRegExp(ORIGIN_WORDS, 'u');
const DESTINATION = phraseRegExp(DESTINATION_WORDS, 'u');
/**
 * "Please find our offer Shanghai to Brazil:", "Cotação Ningbo x Brasil:": a route to the country opens
 * the offer; it is no heading of destination charges (QA pass 4: the ports' freight under it became fees).
 */
const TO_BRAZIL = /(?:^| )(?:to|x|para|para o|ao|a|hacia|-|–|→|>) (?:brazil|brasil)(?: |$)/u;
/**
 * "Segue nossa melhor oferta para o embarque Shanghai x Santos:": a sentence that opens the offer is no
 * heading of origin charges, whatever word of a side it holds ("embarque" is the shipment there; QA pass 20:
 * the body's THC became the origin's and the attached proposal's THC was counted beside it).
 */
const OFFER_INTRO =
  /(?:^| )(?:segue|seguem|oferta|ofertas|proposta|propostas|cotacao|cotacoes|cotizacion|offer|quotation|quote|rates|tarifas)(?: |$)/u;

/** Reads a heading text ("TAXAS NO DESTINO", "Taxas por BL (iguais ...):", "Frete marítimo por 40'HC:"). */
export function classifyHeadingText(text: string, lineNo: number): SectionContext | null {
  const label = normaliseLabel(text);
  if (label === '' || label.split(' ').length > 12) return null;
  let kind: SectionKind | null = null;
  if (CHARGE_WORDS.test(label)) {
    kind = ORIGIN.test(label)
      ? 'origin_charges'
      : DESTINATION.test(label)
        ? 'destination_charges'
        : 'charges';
  } else if (CONDITION_WORDS.test(label)) {
    kind = 'conditions';
  } else if (FREIGHT_WORDS.test(label)) {
    kind = 'freight';
  } else if (
    /:\s*$/.test(text) &&
    label.split(' ').length >= 2 &&
    !TO_BRAZIL.test(label) &&
    !OFFER_INTRO.test(label)
  ) {
    if (ORIGIN.test(label)) kind = 'origin_charges';
    else if (DESTINATION.test(label)) kind = 'destination_charges';
  }
  if (kind === null) return null;
  const unit = findUnit(text)?.unit ?? null;
  // "Frete marítimo – destino Santos": the prices under it are for that port (the QA pass's PDF).
  const port = kind === 'freight' ? headingPort(text) : null;
  return {
    kind,
    title: text.trim(),
    line: lineNo,
    unit: unit === 'DAY' ? null : unit,
    equipment: findEquipment(text)[0]?.units ?? null,
    currency: currencyMentioned(text),
    ...(port ? { places: [port] } : {}),
  };
}

/** The one known Brazilian port a freight heading ends on after a pointer word ("– destino Santos"). */
function headingPort(text: string): PlaceValue | null {
  const bare = text.replace(/[\s:–—-]+$/u, '');
  const mentions = findKnownPlaces(bare);
  const last = mentions.at(-1);
  if (mentions.length !== 1 || last === undefined || bare.slice(last.end).trim() !== '') return null;
  if (last.place.country !== 'BR') return null;
  return /(?:^|[\s–—-])(?:destino|destination|destinado a|para|to|porto de|port of|puerto de|pod)\s*:?\s*$/i.test(
    bare.slice(0, last.start),
  )
    ? last.place
    : null;
}

/** A whole line that opens a section: short, no amounts, no "label: value" pair, not a sentence. */
export function classifyHeadingLine(text: string, lineNo: number): SectionContext | null {
  // "*Ex Shanghai:*": the emphasis of an HTML reply turned into text is no part of the heading.
  const trimmed = text
    .trim()
    .replace(/^[\s\-–•*·]+/, '')
    .replace(/(?<=\S)\s*[*_]+$/, '');
  if (trimmed === '' || trimmed.length > 90 || findAmounts(trimmed).length > 0) return null;
  // A label with its currency but the value on the next line, or a row of column titles, is not a heading.
  if (/(?:^|\s)(USD|US\$|BRL|R\$|EUR|€)$/i.test(trimmed) || trimmed.split(/\s{2,}|\t/).length >= 3)
    return null;
  if (/[.!?]$/.test(trimmed) && !/\b(obs|notes?)\.$/i.test(trimmed)) return null;
  const colon = trimmed.indexOf(':');
  if (colon >= 0 && colon < trimmed.length - 1) {
    const after = trimmed.slice(colon + 1).trim();
    if (after !== '' && !/^\(.*\)$/.test(after)) return null;
  }
  const heading = classifyHeadingText(trimmed, lineNo) ?? routeHeading(trimmed, lineNo);
  const origin = originHeading(trimmed);
  if (origin === null) return heading;
  // "Origem Ningbo:", "POL Shanghai:" were headings of origin charges already: they keep that kind.
  if (heading !== null)
    return heading.kind === 'origin_charges' || heading.kind === 'freight' ? { ...heading, origin } : heading;
  return {
    kind: 'freight',
    title: trimmed.replace(/:\s*$/, ''),
    line: lineNo,
    unit: null,
    equipment: null,
    currency: null,
    origin,
  };
}

/**
 * "Ex Shanghai:", "Ex-Ningbo:", "Origem Ningbo:", "From Shanghai:", "POL CNSHA:", "EX SHANGHAI", "Shanghai:"
 * alone on a line, the prices below it: the port of loading those prices are from, as "Ex Shanghai: USD …"
 * on one line is (QA 30). A known place abroad and nothing else; a place without a word of origin before it
 * ends in ":". Null for anything else ("Shanghai / Ningbo:", "Santos:").
 */
function originHeading(text: string): PlaceValue | null {
  const bare = text.replace(/:\s*$/, '').trim();
  const origin = leadingOrigin(bare);
  if (origin === null || origin.rest.trim() !== '') return null;
  const marked = (findKnownPlaces(bare)[0]?.start ?? 0) > 0;
  return marked || /:\s*$/.test(text) ? origin.place : null;
}

/**
 * "Ningbo x Itajaí" alone on its line, the prices below it: a section of that route's destination, as
 * "Ningbo x Itajaí: frete …" on one line is (ADR 0024 addendum).
 */
function routeHeading(text: string, lineNo: number): SectionContext | null {
  const bare = text.replace(/:\s*$/, '').trim();
  if (!ROUTE_ONLY.test(bare)) return null;
  const route = readRoute(bare);
  if (route === null) return null;
  return {
    kind: 'freight',
    title: bare,
    line: lineNo,
    unit: null,
    equipment: null,
    currency: null,
    places: [route.to],
    // "Ningbo x Itajaí" above its prices: they are from Ningbo too, as "Ningbo x Itajaí: …" on one line.
    ...(isAbroad(route.from) ? { origin: route.from } : {}),
  };
}
