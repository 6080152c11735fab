import type { Line } from '../blocks/lines.js';
import { foldKeepingOffsets, normaliseLabel, phraseRegExp } from '../normalise/text.js';
import { evidenceFrom, type FieldResults, type Found } from './field-types.js';
import type { PlaceValue } from './places.js';
import { findPorts } from './quote-ports.js';

/*
 * What a reply says of the ports a quote asks, in words (QA pass 27): it prices only one of them
 * ("conseguimos atender somente Itapoá", "segue cotação para Itapoá:", "only Itapoá"), it does not serve one
 * ("Santos sem espaço no momento", "Itapoá não atendemos"), or one price is for all of them ("mesmo valor
 * para Santos ou Itapoá", "same rate for both ports"). Only Brazilian ports are read (the quotes are imports),
 * and the quote's own when the engine is given them (`ExtractTextOptions.destinations`).
 */

/** Words that make the port next in the clause the only one priced (folded). */
const ONLY = /(?<![\p{L}])(?:somente|apenas|only|solo|solamente|unicamente|exclusivamente|nur)(?![\p{L}])/gu;
/** Words, between "only" and its port, that keep it the port priced ("only offer to", "apenas para o porto de"). */
const ONLY_BRIDGE =
  /^(?:\s+(?:para|for|to|a|ao|o|os|the|el|la|porto|port|puerto|de|of|do|offer|serve|quote|atender|atendemos|cotar|cotamos|ofertar|ofertamos|oferecer|ofrecer|cotizar|cotizamos|embarques?|shipments?|destino|destination|via)){0,4}\s+$/u;

/** An offer opening that points to the port it is for, the port ending the clause ("segue cotação para"). */
const OFFER_FOR_PORT =
  /(?<![\p{L}])(?:segue|seguem|cotacao|cotacoes|oferta|ofertas|proposta|tarifa|tarifas|quotation|quote|offer|rates?|cotizacion|propuesta|valores|precos|precios)(?![\p{L}])[^\d]*?(?<![\p{L}])(?:para|for|to|ao|hacia|destino)\s+(?:(?:o|the|el)\s+)?(?:(?:porto|port|puerto)\s+(?:de|of)\s+)?$/u;

/** A port the clause says is not served (normalised words). */
const REFUSED = phraseRegExp(
  [
    'sem espaco',
    'sem disponibilidade',
    'sem vaga',
    'sem vagas',
    'nao atendemos',
    'nao atende',
    'nao estamos atendendo',
    'nao cotamos',
    'nao conseguimos atender',
    'nao conseguimos cotar',
    'nao conseguimos ofertar',
    'nao temos espaco',
    'indisponivel',
    'lotado',
    'lotada',
    'no space',
    'not available',
    'unavailable',
    'fully booked',
    'not served',
    'do not serve',
    'don t serve',
    'we don t quote',
    'cannot serve',
    'cannot offer',
    'cannot quote',
    'unable to quote',
    'unable to offer',
    'no atendemos',
    'sin espacio',
    'no disponible',
    'no cotizamos',
    'no tenemos espacio',
    'no podemos cotizar',
    'no podemos ofrecer',
    'no podemos atender',
    'kein platz',
    'nicht verfugbar',
  ],
  'u',
);

/** One price for several ports (normalised words). */
const SAME_RATE = phraseRegExp(
  [
    'mesmo valor',
    'mesmos valores',
    'mesmo preco',
    'mesmo frete',
    'mesma tarifa',
    'mesmas tarifas',
    'same rate',
    'same rates',
    'same price',
    'same freight',
    'same value',
    'same amount',
    'mismo valor',
    'mismos valores',
    'mismo precio',
    'mismo flete',
    'misma tarifa',
    'valido para ambos',
    'valida para ambos',
    'validos para ambos',
    'validas para ambos',
    'vale para ambos',
    'valem para ambos',
    'valid for both',
    'applies to both',
    'apply to both',
    'para ambos os portos',
    'para os dois portos',
    'para ambos puertos',
    'para los dos puertos',
    'for both ports',
    'to both ports',
    'gleicher preis',
    'gleiche rate',
  ],
  'u',
);
/** "ambos os portos", "both ports": the ports are the quote's, not named. */
const BOTH = /(?:^| )(?:ambos|ambas|both|os dois|as duas|los dos|beide)(?: |$)/u;

export interface PortStatements {
  /** Ports the reply says it prices alone ("somente Itapoá"): `only`; or the port its offer opens for. */
  served: Array<{ place: PlaceValue; line: Line; only: boolean }>;
  /** Ports it says it does not serve ("Santos sem espaço"). */
  refused: PlaceValue[];
  /** One price for several ports: those it names after saying so (none: "ambos os portos"). */
  sameRate: { places: PlaceValue[]; line: Line } | null;
}

/** Clauses of a line: split at sentence and aside punctuation, commas and spaced dashes. */
function clausesOf(text: string): string[] {
  return text
    .split(/[;:!?()[\]]|,|\.(?=\s|$)|\s[–—-]\s/u)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

function addPlace(list: PlaceValue[], place: PlaceValue): void {
  if (!list.some((p) => p.name === place.name)) list.push(place);
}

/** The ports a same-rate phrase names after it ("… para Santos ou Itapoá"), to the end of its clause. */
function sameRatePorts(text: string, quotePorts: readonly PlaceValue[]): PlaceValue[] | null {
  const label = normaliseLabel(text);
  const match = SAME_RATE.exec(label);
  if (match === null) return null;
  const folded = foldKeepingOffsets(text);
  // The phrase as written: find where its first word is in the line, then read to the clause's end.
  const firstWord = match[0].split(/\s+/)[0] ?? '';
  const at = folded.search(new RegExp(`(?<![\\p{L}])${firstWord}(?![\\p{L}])`, 'u'));
  const after = text.slice(Math.max(at, 0));
  const clause = after.split(/[;!?]|\.(?=\s|$)|\s[–—]\s/u)[0] ?? after;
  const places: PlaceValue[] = [];
  for (const mention of findPorts(clause, quotePorts)) addPlace(places, mention.place);
  if (places.length >= 2) return places;
  return BOTH.test(normaliseLabel(clause)) || BOTH.test(label) ? [] : null;
}

/**
 * What the reply's lines say of the ports it serves: of Brazilian ports, and of the quote's (`quotePorts`,
 * `ExtractTextOptions.destinations`) when given.
 */
export function readPortStatements(
  lines: readonly Line[],
  quotePorts: readonly PlaceValue[] = [],
): PortStatements {
  const served: PortStatements['served'] = [];
  const refused: PlaceValue[] = [];
  let sameRate: PortStatements['sameRate'] = null;
  for (const line of lines) {
    if (line.blank) continue;
    if (sameRate === null) {
      const places = sameRatePorts(line.trimmed, quotePorts);
      if (places !== null) sameRate = { places, line };
    }
    for (const clause of clausesOf(line.trimmed)) {
      const mentions = findPorts(clause, quotePorts);
      if (mentions.length === 0) continue;
      const folded = foldKeepingOffsets(clause);
      if (REFUSED.test(normaliseLabel(clause))) {
        for (const mention of mentions) addPlace(refused, mention.place);
        continue;
      }
      for (const mention of mentions) {
        const before = folded.slice(0, mention.start);
        const only = [...before.matchAll(ONLY)].some((m) =>
          ONLY_BRIDGE.test(before.slice((m.index ?? 0) + m[0].length)),
        );
        const opens =
          !only &&
          mentions.length === 1 &&
          folded.slice(mention.end).trim() === '' &&
          OFFER_FOR_PORT.test(before);
        if ((only || opens) && !served.some((s) => s.place.name === mention.place.name))
          served.push({ place: mention.place, line, only });
      }
    }
  }
  return { served, refused, sameRate };
}

/**
 * The reply's ports as its words give them: a same-rate phrase's ports (or the quote's, `quotePorts`, for
 * "ambos os portos") when its labels name no other; else the only port it prices; else the port its offer
 * opens for, when nothing names one. A port it does not serve is never one of them.
 */
export function applyPortStatements(
  fields: FieldResults,
  statements: PortStatements,
  quotePorts: readonly PlaceValue[],
  origin: string,
): void {
  const found = (place: PlaceValue, line: Line, confidence: number): Found<PlaceValue> => ({
    value: place,
    evidence: evidenceFrom(line, origin, 'sentence', confidence),
  });
  const named = new Set(fields.destinations.map((d) => d.value.name));
  const { sameRate } = statements;
  const samePorts = sameRate === null ? [] : sameRate.places.length >= 2 ? sameRate.places : quotePorts;
  const only = statements.served.filter((s) => s.only);
  // Ports the labels already name (two or more) stay as they are, in their order.
  const sameForAll =
    sameRate !== null &&
    samePorts.length >= 2 &&
    named.size < 2 &&
    [...named].every((n) => samePorts.some((p) => p.name === n));
  if (sameRate !== null && sameForAll)
    fields.destinations = samePorts.map((place) => found(place, sameRate.line, 0.8));
  else if (only.length > 0) {
    // The labels' ports narrowed to the one priced; a label naming none of them wins over the sentence.
    const kept = fields.destinations.filter((d) => only.some((s) => s.place.name === d.value.name));
    if (named.size === 0) fields.destinations = only.map((s) => found(s.place, s.line, 0.8));
    else if (kept.length > 0) fields.destinations = kept;
  } else if (fields.destinations.length === 0)
    fields.destinations = statements.served.map((s) => found(s.place, s.line, 0.75));
  fields.destinations = withoutRefused(fields.destinations, statements.refused);
}

/** Destinations without the ports the reply says it does not serve. */
export function withoutRefused<T extends { value: PlaceValue }>(
  destinations: T[],
  refused: readonly PlaceValue[],
): T[] {
  return destinations.filter((d) => !refused.some((p) => p.name === d.value.name));
}
