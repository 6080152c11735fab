import { formatMessage } from '../messages/errors.js';
import { uiComparison } from '../messages/ui-comparison.js';
import type {
  Comparison,
  ComparisonRow,
  ComparisonSortKey,
  ComparisonValue,
  ExchangeRateInfo,
} from '../schemas/comparison.js';
import type { Correction } from '../schemas/decisions.js';
import type {
  DadosExtraidos,
  ExtractionFinal,
  ExtractionState,
  ResponseEntry,
} from '../schemas/responses.js';
import { destinationsOf, missingGiven, type QuoteAsked, transitDays } from './asked.js';
import { parseContainers, totalContainers } from './containers.js';
import { add, type Decimal, subtract, toMoney } from './decimal.js';
import { evaluateFees, type FeeDecision, type FeeLineInput, feeCurrency } from './fees.js';
import {
  countFreight,
  type FreightLine,
  freightLinesOf,
  hintAdjustments,
  type SourceRef,
} from './freight.js';
import { samePlace } from './names.js';
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
};

export type ComparisonInput = {
  cotacaoId: string;
  respostas: readonly ComparisonResponse[];
  taxa: ExchangeRateInfo;
  pedido: QuoteAsked;
  /** Today in America/Sao_Paulo (YYYY-MM-DD): a validity before it has expired. */
  hoje: string;
  custosRodoviarios?: readonly RoadCostEntry[];
};

type Row = ComparisonRow & { totals: { brl: Decimal; usd: Decimal } };

type Evidence = { confidence?: number; source?: SourceRef | null } | undefined;

function isLow(confianca: number | null, corrigido: boolean): boolean {
  return !corrigido && confianca !== null && confianca < LOW_CONFIDENCE;
}

function figure(
  valor: number | null,
  moeda: string | null,
  campo: string | null,
  evidence: { fonte: SourceRef | null; confianca: number | null },
  corrigidos: ReadonlySet<string>,
): ComparisonValue {
  const corrigido = campo !== null && corrigidos.has(campo);
  return {
    valor,
    moeda,
    campo,
    fonte: evidence.fonte,
    confianca: evidence.confianca,
    corrigido,
    baixaConfianca: isLow(evidence.confianca, corrigido),
  };
}

function freightFigure(line: FreightLine, corrigidos: ReadonlySet<string>): ComparisonRow['fretes'][number] {
  // Its amount or, for a line of `fretes`, its currency (`fretes.N.moeda`) was corrected.
  const corrigido =
    line.campo !== null &&
    (corrigidos.has(line.campo) || corrigidos.has(line.campo.replace(/^(fretes\.\d+)\.valor$/, '$1.moeda')));
  return {
    valor: line.valor,
    moeda: feeCurrency(line.moeda) ?? line.moeda,
    campo: line.campo,
    fonte: line.fonte,
    confianca: line.confianca,
    corrigido,
    baixaConfianca: isLow(line.confianca, corrigido),
    tipo: line.tipo,
    quantidade: line.quantidade,
    ...(line.dicas ? { ajustadoPorDica: line.dicas } : {}),
  };
}

const exclusionTexts = uiComparison.feeExclusion;

function feeFigure(
  line: FeeLineInput & { confidence?: number; source?: SourceRef; unidade?: unknown },
  index: number,
  decision: FeeDecision,
  correctable: boolean,
  corrigidos: ReadonlySet<string>,
): ComparisonRow['taxas'][number] {
  const fromValor = typeof line.valor_total !== 'number' && typeof line.valor === 'number';
  const corrigido =
    corrigidos.size > 0 &&
    (corrigidos.has(`taxas.itens.${index}.valor`) || corrigidos.has(`taxas.itens.${index}.moeda`));
  const confianca = line.confidence ?? null;
  const ajustadoPorDica = hintAdjustments(line);
  return {
    valor: decision.valor,
    moeda: decision.moeda ?? line.moeda ?? null,
    campo: correctable && fromValor ? `taxas.itens.${index}.valor` : null,
    fonte: line.source ?? null,
    confianca,
    corrigido,
    baixaConfianca: isLow(confianca, corrigido),
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
    ...(ajustadoPorDica ? { ajustadoPorDica } : {}),
  };
}

function scalar(final: ExtractionFinal | null, campo: string) {
  const evidence = final?.evidence?.[campo] as Evidence;
  return { fonte: evidence?.source ?? null, confianca: evidence?.confidence ?? null };
}

function feeLinesOf(final: ExtractionFinal): { lines: FeeLineInput[]; correctable: boolean } {
  const taxas = final.taxas as unknown;
  if (Array.isArray(taxas)) return { lines: taxas as FeeLineInput[], correctable: false };
  return { lines: final.taxas?.itens ?? [], correctable: true };
}

/** Containers the answer's own volume field names: `quantidadeContainer`, else read from `volumeCarga`. */
function answerContainers(final: ExtractionFinal | null): number | null {
  if (!final) return null;
  const count = final.quantidadeContainer;
  if (typeof count === 'number' && Number.isInteger(count) && count > 0) return count;
  return totalContainers(parseContainers(final.volumeCarga)) || null;
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

/** The rows (one per destination) of one version of an answer. */
function versionRows(entry: ComparisonResponse, version: ComparisonVersion, input: ComparisonInput): Row[] {
  const final = version.dadosExtraidos?.final ?? null;
  const corrigidos = new Set((version.correcoes ?? []).map((correction) => correction.campo));
  const destinos = destinationsOf(final);
  const quantidade = totalContainers(input.pedido.conteineres) || answerContainers(final) || 1;
  return (destinos.length > 0 ? destinos : [null]).map((destino): Row => {
    const lines = final ? freightLinesOf(final, { destino, destinos, corrigidos }) : [];
    const freight = countFreight(lines, input.pedido.conteineres, quantidade);
    const fees = final ? feeLinesOf(final) : { lines: [], correctable: false };
    const evaluation = evaluateFees(fees.lines, { destino, destinos });
    const taxas: ComparisonRow['taxas'] = [];
    fees.lines.forEach((line, index) => {
      const decision = evaluation.decisions[index]!;
      if (decision.motivo !== 'outroDestino')
        taxas.push(feeFigure(line, index, decision, fees.correctable, corrigidos));
    });
    const valorUSD = add(freight.porMoeda.USD, evaluation.porMoeda.USD);
    const valorBRL = add(freight.porMoeda.BRL, evaluation.porMoeda.BRL);
    const custoRodoviario = roadCost(
      destino ?? input.pedido.destino,
      quantidade,
      input.pedido.tipoFrete ?? final?.modal,
      input.custosRodoviarios ?? DEFAULT_ROAD_COSTS,
    );
    const totals = totalCosts({ valorBRL, valorUSD, custoRodoviario }, input.taxa.taxa);
    const transit = final ? transitDays(final) : { valor: null, campo: 'transit_time_dias' };
    const validade = final?.validadeProposta ?? null;
    return {
      id: `${entry.id}:${destino ?? ''}`,
      respostaId: entry.id,
      transportadorId: entry.transportadorId,
      transportador: entry.transportador,
      status: entry.status,
      versao: version.versao,
      destino,
      fretes: freight.lines.map((line) => freightFigure(line, corrigidos)),
      taxas,
      taxasPorMoeda: { USD: toMoney(evaluation.porMoeda.USD), BRL: toMoney(evaluation.porMoeda.BRL) },
      valorUSD: toMoney(valorUSD),
      valorBRL: toMoney(valorBRL),
      custoRodoviario: toMoney(custoRodoviario),
      conteineres: quantidade,
      custoTotalBRL: toMoney(totals.custoTotalBRL),
      custoTotalUSD: toMoney(totals.custoTotalUSD),
      prazo: figure(transit.valor, null, transit.campo, scalar(final, 'transit_time_dias'), corrigidos),
      freeTime: figure(
        final?.free_time_destino_dias ?? null,
        null,
        'free_time_destino_dias',
        scalar(final, 'free_time_destino_dias'),
        corrigidos,
      ),
      validade: {
        valor: validade,
        campo: 'validadeProposta',
        fonte: scalar(final, 'validadeProposta').fonte,
        corrigido: corrigidos.has('validadeProposta'),
        expirada: validade !== null && validade < input.hoje,
      },
      confianca: final?.confidence_overall ?? null,
      extracao: version.extracao ?? (version.dadosExtraidos ? 'concluida' : 'pendente'),
      precificada: freight.lines.some((line) => line.quantidade > 0),
      faltando: missingGiven(final, input.pedido, lines),
      variacao: null,
      destaque: { menorCusto: false, menorPrazo: false },
      ...ignoredByHints(final),
      totals: { brl: totals.custoTotalBRL, usd: totals.custoTotalUSD },
    };
  });
}

/** The change of a row against the same carrier's previous version (same destination, or its only row). */
function changeAgainst(row: Row, previous: Row[], versaoAnterior: number): ComparisonRow['variacao'] {
  const match =
    previous.find((candidate) =>
      row.destino === null ? candidate.destino === null : samePlace(candidate.destino, row.destino),
    ) ?? (previous.length === 1 ? previous[0] : undefined);
  if (!match) return null;
  return {
    versaoAnterior,
    custoTotalBRL: toMoney(subtract(row.totals.brl, match.totals.brl)),
    custoTotalUSD: toMoney(subtract(row.totals.usd, match.totals.usd)),
    prazo:
      row.prazo.valor !== null && match.prazo.valor !== null ? row.prazo.valor - match.prazo.valor : null,
  };
}

const FREIGHT_MISSING = new Set(['frete', 'frete20', 'frete40']);

/**
 * Spec 001 §9 highlights: the cheapest total and the shortest transit, every tied row. A row without a
 * freight price counted (or missing a size the quote asked for) is not the cheapest; a row without transit
 * time is not the shortest.
 */
function highlight(rows: Row[]): void {
  const priced = rows.filter(
    (row) => row.precificada && !row.faltando.some((item) => FREIGHT_MISSING.has(item)),
  );
  const cheapest = priced.reduce<Decimal | null>(
    (min, row) => (min === null || row.totals.brl < min ? row.totals.brl : min),
    null,
  );
  const timed = rows.filter((row) => row.prazo.valor !== null);
  const shortest = timed.length === 0 ? null : Math.min(...timed.map((row) => row.prazo.valor!));
  for (const row of rows)
    row.destaque = {
      menorCusto: cheapest !== null && priced.includes(row) && row.totals.brl === cheapest,
      menorPrazo: shortest !== null && row.prazo.valor === shortest,
    };
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

const isAnswered = (entry: ComparisonResponse) => entry.atual !== null && entry.status !== 'cancelado';

/**
 * The 'Comparação' tab: one row per current answered response and destination, totals at the given rate,
 * the change against each carrier's previous version, highlights, and the answer progress. Rows come
 * sorted by custoTotalBRL.
 */
export function buildComparison(input: ComparisonInput): Comparison {
  const rows: Row[] = [];
  for (const entry of input.respostas) {
    if (!isAnswered(entry)) continue;
    const current: ComparisonVersion = { ...entry.atual!, dadosExtraidos: entry.dadosExtraidos };
    const currentRows = versionRows(entry, current, input);
    const previous = entry.versoes
      .filter((version) => version.versao < current.versao)
      .reduce<ComparisonVersion | null>(
        (best, v) => (best === null || v.versao > best.versao ? v : best),
        null,
      );
    if (previous?.dadosExtraidos) {
      const previousRows = versionRows(entry, previous, input);
      for (const row of currentRows) row.variacao = changeAgainst(row, previousRows, previous.versao);
    }
    rows.push(...currentRows);
  }
  highlight(rows);
  const respondidas = input.respostas.filter((entry) => entry.atual !== null).length;
  return {
    cotacaoId: input.cotacaoId,
    taxa: input.taxa,
    linhas: sortComparisonRows(rows, 'custoTotalBRL').map(({ totals, ...row }) => row),
    respondidas,
    total: input.respostas.length || FALLBACK_PROGRESS_TOTAL,
    pendentes: input.respostas
      .filter((entry) => entry.atual === null)
      .map((entry) => ({ transportadorId: entry.transportadorId, nome: entry.transportador.nome })),
  };
}
