import {
  ALTERNATIVE_WORDS,
  CLOSING_PHRASES,
  CURRENT_SECTION_MARKERS,
  EXPIRED_SECTION_MARKERS,
  INLINE_ANSWER_INFIX,
  INLINE_ANSWER_PHRASES,
  INLINE_ANSWER_PREFIX,
  OFFER_BLOCK_HEADINGS,
  RECOMMENDED_MARKERS,
  REQUESTER_MESSAGE_MARKERS,
  REST_OF_OFFER_WORDS,
  SHARED_BY_ALTERNATIVES_MARKERS,
  STILL_APPLIES_MARKERS,
} from '../dictionary/labels.js';
import { findCarrierMention } from '../normalise/carrier-names.js';
import { findAmounts } from '../normalise/money.js';
import {
  foldKeepingOffsets,
  normaliseLabel,
  phraseAlternation,
  phraseRegExp,
  sentencesOf,
} from '../normalise/text.js';
import { type Line, makeLine } from './lines.js';

export type LineRole = 'header' | 'body' | 'signature' | 'quoted' | 'discarded';

export interface Alternative {
  start: number;
  end: number;
  title: string;
  recommended: boolean;
  selected: boolean;
  /**
   * The option's figures when written on its own header ("Opção 2: COSCO USD 2.750/40HC, 38 dias"), without
   * the header and without sentences naming options ("Sugerimos a opção 2."): what the reply says, if chosen.
   */
  content?: string;
}

export interface Segmentation {
  roles: LineRole[];
  headerEnd: number;
  subject: Line | null;
  fromName: string | null;
  fromDomain: string | null;
  headerDate: string | null;
  quotedStart: number | null;
  /** Index ranges [start, end) of the older messages, newest first. */
  quotedMessages: Array<[number, number]>;
  signatureStart: number | null;
  alternatives: Alternative[];
  stillApplies: boolean;
  /**
   * The newest quoted message is the importer's own (the platform's quote or revision request, or written
   * from another domain than the reply's): what it says is not the carrier's earlier offer.
   */
  olderFromRequester: boolean;
  /** Lines rewritten for reading, by index: an inline answer joined to the question it answers. */
  rewritten: Map<number, Line>;
  /** Indexes of the lines answered inline inside the quoted request. */
  inlineAnswers: number[];
  /** Index ranges [start, end) of sections discarded as expired or "for reference only". */
  expired: Array<[number, number]>;
  /**
   * Index range [start, end) of a forwarded message read as the offer: the newest message forwards it and
   * has no offer of its own (QA pass 28). Its body lines are 'body'; it is no longer in `quotedMessages`.
   */
  forwarded: [number, number] | null;
}

const HEADER =
  /^(subject|assunto|asunto|from|de|to|para|cc|cco|bcc|date|data|fecha|enviado em|enviada em|enviado|sent|reply-to|responder a|objet|betreff|von|an|datum)\s*:/i;
const REPLY_INTRO =
  /^(em|on|el|le|am|op)\s.{4,220}(escreveu|wrote|escribi[oó]|a [ée]crit|schrieb|schreef)\s*:?\s*$/i;
const SEPARATOR_INTRO =
  /^-{2,}\s*(original message|mensagem original|mensaje original|forwarded message|mensagem encaminhada|mensaje reenviado|encaminhada|forwarded)|^begin forwarded message/i;
const OUTLOOK_FROM = /^(from|de)\s*:\s*\S/i;
const OUTLOOK_NEXT = /^(sent|enviado|enviada|date|data|fecha|to|para|subject|assunto|asunto)\s*:/i;
const CLOSING_ALTERNATION = phraseAlternation(CLOSING_PHRASES);
const CLOSING = new RegExp(`^(?:${CLOSING_ALTERNATION})(?:\\s+(?:${CLOSING_ALTERNATION}))*$`, 'u');
const SENT_FROM_DEVICE = /^(enviado do meu|sent from my|enviado desde mi)/i;
const ALTERNATIVE_HEADER = new RegExp(
  `^[\\s\\-–•*#]*(?:${phraseAlternation(ALTERNATIVE_WORDS)})\\s*(?:n[oº°]\\.?\\s*)?(\\d+|[a-c]|i{1,3})(?![\\p{L}\\p{N}])`,
  'u',
);
const RECOMMENDED = new RegExp(`(?:${phraseAlternation(RECOMMENDED_MARKERS)})`, 'u');
const SHARED = new RegExp(`(?:${phraseAlternation(SHARED_BY_ALTERNATIVES_MARKERS)})`, 'u');
const STILL_APPLIES = new RegExp(`(?:${phraseAlternation(STILL_APPLIES_MARKERS)})`, 'u');
const INLINE_PHRASE = phraseRegExp(INLINE_ANSWER_PHRASES, 'u');
const EXPIRED = phraseRegExp(EXPIRED_SECTION_MARKERS, 'u');
const CURRENT = phraseRegExp(CURRENT_SECTION_MARKERS, 'u');

// 'demais condicoes' names the rest without saying it is unchanged: only the other markers say that.
const UNCHANGED = phraseRegExp(
  STILL_APPLIES_MARKERS.filter(
    (marker) => !marker.split(' ').every((word) => REST_OF_OFFER_WORDS.includes(word)),
  ),
  'u',
);
const REST_OF_OFFER_WORD = phraseRegExp(REST_OF_OFFER_WORDS, 'u');

/**
 * A reply that adds to the carrier's earlier offer ("Complementando nossa proposta: USD 1.700/20GP", QA
 * pass 5): the rest of that offer stands (folded text).
 */
const COMPLEMENTS =
  /^(?:complementando|complementamos|em complemento (?:a|à)|complementing|further to|adding to|in addition to|complementando a?) (?:a |o )?(?:nossa|nosso|our|the|la|nuestra)? ?(?:proposta|oferta|cotacao|offer|quote|quotation|propuesta|cotizacion)\b/;

/** The line says the rest of an earlier offer still applies ("Demais condições sem alteração"). */
export function keepsTheRest(text: string): boolean {
  const label = normaliseLabel(text);
  return (UNCHANGED.test(label) && REST_OF_OFFER_WORD.test(label)) || COMPLEMENTS.test(label);
}

const QUESTION_LEAD = /^[\s\-–•*·]*(?:(?:\d{1,2}|[a-h])\s*[).:-]\s+|(?:\d{1,2}|[a-h])\s*\)\s*)?¿?\s*/i;

/** The question an answer refers to, cleaned of numbering and "?"; null when it carries figures. */
function questionText(text: string): string | null {
  const clean = (value: string) =>
    value
      .replace(QUESTION_LEAD, '')
      .replace(/[\s?:¿.]+$/, '')
      .trim();
  let question = clean(text);
  if (findAmounts(question).length > 0) {
    // The importer's own figure beside the question ("Frete 40HC? Nosso target é USD 2.200,00",
    // "Frete 20DC (target USD 1.500,00)?"): the question is the part before it, never the figure.
    const withoutAsides = question.replace(/\([^)]*\)/g, (aside) =>
      findAmounts(aside).length > 0 ? ' ' : aside,
    );
    question = clean(withoutAsides.split('?')[0] ?? '');
    if (/\b(?:target|budget|objetivo|alvo|pagamos|paying|pay)\b/i.test(question)) return null;
  }
  if (question === '' || question.length > 90 || findAmounts(question).length > 0) return null;
  return question;
}

function previousNonBlank(lines: Line[], index: number, floor: number): number {
  for (let k = index - 1; k > floor; k--) if (!lines[k]?.blank) return k;
  return -1;
}

/** A quoted question of the request: it asks ("?"), is short, and is not an e-mail header line. */
function isQuestionLine(text: string): boolean {
  return /\?\s*(?:$|\S.{0,60}$)/.test(text) && text.length <= 160 && !HEADER.test(text);
}

interface InlineAnswers {
  answers: Map<number, Line>;
  /** Lines of the writer after the quoted request (bottom-posting, or a signature under the answers). */
  tail: [number, number] | null;
}

/**
 * Answers written inside the quoted request ("> Frete?" / ">>> USD 2.980,00", "R: ...", "==> ...",
 * "Frete: Resp.: ..."). Each answer is joined to its question so "Validade?" + "31/12" reads as a field.
 * Depth-only answers (a deeper or shallower quote than the questions) need the newest message to say
 * the answers are inline; textual markers count when announced or when at least two are found.
 */
function findInlineAnswers(
  lines: Line[],
  topStart: number,
  topEnd: number,
  range: [number, number],
): InlineAnswers {
  const answers = new Map<number, Line>();
  const [begin, end] = range;
  const topText = lines
    .slice(topStart, topEnd)
    .map((l) => normaliseLabel(l.trimmed))
    .join(' \n ');
  const announced = INLINE_PHRASE.test(topText);
  let baseDepth: number | null = null;
  let maxDepth = 0;
  for (let i = begin + 1; i < end; i++) {
    const line = lines[i];
    if (line === undefined || line.blank) continue;
    baseDepth ??= line.quoteDepth;
    maxDepth = Math.max(maxDepth, line.quoteDepth);
  }
  const found: Array<{ index: number; question: string | null; answer: string }> = [];
  let textual = 0;
  for (let i = begin + 1; i < end; i++) {
    const line = lines[i];
    if (line === undefined || line.blank) continue;
    const prefix = INLINE_ANSWER_PREFIX.exec(line.trimmed);
    if (prefix !== null && line.trimmed.length > prefix[0].length) {
      found.push({ index: i, question: null, answer: line.trimmed.slice(prefix[0].length) });
      textual++;
      continue;
    }
    const infix = INLINE_ANSWER_INFIX.exec(line.trimmed);
    if (infix !== null && infix.index > 0 && line.trimmed.length > infix.index + infix[0].length) {
      found.push({
        index: i,
        question: questionText(line.trimmed.slice(0, infix.index)),
        answer: line.trimmed.slice(infix.index + infix[0].length),
      });
      textual++;
      continue;
    }
    if (announced && baseDepth !== null && maxDepth > baseDepth && line.quoteDepth === maxDepth) {
      found.push({ index: i, question: null, answer: line.trimmed });
      continue;
    }
    // Answers that were coloured text, now plain: the line right under a quoted question, at the
    // question's quote depth or shallower ("> Transit time?" then "30 days"), when the reply says so.
    const previousIndex = previousNonBlank(lines, i, begin);
    const previous = previousIndex < 0 ? undefined : lines[previousIndex];
    if (
      announced &&
      previous !== undefined &&
      isQuestionLine(previous.trimmed) &&
      found[found.length - 1]?.index !== previousIndex &&
      line.quoteDepth <= previous.quoteDepth &&
      !line.trimmed.includes('?') &&
      !HEADER.test(line.trimmed)
    )
      found.push({ index: i, question: null, answer: line.trimmed });
  }
  const depthOnly = found.length - textual;
  if (found.length === 0 || (!announced && textual < 2) || (depthOnly > 0 && !announced))
    return { answers, tail: null };
  const answerIndexes = new Set(found.map((f) => f.index));
  for (const item of found) {
    let question = item.question;
    if (question === null) {
      for (let k = item.index - 1; k > begin && k >= item.index - 3; k--) {
        const previous = lines[k];
        if (previous === undefined || previous.blank) continue;
        if (!answerIndexes.has(k)) question = questionText(previous.trimmed);
        break;
      }
    }
    const text = question === null ? item.answer : `${question}: ${item.answer}`;
    answers.set(item.index, makeLine(lines[item.index]?.no ?? item.index + 1, text));
  }
  return { answers, tail: quotedTail(lines, range, answerIndexes) };
}

/** Unquoted lines after a ">"-quoted request: the writer's own text or signature below the quote. */
function quotedTail(lines: Line[], range: [number, number], answers: Set<number>): [number, number] | null {
  const [begin, end] = range;
  const first = lines.slice(begin + 1, end).find((l) => !l.blank);
  if (first === undefined || first.quoteDepth === 0) return null;
  let quoted = 0;
  let last = -1;
  for (let i = begin + 1; i < end; i++) {
    const line = lines[i];
    if (line === undefined || line.blank) continue;
    if (line.quoteDepth > 0 || answers.has(i)) {
      if (line.quoteDepth > 0) quoted++;
      last = i;
    }
  }
  if (quoted < 2 || last < 0) return null;
  const tailStart = last + 1;
  const hasText = lines.slice(tailStart, end).some((l) => !l.blank && l.quoteDepth === 0);
  return hasText ? [tailStart, end] : null;
}

/** A heading-like line (no amounts, not a sentence) that marks its section as expired or for reference. */
function isExpiredHeading(line: Line): boolean {
  const text = line.trimmed;
  if (text.length > 140 || findAmounts(text).length > 0 || /\.$/.test(text)) return false;
  // "Validade: 30/11 (tarifa anterior vencida)" is a field, not a heading.
  const colon = text.indexOf(':');
  if (colon >= 0 && !/^\s*(?:\(.*\))?\s*$/.test(text.slice(colon + 1))) return false;
  const label = normaliseLabel(text);
  // "Please disregard our previous offer below. New offer:" heads the current offer, not an expired one.
  return EXPIRED.test(label) && !CURRENT.test(label.slice(label.search(EXPIRED)));
}

function isCurrentHeading(line: Line): boolean {
  const text = line.trimmed;
  if (text.length > 140 || findAmounts(text).length > 0) return false;
  const label = normaliseLabel(text);
  return CURRENT.test(label) && !EXPIRED.test(label);
}

/** Sections under an expired / reference-only heading, to a blank line after content or a current heading. */
function findExpiredSections(lines: Line[], roles: LineRole[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === undefined || roles[i] !== 'body' || !isExpiredHeading(line)) continue;
    let content = false;
    let k = i + 1;
    for (; k < lines.length; k++) {
      const next = lines[k];
      if (next === undefined || roles[k] !== 'body') break;
      if (next.blank) {
        if (content) break;
        continue;
      }
      if (isCurrentHeading(next)) break;
      content = true;
    }
    spans.push([i, k]);
    i = k - 1;
  }
  return spans;
}

function isQuoteIntro(lines: Line[], i: number): boolean {
  const line = lines[i];
  if (line === undefined) return false;
  const text = line.trimmed;
  if (line.quoteDepth > 0) return true;
  if (REPLY_INTRO.test(text) || SEPARATOR_INTRO.test(text)) return true;
  const joined = `${text} ${lines[i + 1]?.trimmed ?? ''}`;
  if (/^(em|on|el)\s/i.test(text) && REPLY_INTRO.test(joined)) return true;
  if (/^_{5,}$/.test(text) && OUTLOOK_FROM.test(lines[i + 1]?.trimmed ?? '')) return true;
  if (OUTLOOK_FROM.test(text)) {
    for (let k = i + 1; k <= i + 4 && k < lines.length; k++) {
      if (OUTLOOK_NEXT.test(lines[k]?.trimmed ?? '')) return true;
    }
  }
  return false;
}

function parseHeader(lines: Line[]) {
  let end = 0;
  while (end < lines.length && end < 5 && lines[end]?.blank) end++;
  let subject: Line | null = null;
  let from: string | null = null;
  let date: string | null = null;
  let count = 0;
  while (end < lines.length && end < 35) {
    const line = lines[end];
    if (line === undefined || line.blank) break;
    const match = HEADER.exec(line.trimmed);
    if (match === null) {
      if (count > 0 && /^\s/.test(line.text)) {
        end++;
        continue;
      }
      break;
    }
    const key = (match[1] ?? '').toLowerCase();
    const value = line.trimmed.slice(match[0].length).trim();
    if (['subject', 'assunto', 'asunto', 'objet', 'betreff'].includes(key)) subject = line;
    if (['from', 'de', 'von'].includes(key)) from = value;
    if (['date', 'data', 'fecha', 'enviado em', 'enviada em', 'enviado', 'sent', 'datum'].includes(key))
      date = value;
    count++;
    end++;
  }
  const isEmail = count >= 2 && (subject !== null || from !== null);
  return {
    end: isEmail ? end : 0,
    subject: isEmail ? subject : null,
    from: isEmail ? from : null,
    date: isEmail ? date : null,
  };
}

function parseSender(from: string | null): { name: string | null; domain: string | null } {
  if (from === null) return { name: null, domain: null };
  const email = /[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/.exec(from);
  const name = from
    .replace(/<[^>]*>/g, '')
    .replace(/[\w.+-]+@[\w.-]+/g, '')
    .replace(/["']/g, '')
    .trim();
  return { name: name === '' ? null : name, domain: email?.[1]?.toLowerCase() ?? null };
}

function findSignatureStart(
  lines: Line[],
  start: number,
  end: number,
  fromName: string | null,
): number | null {
  for (let i = end - 1; i >= start; i--) {
    const text = lines[i]?.trimmed ?? '';
    if (text.length > 0 && text.length <= 60 && CLOSING.test(normaliseLabel(text))) return i;
  }
  if (fromName !== null) {
    const first = normaliseLabel(fromName).split(' ')[0] ?? '';
    let seen = 0;
    for (let i = end - 1; i >= start && seen < 8; i--) {
      const text = lines[i]?.trimmed ?? '';
      if (text === '') continue;
      seen++;
      const label = normaliseLabel(text);
      if (
        first.length >= 3 &&
        (label === normaliseLabel(fromName) || label.startsWith(`${first} `) || label === first)
      ) {
        return i;
      }
    }
  }
  for (let i = start; i < end; i++) if (SENT_FROM_DEVICE.test(lines[i]?.trimmed ?? '')) return i;
  return null;
}

function findAlternatives(lines: Line[], start: number, end: number): Alternative[] {
  const headers: number[] = [];
  for (let i = start; i < end; i++) {
    if (ALTERNATIVE_HEADER.test(foldKeepingOffsets(lines[i]?.trimmed ?? ''))) headers.push(i);
  }
  if (headers.length < 2) return [];
  const ids = headers.map((h) => ALTERNATIVE_HEADER.exec(foldKeepingOffsets(lines[h]?.trimmed ?? ''))?.[1]);
  const alternatives: Alternative[] = headers.map((h, n) => {
    const limit = headers[n + 1] ?? end;
    // "Opção 2: COSCO USD 2.750/40HC, 38 dias": an option with its figures on its header is that line alone.
    const inline = headerContent(lines[h]?.trimmed ?? '');
    let stop = inline === null ? limit : h + 1;
    let content = false;
    for (let i = h + 1; i < stop; i++) {
      const line = lines[i];
      if (line === undefined) break;
      if (SHARED.test(foldKeepingOffsets(line.trimmed))) {
        stop = i;
        break;
      }
      if (line.blank && content) {
        stop = i;
        break;
      }
      if (!line.blank) content = true;
    }
    const text = lines
      .slice(h, stop)
      .map((l) => foldKeepingOffsets(l.trimmed))
      .join(' ');
    return {
      start: h,
      end: stop,
      title: lines[h]?.trimmed ?? '',
      recommended: RECOMMENDED.test(inline === null ? text : foldKeepingOffsets(inline.content)),
      selected: false,
      ...(inline === null ? {} : { content: inline.content }),
    };
  });
  // "Sugerimos a opção 2", "We recommend option B", "best option is COSCO" anywhere in the message: the
  // option it names is the recommended one, even when the sentence stands apart from the options or at the
  // end of another option's block (rule 2; generalisation-5 t13, t14).
  const named = recommendedByReference(
    lines.slice(start, end).map((l) => foldKeepingOffsets(l.trimmed)),
    alternatives.map((a, n) => ({ id: ids[n], carrier: findCarrierMention(a.title)?.name ?? null })),
  );
  if (named !== null)
    for (const [n, alternative] of alternatives.entries()) alternative.recommended = n === named;
  const chosen = alternatives.find((a) => a.recommended) ?? alternatives[0];
  if (chosen !== undefined) chosen.selected = true;
  return alternatives;
}

const OPTION_REFERENCE = new RegExp(
  `(?<![\\p{L}])(?:${phraseAlternation(ALTERNATIVE_WORDS)})\\s*(?:n[oº°]\\.?\\s*)?(\\d+|[a-c]|i{1,3})(?![\\p{L}\\p{N}])`,
  'gu',
);

/**
 * The index of the option a recommending sentence of the message names, by its number/letter ("opção 2",
 * "option B") or by its carrier ("we suggest COSCO"); null when no such sentence names exactly one option.
 */
function recommendedByReference(
  texts: string[],
  options: Array<{ id: string | undefined; carrier: string | null }>,
): number | null {
  for (const text of texts) {
    const marker = RECOMMENDED.exec(text);
    if (marker === null) continue;
    const after = text.slice(marker.index);
    const byId = new Set<number>();
    for (const match of after.matchAll(OPTION_REFERENCE)) {
      const n = options.findIndex((o) => o.id !== undefined && o.id === match[1]);
      if (n >= 0) byId.add(n);
    }
    if (byId.size === 1) return [...byId][0] ?? null;
    if (byId.size > 1) continue;
    const byCarrier = options
      .map((o, n) => (o.carrier !== null && carrierNamedIn(after, o.carrier) ? n : -1))
      .filter((n) => n >= 0);
    if (byCarrier.length === 1) return byCarrier[0] ?? null;
  }
  return null;
}

/** An option header with its figures after it ("Opção 2: COSCO …", "Option B – MSC USD …"), anywhere in a line. */
const INLINE_OPTION_HEADER = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${phraseAlternation(ALTERNATIVE_WORDS)})\\s*(?:n[oº°]\\.?\\s*)?(\\d+|[a-c]|i{1,3})\\s*(?::|–|—|-|\\))\\s*`,
  'gu',
);
const NAMES_AN_OPTION = new RegExp(OPTION_REFERENCE.source, 'u');

/**
 * The figures after an option's header, split from the sentences that name options ("Sugerimos a opção 2."):
 * null when there are no figures (a heading such as "OPÇÃO 2 – Maersk" over its lines).
 */
function optionContent(text: string): { content: string; remarks: string[] } | null {
  const content: string[] = [];
  const remarks: string[] = [];
  for (const sentence of sentencesOf(text)) {
    if (content.length > 0 && NAMES_AN_OPTION.test(foldKeepingOffsets(sentence))) remarks.push(sentence);
    else content.push(sentence);
  }
  const joined = content.join(' ').trim();
  return findAmounts(joined).length === 0 ? null : { content: joined, remarks };
}

/** The figures on a line that starts with an option's header ("Opção 2: COSCO USD 2.750/40HC, 38 dias"). */
function headerContent(text: string): { content: string; remarks: string[] } | null {
  const folded = foldKeepingOffsets(text);
  const header = ALTERNATIVE_HEADER.exec(folded);
  if (header === null) return null;
  const separator = /^\s*(?::|–|—|-|\))\s*/.exec(folded.slice(header[0].length));
  if (separator === null) return null;
  return optionContent(text.slice(header[0].length + separator[0].length));
}

interface InlineOption {
  id: string | undefined;
  title: string;
  content: string;
  remarks: string[];
}

/** Two or more options, each with its figures, written in one line ("Opção 1: MSC USD … Opção 2: COSCO USD …"). */
function inlineOptions(text: string): { options: InlineOption[]; prefix: string } | null {
  const folded = foldKeepingOffsets(text);
  const headers = [...folded.matchAll(INLINE_OPTION_HEADER)];
  if (headers.length < 2 || new Set(headers.map((h) => h[1])).size < headers.length) return null;
  const options: InlineOption[] = [];
  for (const [n, header] of headers.entries()) {
    const from = header.index ?? 0;
    const to = headers[n + 1]?.index ?? text.length;
    const read = optionContent(text.slice(from + header[0].length, to));
    if (read === null) return null;
    options.push({ id: header[1], title: text.slice(from, to).trim(), ...read });
  }
  return { options, prefix: text.slice(0, headers[0]?.index ?? 0).trim() };
}

/**
 * Options written inline, one line holding them all ("Opção 1: MSC USD 2.900/40HC, 35 dias. Opção 2: COSCO
 * USD 2.750/40HC, 38 dias. Sugerimos a opção 2."): each is an alternative of that line. The option a sentence
 * of the message names as recommended is chosen, else one its own words recommend, else the first.
 */
function findInlineAlternatives(lines: Line[], start: number, end: number): Alternative[] {
  const found = new Map<number, InlineOption[]>();
  const texts: string[] = [];
  for (let i = start; i < end; i++) {
    const text = lines[i]?.trimmed ?? '';
    const inline = inlineOptions(text);
    if (inline === null) texts.push(foldKeepingOffsets(text));
    else {
      found.set(i, inline.options);
      texts.push(...[inline.prefix, ...inline.options.flatMap((o) => o.remarks)].map(foldKeepingOffsets));
    }
  }
  const alternatives: Alternative[] = [];
  for (const [i, options] of found) {
    const named = recommendedByReference(
      texts,
      options.map((o) => ({ id: o.id, carrier: findCarrierMention(o.content)?.name ?? null })),
    );
    const own = options.findIndex((o) => RECOMMENDED.test(foldKeepingOffsets(o.content)));
    const chosen = named ?? (own >= 0 ? own : 0);
    for (const [n, option] of options.entries())
      alternatives.push({
        start: i,
        end: i + 1,
        title: option.title,
        recommended: n === (named ?? own),
        selected: n === chosen,
        content: option.content,
      });
  }
  return alternatives;
}

function carrierNamedIn(folded: string, carrier: string): boolean {
  const name = foldKeepingOffsets(carrier);
  return new RegExp(`(?<![\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(
    folded,
  );
}

/**
 * Alternatives written as one line per carrier ("- MSC: USD 2.900,00 ...", "- Maersk: USD 3.100,00 ...").
 * The carrier the message recommends anywhere in the body is chosen, else the first.
 */
function findCarrierLineAlternatives(lines: Line[], start: number, end: number): Alternative[] {
  const candidates: Array<{ index: number; carrier: string }> = [];
  for (let i = start; i < end; i++) {
    // "1) MSC: USD1650/40HQ …", "a. Maersk – …": an enumerator before the carrier (generalisation-4 t08).
    const text = (lines[i]?.trimmed ?? '')
      .replace(/^[\s\-–•*·]+/, '')
      .replace(/^(?:\d{1,2}|[a-c])[.)]\s+/i, '');
    const mention = findCarrierMention(text);
    if (mention === null || mention.index > 0 || findAmounts(text).length === 0) continue;
    if (!/^\s*(?::|-|–|\||\()/.test(text.slice(mention.name.length))) continue;
    candidates.push({ index: i, carrier: mention.name });
  }
  if (new Set(candidates.map((c) => c.carrier.toLowerCase())).size < 2) return [];
  const body = lines
    .slice(start, end)
    .map((l) => foldKeepingOffsets(l.trimmed))
    .filter((t) => RECOMMENDED.test(t));
  const recommended = candidates.find((c) => body.some((t) => carrierNamedIn(t, c.carrier)));
  const chosen = recommended ?? candidates[0];
  return candidates.map((c) => ({
    start: c.index,
    end: c.index + 1,
    title: lines[c.index]?.trimmed ?? '',
    recommended: c === recommended,
    selected: c === chosen,
  }));
}

const REQUESTER_MESSAGE = phraseRegExp(REQUESTER_MESSAGE_MARKERS, 'u');
const OFFER_BLOCK_HEADING = new RegExp(`^(?:${phraseAlternation(OFFER_BLOCK_HEADINGS)})$`, 'u');
const EMAIL_DOMAIN = /[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/;

/** The domain of whoever wrote a quoted message: on its intro line ("Em …, Nome <a@b> escreveu:") or its From line. */
function quotedSenderDomain(lines: Line[], [begin, end]: [number, number]): string | null {
  for (let i = begin; i < Math.min(end, begin + 8); i++) {
    const text = lines[i]?.trimmed ?? '';
    const intro = i === begin || (i === begin + 1 && /^(em|on|el)\s/i.test(lines[begin]?.trimmed ?? ''));
    if (!intro && !OUTLOOK_FROM.test(text)) continue;
    const domain = EMAIL_DOMAIN.exec(text)?.[1];
    if (domain) return domain.toLowerCase();
  }
  return null;
}

/**
 * Whether the newest quoted message is the importer's: it has a sentence only the platform's own e-mails
 * have, or its writer's domain differs from the reply's (a carrier quoting its own earlier offer writes
 * from its own domain).
 */
function isRequesterMessage(lines: Line[], range: [number, number], replyDomain: string | null): boolean {
  const text = lines
    .slice(range[0], range[1])
    .map((l) => normaliseLabel(l.trimmed))
    .join(' \n ');
  if (REQUESTER_MESSAGE.test(text)) return true;
  const quotedDomain = quotedSenderDomain(lines, range);
  return replyDomain !== null && quotedDomain !== null && quotedDomain !== replyDomain;
}

/**
 * The offer block of the platform's own quote request ("SUA PROPOSTA" then "Frete: ", "Taxas: "…), filled
 * in by the carrier inside the quoted request, as the request asks (QA pass 11): its filled lines are the
 * carrier's answer. A line still as the request wrote it ("Frete:" with nothing after it) is not; the block
 * ends at the request's closing ("Atenciosamente,") or after 40 lines.
 */
function filledOfferLines(lines: Line[], [begin, end]: [number, number]): number[] {
  const heading = lines.findIndex(
    (line, i) => i >= begin && i < end && OFFER_BLOCK_HEADING.test(normaliseLabel(line.trimmed)),
  );
  if (heading < 0) return [];
  const depth = lines[heading]?.quoteDepth ?? 0;
  const filled: number[] = [];
  for (let i = heading + 1; i < Math.min(end, heading + 41); i++) {
    const line = lines[i];
    if (line === undefined || line.blank || line.quoteDepth > depth) continue;
    const label = normaliseLabel(line.trimmed);
    const text = line.trimmed;
    if (
      CLOSING.test(label) ||
      REPLY_INTRO.test(text) ||
      SEPARATOR_INTRO.test(text) ||
      OUTLOOK_FROM.test(text)
    )
      break;
    if (/^[^:]{1,40}:\s*[_.\s-]*$/.test(line.trimmed)) continue;
    filled.push(i);
  }
  return filled;
}

/** The separator a mail program writes above a forwarded message ("---------- Forwarded message ---------"). */
const FORWARD_SEPARATOR =
  /^-{2,}\s*(?:forwarded message|mensagem encaminhada|mensaje reenviado|mensaje reenviada|encaminhada|forwarded|weitergeleitete nachricht)|^(?:begin forwarded message|in[ií]cio da mensagem encaminhada|mensagem encaminhada)\s*:?/i;
/** A forward's subject: "ENC: …", "Fwd: …", "FW: …", "RV: …", "TR: …", "WG: …" (after any "RE:"). */
const FORWARD_SUBJECT = /^(?:(?:re|res|aw|sv|ref)\s*:\s*)*(?:fwd?|enc|rv|tr|wg)\s*:/i;
/** A note that points to what it forwards ("Segue abaixo a oferta do armador", "see below", "encaminho"). */
const POINTS_BELOW =
  /(?<![\p{L}])(?:abaixo|below|a continuacion|debajo|unten|untenstehend|encaminh\p{L}*|forward\p{L}*|reenvi\p{L}*|repass\p{L}*)(?![\p{L}])/u;
/** A forwarded partner's net rate ("Net O/F USD 2,900"): the forwarder's cost, never its offer (corpus rule 1). */
const NET_RATE =
  /(?<![\p{L}])(?:net (?:rate|o\/f|of|freight|ocean freight)|tarifa net|frete net|buying rate|net net)(?![\p{L}])/u;

/** A line with a priced amount (a currency and a figure, not a percentage). */
const hasPrice = (line: Line | undefined) =>
  line !== undefined &&
  !line.blank &&
  findAmounts(line.text).some((a) => !a.isPercent && a.currency !== null);

/**
 * The newest quoted message, when it is a forwarded offer the newest message has none of its own to replace
 * (QA pass 28): forwarded (a forward's separator, a forward's subject, nothing written above it, or a note
 * pointing below it; never a reply's "Em … escreveu:" nor a ">"-quoted text), not the importer's request,
 * not a partner's net rate, and priced. The newest message's own lines must hold no price.
 */
function forwardedOffer(
  lines: Line[],
  roles: LineRole[],
  headerEnd: number,
  range: [number, number] | undefined,
  subject: Line | null,
): [number, number] | null {
  if (range === undefined) return null;
  const [begin, end] = range;
  const intro = lines[begin];
  if (intro === undefined || intro.quoteDepth > 0) return null;
  const opening = [intro.trimmed, lines[begin + 1]?.trimmed ?? ''];
  if (opening.some((text) => REPLY_INTRO.test(text))) return null;
  const note = lines.slice(headerEnd, begin);
  if (note.some((line, k) => roles[headerEnd + k] === 'body' && hasPrice(line))) return null;
  const message = lines.slice(begin, end);
  if (!message.some(hasPrice)) return null;
  const folded = message.map((l) => foldKeepingOffsets(l.trimmed)).join(' \n ');
  if (
    REQUESTER_MESSAGE.test(message.map((l) => normaliseLabel(l.trimmed)).join(' \n ')) ||
    NET_RATE.test(folded)
  )
    return null;
  const subjectText = subject?.trimmed.replace(HEADER, '').trim() ?? '';
  const noteText = note.map((l) => foldKeepingOffsets(l.trimmed)).join(' ');
  const forwarded =
    opening.some((text) => FORWARD_SEPARATOR.test(text)) ||
    FORWARD_SUBJECT.test(subjectText) ||
    note.every((line) => line.blank) ||
    POINTS_BELOW.test(noteText);
  return forwarded ? range : null;
}

/**
 * The roles of a forwarded message's lines, as it is segmented on its own: its body lines are the reply's
 * body; its own header, signature and history stay quoted (its sender is not the one replying).
 */
function forwardedRoles(lines: Line[], [begin, end]: [number, number]): Map<number, LineRole> {
  const message = lines.slice(begin, end).map((l) => ({ ...l, quoteDepth: 0 }));
  const first = message[0]?.trimmed ?? '';
  const skip = OUTLOOK_FROM.test(first) ? 0 : 1;
  const inner = segment(message.slice(skip));
  const roles = new Map<number, LineRole>();
  for (let k = begin; k < end; k++) {
    const role = k - begin < skip ? undefined : inner.roles[k - begin - skip];
    roles.set(k, role === 'body' || role === 'discarded' ? role : 'quoted');
  }
  return roles;
}

/** Splits a text into header, newest message, signature, discarded alternatives and quoted history. */
export function segment(lines: Line[]): Segmentation {
  const header = parseHeader(lines);
  const sender = parseSender(header.from);
  const roles: LineRole[] = lines.map((_, i) => (i < header.end ? 'header' : 'body'));
  let quotedStart: number | null = null;
  for (let i = header.end; i < lines.length; i++) {
    if (isQuoteIntro(lines, i)) {
      quotedStart = i;
      const previous = lines[i - 1]?.trimmed ?? '';
      if (i - 1 >= header.end && /^[-_=]{3,}$/.test(previous)) quotedStart = i - 1;
      break;
    }
  }
  const bodyEnd = quotedStart ?? lines.length;
  const quotedMessages: Array<[number, number]> = [];
  if (quotedStart !== null) {
    let begin = quotedStart;
    for (let i = quotedStart + 2; i < lines.length; i++) {
      if (lines[i]?.quoteDepth === 0 && isQuoteIntro(lines, i)) {
        quotedMessages.push([begin, i]);
        begin = i;
        i += 2;
      }
    }
    quotedMessages.push([begin, lines.length]);
    for (let i = quotedStart; i < lines.length; i++) roles[i] = 'quoted';
  }
  const firstQuoted = quotedMessages[0];
  const inline =
    firstQuoted === undefined
      ? { answers: new Map<number, Line>(), tail: null }
      : findInlineAnswers(lines, header.end, bodyEnd, firstQuoted);
  for (const index of inline.answers.keys()) roles[index] = 'body';
  // The request's own offer block, filled in by the carrier inside the quoted request.
  const offerLines = firstQuoted === undefined ? [] : filledOfferLines(lines, firstQuoted);
  for (const index of offerLines) if (!inline.answers.has(index)) roles[index] = 'body';
  if (inline.tail !== null) {
    const [tailStart, tailEnd] = inline.tail;
    const tailSignature = findSignatureStart(lines, tailStart, tailEnd, sender.name);
    for (let i = tailStart; i < tailEnd; i++)
      roles[i] = tailSignature !== null && i >= tailSignature ? 'signature' : 'body';
  }
  const signatureStart = findSignatureStart(lines, header.end, bodyEnd, sender.name);
  const contentEnd = signatureStart ?? bodyEnd;
  if (signatureStart !== null) for (let i = signatureStart; i < bodyEnd; i++) roles[i] = 'signature';
  // A note over a forwarded offer ("Segue abaixo a oferta do armador" / "---------- Mensagem encaminhada"):
  // the forwarded message's body is read as the reply's (QA pass 28).
  const forwarded =
    inline.answers.size === 0 && offerLines.length === 0 && inline.tail === null
      ? forwardedOffer(lines, roles, header.end, firstQuoted, header.subject)
      : null;
  if (forwarded !== null) {
    for (const [index, role] of forwardedRoles(lines, forwarded)) roles[index] = role;
    quotedMessages.shift();
  }
  const headed = findAlternatives(lines, header.end, contentEnd);
  const inlined = headed.length > 0 ? [] : findInlineAlternatives(lines, header.end, contentEnd);
  const alternatives =
    headed.length > 0
      ? headed
      : inlined.length > 0
        ? inlined
        : findCarrierLineAlternatives(lines, header.end, contentEnd);
  const rewritten = new Map(inline.answers);
  const chosenLines = new Set<number>();
  for (const alternative of alternatives) {
    if (!alternative.selected) continue;
    for (let i = alternative.start; i < alternative.end; i++) chosenLines.add(i);
    // The chosen option's figures without its header: "COSCO USD 2.750/40HC, 38 dias" reads as its freight.
    const line = lines[alternative.start];
    if (alternative.content !== undefined && line !== undefined)
      rewritten.set(alternative.start, { ...makeLine(line.no, alternative.content), optionContent: true });
  }
  for (const alternative of alternatives) {
    if (alternative.selected) continue;
    for (let i = alternative.start; i < alternative.end; i++) if (!chosenLines.has(i)) roles[i] = 'discarded';
  }
  const expired = findExpiredSections(lines, roles);
  for (const [start, end] of expired) for (let i = start; i < end; i++) roles[i] = 'discarded';
  const bodyText = lines
    .slice(header.end, contentEnd)
    .map((l) => normaliseLabel(l.trimmed))
    .join(' \n ');
  return {
    roles,
    headerEnd: header.end,
    subject: header.subject,
    fromName: sender.name,
    fromDomain: sender.domain,
    headerDate: header.date,
    quotedStart,
    quotedMessages,
    signatureStart,
    alternatives,
    stillApplies: quotedStart !== null && STILL_APPLIES.test(bodyText),
    olderFromRequester:
      quotedMessages[0] !== undefined && isRequesterMessage(lines, quotedMessages[0], sender.domain),
    rewritten,
    inlineAnswers: [...inline.answers.keys()],
    expired,
    forwarded,
  };
}
