import { acceptsAskedPrice, askedPriceLines } from '../blocks/asked-price.js';
import { type Line, prepareText } from '../blocks/lines.js';
import { keepsTheRest, type Segmentation, segment } from '../blocks/segment.js';
import { detectLanguage } from '../detect/language.js';
import { detectModal } from '../detect/modal.js';
import { detectSource } from '../detect/source.js';
import type { ChargeCandidate } from '../fields/charge-types.js';
import { pickCompany } from '../fields/company.js';
import { excludedCharges } from '../fields/excluded-charges.js';
import { evidenceFrom, type FieldContext, type FieldResults } from '../fields/field-types.js';
import { scanLabels } from '../fields/label-scan.js';
import { markOriginFees } from '../fields/origin-fees.js';
import { findKnownPlaces, type PlaceValue } from '../fields/places.js';
import { portsOfQuote } from '../fields/quote-ports.js';
import { readFields } from '../fields/read-fields.js';
import { applyPortStatements, readPortStatements, withoutRefused } from '../fields/served-ports.js';
import { applyHints } from '../hints/apply-hints.js';
import { findDates, numericDateOrderEvidence, resolveDate } from '../normalise/dates.js';
import { currencyMentioned, findAmounts } from '../normalise/money.js';
import { findEquipment } from '../normalise/units.js';
import type {
  ContainerUnit,
  Currency,
  DateOrder,
  ExtractionResult,
  ExtractTextOptions,
  FileKind,
  FreightUnit,
  Language,
  NumberFormat,
} from '../types.js';
import { analyseScope, type ScopeAnalysis } from './analyse-scope.js';
import { buildBlocks } from './build-blocks.js';
import { buildFinal } from './build-final.js';
import { attachDestinationDays } from './destination-days.js';
import { mergeScopes } from './merge-scopes.js';
import { attachOriginDays } from './origin-days.js';
import { resolveFees, resolveFreight } from './resolve-charges.js';

function numberFormatOf(lines: Line[]): { format: NumberFormat; currencies: Currency[] } {
  let br = 0;
  let us = 0;
  const counts = new Map<Currency, number>();
  for (const line of lines) {
    for (const amount of findAmounts(line.text)) {
      if (amount.style === 'BR') br++;
      if (amount.style === 'US') us++;
      if (amount.currency !== null) counts.set(amount.currency, (counts.get(amount.currency) ?? 0) + 1);
    }
  }
  const format: NumberFormat = br > 0 && us > 0 ? 'MIXED' : br > 0 ? 'BR' : us > 0 ? 'US' : 'UNKNOWN';
  const currencies = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  return { format, currencies };
}

/** "All rates in USD": the currency named in words when no amount carries one. */
function firstCurrencyMentioned(lines: Line[]): Currency | null {
  for (const line of lines) {
    const currency = currencyMentioned(line.text);
    if (currency !== null) return currency;
  }
  return null;
}

function decideDateOrder(text: string, language: Language, format: NumberFormat): DateOrder {
  const evidence = numericDateOrderEvidence(text);
  if (evidence.mdy > evidence.dmy) return 'MDY';
  if (evidence.dmy > evidence.mdy) return 'DMY';
  return language === 'en' && format === 'US' ? 'MDY' : 'DMY';
}

function dateFrom(text: string | null, order: DateOrder): Date | null {
  if (text === null) return null;
  const token = findDates(text, order).find((d) => d.year !== null);
  const iso = token === undefined ? null : resolveDate(token, null);
  return iso === null ? null : new Date(`${iso}T12:00:00Z`);
}

function documentDate(lines: Line[], order: DateOrder): Date | null {
  for (const line of lines.slice(0, 25)) {
    for (const hit of scanLabels(line.text)) {
      if (hit.field === 'documentDate' && hit.separated) {
        const date = dateFrom(hit.value, order);
        if (date !== null) return date;
      }
    }
  }
  return null;
}

/** The first older message, re-segmented on its own so its header, body and signature are told apart. */
function olderMessageLines(lines: Line[], seg: Segmentation): Line[] {
  const range = seg.quotedMessages[0];
  if (range === undefined) return [];
  const message = lines.slice(range[0], range[1]).map((l) => ({ ...l, quoteDepth: 0 }));
  const first = message[0]?.trimmed ?? '';
  const withoutIntro =
    /^(em|on|el|-{2,}|_{3,})/i.test(first) && !/^(from|de)\s*:/i.test(first) ? message.slice(1) : message;
  const inner = segment(withoutIntro);
  return withoutIntro.filter((_, i) => inner.roles[i] === 'body');
}

/**
 * The Brazilian ports the quote asks: those the engine was given (`ExtractTextOptions.destinations`), else
 * as the reply's subject ("RE: Cotação Shanghai x Santos / Itapoá") or the importer's request quoted below
 * it names them; the port of loading is none of them.
 */
function quotePorts(
  lines: Line[],
  seg: Segmentation,
  ctx: FieldContext,
  origin: PlaceValue | null,
): PlaceValue[] {
  const given = (ctx.quotePorts ?? []).filter((p) => p.name !== origin?.name);
  if (given.length > 0) return given;
  const ports = (text: string) => {
    const found: PlaceValue[] = [];
    for (const { place } of findKnownPlaces(text))
      if (place.country === 'BR' && place.name !== origin?.name && !found.some((p) => p.name === place.name))
        found.push(place);
    return found;
  };
  const fromSubject = seg.subject === null ? [] : ports(seg.subject.trimmed);
  if (fromSubject.length >= 2 || !seg.olderFromRequester) return fromSubject;
  const request = readFields(olderMessageLines(lines, seg), { ...ctx, origin: 'quoted' });
  const asked = request.destinations.map((d) => d.value).filter((p) => p.country === 'BR');
  return asked.length >= 2 ? asked : fromSubject;
}

function singleEquipment(lines: Line[]): ContainerUnit[] | null {
  const kinds = new Map<string, ContainerUnit[]>();
  for (const line of lines)
    for (const match of findEquipment(line.text)) kinds.set(match.units.join('+'), match.units);
  return kinds.size === 1 ? ([...kinds.values()][0] ?? null) : null;
}

/** The container types a quote asks, each as the units a freight for it takes ('40' alone: 40DC and 40HC). */
function askedEquipment(containers: readonly string[] | undefined): ContainerUnit[][] {
  const kinds = new Map<string, ContainerUnit[]>();
  for (const text of containers ?? [])
    for (const match of findEquipment(/^\d{2}$/.test(text.trim()) ? `${text.trim()}'` : text))
      kinds.set(match.units.join('+'), match.units);
  return [...kinds.values()];
}

function candidateUnits(charges: ChargeCandidate[]): FreightUnit[] {
  const units: FreightUnit[] = [];
  for (const charge of charges) {
    if (charge.kind !== 'freight') continue;
    if (charge.equipment !== null) units.push(...charge.equipment);
    else if (charge.freightUnit !== null) units.push(charge.freightUnit);
  }
  return units;
}

/**
 * The reply's ports: its fields', then those its freight lines name, then those of a fee priced port by
 * port ("THC Santos R$ 1.300 / THC Itapoá R$ 1.150", or on two lines): one fee naming one port is no list.
 */
function destinationNames(fields: FieldResults, charges: ChargeCandidate[]): string[] {
  const names: string[] = fields.destinations.map((d) => d.value.name);
  const feePorts = new Map<string, Set<string>>();
  for (const charge of charges) {
    if (charge.kind === 'fee' && charge.namedPort !== undefined && charge.originSide !== true) {
      const key = charge.feeName ?? charge.label;
      feePorts.set(key, (feePorts.get(key) ?? new Set()).add(charge.namedPort.name));
    }
    if (charge.kind !== 'freight' && charge.perDestination !== true) continue;
    for (const place of charge.labelPlaces) if (!names.includes(place.name)) names.push(place.name);
  }
  for (const charge of charges) {
    const port = charge.namedPort?.name;
    if (charge.kind !== 'fee' || port === undefined || charge.originSide === true) continue;
    if ((feePorts.get(charge.feeName ?? charge.label)?.size ?? 0) >= 2 && !names.includes(port))
      names.push(port);
  }
  return names;
}

/** Below this many function words the body alone does not tell its language. */
const WEAK_LANGUAGE_EVIDENCE = 3;

/** Language confidence of a text with no word of the three languages (see detectLanguage). */
const UNKNOWN_LANGUAGE_CONFIDENCE = 0.2;

/** Binary bytes decoded as text: replacement and control characters are over a tenth of a sample. */
function isGarbled(input: string): boolean {
  const sample = input.slice(0, 20_000);
  if (sample.length < 200) return false;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    const control =
      (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || (code >= 127 && code < 160);
    if (control || code === 0xfffd) odd++;
  }
  return odd / sample.length > 0.1;
}

/** Evidence each half of a text and its translation must have for the rule below. */
const TRANSLATION_EVIDENCE = 5;

/**
 * "Estou fora do escritório … --- I am out of the office …": a message written twice, in two languages split
 * by a rule line, is in the language written first (generalisation-5 README: t18), whichever half has more
 * function words.
 */
function translatedLanguage(bodyLines: Line[]): ReturnType<typeof detectLanguage> | null {
  const rule = bodyLines.findIndex((line) => /^[-_=*]{3,}$/.test(line.trimmed));
  if (rule <= 0) return null;
  const half = (part: Line[]) => detectLanguage(part.map((l) => l.trimmed).join('\n'));
  const first = half(bodyLines.slice(0, rule));
  const second = half(bodyLines.slice(rule + 1));
  if (first.evidence < TRANSLATION_EVIDENCE || second.evidence < TRANSLATION_EVIDENCE) return null;
  return first.language !== second.language ? first : null;
}

/** The reason a reply's body had no text of its own (matched by `NO_REPLY_TEXT` in the shared package). */
export const NO_REPLY_TEXT_REASON = 'sem texto de resposta: mensagem vazia ou só com a mensagem citada';

/** Runs detect -> blocks -> fields -> final over one text. */
export function analyseText(input: string, opts: ExtractTextOptions, fileKind: FileKind): ExtractionResult {
  const prepared = prepareText(input);
  const { lines } = prepared;
  const seg = segment(lines);
  const reasons: string[] = [];
  if (prepared.truncated) reasons.push('texto truncado: entrada maior que o limite');
  const source = opts.sourceHint
    ? { source: opts.sourceHint, confidence: 1 }
    : detectSource(lines, seg.headerEnd > 0, prepared.pageBreaks, prepared.delimiter);
  const bodyLines = lines.map((l, i) => seg.rewritten.get(i) ?? l).filter((_, i) => seg.roles[i] === 'body');
  const bodyText = bodyLines.map((l) => l.trimmed).join('\n');
  const bodyLanguage = detectLanguage(
    bodyText.length >= 40 ? bodyText : lines.map((l) => l.trimmed).join('\n'),
  );
  // Chat shorthand ("pol ningbo / pod paranaguá / of usd ...") has almost no function words: the writer's
  // subject and sign-off ("cotação", "abs") then count too.
  const withSignOff =
    bodyLanguage.evidence >= WEAK_LANGUAGE_EVIDENCE
      ? null
      : detectLanguage(
          [
            seg.subject?.trimmed ?? '',
            bodyText,
            ...lines.filter((_, i) => seg.roles[i] === 'signature').map((l) => l.trimmed),
          ].join('\n'),
        );
  const language =
    translatedLanguage(bodyLines) ??
    (withSignOff !== null && withSignOff.evidence > bodyLanguage.evidence ? withSignOff : bodyLanguage);
  const numbers = numberFormatOf(bodyLines);
  const dateOrder = decideDateOrder(input.slice(0, 20_000), language.language, numbers.format);
  const reference =
    opts.messageDate ?? dateFrom(seg.headerDate, dateOrder) ?? documentDate(bodyLines, dateOrder);
  // The ports the quote asks, when the engine is given them: what "ambos os portos" refers to, and ports a
  // price line may name that the dictionary does not know.
  const askedPorts = portsOfQuote(opts.destinations);
  const ctx: FieldContext = {
    dateOrder,
    reference,
    origin: 'body',
    ...(askedPorts.length > 0 ? { quotePorts: askedPorts } : {}),
  };

  const newest = analyseScope(bodyLines, ctx);
  // "Demais condições mantidas": the carrier's earlier offer quoted below still applies; never the
  // importer's own message quoted there (a revision request's target price is not the carrier's, QA pass 11).
  const olderLines = seg.stillApplies && !seg.olderFromRequester ? olderMessageLines(lines, seg) : [];
  // "Ok, de acordo com o valor solicitado" with no price of its own: the price the importer's quoted
  // revision request asked is the carrier's new one, and the rest of its offer stands (ADR 0100 addendum).
  const accepted = newest.charges.some((c) => c.kind === 'freight')
    ? undefined
    : acceptsAskedPrice(bodyLines);
  const askedLines = accepted && seg.olderFromRequester ? askedPriceLines(olderMessageLines(lines, seg)) : [];
  if (accepted && askedLines.length === 0)
    reasons.push(
      'o transportador aceitou o valor pedido na revisão, mas o valor não foi identificado: informe o frete',
    );
  const agreed = askedLines.length > 0 ? analyseScope(askedLines, { ...ctx, origin: 'quoted' }) : null;
  const older: ScopeAnalysis | null =
    olderLines.length > 0
      ? analyseScope(olderLines, { ...ctx, origin: 'quoted' })
      : agreed && {
          ...agreed,
          charges: agreed.charges.map((c) => ({ ...c, confidence: Math.min(c.confidence, 0.7) })),
        };
  const scopes = mergeScopes(newest, older);
  const hinted = applyHints(scopes.charges, opts.hints);
  const merged = { ...scopes, charges: hinted.charges };
  const fields = merged.fields;
  // "POL Shanghai / POD Santos: 40HC USD …" with no origin field: the first route line's port of loading.
  const routed = merged.charges.find((c) => c.kind === 'freight' && c.routeOrigin !== undefined);
  if (fields.origin === null && routed?.routeOrigin !== undefined)
    fields.origin = {
      value: routed.routeOrigin,
      evidence: evidenceFrom(routed.line, routed.origin, 'route', 0.75),
    };
  // "Conseguimos atender somente Itapoá (Santos sem espaço)", "mesmo valor para Santos ou Itapoá" (QA pass 27).
  const portStatements = readPortStatements(bodyLines, askedPorts);
  applyPortStatements(
    fields,
    portStatements,
    portStatements.sameRate !== null && portStatements.sameRate.places.length < 2
      ? quotePorts(lines, seg, ctx, fields.origin?.value ?? null)
      : [],
    'body',
  );
  if (seg.subject !== null) {
    const subjectFields = readFields([seg.subject], { ...ctx, origin: 'subject' });
    fields.origin ??= subjectFields.origin && {
      ...subjectFields.origin,
      evidence: { ...subjectFields.origin.evidence, confidence: 0.5 },
    };
    if (fields.destinations.length === 0 && merged.charges.every((c) => c.labelPlaces.length === 0)) {
      // "Santos não atendemos": the quote's other ports, never the one the reply does not serve.
      const { refused } = portStatements;
      const subject = seg.subject;
      const others =
        refused.length === 0
          ? []
          : withoutRefused(
              quotePorts(lines, seg, ctx, fields.origin?.value ?? null).map((place) => ({
                value: place,
                evidence: evidenceFrom(subject, 'subject', 'label', 0.5),
              })),
              refused,
            );
      fields.destinations =
        others.length > 0
          ? others
          : withoutRefused(subjectFields.destinations, refused).map((d) => ({
              ...d,
              evidence: { ...d.evidence, confidence: 0.5 },
            }));
    }
    // The request's basis in the subject ("… - FOB") is the offer's only when the reply makes one: an
    // acknowledgement or a decline offers nothing on it (generalisation-5 README, t17).
    if (merged.charges.length > 0) fields.incoterm ??= subjectFields.incoterm;
  }
  const signatureLines = lines.filter((_, i) => seg.roles[i] === 'signature');
  const companyContext = { fromName: seg.fromName, fromDomain: seg.fromDomain };
  const topLines = lines.filter((l, i) => seg.roles[i] === 'body' && !l.blank).slice(0, 6);
  // The sender's display name may carry the company ("Pricing | Marés Cargo"); it is scored without the person.
  const senderLine = lines.find((l, i) => seg.roles[i] === 'header' && /^(from|de|von)\s*:/i.test(l.trimmed));
  const sender =
    senderLine === undefined || seg.fromName === null ? [] : [{ ...senderLine, trimmed: seg.fromName }];
  fields.company ??=
    pickCompany(signatureLines, companyContext, 'signature', 'signature', 3) ??
    (source.source === 'email' ? null : pickCompany(topLines, companyContext, 'body', 'document-top', 3)) ??
    pickCompany(sender, { ...companyContext, fromName: null }, 'header', 'sender', 4) ??
    pickCompany(
      lines.filter((_, i) => seg.roles[i] !== 'quoted' && seg.roles[i] !== 'header'),
      companyContext,
      'body',
      'anywhere',
      7,
    );

  const subjectLines = seg.subject === null ? [] : [seg.subject];
  const modalText = [...subjectLines, ...bodyLines].map((l) => l.trimmed).join('\n');
  const modal = detectModal(modalText, candidateUnits(merged.charges), fields.modal?.value ?? null);
  // "THC Shanghai: USD 120", "THC (Ningbo)": a fee naming the port of loading is its charge (`lado: 'origem'`).
  markOriginFees(merged.charges, {
    origin: fields.origin?.value ?? null,
    destinations: [...askedPorts, ...fields.destinations.map((d) => d.value)],
  });
  const destinations = destinationNames(fields, merged.charges);
  const asked = askedEquipment(opts.containers);
  const resolveContext = {
    destinations,
    modal: modal.modal,
    // The reply's own type, else the quote's when it asks only one.
    defaultEquipment:
      singleEquipment([...subjectLines, ...bodyLines]) ?? (asked.length === 1 ? asked[0]! : null),
    askedEquipment: asked.length > 0 ? [...new Set(asked.flat())] : null,
    mainCurrency: numbers.currencies[0] ?? firstCurrencyMentioned(bodyLines),
    currencies: numbers.currencies,
  };
  const fretes = resolveFreight(merged.charges, resolveContext);
  const taxas = resolveFees(merged.charges, resolveContext, fretes[0]?.moeda ?? null);
  if (fretes.length === 0) reasons.push('nenhum valor de frete encontrado');
  // A reply with no text of its own (empty, or only the quoted request and a signature): the card says so
  // rather than only 'Nenhum valor identificado' (QA pass 40b).
  if (opts.sourceHint === 'email' && bodyText.trim() === '') reasons.push(NO_REPLY_TEXT_REASON);
  const garbled = isGarbled(input);
  if (garbled) reasons.push('texto ilegível: conteúdo binário ou codificação desconhecida');
  // No word of pt, en or es (a German or Chinese reply): labels and phrases were not understood.
  if (
    !garbled &&
    language.confidence <= UNKNOWN_LANGUAGE_CONFIDENCE &&
    (bodyText.match(/\p{L}{2,}/gu)?.length ?? 0) >= 8
  )
    reasons.push(
      'idioma não reconhecido (esperado português, inglês ou espanhol): valores lidos só por padrões, revisar',
    );

  const detect = {
    source: source.source,
    fileKind,
    language: language.language,
    modal: modal.modal,
    numberFormat: numbers.format,
    currencies: numbers.currencies,
    messageDate: reference === null ? null : reference.toISOString().slice(0, 10),
    dateOrder,
    confidence: { source: source.confidence, language: language.confidence, modal: modal.confidence },
    reasons,
  };
  const final = buildFinal({
    fields,
    fretes,
    taxas,
    modal,
    destinations,
    detect,
    lines: [...subjectLines, ...bodyLines],
  });
  // A table's row per destination ("Transit time | 32 dias | 35 dias") as its field reader rewrote it.
  attachDestinationDays(final, [...bodyLines, ...newest.tableFieldLines], { order: dateOrder, reference });
  attachOriginDays(final, bodyLines);
  if (hinted.ignored.length > 0) final.ignoradosPorDica = hinted.ignored;
  const kept = bodyLines.find((line) => keepsTheRest(line.text)) ?? (agreed !== null ? accepted : undefined);
  if (kept) final.condicoesMantidas = { line: kept.no, text: kept.trimmed.slice(0, 200), origin: 'body' };
  if (olderLines.length > 0) final.ofertaAnteriorCitada = true;
  // An agreed price was read from a line rewritten for reading ("Frete 40HC: USD 2.000,00"): its source is the
  // request's line as the e-mail has it ("Conseguem chegar a USD 2.000,00 no 40HC? …", QA pass 16).
  if (agreed !== null) {
    const asWritten = new Map(lines.map((line) => [line.no, line.trimmed] as const));
    for (const frete of final.fretes)
      if (frete.source.origin === 'quoted' && askedLines.some((line) => line.no === frete.source.line))
        frete.source = {
          ...frete.source,
          text: (asWritten.get(frete.source.line) ?? frete.source.text).slice(0, 200),
        };
  }
  const notIncluded = excludedCharges(bodyLines);
  if (notIncluded.length > 0) final.taxasNaoIncluidas = notIncluded;
  const blocks = buildBlocks(lines, seg, newest, older === null ? [] : olderLines);
  return { detect, blocks, final };
}
