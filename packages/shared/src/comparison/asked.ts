import { decisionEmailMessages } from '../messages/decision-email.js';
import { formatMessage } from '../messages/errors.js';
import { uiComparison } from '../messages/ui-comparison.js';
import type { ExtractionFinal } from '../schemas/responses.js';
import { type ContainerAsk, containerType, mergeAsks, parseContainers } from './containers.js';
import { feeDisplayName } from './fee-names.js';
import { type FreightLine, freightLinesOf } from './freight.js';
import { normalizeName, placeName, samePlace } from './names.js';
import { type QuoteForMeasures, quoteMeasuresFrom, type ShipmentMeasures } from './quantities.js';

/** What a quote asked that the comparison checks the answers against. */
export type QuoteAsked = {
  /** FCL, LCL, AÉREO or RODOVIÁRIO (null: unknown). */
  tipoFrete: string | null;
  /** The destination the quote named (a row without its own destination is taken to be for it). */
  destino: string | null;
  /** The origin the quote named: of a reply's prices from several origins, its own count. */
  origem?: string | null;
  /** Container types and quantities asked (empty: none named, or not a container shipment). */
  conteineres: ContainerAsk[];
  /** Weight, volume and goods' value the quote states (issue 30; absent: charges count once, as quoted). */
  medidas?: Omit<ShipmentMeasures, 'conteineres'>;
};

/** The parts of a quote `quoteAskedFrom` reads (its volume fields and texts). */
export type QuoteForAsk = QuoteForMeasures & {
  destino?: string | null;
  origem?: string | null;
};

const isContainerShipment = (tipoFrete: string | null | undefined) =>
  !tipoFrete || normalizeName(tipoFrete) === 'FCL';

/**
 * The containers a quote asked for: each cargo item's volume field ('2 contêineres 40HC'), summed over
 * items; when no item names one, its description, then the text of its PDF/Excel request file
 * ('Equipamento | 2 x 40HC + 1 x 20DV'); only for FCL (or an unknown freight type).
 */
export function quoteAskedFrom(quote: QuoteForAsk): QuoteAsked {
  const tipoFrete = quote.tipoFrete ?? null;
  const destino = quote.destino ?? null;
  const origem = quote.origem ?? null;
  const medidas = quoteMeasuresFrom(quote);
  if (!isContainerShipment(tipoFrete)) return { tipoFrete, destino, origem, conteineres: [], medidas };
  const items = quote.itens ?? [];
  const fromVolumes = items.flatMap((item) => parseContainers(item.quantidadeVolumes));
  const fromTexts = [
    ...items.map((item) => item.mercadoria),
    quote.descricaoGeral,
    quote.descricaoAdicional,
    quote.observacoes,
    quote.textoArquivo,
  ]
    .map((text) => parseContainers(text))
    .find((asks) => asks.length > 0);
  const asks = fromVolumes.length > 0 ? fromVolumes : (fromTexts ?? []);
  return { tipoFrete, destino, origem, conteineres: mergeAsks(asks), medidas };
}

/**
 * The containers the comparison counts, as the quote's page says them (QA pass 33: a mix typed as "2 x 20DV
 * + 1 x 40HC" was counted right, but nothing said how it was read); null for a shipment not in containers.
 */
export function countedContainersOf(quote: QuoteForAsk): { tipo: string; quantidade: number }[] | null {
  if (!isContainerShipment(quote.tipoFrete)) return null;
  return quoteAskedFrom(quote).conteineres.map(({ tipo, quantidade, rotulo }) => ({
    tipo: rotulo ?? tipo,
    quantidade,
  }));
}

/**
 * What a PDF/Excel quote's page says of its file (QA pass 8): the containers the comparison counts from the
 * file (as `quoteAskedFrom` reads them: only when no field of the quote names containers, only for a
 * container shipment), `null` while the file has not been read, `undefined` when the file does not decide
 * the containers (a field names them, or the shipment is LCL, air or road).
 */
export function fileContainersOf(
  quote: QuoteForAsk,
): { tipo: string; quantidade: number }[] | null | undefined {
  if (!isContainerShipment(quote.tipoFrete)) return undefined;
  if (quoteAskedFrom({ ...quote, textoArquivo: null }).conteineres.length > 0) return undefined;
  if (quote.textoArquivo === null || quote.textoArquivo === undefined) return null;
  return countedContainersOf(quote) ?? [];
}

/** The destinations of an answer: its ports, then per-destination summaries not among them. */
export function destinationsOf(final: ExtractionFinal | null | undefined): string[] {
  if (!final) return [];
  const names: string[] = [];
  // Stored extractions of older engines may lack either list.
  const candidates = [
    ...(final.porto_destino ?? []).map((port) => port.nome),
    ...(final.destinos ?? []).map((d) => d.nome),
  ];
  // 'Santos / Itajaí' names two destinations; 'Itajaí/SC' one (a state code is not a destination).
  for (const candidate of candidates)
    for (const name of candidate.split('/').map((part) => part.trim()))
      if (name.length > 2 && !names.some((known) => samePlace(known, name))) names.push(name);
  return names;
}

/** The keys `missingItems` returns, in the order a message lists them. */
export const MISSING_ITEMS = ['frete', 'frete20', 'frete40', 'prazo', 'freeTime', 'validade'] as const;
export type MissingItem = (typeof MISSING_ITEMS)[number];
export const missingItemLabels: Record<MissingItem, string> = uiComparison.missing;

/**
 * The container prices a priced row lacks ('frete20': 1 × 20DV asked, only 40HC quoted): its total leaves
 * those containers out, so every place that shows the total says so (the QA pass). A row without any price
 * says "Frete não informado" instead.
 */
export function missingFreightOf(row: { faltando: readonly string[]; precificada: boolean }): MissingItem[] {
  if (!row.precificada) return [];
  return row.faltando.filter(
    (item): item is MissingItem => item === 'frete' || item === 'frete20' || item === 'frete40',
  );
}

/** "o preço do contêiner de 20' e o do de 40'": the labels of missing items, joined for a sentence. */
export function missingItemsText(items: readonly MissingItem[]): string {
  return items.map((item) => missingItemLabels[item]).join(', ');
}

/** Transit in days: the longest figure (the engine's `transit_time_dias`), else the range's ends. */
export function transitDays(final: ExtractionFinal): { valor: number | null; campo: string } {
  for (const campo of ['transit_time_dias', 'transit_time_max_dias', 'transit_time_min_dias'] as const) {
    const valor = final[campo];
    if (typeof valor === 'number') return { valor, campo };
  }
  return { valor: null, campo: 'transit_time_dias' };
}

/**
 * Free time is asked of container shipments (FCL: the containers wait at the terminal, demurrage runs), not
 * of LCL, air or road ones: a reply writing "não aplicável para LCL" lacks nothing (QA pass on air and LCL).
 */
export function asksFreeTime(
  asked: Pick<QuoteAsked, 'tipoFrete'>,
  final: ExtractionFinal | null | undefined,
): boolean {
  const types = [asked.tipoFrete, final?.modal].filter((type): type is string => Boolean(type));
  return !types.some((type) => /^(LCL|AEREO|RODOVIARIO)$/.test(normalizeName(type)));
}

/**
 * What an answer lacks compared with what the quote asked, for one destination (null: the answer as a
 * whole): a price per container size asked ('frete20', 'frete40'; 'frete' for another size or when no
 * size was asked and there is no freight at all), transit time, free time (FCL only) and validity.
 */
export function missingItems(
  final: ExtractionFinal | null | undefined,
  asked: QuoteAsked,
  destino: string | null = null,
): MissingItem[] {
  const lines = final
    ? freightLinesOf(final, { destino, destinos: destinationsOf(final), corrigidos: new Set() })
    : [];
  return missingGiven(final, asked, lines);
}

/** `missingItems` for freight lines already read (the comparison reads them once per row). */
export function missingGiven(
  final: ExtractionFinal | null | undefined,
  asked: QuoteAsked,
  freightLines: readonly FreightLine[],
): MissingItem[] {
  const missing = new Set<MissingItem>();
  const priced = freightLines.filter((line) => line.valor !== null);
  const sizesAsked = [
    ...new Set(asked.conteineres.map((ask) => containerType(ask.tipo)?.size).filter(Boolean)),
  ];
  if (sizesAsked.length > 0) {
    for (const size of sizesAsked)
      if (!priced.some((line) => containerType(line.tipo)?.size === size))
        missing.add(size === '20' ? 'frete20' : size === '40' ? 'frete40' : 'frete');
  } else if (priced.length === 0) {
    missing.add('frete');
  }
  if (!final || transitDays(final).valor === null) missing.add('prazo');
  if (asksFreeTime(asked, final) && (final?.free_time_destino_dias ?? null) === null) missing.add('freeTime');
  if (!final?.validadeProposta) missing.add('validade');
  return MISSING_ITEMS.filter((item) => missing.has(item));
}

/**
 * The revision message pre-filled with what is missing ('… nos informem o preço do contêiner de 40' e a
 * validade da proposta.'), in the quote's e-mail language: the message goes into the carrier's letter as
 * written (QA pass 15: an English letter carried the Portuguese text).
 */
export function revisionMessageFor(
  faltando: readonly MissingItem[],
  language: 'pt' | 'en' = 'pt',
  taxas: readonly string[] = [],
): string {
  const english = decisionEmailMessages.en.revisionPrefill;
  const texts = language === 'en' ? english : uiComparison.revisionMessage;
  const itemLabels: Record<MissingItem, string> = language === 'en' ? english.items : missingItemLabels;
  if (faltando.length === 0 && taxas.length === 0) return texts.withoutMissing;
  // The charges it lacks that others quote ('incompleta: sem Lacre', QA pass 32) are asked for by name.
  const labels = [
    ...faltando.map((item) => itemLabels[item]),
    ...taxas.map((nome) => formatMessage(texts.fee, { nome: feeDisplayName(nome) })),
  ];
  const itens =
    labels.length === 1
      ? labels[0]!
      : `${labels.slice(0, -1).join(texts.listSeparator)}${texts.lastSeparator}${labels.at(-1)}`;
  return formatMessage(texts.withMissing, { itens });
}

/**
 * The ports a quote's destination field names, each once, without the form's country code: 'Santos, BR /
 * Itajaí, BR' → ['Santos', 'Itajaí'] (separators '/', ';', '|', ' e ', ' and ', ' ou ', ' or '). The carrier portal offers
 * them so that a price says its port (QA pass 8).
 */
export function askedDestinations(destino: string | null | undefined): string[] {
  if (!destino) return [];
  const names: string[] = [];
  // "Ningbo ou Shanghai, China" asks either (QA pass 37: read as one place, the first origin counted).
  for (const part of destino.split(/\s*(?:[/;|]|\s+e\s+|\s+and\s+|\s+ou\s+|\s+or\s+)\s*/i)) {
    const name = placeName(part);
    if (name && !names.some((known) => samePlace(known, name))) names.push(name);
  }
  return names;
}
