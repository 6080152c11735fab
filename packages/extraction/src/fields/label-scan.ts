import { FIELD_LABELS, type FieldName } from '../dictionary/labels.js';
import { matchFee } from '../normalise/fee-names.js';
import { foldKeepingOffsets, normaliseLabel, phraseRegExp } from '../normalise/text.js';
import { lookupPlace } from './places.js';

export interface LabelHit {
  field: FieldName;
  start: number;
  /** The label is followed by ":", "=", ".:", a tab or a column gap. */
  separated: boolean;
  /** Words between the label and its separator ("de demurrage" in "Free time de demurrage:"). */
  qualifier: string;
  /** Text before the label in the same clause, for "Detention free time" and the like. */
  before: string;
  value: string;
}

const FIELD_BY_LABEL = new Map<string, FieldName>();
for (const [field, labels] of Object.entries(FIELD_LABELS) as Array<[FieldName, readonly string[]]>) {
  for (const label of labels) if (!FIELD_BY_LABEL.has(label)) FIELD_BY_LABEL.set(label, field);
}
const ANY_LABEL = phraseRegExp([...FIELD_BY_LABEL.keys()]);

/** Fields whose value grammar is strict enough to read without a separator ("TT 38 dias"). */
const INLINE_FIELDS = new Set<FieldName>(['transit', 'freeTime', 'validity', 'incoterm']);
const PLACE_FIELDS = new Set<FieldName>(['origin', 'destination']);

function knownPlaceAhead(rest: string): { offset: number } | null {
  const match = /^\s+((?:[\p{L}'.-]+\s?){1,3})/u.exec(rest);
  if (match === null) return null;
  const words = (match[1] ?? '').trim().split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const candidate = words
      .slice(0, n)
      .join(' ')
      .replace(/[.,;]+$/, '');
    if (lookupPlace(candidate) !== null) return { offset: match[0].length - (match[1] ?? '').length };
  }
  return null;
}

const CHARGE_QUALIFIER =
  /\b(charges?|fees?|taxas?|surcharges?|costs?|custos?|despesas?|gastos?|cargos?|tarifas?)\b/;

const SEPARATOR = /^(\s*\([^)]{0,40}\))?\s*(\.:|:|=|\s[-–|]\s|\t|\s{2,})\s*/u;
const QUALIFIED_SEPARATOR = /^((?:\s+[\p{L}/'()-]+){1,4}?)\s*(\.:|:|=)\s*/u;

/** Text before a label that ends on a value, not on a word tying the label to it ("no", "en", "at"…). */
const AFTER_VALUE =
  /(?<!(?:^|[\s(])(?:a|al|and|at|da|de|del|do|e|em|en|in|na|nas|no|nos|of|para|por|the|to|y))\s$/iu;

function isStrongPosition(text: string, start: number): boolean {
  const before = text.slice(0, start);
  if (/^[\s\-–•*·>]*(?:\d{1,2}[.)]\s+|[a-z][.)]\s+)?$/i.test(before)) return true;
  // "POL: Shanghai / POD: Santos": a slash between two labelled fields also starts one.
  return /(\t|\s{2,}|\|\s*|\s\/\s*|[.;]\s+|,\s+)$/.test(before);
}

/** Every "label: value" (and inline numeric label) in a line, with the value cut at the next label or column gap. */
export function scanLabels(text: string): LabelHit[] {
  const folded = foldKeepingOffsets(text);
  const raw: Array<{
    field: FieldName;
    start: number;
    valueStart: number;
    separated: boolean;
    qualifier: string;
  }> = [];
  for (const match of folded.matchAll(ANY_LABEL)) {
    const start = match.index ?? 0;
    const field = FIELD_BY_LABEL.get(normaliseLabel(match[0]));
    if (field === undefined) continue;
    const labelEnd = start + match[0].length;
    const rest = text.slice(labelEnd);
    // "Origem: Ningbo Destino: Santos" (a PDF keeps one space between the two): a label with its colon
    // after another labelled value of the line starts a field too, unless a word ties it to that value
    // ("Días libres en origen: 5 / en destino: 14").
    const afterLabelled =
      raw.at(-1)?.separated === true && /^\s*\.?:/.test(rest) && AFTER_VALUE.test(text.slice(0, start));
    const strong = isStrongPosition(text, start) || afterLabelled;
    const separator = SEPARATOR.exec(rest);
    if (separator !== null && strong) {
      raw.push({
        field,
        start,
        valueStart: labelEnd + separator[0].length,
        separated: true,
        qualifier: separator[1] ?? '',
      });
      continue;
    }
    const qualified = QUALIFIED_SEPARATOR.exec(rest);
    const qualifier = qualified?.[1] ?? '';
    const namesCharge = CHARGE_QUALIFIER.test(foldKeepingOffsets(qualifier)) || matchFee(qualifier) !== null;
    if (qualified !== null && strong && !namesCharge) {
      raw.push({
        field,
        start,
        valueStart: labelEnd + qualified[0].length,
        separated: true,
        qualifier: qualified[1] ?? '',
      });
      continue;
    }
    if (INLINE_FIELDS.has(field) && !/^[\p{L}\p{N}]/u.test(rest)) {
      raw.push({ field, start, valueStart: labelEnd, separated: false, qualifier: '' });
      continue;
    }
    // "POL Qingdao", "POD Santos": a place label without separator, when a known place follows.
    const place = PLACE_FIELDS.has(field) ? knownPlaceAhead(rest) : null;
    if (place !== null)
      raw.push({ field, start, valueStart: labelEnd + place.offset, separated: true, qualifier: '' });
  }
  return raw.map((hit, i) => {
    let end = text.length;
    for (const next of raw.slice(i + 1)) {
      if (next.start < hit.valueStart) continue;
      // A following label ends the value when separated ("X: a  Y: b") or after a clause ("40 dias. Free time 14").
      const between = text.slice(hit.valueStart, next.start);
      // "tt 33d ft 14d": an inline label right after a complete count starts the next field.
      const afterCount =
        INLINE_FIELDS.has(hit.field) &&
        next.field !== hit.field &&
        INLINE_FIELDS.has(next.field) &&
        /^\s*\d[\d.,/-]*\s*\p{L}{0,6}\.?\s+(?:[·•|/–—-]\s+)?$/u.test(between);
      // "TT 31 dias · Free time 21 dias" (QA pass 37: read as 21–31 days): a middle dot, bullet or dash between
      // fields ends the value as a comma does.
      if (next.separated || afterCount || /(?:[.;,·•]|\s[/|–—-])\s+$/u.test(between)) {
        end = next.start;
        break;
      }
    }
    const valueText = text.slice(hit.valueStart, end);
    const gap = /\t|\s{3,}/.exec(valueText.trimStart());
    const leading = valueText.length - valueText.trimStart().length;
    const value = (gap === null ? valueText : valueText.slice(0, leading + gap.index)).trim();
    const clauseStart = Math.max(text.lastIndexOf(',', hit.start), text.lastIndexOf('.', hit.start - 2), 0);
    return {
      field: hit.field,
      start: hit.start,
      separated: hit.separated,
      qualifier: hit.qualifier.trim(),
      before: text.slice(clauseStart, hit.start),
      value,
    };
  });
}
