import { escapeRegExp, foldKeepingOffsets } from '../normalise/text.js';
import { findKnownPlaces, type PlaceMention, type PlaceValue, parsePlaceField } from './places.js';

/*
 * The ports a quote asks (`ExtractTextOptions.destinations`, as the quote writes them: "Santos, BR",
 * "Itapoá, BR"), and the ports a reply's words name: Brazilian ports the dictionary knows (the quotes are
 * imports) and the quote's own, also when the dictionary does not know them ("Maceió, BR").
 */

/** "…, BR", "… - Brasil": the quote names a Brazilian place. */
const BRAZIL_SUFFIX = /(?:,|\s[-–]\s?|\/)\s*(?:br|bra|brasil|brazil)\s*$/i;

/** The quote's ports, each once, from its destination texts ('Santos, BR', 'Santos / Itapoá'). */
export function portsOfQuote(destinations: readonly string[] | undefined): PlaceValue[] {
  const ports: PlaceValue[] = [];
  for (const text of destinations ?? []) {
    if (typeof text !== 'string' || text.trim() === '') continue;
    const brazilian = BRAZIL_SUFFIX.test(text.trim());
    for (const place of parsePlaceField(text).places) {
      const port = place.known || !brazilian ? place : { ...place, country: 'BR' };
      if (!ports.some((p) => p.name === port.name)) ports.push(port);
    }
  }
  return ports;
}

/** A port's name as a pattern over folded text: any case and accents, spaces, dots or dashes between words. */
function namePattern(name: string): RegExp {
  const words = foldKeepingOffsets(name)
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s.-]+')}(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * The ports a text names: known Brazilian places and the quote's ports (`quotePorts`), those the dictionary
 * does not know found by their name, in the order written.
 */
export function findPorts(text: string, quotePorts: readonly PlaceValue[] = []): PlaceMention[] {
  const found = findKnownPlaces(text).filter(
    (m) => m.place.country === 'BR' || quotePorts.some((p) => p.name === m.place.name),
  );
  const folded = foldKeepingOffsets(text);
  for (const port of quotePorts) {
    if (port.known || port.name.trim() === '') continue;
    for (const match of folded.matchAll(namePattern(port.name))) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (!found.some((f) => start < f.end && end > f.start)) found.push({ place: port, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
