import type { Line } from '../blocks/lines.js';
import { findCarrierMention, sameCarrier } from '../normalise/carrier-names.js';
import { findDates, resolveDate } from '../normalise/dates.js';
import { matchFee } from '../normalise/fee-names.js';
import { findAmounts } from '../normalise/money.js';
import { foldKeepingOffsets } from '../normalise/text.js';
import type { Modal } from '../types.js';
import { cleanCompanyName } from './company.js';
import {
  emptyFields,
  evidenceFrom,
  type FieldContext,
  type FieldResults,
  type Found,
} from './field-types.js';
import { type LabelHit, scanLabels } from './label-scan.js';
import {
  cleanPlace,
  findKnownPlaces,
  isDirectWord,
  lookupPlace,
  type PlaceValue,
  parsePlaceField,
  readRoute,
} from './places.js';
import {
  COMBINED_FREE_TIME,
  destinationFreeDays,
  readChargeableWeight,
  readDayRange,
  readFreeDaysDetailed,
  readIncoterm,
  readModalWord,
  readValidity,
} from './values.js';

const NAME_FIELDS = new Set([
  'origin',
  'destination',
  'carrier',
  'transshipment',
  'routing',
  'company',
  'payment',
]);
const EXCLUDED_FREE_TIME_CONTEXT =
  /\b(detention|detencao|detencion|origem|origin|origen|pol|armazenagem|storage)\b/;
const ROUTE_SPLIT = /\s*(?:->|=>|\s-\s|-(?=[A-Z]{3}\b)|–|—|>|→|\/|\sx\s|\sto\s|\bvia\b)\s*/;
const NOT_A_PLACE =
  /^(wire|e-?mail|whatsapp|transfer|transferencia|courier|portal|site|sistema|our|your|nosso|nossa|bank|banco|pix|boleto|ted|swift|air|sea|mar|truck)$/i;

function setOnce<T>(
  current: Found<T> | null,
  value: T,
  line: Line,
  ctx: FieldContext,
  method: string,
  confidence: number,
) {
  return current ?? { value, evidence: evidenceFrom(line, ctx.origin, method, confidence) };
}

function addDestinations(
  out: FieldResults,
  places: PlaceValue[],
  line: Line,
  ctx: FieldContext,
  method: string,
  confidence: number,
) {
  for (const place of places) {
    if (out.destinations.some((d) => d.value.name === place.name)) continue;
    out.destinations.push({ value: place, evidence: evidenceFrom(line, ctx.origin, method, confidence) });
  }
}

function cleanCarrier(value: string): string | null {
  // "QR (Qatar Airways)": an airline code that is no carrier name of its own, followed by a known carrier's
  // name; the name is what a sheet shows (generalisation-4 t17). "ONE (Ocean Network Express)" stays ONE.
  const coded = /^\s*([A-Z0-9]{2,3})\s*\(([\p{L}][\p{L} .&-]{2,38})\)/u.exec(value);
  const named = (coded?.[2] ?? '').trim();
  if (coded !== null && findCarrierMention(coded[1] ?? '') === null && findCarrierMention(named) !== null)
    return named;
  // "CMA CGM via Colombo", "MSC. T/T 28 days", "Maersk, direct": the carrier is the name before the routing.
  const first = (
    value.split(
      /\s[–—-]\s|,|;|\(|\s\/\s|\.\s|\s(?:via|vía|direct|direto|directo|service|servico|serviço)\b/i,
    )[0] ?? ''
  )
    .replace(/[.:]+$/, '')
    .trim();
  return first === '' || first.length > 40 || /\d{3,}/.test(first) ? null : first;
}

function applyRouting(out: FieldResults, value: string, line: Line, ctx: FieldContext) {
  if (isDirectWord(value)) {
    out.transshipment = setOnce(out.transshipment, null, line, ctx, 'routing', 0.85);
    return;
  }
  const via = parsePlaceField(
    value.replace(/transbordo (?:em|en|no)|transhipment (?:at|in)|transshipment (?:at|in)/i, 'via'),
  ).via;
  if (via !== null && !/^\s*via\b/i.test(value))
    out.transshipment = setOnce(out.transshipment, via, line, ctx, 'routing', 0.85);
  const parts = value
    .replace(/\([^)]*\)/g, ' ')
    // "Shanghai, CN - Busan, KR - Santos, BR": a country's code after each place is no clause.
    .replace(/\s*,\s*[A-Z]{2}(?![\p{L}\p{N}])/gu, '')
    .split(/,|;|\s(?:by|with|com|pela|pelo|con|on)\s/i)[0]
    ?.split(ROUTE_SPLIT)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const places = (parts ?? []).map((p) => cleanPlace(p)).filter((p): p is PlaceValue => p !== null);
  if (/^\s*via\b/i.test(value) && places.length >= 1) {
    out.transshipment = setOnce(out.transshipment, places[0] ?? null, line, ctx, 'routing', 0.85);
    return;
  }
  if (places.length < 2) return;
  out.origin = setOnce(out.origin, places[0] as PlaceValue, line, ctx, 'routing', 0.85);
  if (out.destinations.length === 0)
    addDestinations(out, [places[places.length - 1] as PlaceValue], line, ctx, 'routing', 0.85);
  const middle = places.slice(1, -1)[0];
  if (middle !== undefined)
    out.transshipment = setOnce(out.transshipment, middle, line, ctx, 'routing', 0.85);
  else if (/\b(direct|direto|directo|non-?stop)\b/i.test(value)) {
    out.transshipment = setOnce(out.transshipment, null, line, ctx, 'routing', 0.85);
  }
}

function applyHit(out: FieldResults, hit: LabelHit, line: Line, ctx: FieldContext) {
  const value = hit.value;
  if (value === '') return;
  // "Destination (Santos) - collected by our agent:" opens a section; it is not a value.
  if (/:$/.test(value) && NAME_FIELDS.has(hit.field)) return;
  switch (hit.field) {
    case 'origin': {
      if (!hit.separated || findAmounts(value).length > 0) return;
      const parsed = parsePlaceField(value);
      const place = parsed.places[0];
      if (place !== undefined) out.origin = setOnce(out.origin, place, line, ctx, 'label', 0.9);
      if (parsed.incoterm !== null)
        out.incoterm = setOnce(out.incoterm, parsed.incoterm, line, ctx, 'label', 0.85);
      return;
    }
    case 'destination': {
      if (!hit.separated || findAmounts(value).length > 0) return;
      const parsed = parsePlaceField(value);
      addDestinations(out, parsed.places, line, ctx, 'label', 0.9);
      if (parsed.via !== null)
        out.transshipment = setOnce(out.transshipment, parsed.via, line, ctx, 'label', 0.85);
      return;
    }
    case 'carrier': {
      if (!hit.separated) return;
      const carrier = cleanCarrier(value);
      if (carrier !== null) out.carrier = setOnce(out.carrier, carrier, line, ctx, 'label', 0.9);
      // "Hapag-Lloyd, transhipment Antwerp" (one s, no preposition: generalisation-4 t16).
      const via = parsePlaceField(
        value.replace(/transbordo em|transbordo en|trans{1,2}hipment(?: (?:at|in|via))?/i, 'via'),
      ).via;
      if (via !== null) out.transshipment = setOnce(out.transshipment, via, line, ctx, 'label', 0.8);
      return;
    }
    case 'transshipment': {
      if (!hit.separated) return;
      const stripped = value.replace(/^(via|em|en|at|in)\s+/i, '');
      if (isDirectWord(stripped) || /\b(direto|direct|directo|sem transbordo)\b/i.test(stripped)) {
        out.transshipment = setOnce(out.transshipment, null, line, ctx, 'label', 0.9);
        return;
      }
      const place = parsePlaceField(stripped).places[0];
      if (place !== undefined) out.transshipment = setOnce(out.transshipment, place, line, ctx, 'label', 0.9);
      return;
    }
    case 'routing':
      if (hit.separated) applyRouting(out, value, line, ctx);
      return;
    case 'transit': {
      // Days added to the transit ("4-6 dias a mais em caso de transbordo", "+3 days if via Busan") are
      // not the transit time: read as one, they made a 30-33-day offer "6 dias" and the quickest (QA pass 9).
      // "… o transit time é o menor e os 21 dias de free time cobrem …": days named free time are not transit.
      // "mas o transit time é o menor e os 21 dias de free time …": an unseparated label in prose is a
      // transit time only when its count follows it (a few filler words apart), as for free time below.
      if (!hit.separated && !TRANSIT_COUNT_AHEAD.test(foldKeepingOffsets(value))) return;
      const range = readDayRange(withoutExtraDays(value).replace(FREE_DAYS_ANYWHERE, ' '));
      if (range === null) return;
      const ports = findKnownPlaces(value).map((m) => m.place);
      addDestinations(
        out,
        ports.filter((p) => p.country === 'BR'),
        line,
        ctx,
        'transit',
        0.7,
      );
      if (out.transit === null)
        out.transit = { value: range, evidence: evidenceFrom(line, ctx.origin, 'label', 0.9) };
      else {
        out.transit.value = {
          min: Math.min(out.transit.value.min, range.min),
          max: Math.max(out.transit.value.max, range.max),
        };
      }
      return;
    }
    case 'freeTime': {
      if (EXCLUDED_FREE_TIME_CONTEXT.test(foldKeepingOffsets(`${hit.before} ${hit.qualifier}`))) {
        // "Días libres en origen: 5 / en destino: 14": the destination's figure further on still counts.
        const destination = destinationFreeDays(value);
        if (destination !== null) out.freeTime = setOnce(out.freeTime, destination, line, ctx, 'label', 0.85);
        return;
      }
      // Without a separator ("ft 7 dias") the value must start with a count, so "40 ft HC" is not one.
      if (!hit.separated && !/^[\s:=.-]*(?:de\s+|of\s+)?\d{1,3}(?![\d.,]\d)/u.test(value)) return;
      const free = readFreeDaysDetailed(value);
      // Several day figures without one named for the destination ("14 days demurrage, 7 days
      // detention"), or a storage figure alone outside a CFS: the figure is less certain (calibrated, issue 32).
      const figures = value.match(/\d{1,3}\s*(?:dias|días|days|dd|d)\b/giu)?.length ?? 0;
      const unsure = (figures >= 2 && destinationFreeDays(value) === null) || free?.unsure === true;
      if (free === null || out.freeTime !== null) return;
      out.freeTime = {
        value: free.days,
        evidence: evidenceFrom(line, ctx.origin, 'label', unsure ? 0.75 : 0.9),
        ...(free.combined || COMBINED_FREE_TIME.test(foldKeepingOffsets(`${hit.before} ${hit.qualifier}`))
          ? { combined: true }
          : {}),
      };
      return;
    }
    case 'validity': {
      const iso = readValidity(value, ctx.dateOrder, ctx.reference);
      if (iso === null) return;
      // "Validity: 14/12/2026" names the offer's validity; an inline "(valid for ETD until 15/12)" read
      // earlier in a freight line is that price's window: the labelled one replaces it.
      if (hit.separated && out.validity?.evidence.method === 'label-inline') out.validity = null;
      out.validity = setOnce(out.validity, iso, line, ctx, hit.separated ? 'label' : 'label-inline', 0.9);
      return;
    }
    case 'incoterm': {
      const code = readIncoterm(hit.separated ? value : (/^\s*(\S+)/.exec(value)?.[1] ?? ''));
      if (code !== null) out.incoterm = setOnce(out.incoterm, code, line, ctx, 'label', 0.9);
      return;
    }
    case 'payment': {
      if (!hit.separated) return;
      const terms = value.replace(/[.;\s]+$/, '').trim();
      if (terms.length >= 3 && terms.length <= 200)
        out.payment = setOnce(out.payment, terms, line, ctx, 'label', 0.9);
      return;
    }
    case 'company': {
      if (!hit.separated) return;
      const name = value
        .replace(/[\w.+-]+@[\w.-]+/g, ' ')
        .split(/\s[–—-]\s|\s\|\s/)[0]
        ?.trim();
      if (name !== undefined && name.length >= 3 && !/\d{4,}/.test(name)) {
        out.company = setOnce(out.company, cleanCompanyName(name), line, ctx, 'label', 0.9);
      }
      return;
    }
    case 'service': {
      const modal = readModalWord(value);
      if (hit.separated && modal !== null)
        out.modal = setOnce<Modal>(out.modal, modal, line, ctx, 'label', 0.9);
      return;
    }
    case 'documentDate': {
      if (!hit.separated) return;
      const date = findDates(value, ctx.dateOrder).find((d) => d.year !== null);
      const iso = date === undefined ? null : resolveDate(date, null);
      if (iso !== null) out.documentDate = setOnce(out.documentDate, iso, line, ctx, 'label', 0.8);
      return;
    }
    default:
      return;
  }
}

const ROUTING_CODES =
  /(?<![\p{L}])(?:routing|rota|ruta|route|roteiro)\s*:?\s+([A-Z]{3}(?:\s*(?:-|–|>|\/)\s*[A-Z]{3}){2,})(?![\p{L}])/iu;
const VIA_INLINE =
  /(?:^|[\s,(–—-])(?:via|vía|transbordo em|transbordo en|transbordo no|trans{1,2}hipment(?: (?:at|in|via))?|t\/s)\s+(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/gu;
const DIRECT_INLINE =
  /\b(servico direto|service direct|direct service|sem transbordo|direct call|directo|direto|direct)\b/;
/** "EXW not included", "não cotamos FOB/EXW", "excluding DAP": a clause that rules a term out. */
const NEGATED_CLAUSE =
  /(?<![\p{L}])(?:not|no|nao|sem|without|excl\p{L}*|except\p{L}*|exceto|fora)(?![\p{L}])/u;

/** An incoterm written in capitals in a clause that does not negate or exclude it. */
function mentionedIncoterm(text: string): string | null {
  for (const clause of text.split(/[,;.()]|\s[-–—]\s/)) {
    const code = readIncoterm(clause.replace(/[a-z]+/g, ' '));
    if (code !== null && !NEGATED_CLAUSE.test(foldKeepingOffsets(clause))) return code;
  }
  return null;
}

const INCOTERM_PLACE = /(?<![\p{L}])(FOB|FCA|FAS)\s+(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/u;
const FROM_TO = /(?:^|\s{2,})from\s*:\s*(\S.*?)\s{2,}to\s*:\s*(\S.*?)(?:\s{2,}|$)/i;
const EX_PLACE = /(?<![\p{L}])ex[\s-]+(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/u;
const CARGO_VALUE = /valor\s+(?:fob|cif|exw)|(?:fob|cif)\s+value|valor\s+(?:da\s+)?mercadoria/i;
const STRONG_PAYMENT =
  /\b(prepaid|pre-paid|collect|antecipad[oa]s?|anticipad[oa]s?|a vista|à vista|pag[oa]s? em reais|pagas? em reais|payable in|paid in|pagadero|contado|days after invoice|dias apos|dias da fatura|wire transfer|transferencia)\b/i;
/**
 * "DTHC collect as per local tariff": who pays one charge, not the reply's payment terms (generalisation-4
 * t05) — the words before "collect"/"prepaid" name a fee.
 */
function namesChargeBeforeTerms(sentence: string): boolean {
  const match = STRONG_PAYMENT.exec(foldKeepingOffsets(sentence));
  const before = sentence
    .slice(0, match?.index ?? 0)
    .replace(/^[\s\-–•*·]+/, '')
    .trim();
  return before !== '' && !/:/.test(before) && matchFee(before) !== null;
}

/** Days added to a transit time ("4-6 dias a mais", "+3 days"), not the transit time itself. */
const EXTRA_DAYS =
  /(?:\+\s*\d{1,3}(?:\s*(?:a|-|–|to)\s*\d{1,3})?\s*(?:dias|days)|\d{1,3}(?:\s*(?:a|-|–|to)\s*\d{1,3})?\s*(?:dias|days)\s+(?:a\s+mais|adicionais|adicional|extras?|additional|more|mas|de\s+acrescimo))\b/g;

/** The value without its added days: "30 days (+3 days if via Busan)" → "30 days ( if via Busan)". */
function withoutExtraDays(value: string): string {
  const folded = foldKeepingOffsets(value);
  let kept = '';
  let from = 0;
  for (const match of folded.matchAll(EXTRA_DAYS)) {
    kept += value.slice(from, match.index);
    from = match.index + match[0].length;
  }
  return kept + value.slice(from);
}
const TRANSIT_BEFORE_LABEL =
  /(\d{1,3})(?:\s*(?:a|-|–|to)\s*(\d{1,3}))?\s*(?:dias|days)\s+(?:de\s+|in\s+)?(?:transito|transit|viagem|travessia|navegacao|viaje)/;
/** A day count alone between separators ("…/40HC, 38 dias.", "| approx. 35-38 days"), nothing naming it. */
const OPTION_DAYS =
  /(?:^|[,;|(]|\s[-–—]\s)\s*(?:(?:approx|aprox|abt|about|cerca de|ca)\.?\s*|~\s*)?(\d{1,3})(?:\s*(?:a|-|–|to)\s*(\d{1,3}))?\s*(?:dias|days|dia|day)\s*(?:$|[.,;|()])/;
const TRANSIT_COUNT_AHEAD =
  /^[\s:=.~()-]*(?:(?:de|of|is|are|e|es|will be|sera|approx|aprox|apx|abt|about|around|approximately|aproximadamente|cerca de|estimated|estimado|est|ca|min|minimo|minimum|max|maximo|maximum|from|desde|entre|between|only|apenas|solo)\.?\s*)*[~±+<>]?\s*\d/u;
const FREE_DAYS_ANYWHERE =
  /\d{1,3}\s*(?:dias|days|días)\s+(?:de\s+|of\s+)?(?:free|livres?|libres?)(?![\p{L}])/giu;
const FREE_DAYS_INLINE = /(\d{1,3})\s*(?:dias|days|dias)\s*(?:de\s+)?(?:free|livres?|libres?)/;
/**
 * "14 days combined free time", "14 days combined", "14 dias combinados (demurrage + detention)", "14 dias de
 * detention e demurrage combinados": days of demurrage and detention together, named or not.
 */
const COMBINED_DAYS_INLINE =
  /(?<![\d.,])(\d{1,3})\s*(?:dias|days|day|dia)\s+(?:(?:de|of)\s+)?(?:(?:free\s*time|demurrage|detention|dem|det)(?:\s*(?:\+|e|and|&|\/)\s*(?:demurrage|detention|dem|det))?\s+)?(?:combinad[oa]s?|combined)(?![\p{L}])/u;

/** Field values from labelled lines, then from inline patterns for what is still missing. */
export function readFields(lines: Line[], ctx: FieldContext): FieldResults {
  const out = emptyFields();
  for (const line of lines) for (const hit of scanLabels(line.text)) applyHit(out, hit, line, ctx);

  for (const line of lines) {
    const text = line.text;
    // "routing PVG-DOH-GRU": a chain of airport or port codes without a colon (generalisation-4 t17).
    const codes = out.transshipment === null ? ROUTING_CODES.exec(text) : null;
    if (codes !== null) applyRouting(out, codes[1] ?? '', line, ctx);
    if (out.transshipment === null) {
      // "USD 2.100 via MSC, transbordo em Busan": a carrier after "via" is none (cleanPlace), the next may be.
      for (const via of text.matchAll(VIA_INLINE)) {
        const place = NOT_A_PLACE.test(via[1] ?? '') ? null : cleanPlace(via[1] ?? '');
        if (place === null) continue;
        out.transshipment = { value: place, evidence: evidenceFrom(line, ctx.origin, 'inline', 0.75) };
        break;
      }
    }
    if (out.origin === null || out.destinations.length === 0) {
      const route = readRoute(text);
      if (route !== null) {
        out.origin ??= { value: route.from, evidence: evidenceFrom(line, ctx.origin, 'route', 0.75) };
        if (out.destinations.length === 0) addDestinations(out, [route.to], line, ctx, 'route', 0.75);
      }
    }
    if (out.transit === null) {
      const transit = TRANSIT_BEFORE_LABEL.exec(foldKeepingOffsets(text));
      if (transit !== null) {
        const min = Number(transit[1]);
        const max = transit[2] === undefined ? min : Number(transit[2]);
        out.transit = { value: { min, max }, evidence: evidenceFrom(line, ctx.origin, 'inline', 0.75) };
      }
    }
    // "COSCO USD 2.750/40HC, 38 dias": a day count standing alone among an option's figures is its transit.
    if (out.transit === null && line.optionContent === true) {
      const bare = OPTION_DAYS.exec(foldKeepingOffsets(text));
      if (bare !== null) {
        const min = Number(bare[1]);
        const max = bare[2] === undefined ? min : Number(bare[2]);
        out.transit = { value: { min, max }, evidence: evidenceFrom(line, ctx.origin, 'inline', 0.7) };
      }
    }
    if (out.freeTime === null) {
      const folded = foldKeepingOffsets(text);
      const combined = COMBINED_DAYS_INLINE.exec(folded);
      const free = combined ?? FREE_DAYS_INLINE.exec(folded);
      if (free !== null)
        out.freeTime = {
          value: Number(free[1]),
          evidence: evidenceFrom(line, ctx.origin, 'inline', 0.75),
          ...(combined === null ? {} : { combined: true }),
        };
    }
    if (out.chargeableWeight === null) {
      const weight = readChargeableWeight(text);
      if (weight !== null)
        out.chargeableWeight = {
          value: weight.kg,
          evidence: evidenceFrom(
            line,
            ctx.origin,
            weight.labelFirst ? 'label' : 'inline',
            weight.labelFirst ? 0.9 : 0.8,
          ),
        };
    }
    if (out.carrier === null) {
      const carrier = findCarrierMention(text);
      // "Já estamos cotando com os armadores (MSC, Maersk e CMA)": a line naming several carriers lists
      // those consulted or compared, not the one quoted (generalisation-5 t17).
      const another =
        carrier === null
          ? null
          : findCarrierMention(
              `${text.slice(0, carrier.index)} ${' '.repeat(carrier.name.length)}${text.slice(carrier.index + carrier.name.length)}`,
            );
      if (carrier !== null && (another === null || sameCarrier(another.name, carrier.name)))
        out.carrier = { value: carrier.name, evidence: evidenceFrom(line, ctx.origin, 'mention', 0.7) };
    }
  }
  for (const line of lines) {
    // "From: Bremerhaven      To: Santos" in a PDF form; both must be known places.
    if (out.origin === null || out.destinations.length === 0) {
      const fromTo = FROM_TO.exec(line.text);
      const from = fromTo === null ? null : lookupPlace(cleanPlace(fromTo[1] ?? '')?.name ?? '');
      const to = fromTo === null ? null : lookupPlace(cleanPlace(fromTo[2] ?? '')?.name ?? '');
      if (from !== null && to !== null) {
        out.origin ??= { value: from, evidence: evidenceFrom(line, ctx.origin, 'label', 0.8) };
        if (out.destinations.length === 0) addDestinations(out, [to], line, ctx, 'label', 0.8);
      }
    }
    // "Rate matrix - Ex Qingdao", "LCL tariff ex Shanghai": the origin of a tariff, when a known place.
    if (out.origin === null) {
      const ex = EX_PLACE.exec(line.text);
      const place = ex === null ? null : lookupPlace(ex[1] ?? '');
      if (place !== null)
        out.origin = { value: place, evidence: evidenceFrom(line, ctx.origin, 'inline', 0.7) };
    }
    if (out.origin === null) {
      const match = INCOTERM_PLACE.exec(line.text);
      const place = match === null ? null : cleanPlace(match[2] ?? '');
      if (place !== null)
        out.origin = { value: place, evidence: evidenceFrom(line, ctx.origin, 'incoterm-place', 0.7) };
    }
    if (out.incoterm === null && !CARGO_VALUE.test(line.text)) {
      const code = mentionedIncoterm(line.text);
      if (code !== null)
        out.incoterm = { value: code, evidence: evidenceFrom(line, ctx.origin, 'mention', 0.75) };
    }
    if (out.payment === null && findAmounts(line.text).length === 0 && !/:\s*$/.test(line.trimmed)) {
      const sentence = line.trimmed
        .split(/(?<=\.)\s+/)
        .find((s) => STRONG_PAYMENT.test(foldKeepingOffsets(s)) && !namesChargeBeforeTerms(s));
      if (sentence !== undefined) {
        const terms = sentence
          .replace(/^[\s\-–•*·]+/, '')
          .replace(/^[^:]{1,30}:\s*/, '')
          .replace(/[.;\s]+$/, '');
        out.payment = { value: terms, evidence: evidenceFrom(line, ctx.origin, 'sentence', 0.6) };
      }
    }
    if (out.transshipment === null && DIRECT_INLINE.test(foldKeepingOffsets(line.text))) {
      out.transshipment = { value: null, evidence: evidenceFrom(line, ctx.origin, 'inline', 0.7) };
    }
  }
  return out;
}
