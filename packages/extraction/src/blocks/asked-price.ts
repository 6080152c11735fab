import { ACCEPTS_REQUESTED_MARKERS, ASKED_PRICE_WORDS, OTHER_OFFER_WORDS } from '../dictionary/labels.js';
import { findAmounts } from '../normalise/money.js';
import { normaliseLabel, phraseRegExp, sentencesOf } from '../normalise/text.js';
import { findEquipment } from '../normalise/units.js';
import { type Line, makeLine } from './lines.js';

const ACCEPTS = phraseRegExp(ACCEPTS_REQUESTED_MARKERS, 'u');
const ASKS = phraseRegExp(ASKED_PRICE_WORDS, 'u');
const OTHER = phraseRegExp(OTHER_OFFER_WORDS, 'u');

/** A refusal around the phrase ("Não conseguimos chegar ao valor solicitado", "unfortunately we cannot…"). */
const NEGATION =
  /\b(?:nao|not|cannot|can t|cant|unable|infelizmente|unfortunately|no podemos|no es posible)\b/;

/** The newest message's line agreeing to the price the importer asked ("Ok, de acordo com o valor solicitado"). */
export function acceptsAskedPrice(lines: readonly Line[]): Line | undefined {
  return lines.find((line) => {
    const label = normaliseLabel(line.text);
    return ACCEPTS.test(label) && !NEGATION.test(label);
  });
}

/** The unit written right after an amount ("/kg", "/W/M", "por kg", "per cbm"), when there is one. */
function unitAfter(text: string): string {
  return /^\s*(?:\/\s*|(?:por|per|p\/)\s+)[\p{L}\d'./]{1,10}/iu.exec(text)?.[0] ?? '';
}

/**
 * The prices the importer's quoted revision request asks of this carrier, as freight lines the engine reads
 * ("Conseguem chegar a USD 2.000,00 no 40HC?" → "Frete 40HC: USD 2.000,00", keeping the line's number so
 * "Ver de onde veio" opens it). A sentence counts when it asks (a "?" or a word such as "target", "chegar a",
 * "match") and does not name someone else's price ("Temos oferta de USD 1.950,00"); its amounts pair with
 * its container types in order, or stand alone when it names none. A type asked two different prices, or a
 * sentence whose amounts and types do not pair, gives nothing at all: the analyst is told instead.
 */
export function askedPriceLines(requestLines: readonly Line[]): Line[] {
  const found = new Map<string, { line: Line; value: number; currency: string }>();
  const ambiguous = new Set<string>();
  for (const line of requestLines) {
    for (const sentence of sentencesOf(line.text)) {
      const label = normaliseLabel(sentence);
      if (OTHER.test(label) || !(sentence.includes('?') || ASKS.test(label))) continue;
      const amounts = findAmounts(sentence).filter((amount) => !amount.isPercent && amount.currency !== null);
      if (amounts.length === 0) continue;
      const equipment = findEquipment(sentence);
      if (equipment.length > 0 && equipment.length !== amounts.length) {
        ambiguous.add('*');
        continue;
      }
      amounts.forEach((amount, index) => {
        const kind = equipment[index];
        const type = kind === undefined ? '' : sentence.slice(kind.start, kind.end).trim();
        const unit = kind === undefined ? unitAfter(sentence.slice(amount.end)) : '';
        const key = kind === undefined ? `unit:${normaliseLabel(unit)}` : kind.units.join('+');
        const text = type === '' ? `Frete: ${amount.raw}${unit}` : `Frete ${type}: ${amount.raw}`;
        const before = found.get(key);
        if (before && (before.value !== amount.value || before.currency !== amount.currency))
          ambiguous.add(key);
        found.set(key, {
          line: makeLine(line.no, text),
          value: amount.value,
          currency: amount.currency ?? '',
        });
      });
    }
  }
  // All or nothing: half an agreed price list next to the rest of the old one would be a new offer no one made.
  return ambiguous.size > 0 ? [] : [...found.values()].map((entry) => entry.line);
}
