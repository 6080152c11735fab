import type { AmountToken } from '../normalise/money.js';
import { foldKeepingOffsets } from '../normalise/text.js';
import { findKnownPlaces, type PlaceValue } from './places.js';

/*
 * Ports of loading named on the price lines (QA pass 30): "Origem Shanghai: Frete USD 2.500,00 / 40HC",
 * "Ex Ningbo: USD 2,300.00 per 40HC", "From Shanghai: …", "Desde Ningbo: …", "POL Shanghai: …", "Shanghai –
 * USD 2.500 / Ningbo – USD 2.350 (40HC)". A port of loading is a known port abroad: a Brazilian port on a
 * price line is its port of discharge (see `amountPorts` in charges.ts), never its origin.
 */

/** A known place abroad: in an import quote, a port (or airport) of loading. */
export function isAbroad(place: PlaceValue): boolean {
  return place.known && place.country !== null && place.country !== 'BR';
}

/** Words that label a port of loading before it (folded text), longest first. */
const ORIGIN_MARKERS = [
  'porto de origem',
  'porto de embarque',
  'puerto de origen',
  'puerto de embarque',
  'puerto de carga',
  'port of loading',
  'port of origin',
  'loading port',
  'porto origem',
  'embarque em',
  'saindo de',
  'saida de',
  'p\\.o\\.l\\.?',
  'origem',
  'origin',
  'origen',
  'desde',
  'from',
  'von',
  'ab',
  'pol',
  'ex',
  'de',
].join('|');

/** The start of a label up to its port of loading: bullets, then perhaps "Origem:", "Ex-", "From ", "POL ". */
const LEADING_ORIGIN = new RegExp(
  `^[\\s\\-–•*·>]*(?:(?:${ORIGIN_MARKERS})(?:\\s*[:.]\\s*|\\s*[-–]\\s*|\\s+))?$`,
  'u',
);
/** What may stand between a price and the port of loading written after it ("USD 2.500 ex Shanghai"). */
const ORIGIN_AFTER_PRICE = new RegExp(`^[\\s(,;:–—-]*(?:(?:${ORIGIN_MARKERS})\\s*[:.-]?\\s*)?$`, 'u');
/** Words before a place abroad that make it no port of loading: a transshipment, a destination. */
export const NOT_ORIGIN_BEFORE =
  /(?:^|[^\p{L}])(?:via|transbordo|transbordo em|transbordo en|transshipment|transhipment|t\/s|to|para|a|ao|hacia|for|destino|destination|dest\.|pod|p\.o\.d\.?|port of discharge|porto de destino|puerto de destino)\s*[:.-]?\s*$/u;

/**
 * A label that opens with its port of loading: "Ex Shanghai", "Origem: Shanghai - Frete", "POL Ningbo",
 * "Shanghai –", "Desde Ningbo". The port and what the label says after it ("Frete"), or null when it does
 * not open so. The caller checks that rest.
 */
export function leadingOrigin(label: string): { place: PlaceValue; rest: string } | null {
  const first = findKnownPlaces(label)[0];
  if (first === undefined || !isAbroad(first.place)) return null;
  if (!LEADING_ORIGIN.test(foldKeepingOffsets(label.slice(0, first.start)))) return null;
  // "Shanghai, CN –": the country's code is part of the place.
  const after = label.slice(first.end).replace(/^\s*,\s*[A-Z]{2}(?![\p{L}])/u, '');
  return { place: first.place, rest: after.replace(/^\s*[-–—,|:]\s*/u, '') };
}

/**
 * The one port of loading a piece of a freight line names (`leading`: as the first words after a price), or
 * null: none, or two. A place abroad, never one after "via", "to", "POD", nor one after a Brazilian port
 * ("Santos x Hamburg": an export's port of discharge).
 */
function originOfPiece(piece: string, leading: boolean): PlaceValue | null {
  const folded = foldKeepingOffsets(piece);
  const mentions = findKnownPlaces(piece);
  const brazilian = mentions.find((m) => m.place.country === 'BR');
  const origins = mentions.filter(
    (m) =>
      isAbroad(m.place) &&
      (brazilian === undefined || m.start < brazilian.start) &&
      !NOT_ORIGIN_BEFORE.test(folded.slice(0, m.start)),
  );
  const first = origins[0];
  if (first === undefined || new Set(origins.map((m) => m.place.name)).size !== 1) return null;
  if (leading && !ORIGIN_AFTER_PRICE.test(folded.slice(0, first.start))) return null;
  return first.place;
}

/**
 * The port of loading of each amount of a freight line, from its own words: with one named before the
 * first price, each price's words before it ("Ex Shanghai: USD 2.500 …", "… ; ex Ningbo USD 2.350", "Shanghai
 * – USD 2.500 / Ningbo – USD 2.350"), a price naming none carrying on the one before it; with none before the
 * first price, the one written right after each price ("USD 2.500 ex Shanghai / USD 2.350 ex Ningbo"). Null
 * when the line names none so.
 */
export function amountOrigins(
  leadText: string,
  text: string,
  amounts: AmountToken[],
  consumedEnds: number[],
): Array<PlaceValue | null> | null {
  const first = originOfPiece(leadText, false);
  if (first !== null) {
    let current: PlaceValue = first;
    return amounts.map((amount, i) => {
      if (i === 0) return first;
      current = originOfPiece(text.slice(consumedEnds[i - 1] ?? 0, amount.start), false) ?? current;
      return current;
    });
  }
  const after = amounts.map((_, i) => {
    const rest = text.slice(consumedEnds[i] ?? 0, amounts[i + 1]?.start ?? text.length);
    return originOfPiece(rest.split(/[/|;]/u)[0] ?? '', true);
  });
  return after.every((p) => p === null) ? null : after;
}
