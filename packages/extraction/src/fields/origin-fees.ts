import { findCarrierMention } from '../normalise/carrier-names.js';
import { escapeRegExp, foldKeepingOffsets } from '../normalise/text.js';
import type { ChargeCandidate } from './charge-types.js';
import { NOT_ORIGIN_BEFORE } from './origin-ports.js';
import { findKnownPlaces, type PlaceValue } from './places.js';

/*
 * A fee that names the port of loading ("THC Shanghai: USD 120 por contêiner", "THC (Ningbo) USD 95/cntr",
 * "THC CNSHA", "THC Yiwu" on a quote from Yiwu) is that port's charge, `lado: 'origem'`, as "Origin THC" is:
 * beside the destination's THC it is another charge, and the comparison tells the two apart. A port the quote
 * goes to (the `destinations` option, the reply's or the subject's ports) is never an origin; a place abroad
 * is one (the quotes are imports), and so is the quote's origin read from the subject or the body, also when
 * the dictionary does not know it. A place after "via", "transbordo", "to", "POD" … is no port of loading.
 */

export interface OriginFeeContext {
  /** The quote's port of loading, when the reply or its subject names one. */
  origin: PlaceValue | null;
  /** The ports the quote goes to: the engine's `destinations` option and those the reply names. */
  destinations: readonly PlaceValue[];
}

/** A place name as a whole-word pattern over folded text ("yiwu", "sao bento do sul"). */
function wordsOf(name: string): RegExp | null {
  const words = foldKeepingOffsets(name)
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map(escapeRegExp);
  return words.length === 0
    ? null
    : new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s.-]+')}(?![\\p{L}\\p{N}])`, 'u');
}

/** "Colombo transhipment fee", "taxa de transbordo Busan": a charge of the port the cargo passes through. */
const TRANSSHIPMENT =
  /(?<![\p{L}])(?:via|transbordo|transshipment|transhipment|tranship\p{L}*|transship\p{L}*|t\/s)(?![\p{L}])/u;

/** The port of loading a fee's words name, or null: none, a destination, or a place named as no origin. */
function originNamedBy(text: string, ctx: OriginFeeContext): PlaceValue | null {
  const folded = foldKeepingOffsets(text);
  if (TRANSSHIPMENT.test(folded)) return null;
  // "BAF Hamburg Süd", "Singapore Airlines fuel surcharge": a carrier's name holds no port.
  const carrier = findCarrierMention(text);
  const destinations = new Set(ctx.destinations.map((d) => d.name));
  const named: Array<{ place: PlaceValue; start: number }> = findKnownPlaces(text).map((m) => ({
    place: m.place,
    start: m.start,
  }));
  // The quote's own origin, also when the dictionary does not know it ("Yiwu x Santos").
  const origin = ctx.origin;
  if (origin !== null && !origin.known) {
    const match = wordsOf(origin.name)?.exec(folded);
    if (match) named.push({ place: origin, start: match.index });
  }
  if (named.length === 0 || named.some((n) => destinations.has(n.place.name))) return null;
  const inCarrier = (start: number) =>
    carrier !== null && start >= carrier.index && start < carrier.index + carrier.name.length;
  const origins = named.filter(
    (n) =>
      !inCarrier(n.start) &&
      !NOT_ORIGIN_BEFORE.test(folded.slice(0, n.start)) &&
      ((n.place.known && n.place.country !== null && n.place.country !== 'BR') ||
        n.place.name === origin?.name),
  );
  return origins.length === named.length ? (origins[0]?.place ?? null) : null;
}

/** Marks the fees whose own words name the port of loading as that port's (`originSide`). */
export function markOriginFees(charges: ChargeCandidate[], ctx: OriginFeeContext): void {
  for (const charge of charges) {
    if (charge.kind !== 'fee' || charge.originSide === true || charge.namedPort !== undefined) continue;
    const text = charge.placeText.includes(charge.label)
      ? charge.placeText
      : `${charge.label} ${charge.placeText}`;
    if (originNamedBy(text, ctx) !== null) charge.originSide = true;
  }
}
