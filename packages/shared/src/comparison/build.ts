import { formatMessage } from '../messages/errors.js';
import { uiComparison } from '../messages/ui-comparison.js';
import { checkedFields, correctedFields } from '../rules/corrections.js';
import type {
  Comparison,
  ComparisonRow,
  ComparisonSortKey,
  ComparisonValue,
  ExchangeRateInfo,
  PreviousFee,
} from '../schemas/comparison.js';
import type { Correction } from '../schemas/decisions.js';
import type {
  DadosExtraidos,
  ExtractionFinal,
  ExtractionState,
  ResponseEntry,
} from '../schemas/responses.js';
import { isAllInFreight } from './all-in.js';
import { askedDestinations, destinationsOf, missingGiven, type QuoteAsked, transitDays } from './asked.js';
import { askedName, type ContainerAsk, containerType, totalContainers } from './containers.js';
import { feeCurrency } from './currency.js';
import { add, type Decimal, multiply, round, subtract, toDecimal, toMoney, toNumber } from './decimal.js';
import { isDeclined, readNothing, statesAPrice } from './declined.js';
import { feeDisplayName } from './fee-names.js';
import { evaluateFees, type FeeDecision, type FeeLineInput } from './fees.js';
import {
  countFreight,
  type FreightLine,
  freightLinesOf,
  hintAdjustments,
  type SourceRef,
} from './freight.js';
import { isNoDestination, normalizeName, samePlace } from './names.js';
import {
  answerContainerCount,
  parseVolumeM3,
  parseWeightKg,
  quoteWideMeasures,
  type ShipmentMeasures,
} from './quantities.js';
import { DEFAULT_ROAD_COSTS, type RoadCostEntry, roadCost } from './road-costs.js';
import { totalCosts } from './totals.js';

/** Spec 001 §3: a value below this confidence is marked for the analyst to check. */
export const LOW_CONFIDENCE = 0.5;
/** Spec 001 §9: a missing transit time sorts as this many days. */
export const MISSING_TRANSIT_DAYS = 999;
/** Spec 001 §2: the answer progress bar's total is at least this when the real total is unknown. */
export const FALLBACK_PROGRESS_TOTAL = 5;

/** One version of an answer as the comparison reads it; `correcoes` mark corrected values. */
export type ComparisonVersion = {
  id: string;
  versao: number;
  status: string;
  /** Where its extraction stands (absent: done when `dadosExtraidos` is there). */
  extracao?: ExtractionState;
  dadosExtraidos: DadosExtraidos | null;
  correcoes?: readonly Correction[] | null;
  /** 'Remetente não verificado' and the analyst's confirmation (ADR 0023). */
  remetenteNaoVerificado?: boolean;
  remetenteConfirmadoEm?: string | null;
  /** A later version from an unverified sender, held beside the current one until confirmed. */
  aguardandoConfirmacao?: boolean;
};

/**
 * A response entry (GET /quotes/{id}/respostas): the current version in `atual` with its extraction at the
 * top level (the spec field), the earlier versions in `versoes`, possibly carrying their corrections.
 */
export type ComparisonResponse = Pick<
  ResponseEntry,
  'id' | 'transportadorId' | 'transportador' | 'status'
> & {
  dadosExtraidos: DadosExtraidos | null;
  atual: Omit<ComparisonVersion, 'dadosExtraidos'> | null;
  versoes: readonly ComparisonVersion[];
  /** Why the request did not reach the carrier (every address bounced); absent or null: it did. */
  falhaEntrega?: string | null;
};

export type ComparisonInput = {
  cotacaoId: string;
  respostas: readonly ComparisonResponse[];
  taxa: ExchangeRateInfo;
  pedido: QuoteAsked;
  /** Today in America/Sao_Paulo (YYYY-MM-DD): a validity before it has expired. */
  hoje: string;
  custosRodoviarios?: readonly RoadCostEntry[];
  /**
   * The approved answer and destination (the quote's approval): the answer is 'aprovado', but of a
   * proposal with several ports only the approved port's row is; the others read 'reprovado'.
   */
  aprovacao?: { respostaId: string; destino: string | null } | null;
};

/** A fee line a row quotes (read or added), by its normalised name: what completeness compares. */
type QuotedFee = { chave: string; linha: PreviousFee };

/** A fee line a row counts in its total, by its normalised name, in BRL at the comparison's rate. */
type CountedFee = { chave: string; brl: Decimal };

type Row = ComparisonRow & {
  totals: { brl: Decimal; usd: Decimal };
  /** Internal: the fees it quotes, and whether its freight is an explicit all-in price. */
  quoted: QuotedFee[];
  allIn: boolean;
  /** Internal: charges the reply says it leaves out of its price, unpriced (`taxasNaoIncluidas`), by key. */
  naoIncluidas?: string[];
  /** Internal: the fee lines its total counts, in BRL (what an estimate of another row takes). */
  counted: CountedFee[];
};

type Evidence = { confidence?: number; source?: SourceRef | null } | undefined;

function isLow(confianca: number | null, checked: boolean): boolean {
  return !checked && confianca !== null && confianca < LOW_CONFIDENCE;
}

function figure(
  valor: number | null,
  moeda: string | null,
  campo: string | null,
  evidence: { fonte: SourceRef | null; confianca: number | null },
  corrigidos: ReadonlySet<string>,
): ComparisonValue {
  const corrigido = campo !== null && corrigidos.has(campo);
  const checked = campo !== null && checkedFields(corrigidos).has(campo);
  return {
    valor,
    moeda,
    campo,
    fonte: evidence.fonte,
    confianca: evidence.confianca,
    corrigido,
    baixaConfianca: isLow(evidence.confianca, corrigido || checked),
  };
}

/** Its amount or, for a line of `fretes`, its currency (`fretes.N.moeda`) was corrected on this version. */
const correctedFreight = (line: FreightLine, corrigidos: ReadonlySet<string>) =>
  line.campo !== null &&
  (corrigidos.has(line.campo) || corrigidos.has(line.campo.replace(/^(fretes\.\d+)\.valor$/, '$1.moeda')));

function freightFigure(
  line: FreightLine,
  corrigidos: ReadonlySet<string>,
  asked: readonly ContainerAsk[],
): ComparisonRow['fretes'][number] {
  // Its amount or, for a line of `fretes`, its currency (`fretes.N.moeda`) was corrected, here or in the
  // version it is kept from.
  const corrigido = correctedFreight(line, corrigidos) || line.corrigidoNaVersao !== undefined;
  return {
    valor: line.valor,
    moeda: feeCurrency(line.moeda) ?? line.moeda,
    campo: line.campo,
    fonte: line.fonte,
    confianca: line.confianca,
    corrigido,
    baixaConfianca: isLow(line.confianca, corrigido || correctedFreight(line, checkedFields(corrigidos))),
    // The quote's own name for the type ('20DV' read as 20DC): what the analyst and the carrier wrote.
    tipo: askedName(line.tipo, asked),
    quantidade: line.quantidade,
    ...(line.origem ? { origem: line.origem } : {}),
    ...(line.faixa ? { faixa: line.faixa } : {}),
    ...(line.pesoTaxadoKg !== undefined ? { pesoTaxadoKg: line.pesoTaxadoKg } : {}),
    ...(line.base ? { base: line.base } : {}),
    ...(line.total !== undefined ? { valorTotal: toMoney(line.total) } : {}),
    ...(typeof line.minimo === 'number' ? { minimo: line.minimo } : {}),
    ...(line.minimoAplicado ? { minimoAplicado: true } : {}),
    ...(line.dicas ? { ajustadoPorDica: line.dicas } : {}),
    ...(line.versaoAnterior !== undefined ? { versaoAnterior: line.versaoAnterior } : {}),
  };
}

const exclusionTexts = uiComparison.feeExclusion;

const quantityTexts = uiComparison.quantity;

/** 'Handling: peso não informado' for a line whose quantity is unknown. */
export function unknownQuantityText(nome: string, falta: NonNullable<ShipmentMeasuresFalta>): string {
  return formatMessage(quantityTexts.unknown, { nome, falta: quantityTexts.missing[falta] });
}
type ShipmentMeasuresFalta = NonNullable<FeeDecision['quantidade']>['falta'];

/** Who added a fee line by hand or kept it from the previous version (issue 30). */
function addedBy(
  line: unknown,
): Pick<ComparisonRow['taxas'][number], 'origem' | 'adicionadaPor' | 'adicionadaEm'> {
  const item = line as { origem?: unknown; adicionadaPor?: unknown; adicionadaEm?: unknown };
  if (item.origem !== 'versao_anterior' && item.origem !== 'manual') return {};
  return {
    origem: item.origem,
    adicionadaPor: typeof item.adicionadaPor === 'string' ? item.adicionadaPor : null,
    ...(typeof item.adicionadaEm === 'string' ? { adicionadaEm: item.adicionadaEm } : {}),
  };
}

function feeQuantityFields(decision: FeeDecision) {
  if (decision.quantidade === null) return {};
  return {
    quantidade: decision.quantidade.quantidade === null ? null : toNumber(decision.quantidade.quantidade),
    base: decision.quantidade.base,
    valorTotal: decision.total === null ? null : toMoney(decision.total),
    minimoAplicado: decision.minimoAplicado,
  };
}

function feeFigure(
  line: FeeLineInput & { confidence?: number; source?: SourceRef; unidade?: unknown },
  index: number,
  decision: FeeDecision,
  correctable: boolean,
  corrigidos: ReadonlySet<string>,
  asked: readonly ContainerAsk[],
): ComparisonRow['taxas'][number] {
  const fromValor = typeof line.valor_total !== 'number' && typeof line.valor === 'number';
  // Corrected here (its amount, currency or basis), or kept from a version where it was (QA pass 32: the
  // files said "Corrigido: Não" beside a corrected basis, and a carried correction lost its mark).
  const corrigido =
    (!('origem' in line) && correctedFee(corrigidos, index)) || correctedBefore(line) !== undefined;
  const confianca = line.confidence ?? null;
  const ajustadoPorDica = hintAdjustments(line);
  return {
    valor: decision.valor,
    moeda: decision.moeda ?? line.moeda ?? null,
    // A line added by the analyst is not in the stored extraction: it is not corrected by path.
    campo: correctable && fromValor && !('origem' in line) ? `taxas.itens.${index}.valor` : null,
    fonte: line.source ?? null,
    confianca,
    corrigido,
    baixaConfianca: isLow(
      confianca,
      corrigido || (!('origem' in line) && correctedFee(checkedFields(corrigidos), index)),
    ),
    nome: line.nome ?? line.rotulo ?? '',
    rotulo: line.rotulo ?? line.nome ?? '',
    destino: line.destino ?? null,
    contabilizada: decision.contabilizada,
    motivo:
      decision.motivo === null
        ? null
        : decision.motivo === 'moeda'
          ? formatMessage(exclusionTexts.moeda, { moeda: line.moeda ?? '' })
          : exclusionTexts[decision.motivo],
    unidade: typeof line.unidade === 'string' ? line.unidade : null,
    ...(typeof line.equipamento === 'string' && line.equipamento
      ? { equipamento: askedName(line.equipamento, asked) }
      : {}),
    ...feeQuantityFields(decision),
    ...addedBy(line),
    ...(ajustadoPorDica ? { ajustadoPorDica } : {}),
  };
}

function scalar(final: ExtractionFinal | null, campo: string) {
  const evidence = final?.evidence?.[campo] as Evidence;
  return { fonte: evidence?.source ?? null, confianca: evidence?.confidence ?? null };
}

/** Charges both ends of the voyage have under one name: the port of loading's is its own charge. */
const ORIGIN_SIDED = new Set(['THC']);

/**
 * "Origin THC USD 150 / Destination THC USD 260" are two charges, both paid (QA pass 13: the origin one was
 * set aside as a repeat and the reply was called the cheapest): the engine marks the port of loading's
 * (`lado: 'origem'`) and the comparison names it 'THC ORIGEM', so the §5 rule (the highest line per name)
 * and completeness tell them apart. Its index is kept: a correction still finds its line.
 */
function sided(line: FeeLineInput): FeeLineInput {
  const lado = (line as { lado?: unknown }).lado;
  return lado === 'origem' && ORIGIN_SIDED.has(normalizeName(line.nome ?? ''))
    ? { ...line, nome: `${normalizeName(line.nome ?? '')} ORIGEM` }
    : line;
}

function feeLinesOf(final: ExtractionFinal): { lines: FeeLineInput[]; correctable: boolean } {
  const taxas = final.taxas as unknown;
  if (Array.isArray(taxas)) return { lines: taxas as FeeLineInput[], correctable: false };
  return { lines: (final.taxas?.itens ?? []).map(sided), correctable: true };
}

/** Containers the answer's own volume field names: `quantidadeContainer`, else read from `volumeCarga`. */
function answerContainers(final: ExtractionFinal | null): number | null {
  if (!final) return null;
  return answerContainerCount(final.quantidadeContainer, final.volumeCarga);
}

/** The chargeable weight the reply states ("chargeable weight 200 kgs"), null when it states none. */
function statedChargeableWeight(final: ExtractionFinal | null): Decimal | null {
  const stated = final?.peso_taxavel_kg;
  return typeof stated === 'number' && Number.isFinite(stated) && stated > 0 ? toDecimal(stated) : null;
}

/**
 * What the shipment measures for a row's charges: containers (the reply's own count wins, else the
 * quote's), weight and volume (the quote's, else what the reply's volume field states), the chargeable
 * weight the reply states (air), goods' value.
 */
function shipmentMeasures(final: ExtractionFinal | null, pedido: QuoteAsked): ShipmentMeasures {
  const medidas = pedido.medidas;
  return {
    modal: pedido.tipoFrete ?? final?.modal ?? null,
    conteineres: answerContainers(final) ?? (totalContainers(pedido.conteineres) || null),
    conteineresPorTipo: pedido.conteineres,
    pesoKg: medidas?.pesoKg ?? parseWeightKg(final?.volumeCarga),
    volumeM3: medidas?.volumeM3 ?? parseVolumeM3(final?.volumeCarga),
    pesoTaxavelKg: statedChargeableWeight(final),
    valorMercadoria: medidas?.valorMercadoria ?? null,
  };
}

/**
 * The transit and free time a destination summary carries (`destinos[].transit_time_dias`, issue 30), with
 * the line each was read from (`transit_source`, QA pass 4: "Ver de onde veio" showed the first port's line).
 */
function ownDays(
  final: ExtractionFinal | null,
  destino: string | null,
): {
  transit?: number;
  free?: number;
  validade?: string;
  transitFonte?: SourceRef;
  freeFonte?: SourceRef;
  validadeFonte?: SourceRef;
  index?: number;
} {
  if (!final || destino === null) return {};
  const index = final.destinos.findIndex((d) => samePlace(d.nome, destino));
  const entry = final.destinos[index];
  if (!entry) return {};
  return {
    index,
    ...(typeof entry.transit_time_dias === 'number' ? { transit: entry.transit_time_dias } : {}),
    ...(typeof entry.free_time_dias === 'number' ? { free: entry.free_time_dias } : {}),
    ...(entry.transit_source ? { transitFonte: entry.transit_source } : {}),
    ...(entry.free_source ? { freeFonte: entry.free_source } : {}),
    ...(typeof entry.validade === 'string' ? { validade: entry.validade } : {}),
    ...(entry.validade_source ? { validadeFonte: entry.validade_source } : {}),
  };
}

/** A transit figure with the shortest of its range ('25-30 dias' → 25), when the range is the reply's own. */
function withShortest<T extends { valor: number | null }>(
  value: T,
  shortest: number | null,
  asRead: boolean,
): T & { minimoDias?: number } {
  return asRead && shortest !== null && value.valor !== null && shortest < value.valor
    ? { ...value, minimoDias: shortest }
    : value;
}

/** The correction path of a port's own days ('destinos.1.transit_time_dias'): 'Corrigir' on that port only. */
const ownCampo = (index: number | undefined, key: 'transit_time_dias' | 'free_time_dias' | 'validade') =>
  index === undefined ? null : `destinos.${index}.${key}`;

/** The transit the reply gives the origin the row counts (`origens`, QA pass 37), with its line. */
function originDays(
  final: ExtractionFinal | null,
  origem: string | undefined,
): { transit: number; fonte?: SourceRef } | undefined {
  if (!final || origem === undefined) return undefined;
  const entry = (final.origens ?? []).find((item) => samePlace(item.nome, origem));
  return entry
    ? { transit: entry.transit_time_dias, ...(entry.transit_source ? { fonte: entry.transit_source } : {}) }
    : undefined;
}

/** A port's own figure: its own line, with the confidence of the answer's scalar (the same reader). */
function ownEvidence(final: ExtractionFinal | null, campo: string, fonte: SourceRef | undefined) {
  const base = scalar(final, campo);
  return fonte ? { ...base, fonte } : base;
}

/** Charges the engine left out because a hint says they are not charges (ADR 0101). */
function ignoredByHints(final: ExtractionFinal | null): Pick<ComparisonRow, 'ignoradosPorDica'> {
  const ignored = (final as { ignoradosPorDica?: unknown } | null)?.ignoradosPorDica;
  if (!Array.isArray(ignored) || ignored.length === 0) return {};
  return {
    ignoradosPorDica: ignored
      .filter((item) => typeof item?.rotulo === 'string' && typeof item?.valor === 'number')
      .map((item) => ({
        rotulo: item.rotulo as string,
        valor: item.valor as number,
        moeda: typeof item.moeda === 'string' ? item.moeda : null,
      })),
  };
}

/**
 * The same carrier's previous version as the comparison read it, for what a revision does not restate
 * (ADR 0024 addendum): its rows and fee lines with what it kept from its own previous version.
 */
type Earlier = { versao: number; rows: Row[]; feeLines: readonly FeeLineInput[] };

const earlierOrigin = (versao: number) => `versao:${versao}`;

/**
 * The previous version's fee lines this version does not quote, kept because the reply says the rest of
 * the offer still applies ("Demais condições sem alteração"): each marked 'versão anterior', read from that
 * version's line.
 */
function keptFeeLines(
  final: ExtractionFinal,
  quoted: readonly FeeLineInput[],
  earlier: Earlier,
): FeeLineInput[] {
  if (!final.condicoesMantidas) return [];
  const names = new Set(quoted.map(feeKey));
  return earlier.feeLines.filter((line) => !names.has(feeKey(line))).map((line) => keptLine(line, earlier));
}

const feeKey = (line: FeeLineInput) => normalizeName(line.nome ?? line.rotulo ?? '');

/** A fee line of the previous version, as this version keeps it: 'versão anterior', read from that line. */
function keptLine(line: FeeLineInput, earlier: Earlier): FeeLineInput {
  const source = (line as { source?: SourceRef }).source;
  return {
    ...line,
    origem: 'versao_anterior',
    adicionadaPor: null,
    adicionadaEm: undefined,
    // Read in the version that wrote it (a line kept twice still opens its own message).
    ...(source ? { source: { ...source, origin: keptOrigin(source.origin, earlier.versao) } } : {}),
  } as FeeLineInput;
}

/**
 * A revision's fee line read from the carrier's own earlier offer quoted below "demais condições mantidas"
 * (origin 'quoted'), not corrected on this version: that offer as the comparison counts it — the previous
 * version's line of that name, with the analyst's corrections (QA pass 32: a basis corrected on version 1
 * went back to the quoted "por BL", and the lost correction showed as the carrier's saving).
 */
function supersededQuoted(
  line: FeeLineInput,
  index: number,
  earlier: Earlier,
  corrigidos: ReadonlySet<string>,
): FeeLineInput | undefined {
  if ((line as { source?: SourceRef }).source?.origin !== 'quoted' || correctedFee(corrigidos, index))
    return undefined;
  const key = feeKey(line);
  const named = earlier.feeLines.filter((other) => feeKey(other) === key);
  const match =
    named.find((other) => (other.destino ?? null) === (line.destino ?? null)) ??
    (named.length === 1 ? named[0] : undefined);
  return match && keptLine(match, earlier);
}

/** The origin of a value taken from version `versao`: its own version's when it was taken before. */
const keptOrigin = (origin: string, versao: number) =>
  /^versao:\d+$/.test(origin) ? origin : earlierOrigin(versao);

/**
 * A version's fee lines: those it states (a line corrected here marked with its version, for a later
 * version that keeps it), and those it keeps from the version before it.
 */
function feeLinesWithKept(
  final: ExtractionFinal | null,
  earlier: Earlier | undefined,
  corrigidos: ReadonlySet<string>,
  versao: number,
) {
  const stated = final ? feeLinesOf(final) : { lines: [] as FeeLineInput[], correctable: false };
  const quotedOffer = final?.ofertaAnteriorCitada === true;
  const own = stated.lines.map(
    (line, index): FeeLineInput =>
      (earlier && quotedOffer ? supersededQuoted(line, index, earlier, corrigidos) : undefined) ??
      (stated.correctable && correctedFee(corrigidos, index)
        ? ({ ...line, corrigidoNaVersao: versao } as FeeLineInput)
        : line),
  );
  return {
    ...stated,
    lines: final && earlier ? [...own, ...keptFeeLines(final, own, earlier)] : own,
  };
}

/** Some value of fee line `index` of a version (its amount, currency, basis…) was corrected. */
const correctedFee = (corrigidos: ReadonlySet<string>, index: number) => {
  const prefix = `taxas.itens.${index}.`;
  for (const campo of corrigidos) if (campo.startsWith(prefix)) return true;
  return false;
};

/** The version where an analyst corrected a line this version keeps from it. */
const correctedBefore = (line: object): number | undefined =>
  (line as { corrigidoNaVersao?: number }).corrigidoNaVersao;

/** A condition this version does not state, as the previous version gave it ('da versão 1'). */
function carried<T extends { fonte: SourceRef | null; corrigido: boolean; versaoAnterior?: number }>(
  figure: T,
  versao: number,
): T {
  // A value kept twice names the version that stated it.
  const from = figure.versaoAnterior ?? versao;
  return {
    ...figure,
    fonte: figure.fonte && { ...figure.fonte, origin: keptOrigin(figure.fonte.origin, from) },
    // A value an analyst corrected in that version says so here too (QA pass 32).
    corrigido: figure.corrigido,
    versaoAnterior: from,
  };
}

/**
 * What a revision leaves unsaid is what it had said ("Conseguimos melhorar o frete para USD 1.900";
 * ADR 0024 addendum): its transit time, free time and validity, each marked with the version it came from
 * (for a port the previous version did not price, only its offer-wide free time and validity). A value
 * this version states, or an analyst's correction of it, is never replaced.
 */
function carryEarlierTerms(row: Row, earlier: Earlier): void {
  const before = previousRowOf(row, earlier.rows);
  // A port the previous version did not price keeps the terms that version gave every port alike (its
  // free time, its validity); a transit time belongs to its port.
  const offerWide = <T extends { valor: unknown }>(pick: (earlierRow: Row) => T): T | undefined => {
    const values = earlier.rows.map(pick);
    const first = values[0];
    return first && first.valor !== null && values.every((value) => value.valor === first.valor)
      ? first
      : undefined;
  };
  const prazo = before?.prazo;
  const freeTime = before ? before.freeTime : offerWide((earlierRow) => earlierRow.freeTime);
  const validade = before ? before.validade : offerWide((earlierRow) => earlierRow.validade);
  const keep = (item: string) => {
    row.faltando = row.faltando.filter((missing) => missing !== item);
  };
  // Unsaid, or read from the carrier's own earlier offer quoted below the revision (QA pass 32: the quoted
  // text is that offer as first read; the previous version is it as the analyst corrected it).
  const unsaid = (value: { valor: unknown; fonte: SourceRef | null; corrigido: boolean }) =>
    !value.corrigido && (value.valor === null || value.fonte?.origin === 'quoted');
  if (unsaid(row.prazo) && prazo && prazo.valor !== null) {
    row.prazo = { ...carried(prazo, earlier.versao), campo: row.prazo.campo };
    keep('prazo');
  }
  if (unsaid(row.freeTime) && freeTime && freeTime.valor !== null) {
    row.freeTime = { ...carried(freeTime, earlier.versao), campo: row.freeTime.campo };
    keep('freeTime');
  }
  if (unsaid(row.validade) && validade && validade.valor !== null) {
    row.validade = { ...carried(validade, earlier.versao), campo: row.validade.campo };
    keep('validade');
  }
}

/** A freight line's container size ("20'", "40'"), or its unit as written (BL, kg, W/M). */
const freightKey = (tipo: string) => containerType(tipo)?.size ?? normalizeName(tipo);

/**
 * The previous version's freight of the sizes this version does not price at the same port, kept because
 * the reply says the rest still applies ("40HC USD 1.650,00. Demais condições mantidas" keeps the 20DV's
 * price; "Frete sem alteração" keeps every price): each named 'da versão N'. Not correctable here: the
 * value is that version's.
 */
function keptFreightLines(
  stated: readonly FreightLine[],
  destino: string | null,
  final: ExtractionFinal,
  earlier: Earlier,
): FreightLine[] {
  if (!final.condicoesMantidas) return [];
  const before = previousRowOf({ destino } as Row, earlier.rows);
  // A restated price whose unit names no container (per BL, per shipment) may be the new freight for all.
  if (!before || stated.some((line) => line.valor !== null && containerType(line.tipo) === null)) return [];
  const priced = new Set(stated.filter((line) => line.valor !== null).map((line) => freightKey(line.tipo)));
  return before.fretes
    .filter((frete) => frete.valor !== null && !priced.has(freightKey(frete.tipo)))
    .map((frete): FreightLine => {
      const from = frete.versaoAnterior ?? earlier.versao;
      return {
        tipo: frete.tipo,
        valor: frete.valor,
        moeda: frete.moeda,
        campo: null,
        fonte: frete.fonte && { ...frete.fonte, origin: keptOrigin(frete.fonte.origin, from) },
        confianca: frete.confianca,
        quantidade: 0,
        minimo: frete.minimo ?? null,
        versaoAnterior: from,
        ...(frete.corrigido ? { corrigidoNaVersao: frete.versaoAnterior ?? earlier.versao } : {}),
      };
    });
}

/**
 * A revision's freight read from the carrier's own earlier offer quoted below "demais condições mantidas"
 * (origin 'quoted', not corrected here) gives way to the previous version's price of that size, as the
 * comparison counts it (its corrections): `keptFreightLines` then keeps it (QA pass 32).
 */
function withoutQuotedFreight(
  stated: readonly FreightLine[],
  destino: string | null,
  final: ExtractionFinal,
  earlier: Earlier,
  corrigidos: ReadonlySet<string>,
): FreightLine[] {
  // Only the carrier's own offer: an asked price it agreed to ("de acordo com o valor solicitado") is
  // read from the importer's quoted request, and is the new price.
  if (!final.condicoesMantidas || final.ofertaAnteriorCitada !== true) return [...stated];
  const before = previousRowOf({ destino } as Row, earlier.rows);
  if (!before) return [...stated];
  const priced = new Set(
    before.fretes.filter((frete) => frete.valor !== null).map((frete) => freightKey(frete.tipo)),
  );
  return stated.filter(
    (line) =>
      line.fonte?.origin !== 'quoted' ||
      correctedFreight(line, corrigidos) ||
      !priced.has(freightKey(line.tipo)),
  );
}

/**
 * A port of the previous version that a revision keeping the rest does not mention ("Nova opção com destino
 * Navegantes: … Demais condições sem alteração" keeps the Santos offer): that version's row as it was, under
 * this version, every figure named 'da versão N' and none correctable here.
 */
function keptRow(
  earlierRow: Row,
  entry: ComparisonResponse,
  version: ComparisonVersion,
  earlier: Earlier,
  trecho: string,
): Row {
  const keep = <T extends ComparisonValue>(value: T): T => ({
    ...carried(value, earlier.versao),
    campo: null,
  });
  return {
    ...earlierRow,
    id: `${entry.id}:${earlierRow.destino ?? ''}`,
    respostaId: entry.id,
    status: entry.status,
    versao: version.versao,
    destinoVersaoAnterior: earlierRow.destinoVersaoAnterior ?? earlier.versao,
    condicoesMantidas: { trecho, versao: earlier.versao },
    fretes: earlierRow.fretes.map(keep),
    taxas: earlierRow.taxas.map(keep),
    prazo: keep(earlierRow.prazo),
    freeTime: keep(earlierRow.freeTime),
    validade: carried(earlierRow.validade, earlier.versao),
    variacao: null,
    destaque: { menorCusto: false, menorPrazo: false },
    remetenteNaoVerificado: Boolean(version.remetenteNaoVerificado && !version.remetenteConfirmadoEm),
  };
}

/** The destinations of the previous version's rows, for a revision that names none. */
const earlierDestinations = (earlier: Earlier | undefined): string[] =>
  earlier ? [...new Set(earlier.rows.map((row) => row.destino).filter((d): d is string => d !== null))] : [];

/** The rows (one per destination) of one version of an answer. */
function versionRows(
  entry: ComparisonResponse,
  version: ComparisonVersion,
  input: ComparisonInput,
  earlier?: Earlier,
): Row[] {
  const final = version.dadosExtraidos?.final ?? null;
  // The carrier declined and stated no price: a row that says so, never a proposal with empty cells.
  const declined = (version.extracao ?? 'concluida') === 'concluida' && isDeclined(final);
  const corrigidos = correctedFields(version.correcoes ?? []);
  const named = destinationsOf(final);
  // A revision that names no port is for the ports of the version it revises (their road cost too).
  const destinos = named.length > 0 || !final ? named : earlierDestinations(earlier);
  const quantidade = totalContainers(input.pedido.conteineres) || answerContainers(final) || 1;
  // Every row of the quote on one basis: a measure the quote lacks is the one its replies agree on.
  const repliesVolume = input.respostas
    .filter(isAnswered)
    .map((entry) => entry.dadosExtraidos?.final.volumeCarga);
  const medidas = shipmentMeasures(final, {
    ...input.pedido,
    medidas: quoteWideMeasures(input.pedido.medidas, repliesVolume),
  });
  const fees = feeLinesWithKept(final, earlier, corrigidos, version.versao);
  // Charges in EUR are summed at the euro's rate when the comparison has one (ADR 0017 addendum).
  const somaEuro = input.taxa.eur !== undefined;
  // A row whose answer names no port is for the quote's port when the quote names one (QA pass 7).
  const quotePorts = askedDestinations(input.pedido.destino);
  const rows = (destinos.length > 0 ? destinos : [null]).map((destino): Row => {
    const { stated, origemContada } = final
      ? statedFreight(
          final,
          { destino, destinos, corrigidos, origem: input.pedido.origem },
          input,
          quantidade,
          medidas,
        )
      : { stated: [], origemContada: undefined };
    const said =
      final && earlier ? withoutQuotedFreight(stated, destino, final, earlier, corrigidos) : stated;
    const lines = final && earlier ? [...said, ...keptFreightLines(said, destino, final, earlier)] : said;
    const freight = countFreight(lines, input.pedido.conteineres, quantidade, medidas, somaEuro);
    const evaluation = evaluateFees(fees.lines, { destino, destinos, medidas, somaEuro });
    const taxas: ComparisonRow['taxas'] = [];
    const desconhecidas: string[] = [];
    for (const line of freight.lines)
      if (line.falta) desconhecidas.push(unknownQuantityText(line.tipo, line.falta));
    const quoted: QuotedFee[] = [];
    const counted: CountedFee[] = [];
    const notSummed: string[] = [];
    fees.lines.forEach((line, index) => {
      const decision = evaluation.decisions[index]!;
      if (decision.motivo !== 'outroDestino')
        taxas.push(feeFigure(line, index, decision, fees.correctable, corrigidos, input.pedido.conteineres));
      const nome = line.nome ?? line.rotulo ?? '';
      const brl = decision.contabilizada ? countedBRL(decision, input.taxa) : null;
      if (brl !== null) counted.push({ chave: normalizeName(nome), brl });
      // Quoted, in a currency the totals do not sum (ADR 0017): the charge is there, the total lacks it.
      if (decision.motivo === 'moeda' && decision.valor !== null) {
        const text = `${feeDisplayName(nome)} em ${String(line.moeda ?? '').toUpperCase()}`;
        if (!notSummed.includes(text)) notSummed.push(text);
      }
      if (
        decision.valor !== null &&
        (decision.contabilizada ||
          decision.motivo === 'duplicada' ||
          decision.motivo === 'moeda' ||
          decision.motivo === 'quantidadeDesconhecida') &&
        !quoted.some((fee) => fee.chave === normalizeName(nome))
      )
        quoted.push({
          chave: normalizeName(nome),
          linha: {
            nome,
            rotulo: line.rotulo ?? nome,
            destino: isNoDestination(line.destino) ? null : (line.destino ?? null),
            valor: decision.valor,
            moeda: feeCurrency(line.moeda) ?? line.moeda ?? '',
            unidade: typeof line.unidade === 'string' ? line.unidade : null,
            versao: version.versao,
            ...(typeof line.minimo === 'number' ? { minimo: line.minimo } : {}),
          },
        });
      if (decision.motivo === 'quantidadeDesconhecida' && decision.quantidade?.falta)
        desconhecidas.push(unknownQuantityText(line.nome ?? line.rotulo ?? '', decision.quantidade.falta));
    });
    const valorUSD = add(freight.porMoeda.USD, evaluation.porMoeda.USD);
    const valorBRL = add(freight.porMoeda.BRL, evaluation.porMoeda.BRL);
    const valorEUR = add(freight.porMoeda.EUR, evaluation.porMoeda.EUR);
    const euros = toNumber(valorEUR) !== 0;
    const custoRodoviario = roadCost(
      destino ?? input.pedido.destino,
      quantidade,
      input.pedido.tipoFrete ?? final?.modal,
      input.custosRodoviarios ?? DEFAULT_ROAD_COSTS,
    );
    const totals = totalCosts(
      { valorBRL, valorUSD, custoRodoviario, valorEUR },
      input.taxa.taxa,
      input.taxa.eur?.taxa,
    );
    const transit = final ? transitDays(final) : { valor: null, campo: 'transit_time_dias' };
    // Transit and free time of this destination when the reply gives them per destination (issue 30).
    const own = ownDays(final, destino);
    // The counted origin's own transit when the reply gives each origin its own (not the range of both).
    const fromOrigin = own.transit === undefined ? originDays(final, origemContada?.origem) : undefined;
    // A port's own validity ("Paranaguá: …; validade 31/12/2026", QA pass 41c) unless the offer's was corrected.
    const ownValidity = own.validade !== undefined && !corrigidos.has('validadeProposta');
    const validade = ownValidity ? own.validade! : (final?.validadeProposta ?? null);
    const validadeCampo = ownValidity ? ownCampo(own.index, 'validade')! : 'validadeProposta';
    return {
      id: `${entry.id}:${destino ?? ''}`,
      respostaId: entry.id,
      transportadorId: entry.transportadorId,
      transportador: entry.transportador,
      ...(origemContada ? { origemContada } : {}),
      status: rowStatus(entry, destino, input.aprovacao),
      versao: version.versao,
      destino,
      ...(named.length === 0 && destino !== null && earlier ? { destinoVersaoAnterior: earlier.versao } : {}),
      ...(destino === null && quotePorts.length === 1 ? { destinoDaCotacao: quotePorts[0] } : {}),
      ...(final?.condicoesMantidas && earlier
        ? { condicoesMantidas: { trecho: final.condicoesMantidas.text, versao: earlier.versao } }
        : {}),
      fretes: freight.lines.map((line) => freightFigure(line, corrigidos, input.pedido.conteineres)),
      taxas,
      taxasPorMoeda: {
        USD: toMoney(evaluation.porMoeda.USD),
        BRL: toMoney(evaluation.porMoeda.BRL),
        ...(euros ? { EUR: toMoney(evaluation.porMoeda.EUR) } : {}),
      },
      valorUSD: toMoney(valorUSD),
      valorBRL: toMoney(valorBRL),
      ...(euros ? { valorEUR: toMoney(valorEUR) } : {}),
      custoRodoviario: toMoney(custoRodoviario),
      conteineres: quantidade,
      custoTotalBRL: toMoney(totals.custoTotalBRL),
      custoTotalUSD: toMoney(totals.custoTotalUSD),
      prazo:
        own.transit !== undefined && !corrigidos.has(transit.campo)
          ? figure(
              own.transit,
              null,
              ownCampo(own.index, 'transit_time_dias'),
              ownEvidence(final, 'transit_time_dias', own.transitFonte),
              corrigidos,
            )
          : fromOrigin !== undefined && !corrigidos.has(transit.campo)
            ? figure(
                fromOrigin.transit,
                null,
                transit.campo,
                ownEvidence(final, 'transit_time_dias', fromOrigin.fonte),
                corrigidos,
              )
            : withShortest(
                figure(transit.valor, null, transit.campo, scalar(final, 'transit_time_dias'), corrigidos),
                final?.transit_time_min_dias ?? null,
                !corrigidos.has(transit.campo),
              ),
      freeTime:
        own.free !== undefined && !corrigidos.has('free_time_destino_dias')
          ? figure(
              own.free,
              null,
              ownCampo(own.index, 'free_time_dias'),
              ownEvidence(final, 'free_time_destino_dias', own.freeFonte),
              corrigidos,
            )
          : figure(
              final?.free_time_destino_dias ?? null,
              null,
              'free_time_destino_dias',
              scalar(final, 'free_time_destino_dias'),
              corrigidos,
            ),
      ...(own.free === undefined &&
      final?.free_time_tipo === 'combinado' &&
      final.free_time_destino_dias !== null
        ? { freeTimeCombinado: true }
        : {}),
      validade: {
        valor: validade,
        campo: validadeCampo,
        fonte: (ownValidity ? own.validadeFonte : undefined) ?? scalar(final, 'validadeProposta').fonte,
        corrigido: corrigidos.has(validadeCampo),
        expirada: validade !== null && validade < input.hoje,
      },
      confianca: final?.confidence_overall ?? null,
      extracao: version.extracao ?? (version.dadosExtraidos ? 'concluida' : 'pendente'),
      precificada: !declined && freight.lines.some((line) => line.quantidade > 0),
      ...(declined ? { declinou: true } : {}),
      // A decline lacks nothing: it is no proposal, not an incomplete one.
      faltando: (declined ? [] : missingGiven(final, input.pedido, lines)).filter(
        (item) =>
          !(item === 'prazo' && own.transit !== undefined) &&
          !(item === 'freeTime' && own.free !== undefined),
      ),
      variacao: null,
      destaque: { menorCusto: false, menorPrazo: false },
      // 'Remetente não verificado' until an analyst confirms the sender (ADR 0023).
      remetenteNaoVerificado: Boolean(version.remetenteNaoVerificado && !version.remetenteConfirmadoEm),
      ...ignoredByHints(final),
      ...(desconhecidas.length > 0 ? { quantidadesDesconhecidas: desconhecidas } : {}),
      ...(notSummed.length > 0 ? { taxasNaoSomadas: notSummed } : {}),
      totals: { brl: totals.custoTotalBRL, usd: totals.custoTotalUSD },
      quoted,
      // An all-in price stays all-in in a revision that says the rest still applies (a new freight only).
      allIn:
        isAllInFreight(final) ||
        Boolean(final?.condicoesMantidas && earlier?.rows.some((earlierRow) => earlierRow.allIn)),
      naoIncluidas: notIncludedOf(final),
      counted,
    };
  });
  // The previous version's other ports stand when this one names its own and keeps the rest.
  const kept = final?.condicoesMantidas;
  if (kept && earlier && named.length > 0)
    for (const earlierRow of earlier.rows)
      if (
        earlierRow.destino !== null &&
        earlierRow.precificada &&
        !named.some((destino) => samePlace(destino, earlierRow.destino))
      )
        rows.push(keptRow(earlierRow, entry, version, earlier, kept.text));
  return rows;
}

/** The change of a row against the same carrier's previous version (same destination, or its only row). */
/** The previous version's row of the same destination (its only row when either names none). */
function previousRowOf(row: Row, previous: Row[]): Row | undefined {
  return (
    previous.find((candidate) =>
      row.destino === null ? candidate.destino === null : samePlace(candidate.destino, row.destino),
    ) ??
    // A destination new in this version has no previous figure to compare with (issue 30).
    (previous.length === 1 && (row.destino === null || previous[0]!.destino === null)
      ? previous[0]
      : undefined)
  );
}

function changeAgainst(row: Row, previous: Row[], versaoAnterior: number): ComparisonRow['variacao'] {
  const match = previousRowOf(row, previous);
  // A total of nothing priced is no figure to compare: no change is shown, never a "saving" of everything.
  if (!match || !row.precificada || !match.precificada) return null;
  // Freight the earlier version left out and this one prices: its total covers less of the shipment.
  const added = match.faltando.filter((item) => FREIGHT_MISSING.has(item) && !row.faltando.includes(item));
  return {
    versaoAnterior,
    custoTotalBRL: toMoney(subtract(row.totals.brl, match.totals.brl)),
    custoTotalUSD: toMoney(subtract(row.totals.usd, match.totals.usd)),
    prazo:
      row.prazo.valor !== null && match.prazo.valor !== null ? row.prazo.valor - match.prazo.valor : null,
    ...(added.length > 0 ? { anteriorSemFrete: added } : {}),
  };
}

/** The approved answer's other ports were not approved (QA pass: both ports read 'Aprovado'). */
function rowStatus(
  entry: ComparisonResponse,
  destino: string | null,
  aprovacao: ComparisonInput['aprovacao'],
): string {
  if (entry.status !== 'aprovado' || !aprovacao || aprovacao.respostaId !== entry.id) return entry.status;
  if (aprovacao.destino === null || destino === null) return entry.status;
  return samePlace(destino, aprovacao.destino) ? entry.status : 'reprovado';
}

/** The charges a reply says it leaves out of its price, unpriced ("THC por conta do importador"), by key. */
function notIncludedOf(final: ExtractionFinal | null | undefined): string[] | undefined {
  const listed = (final as { taxasNaoIncluidas?: unknown } | null | undefined)?.taxasNaoIncluidas;
  if (!Array.isArray(listed)) return undefined;
  const names = listed
    .map((item) => (item as { nome?: unknown }).nome)
    .filter((nome): nome is string => typeof nome === 'string' && nome !== '');
  return names.length > 0 ? names.map((nome) => normalizeName(nome)) : undefined;
}

/**
 * The kind of charge a fee name is, for comparing carriers: the per-BL documentation charge is written
 * "BL fee" by some and "Doc fee (per BL)" or "emissão de BL" by others — one charge to an analyst.
 */
const CHARGE_KINDS = new Map([
  ['DOC FEE', 'BL FEE'],
  // The air waybill's fee is the air shipment's per-BL documentation charge.
  ['AWB FEE', 'BL FEE'],
  // The deconsolidating agent's fee is its release of the house BL ("desconsolidação" / "liberação").
  ['DESCONSOLIDACAO', 'LIBERACAO'],
]);
/**
 * LCL: the destination CFS (the consolidation warehouse) is where the cargo is handled, its THC; its
 * unstuffing (desova) is that handling too (QA pass 33: "Desova R$ 60/m³" beside another's "THC destino/m³").
 */
const LCL_CHARGE_KINDS = new Map([
  ['CFS', 'THC'],
  ['DESOVA', 'THC'],
]);
const chargeKindOf =
  (lcl: boolean) =>
  (chave: string): string =>
    CHARGE_KINDS.get(chave) ?? (lcl ? LCL_CHARGE_KINDS.get(chave) : undefined) ?? chave;

/**
 * Charges every import shipment pays at destination, by kind: a row without one of them lacks it even when
 * only one other carrier answered (`markCompleteness`).
 */
const USUAL_DESTINATION_CHARGES = new Set(['THC', 'BL FEE', 'LIBERACAO', 'HANDLING', 'ISPS']);

/** A line that says what its price includes ("USD 5.20 per kg (incl. FSC/SSC)", "BAF incluso"). */
const INCLUDES = /\bINCL(?:\.|UD(?:ING|ED|ES)|US[OA]S?|UIND[OA]|USIVE)?\b/;
const NOT_INCLUDED = /\b(?:NOT|NAO|NO|SEM|EXCL\w*)\b[^.;]*\bINCL/;

/** The charge `kind` is named in one of the row's price lines as included in that price. */
function includedIn(row: Row, kind: string): boolean {
  const pattern = new RegExp(`(?:^|[^A-Z0-9])${kind.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^A-Z0-9])`);
  return [...row.fretes, ...row.taxas].some((figure) => {
    const text = figure.fonte?.text;
    if (!text) return false;
    const line = normalizeName(text);
    return INCLUDES.test(line) && !NOT_INCLUDED.test(line) && pattern.test(line);
  });
}

/** A charge a row lacks, by kind, and what its own previous version counted for it (when it came from there). */
type Lacking = { kind: string; chave: string; nome: string; previous: Decimal | null };

/**
 * What the previous version's row counted for the charge `chave` (null: nothing counted). By its own name, not
 * its kind: a previous "BL fee" and "Doc fee" (one kind) are two lines of the estimate, each with its amount
 * (QA pass 38: "Completada com BL FEE (R$ 516,50)" held both).
 */
function previousAmount(previous: Row | undefined, chave: string) {
  const amounts = (previous?.counted ?? []).filter((fee) => fee.chave === chave);
  return amounts.length === 0 ? null : add(...amounts.map((fee) => fee.brl));
}

/**
 * Completeness (issue 30): the charges a row lacks that its carrier's previous version quoted (offered
 * to keep, line by line) or that most other carriers quote (at least two, and at least half of them; the
 * only other one for the usual destination charges when two answered).
 * An explicit all-in price lacks nothing, nor does a price that names the charge as included ("incl.
 * FSC/SSC"). Marks the change of an incomplete row as not a saving. Answers each incomplete row's lacking
 * charges by kind, for its estimate (`estimateOf`).
 */
function markCompleteness(
  rows: Row[],
  previousByRow: Map<Row, Row | undefined>,
  lcl: boolean,
): Map<Row, Lacking[]> {
  const sameCharge = chargeKindOf(lcl);
  const lacking = new Map<Row, Lacking[]>();
  const priced = rows.filter((row) => row.precificada && !row.declinou && row.extracao === 'concluida');
  for (const row of priced) {
    if (row.allIn) {
      // An all-in price that leaves a charge to the importer ("Taxas de terminal por conta do importador")
      // lacks it when another carrier prices it: the totals do not compare (QA pass 13).
      const left = new Map<string, string>();
      for (const kind of row.naoIncluidas ?? [])
        for (const other of priced)
          if (other.transportadorId !== row.transportadorId)
            for (const fee of other.quoted)
              if (sameCharge(fee.chave) === sameCharge(kind)) left.set(sameCharge(kind), fee.linha.nome);
      if (left.size > 0) {
        row.taxasAusentes = [...left.values()];
        lacking.set(
          row,
          [...left].map(([kind, nome]) => ({ kind, chave: kind, nome, previous: null })),
        );
        if (row.variacao) row.variacao = { ...row.variacao, incompleta: true };
      }
      continue;
    }
    const absent = new Map<string, string>();
    const previous = previousByRow.get(row);
    // One charge goes by several names, across carriers and across one carrier's versions ("Doc fee" in
    // v1, "BL fee" in v2): compared by its kind (`sameCharge`).
    const hasKind = new Set(row.quoted.map((fee) => sameCharge(fee.chave)));
    const fromPrevious = (previous?.quoted ?? []).filter((fee) => !hasKind.has(sameCharge(fee.chave)));
    for (const fee of fromPrevious) absent.set(fee.chave, fee.linha.nome);
    const carriers = new Map<string, Set<string>>();
    for (const other of priced)
      if (other.transportadorId !== row.transportadorId)
        carriers.set(
          other.transportadorId,
          new Set([
            ...(carriers.get(other.transportadorId) ?? []),
            ...other.quoted.map((fee) => sameCharge(fee.chave)),
          ]),
        );
    const counts = new Map<string, { nome: string; n: number }>();
    for (const other of priced)
      if (other.transportadorId !== row.transportadorId)
        for (const fee of other.quoted)
          if (!counts.has(sameCharge(fee.chave)))
            counts.set(sameCharge(fee.chave), { nome: fee.linha.nome, n: 0 });
    const fromOthers = new Set<string>();
    for (const [kind, entry] of counts) {
      entry.n = [...carriers.values()].filter((names) => names.has(kind)).length;
      const named = [...absent.keys()].some((chave) => sameCharge(chave) === kind);
      if (
        !hasKind.has(kind) &&
        // Two others quote it; when only two carriers answered, the other one quoting a charge every
        // import shipment pays at destination (QA pass 43a saw a row without THC and handling called the
        // cheapest beside the one offer that quoted them). Not an origin charge, nor another's extras.
        (entry.n >= 2 || (carriers.size === 1 && USUAL_DESTINATION_CHARGES.has(kind))) &&
        entry.n * 2 >= carriers.size &&
        !named &&
        !includedIn(row, kind)
      ) {
        absent.set(kind, entry.nome);
        fromOthers.add(kind);
      }
    }
    if (absent.size > 0) {
      row.taxasAusentes = [...absent.values()];
      lacking.set(
        row,
        [...absent].map(([chave, nome]) => {
          const kind = sameCharge(chave);
          return {
            kind,
            chave,
            nome,
            previous: fromOthers.has(chave) ? null : previousAmount(previous, chave),
          };
        }),
      );
    }
    // A total that lacks charges the previous version had (absent, or in a currency not summed): its change
    // is not a saving. One the previous version lacked alike compares like for like (QA pass 32: a THC cut
    // was called "não é economia" because both versions lacked the seal fee).
    const previousKinds = new Set((previous?.quoted ?? []).map((fee) => sameCharge(fee.chave)));
    const previousNotSummed = new Set(previous?.taxasNaoSomadas ?? []);
    // A freight the previous version priced and this one does not (the 20' of "2 × 40HC + 1 × 20DV"): its
    // total leaves a container out, whatever fees were kept (QA pass 40b: all fees kept, ▼ R$ 8.528 shown as
    // a saving, 6.929 of it the missing 20').
    const previousMissing = new Set(previous?.faltando ?? []);
    const lacksFreight = (row.faltando ?? []).some(
      (item) => item.startsWith('frete') && previous !== undefined && !previousMissing.has(item),
    );
    const lacksWhatItHad =
      lacksFreight ||
      fromPrevious.length > 0 ||
      [...fromOthers].some((kind) => previousKinds.has(kind)) ||
      (row.taxasNaoSomadas ?? []).some((text) => !previousNotSummed.has(text));
    if (lacksWhatItHad && row.variacao) row.variacao = { ...row.variacao, incompleta: true };
    if (fromPrevious.length > 0) row.taxasVersaoAnterior = fromPrevious.map((fee) => fee.linha);
  }
  return lacking;
}

/** A fee line's counted amount (price × quantity, minimum applied) in BRL at the comparison's rate. */
function countedBRL(decision: FeeDecision, taxa: ExchangeRateInfo): Decimal | null {
  if (decision.total === null) return null;
  if (decision.moeda === 'BRL') return decision.total;
  if (decision.moeda === 'USD') return multiply(decision.total, toDecimal(taxa.taxa));
  if (decision.moeda === 'EUR' && taxa.eur) return multiply(decision.total, toDecimal(taxa.eur.taxa));
  return null;
}

type Estimate = { total: Decimal; taxas: NonNullable<ComparisonRow['menorCustoEstimado']>['taxas'] };

/**
 * An incomplete row's total as an analyst equalises it: a charge its own previous version counted at that
 * version's amount; any other charge kind it lacks at the highest amount another carrier's row counts for
 * that kind (the first such row on a tie); each amount rounded to cents. Null when some charge has no amount
 * to take: the row cannot be compared.
 */
function estimateOf(
  row: Row,
  lacking: readonly Lacking[],
  priced: readonly Row[],
  sameCharge: (chave: string) => string,
  previous: Row | undefined,
): Estimate | null {
  let total = row.totals.brl;
  const taxas: Estimate['taxas'] = [];
  const done = new Set<string>();
  for (const item of lacking) {
    // One estimate line per kind from the other carriers; per line from the carrier's own previous version.
    const key = item.previous !== null && previous !== undefined ? `${item.kind}|${item.chave}` : item.kind;
    if (done.has(key)) continue;
    done.add(key);
    let best: { brl: Decimal; from: Row } | null = null;
    // A charge its own previous version counted is costed at the carrier's own amount (a revision that
    // left its fees out, "demais condições mantidas" unsaid): that is its price, not another carrier's.
    if (item.previous !== null && previous !== undefined) {
      const valor = round(item.previous, 2);
      total = add(total, valor);
      taxas.push({
        nome: item.nome,
        valorBRL: toMoney(valor),
        transportador: row.transportador.nome,
        versaoAnterior: previous.versao,
      });
      continue;
    }
    for (const other of priced) {
      if (other.transportadorId === row.transportadorId) continue;
      const amounts = other.counted.filter((fee) => sameCharge(fee.chave) === item.kind);
      if (amounts.length === 0) continue;
      const brl = add(...amounts.map((fee) => fee.brl));
      if (best === null || brl > best.brl) best = { brl, from: other };
    }
    if (best === null && (item.previous === null || previous === undefined)) return null;
    const valor = round(best?.brl ?? item.previous!, 2);
    total = add(total, valor);
    taxas.push({
      nome: item.nome,
      valorBRL: toMoney(valor),
      transportador: (best?.from ?? row).transportador.nome,
      ...(best === null ? { versaoAnterior: previous!.versao } : {}),
    });
  }
  return { total, taxas };
}

/**
 * The estimate of each incomplete priced row (`estimateOf`); rows whose estimate cannot be made are left
 * out.
 */
function estimates(
  rows: Row[],
  lacking: Map<Row, Lacking[]>,
  previousByRow: Map<Row, Row | undefined>,
  lcl: boolean,
): Map<Row, Estimate> {
  const sameCharge = chargeKindOf(lcl);
  const priced = rows.filter((row) => row.precificada && !row.declinou && row.extracao === 'concluida');
  const result = new Map<Row, Estimate>();
  for (const [row, items] of lacking) {
    const estimate = estimateOf(row, items, priced, sameCharge, previousByRow.get(row));
    if (estimate) result.set(row, estimate);
  }
  return result;
}

const FREIGHT_MISSING = new Set(['frete', 'frete20', 'frete40']);

/**
 * Spec 001 §9 highlights: the cheapest total and the shortest transit, every tied row. A row without a
 * freight price counted (or missing a size the quote asked for), with unknown quantities or charges in a
 * currency not summed is not the cheapest; a row that lacks charges others quote competes with its
 * estimate (`estimateOf`: what it costs completed at the others' prices) and, marked, carries it
 * (`menorCustoEstimado`); a row without transit time is not the shortest.
 */
function highlight(rows: Row[], estimated: Map<Row, Estimate>): void {
  const priced = rows.filter(
    (row) =>
      row.precificada &&
      !row.declinou &&
      !row.faltando.some((item) => FREIGHT_MISSING.has(item)) &&
      (row.quantidadesDesconhecidas ?? []).length === 0 &&
      ((row.taxasAusentes ?? []).length === 0 || estimated.has(row)) &&
      (row.taxasNaoSomadas ?? []).length === 0,
  );
  const costOf = (row: Row) =>
    (row.taxasAusentes ?? []).length > 0 ? estimated.get(row)!.total : row.totals.brl;
  const cheapest = priced.reduce<Decimal | null>(
    (min, row) => (min === null || costOf(row) < min ? costOf(row) : min),
    null,
  );
  // The quickest offer is one with a price: a transit time alone is no offer (the QA pass's finding).
  const timed = rows.filter((row) => row.prazo.valor !== null && row.precificada && !row.declinou);
  const shortest = timed.length === 0 ? null : Math.min(...timed.map((row) => row.prazo.valor!));
  for (const row of rows) {
    const menorCusto = cheapest !== null && priced.includes(row) && costOf(row) === cheapest;
    row.destaque = { menorCusto, menorPrazo: shortest !== null && row.prazo.valor === shortest };
    const estimate = estimated.get(row);
    // A row without the price of a container asked has no estimate: completing its charges leaves that
    // freight out (QA pass 37: "Estimado em R$ 25.066,95" was short by the 20' freight it did not restate).
    const freightMissing = row.faltando.some((item) => FREIGHT_MISSING.has(item));
    if (estimate && (row.taxasAusentes ?? []).length > 0 && !freightMissing) {
      const figure = { totalBRL: toMoney(estimate.total), taxas: estimate.taxas };
      // Every incomplete row says what it would cost completed (QA pass 26: only the cheapest did).
      row.custoEstimado = figure;
      if (menorCusto) row.menorCustoEstimado = figure;
    }
  }
}

const collator = new Intl.Collator('pt-BR');

const sortValue = (row: ComparisonRow, key: ComparisonSortKey): number =>
  key === 'prazo' ? (row.prazo.valor ?? MISSING_TRANSIT_DAYS) : row[key];

/**
 * Rows ordered by custoTotalBRL, custoTotalUSD or prazo (a missing transit time counts as 999); ties keep
 * the carrier name, then destination, order. By a total, rows without a price come last either way.
 */
export function sortComparisonRows<T extends ComparisonRow>(
  rows: readonly T[],
  key: ComparisonSortKey,
  direction: 'asc' | 'desc' = 'asc',
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      (key !== 'prazo' && a.precificada !== b.precificada ? (a.precificada ? -1 : 1) : 0) ||
      sign * (sortValue(a, key) - sortValue(b, key)) ||
      collator.compare(a.transportador.nome, b.transportador.nome) ||
      collator.compare(a.destino ?? '', b.destino ?? ''),
  );
}

/** The version of an answer just before `versao` (what a change and a revision's unsaid terms refer to). */
/** The newest version before `versao` whose extraction is done, with figures; null when none. */
function lastReadBefore(entry: ComparisonResponse, versao: number): ComparisonVersion | null {
  let candidate = versionBefore(entry, versao);
  while (
    candidate &&
    ((candidate.extracao ?? 'concluida') !== 'concluida' ||
      !candidate.dadosExtraidos ||
      (!candidate.correcoes?.length && readNothing(candidate.dadosExtraidos)))
  )
    candidate = versionBefore(entry, candidate.versao);
  return candidate;
}

/** The newest version before `versao` that states a price (its own corrections applied); null when none. */
function lastPricedBefore(entry: ComparisonResponse, versao: number): ComparisonVersion | null {
  let candidate = lastReadBefore(entry, versao);
  while (candidate && !candidate.correcoes?.length && !statesAPrice(candidate.dadosExtraidos?.final))
    candidate = lastReadBefore(entry, candidate.versao);
  return candidate;
}

/**
 * The freight lines of a row. A quote asking from several origins ('Shanghai / Ningbo') takes the one the
 * reply prices cheapest to this row's port (QA pass 27: the first-named origin counted, and a carrier pricing
 * only the other won against it); the row says which, and which it left. Otherwise the first-named origin's.
 */
function statedFreight(
  final: ExtractionFinal,
  scope: Parameters<typeof freightLinesOf>[1],
  input: ComparisonInput,
  quantidade: number,
  medidas: ShipmentMeasures,
): { stated: FreightLine[]; origemContada?: { origem: string; outras: string[] } } {
  const stated = freightLinesOf(final, scope);
  const asked = askedDestinations(input.pedido.origem);
  if (asked.length < 2) return { stated };
  const origins = [...new Set(stated.map((line) => line.origem).filter((o): o is string => Boolean(o)))];
  const candidates = origins.filter((origem) => asked.some((name) => samePlace(name, origem)));
  if (candidates.length < 2) return { stated };
  const priced = candidates.map((origem) => {
    const lines = freightLinesOf(final, { ...scope, origem });
    const count = countFreight(
      lines,
      input.pedido.conteineres,
      quantidade,
      medidas,
      input.taxa.eur !== undefined,
    );
    const brl = totalCosts(
      {
        valorBRL: count.porMoeda.BRL,
        valorUSD: count.porMoeda.USD,
        valorEUR: count.porMoeda.EUR,
        custoRodoviario: toDecimal(0),
      },
      input.taxa.taxa,
      input.taxa.eur?.taxa,
    ).custoTotalBRL;
    return { origem, lines, brl: toNumber(brl) };
  });
  const cheapest = priced.reduce((best, item) => (item.brl < best.brl ? item : best));
  return {
    stated: cheapest.lines,
    origemContada: {
      origem: cheapest.origem,
      outras: priced.filter((item) => item !== cheapest).map((item) => item.origem),
    },
  };
}

/** A row shown from an earlier version than the answer's current one: a correction would go elsewhere. */
function notCorrectable(row: Row): void {
  row.fretes = row.fretes.map((frete) => ({ ...frete, campo: null }));
  row.taxas = row.taxas.map((taxa) => ({ ...taxa, campo: null }));
  row.prazo = { ...row.prazo, campo: null };
  row.freeTime = { ...row.freeTime, campo: null };
}

function versionBefore(entry: ComparisonResponse, versao: number): ComparisonVersion | null {
  return entry.versoes
    .filter((version) => version.versao < versao)
    .reduce<ComparisonVersion | null>(
      (best, v) => (best === null || v.versao > best.versao ? v : best),
      null,
    );
}

/**
 * The version before `versao` as the comparison read it: filled, in turn, from the one before it, so that
 * a second "sem alteração" keeps what the first kept. `depth` bounds a malformed history.
 */
function earlierOf(
  entry: ComparisonResponse,
  versao: number,
  input: ComparisonInput,
  depth = 0,
): Earlier | undefined {
  let previous = versionBefore(entry, versao);
  // A version that gave no figure at all ("Nenhum valor identificado") has nothing to keep: a later
  // "demais condições mantidas" refers to the last offer with prices (QA pass 4).
  while (
    previous?.dadosExtraidos &&
    (previous.extracao ?? 'concluida') === 'concluida' &&
    !statesAPrice(previous.dadosExtraidos.final) &&
    versionBefore(entry, previous.versao)?.dadosExtraidos
  )
    previous = versionBefore(entry, previous.versao);
  if (!previous?.dadosExtraidos) return undefined;
  const before = depth < 10 ? earlierOf(entry, previous.versao, input, depth + 1) : undefined;
  const rows = versionRows(entry, previous, input, before);
  if (before) for (const row of rows) if (row.extracao === 'concluida') carryEarlierTerms(row, before);
  return {
    versao: previous.versao,
    rows,
    feeLines: feeLinesWithKept(
      previous.dadosExtraidos.final,
      before,
      correctedFields(previous.correcoes ?? []),
      previous.versao,
    ).lines,
  };
}

const isAnswered = (entry: ComparisonResponse) => entry.atual !== null && entry.status !== 'cancelado';

/**
 * The 'Comparação' tab: one row per current answered response and destination, totals at the given rate,
 * the change against each carrier's previous version, highlights, and the answer progress. Rows come
 * sorted by custoTotalBRL.
 */
export function buildComparison(input: ComparisonInput): Comparison {
  const rows: Row[] = [];
  const previousByRow = new Map<Row, Row | undefined>();
  for (const entry of input.respostas) {
    if (!isAnswered(entry)) continue;
    const latest: ComparisonVersion = { ...entry.atual!, dadosExtraidos: entry.dadosExtraidos };
    // A latest version whose reading failed, or that could read nothing of what came (a garbled
    // re-send), leaves the comparison the last version that was read.
    const unread =
      latest.extracao === 'falhou' ||
      ((latest.extracao ?? 'concluida') === 'concluida' &&
        !latest.correcoes?.length &&
        readNothing(latest.dadosExtraidos));
    const lastRead = unread ? lastReadBefore(entry, latest.versao) : null;
    // A latest version that states no price (an offer "remains valid", a refusal to revise, a thank-you)
    // leaves the comparison the last offer with prices: a standing offer is never lost (QA pass 28). So
    // does an unread one after such a version (QA pass 40b: a priced v2, an empty v3 and a garbled v4 showed
    // v3, "Frete não informado").
    const unpriced = lastRead ?? (unread ? null : latest);
    const kept =
      unpriced &&
      (unpriced.extracao ?? 'concluida') === 'concluida' &&
      unpriced.dadosExtraidos &&
      !unpriced.correcoes?.length &&
      !statesAPrice(unpriced.dadosExtraidos.final) &&
      // "Demais condições mantidas" is carried term by term below, with what the version changed.
      !unpriced.dadosExtraidos.final.condicoesMantidas
        ? lastPricedBefore(entry, unpriced.versao)
        : null;
    const read = lastRead && !kept ? lastRead : null;
    const current = kept ?? read ?? latest;
    const earlier = earlierOf(entry, current.versao, input);
    const currentRows = versionRows(entry, current, input, earlier);
    if (unread && (read || kept))
      for (const row of currentRows) {
        row.versaoNaoLida = latest.versao;
        notCorrectable(row);
      }
    if (kept && unpriced)
      for (const row of currentRows) {
        row.versaoSemValores = {
          versao: unpriced.versao,
          recusa: isDeclined(unpriced.dadosExtraidos?.final),
        };
        notCorrectable(row);
      }
    if (earlier) {
      for (const row of currentRows) {
        if (row.extracao === 'concluida') carryEarlierTerms(row, earlier);
        row.variacao = changeAgainst(row, earlier.rows, earlier.versao);
        previousByRow.set(row, previousRowOf(row, earlier.rows));
      }
    }
    // A later version held until its sender is confirmed: the row says the price may have changed.
    const held = entry.versoes.filter(
      (version) => version.aguardandoConfirmacao && version.versao > current.versao,
    );
    if (held.length > 0) {
      const versaoAguardandoConfirmacao = Math.max(...held.map((version) => version.versao));
      for (const row of currentRows) row.versaoAguardandoConfirmacao = versaoAguardandoConfirmacao;
    }
    rows.push(...currentRows);
  }
  const lcl = normalizeName(input.pedido.tipoFrete ?? '') === 'LCL';
  const lacking = markCompleteness(rows, previousByRow, lcl);
  highlight(rows, estimates(rows, lacking, previousByRow, lcl));
  const respondidas = input.respostas.filter((entry) => entry.atual !== null).length;
  return {
    cotacaoId: input.cotacaoId,
    taxa: input.taxa,
    linhas: sortComparisonRows(rows, 'custoTotalBRL').map(
      ({ totals, quoted, allIn, naoIncluidas, counted, ...row }) =>
        allIn ? { ...row, freteAllIn: true } : row,
    ),
    respondidas,
    total: input.respostas.length || FALLBACK_PROGRESS_TOTAL,
    pendentes: input.respostas
      .filter((entry) => entry.atual === null && !entry.falhaEntrega)
      .map((entry) => ({ transportadorId: entry.transportadorId, nome: entry.transportador.nome })),
    naoEntregues: input.respostas.flatMap((entry) =>
      entry.atual === null && entry.falhaEntrega
        ? [
            {
              transportadorId: entry.transportadorId,
              nome: entry.transportador.nome,
              motivo: entry.falhaEntrega,
            },
          ]
        : [],
    ),
  };
}
