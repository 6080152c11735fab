import type { uiComparison } from '../messages/ui-comparison.js';
import { containerLabel, containerType, namedContainerType } from './containers.js';
import { type FeeCurrency, noAmounts, summedCurrency } from './currency.js';
import { add, type Decimal, toDecimal, toNumber, ZERO } from './decimal.js';
import { isNoDestination, normalizeName, normalizePlace, samePlace } from './names.js';
import { type ChargeQuantity, chargeAmount, chargeQuantity, type ShipmentMeasures } from './quantities.js';

/*
 * Spec 001 §5 "Fee calculation rules", one function per rule:
 * - a fee line whose name contains TOTAL counts as 0 (ignored);
 * - the value is read from total, else value, else unit value;
 * - per fee key (destination, name, currency) take the maximum, then sum per currency;
 * - per destination, the fee takes the maximum per name and currency, then sums by currency;
 * - IOF-type fee lines are accepted only if the value is below 1000;
 * - currency '$' or 'USD' means USD; 'R$' or 'BRL' means BRL; '€' or 'EUR' means EUR, summed only when
 *   the comparison has a euro rate (`somaEuro`);
 * - rows with destination '—' are skipped when there are multiple destinations.
 */

/** A fee line as extracted (`taxas.itens[]`) or in the older shapes the spec lists. */
export type FeeLineInput = {
  nome?: string | null;
  rotulo?: string | null;
  destino?: string | null;
  valor?: number | null;
  valor_total?: number | null;
  valor_unitario?: number | null;
  moeda?: string | null;
  /** Basis (CNTR, BL, KG, M3, WM, PERCENT, PROCESSO…): decides the quantity (issue 30). */
  unidade?: string | null;
  /** The reply's own quantity of the unit, when it states one. */
  quantidade?: number | null;
  /** A minimum amount ("min USD 50"). */
  minimo?: number | null;
  /** The container type the line is quoted for ("THC 20DV R$ 1.100 / 40HC R$ 1.450"); absent: every one. */
  equipamento?: string | null;
};

export type FeeExclusion = keyof typeof uiComparison.feeExclusion;

/** Spec: IOF-type lines count only below this value. */
export const IOF_LIMIT = 1000;

/** The value from total, else value, else unit value. */
export function feeLineValue(line: FeeLineInput): number | null {
  for (const value of [line.valor_total, line.valor, line.valor_unitario])
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

const names = (line: FeeLineInput) => [line.nome, line.rotulo].map((name) => normalizeName(name ?? ''));

/** A line whose name contains TOTAL ('TOTAL', 'Subtotal', 'Total local charges') sums others: it counts 0. */
export function isTotalLine(line: FeeLineInput): boolean {
  return names(line).some((name) => name.includes('TOTAL'));
}

/**
 * A charge the reply names as conditional ("Subject to GRI USD 300 per cntr from 16/12", "Sujeito a PSS"):
 * it may apply, it is not part of the offer's price. "Subject to change" is about a firm charge's value.
 */
export function isConditionalLine(line: FeeLineInput): boolean {
  return names(line).some(
    (name) =>
      /^(?:SUBJECT TO|SUJEIT[OA]S? (?:A|AO|AOS)|SUJETO A)\b/.test(name) &&
      !/\b(?:CHANGE|CHANGES|ALTERAC|ALTERAÇ|MUDANC|MUDANÇ|CAMBIO|CAMBIOS|VARIAC|VARIAÇ)/.test(name),
  );
}

export function isIofLine(line: FeeLineInput): boolean {
  return names(line).some((name) => /\bIOF\b/.test(name));
}

/** Which row the fees are summed for: one destination of the proposal, or the whole answer (null). */
export type FeeScope = {
  destino: string | null;
  destinos: readonly string[];
  /** What the shipment measures; absent: every line counts once, as quoted. */
  medidas?: ShipmentMeasures;
  /** EUR lines are summed (the comparison has a euro rate); absent: they stay "fora do total". */
  somaEuro?: boolean;
};

export type FeeDecision = {
  contabilizada: boolean;
  motivo: FeeExclusion | null;
  moeda: FeeCurrency | null;
  /** The unit value as quoted. */
  valor: number | null;
  /** How many units count and why (null: counted once, as quoted — no measures given). */
  quantidade: ChargeQuantity | null;
  /** unit value × quantity, raised to the minimum (null: not computable). */
  total: Decimal | null;
  /** The minimum raised the amount. */
  minimoAplicado: boolean;
};

export type FeeEvaluation = { decisions: FeeDecision[]; porMoeda: Record<FeeCurrency, Decimal> };

/** Why a line cannot count at all, before duplicates are compared (null: it may count). */
function exclusionOf(
  line: FeeLineInput,
  scope: FeeScope,
  valor: number | null,
  moeda: FeeCurrency | null,
): FeeExclusion | null {
  if (valor === null) return 'semValor';
  if (isTotalLine(line)) return 'total';
  if (isConditionalLine(line)) return 'condicional';
  const destino = line.destino ?? null;
  if (isNoDestination(destino)) {
    if (scope.destinos.length > 1) return 'semDestino';
  } else if (destino !== null && scope.destino !== null && !samePlace(destino, scope.destino)) {
    return 'outroDestino';
  }
  if (moeda === null) return 'moeda';
  if (isIofLine(line) && valor >= IOF_LIMIT) return 'iof';
  return null;
}

/**
 * Applies the §5 rules to the fee lines of an answer for one row. For a destination row the lines of that
 * destination and those without one compete per (name, currency); for the answer as a whole (no
 * destination) each (destination, name, currency) key keeps its maximum. The first of equal maxima counts.
 */
/** The quantity of a line: its own stated quantity, else what its unit takes from the shipment. */
function lineQuantity(line: FeeLineInput, medidas: ShipmentMeasures): ChargeQuantity {
  const quantity = chargeQuantity(line.unidade, medidas);
  if (typeof line.quantidade === 'number' && line.quantidade > 0 && quantity.base !== 'percentual')
    return { base: quantity.base, quantidade: toDecimal(line.quantidade), falta: null };
  // Per container of one type: the quote's containers of that type ("40" asked or quoted is any 40');
  // none asked: 0, and the line says so ('outroConteiner').
  const type = containerType(line.equipamento);
  const asked = medidas.conteineresPorTipo ?? [];
  if (!type || asked.length === 0 || quantity.base === 'percentual') return quantity;
  const counted = asked.filter((ask) => {
    const other = containerType(ask.tipo);
    return (
      other?.size === type.size && (type.kind === null || other.kind === null || other.kind === type.kind)
    );
  });
  if (quantity.base === 'conteiner')
    return {
      base: 'conteiner',
      quantidade: toDecimal(counted.reduce((sum, ask) => sum + ask.quantidade, 0)),
      falta: null,
    };
  // A per-BL (or per-shipment) amount written for one type ("BL fee USD 50 (20') / USD 60 (40')"): the
  // amount of a type the quote does not ship does not apply ('outroConteiner').
  return counted.length > 0 ? quantity : { base: quantity.base, quantidade: ZERO, falta: null };
}

function decide(line: FeeLineInput, scope: FeeScope): FeeDecision {
  const valor = feeLineValue(line);
  const quantidade = scope.medidas ? lineQuantity(line, scope.medidas) : null;
  const somaEuro = scope.somaEuro ?? false;
  // A percentage of the goods' value is in the goods' currency when the quote states it.
  const lineCurrency = summedCurrency(line.moeda, somaEuro);
  const moeda =
    quantidade?.base === 'percentual' && scope.medidas?.valorMercadoria?.moeda
      ? summedCurrency(scope.medidas.valorMercadoria.moeda, somaEuro)
      : lineCurrency;
  // The line's own currency must be one the totals sum, and so must the one it is counted in.
  const excluded = exclusionOf(line, scope, valor, lineCurrency === null ? null : moeda);
  const minimo = typeof line.minimo === 'number' ? line.minimo : null;
  const total =
    valor === null
      ? null
      : quantidade === null
        ? toDecimal(valor)
        : quantidade.quantidade === null
          ? null
          : chargeAmount(valor, quantidade.quantidade, minimo);
  const otherContainer = Boolean(line.equipamento) && quantidade?.quantidade === ZERO;
  const motivo =
    excluded ?? (total === null ? 'quantidadeDesconhecida' : otherContainer ? 'outroConteiner' : null);
  const minimoAplicado =
    total !== null &&
    minimo !== null &&
    quantidade?.quantidade != null &&
    toNumber(total) === minimo &&
    chargeAmount(valor!, quantidade.quantidade) !== total;
  return { contabilizada: motivo === null, motivo, moeda, valor, quantidade, total, minimoAplicado };
}

/**
 * A fee line's container type when only its name says it ("THC 20'", "THC 40'HC", "Lacre (40HC)"): the
 * portal's and the analyst's typed lines carry no `equipamento`, and were counted on every container, the
 * cheaper one dropped as repeated (QA pass 35).
 */
function withNamedType(line: FeeLineInput): FeeLineInput {
  if (line.equipamento) return line;
  const equipamento = namedContainerType(line.rotulo) ?? namedContainerType(line.nome);
  return equipamento ? { ...line, equipamento } : line;
}

/** A label that names a release ("Liberação de BL", "BL release", "Liberación"), not the BL's own fee. */
const RELEASE_LABEL = /\b(libera[cç][aã]o|liberaci[oó]n|release)\b/i;

/**
 * The charge a line is, for telling a repeated line from another charge: its name, except that a release
 * the engine names like the BL's fee ("Liberação de BL" is BL FEE, as the corpus reads it) is its own
 * charge — both priced in one reply are two charges an analyst adds, not one written twice (QA pass 35).
 */
function chargeKey(line: FeeLineInput): string {
  const name = normalizeName(line.nome ?? line.rotulo ?? '');
  const release = !RELEASE_LABEL.test(name) && RELEASE_LABEL.test(line.rotulo ?? '');
  return release ? `${name}|LIBERACAO` : name;
}

export function evaluateFees(given: readonly FeeLineInput[], scope: FeeScope): FeeEvaluation {
  const lines = given.map(withNamedType);
  const decisions: FeeDecision[] = lines.map((line) => decide(line, scope));
  const best = new Map<string, number>();
  lines.forEach((line, index) => {
    const decision = decisions[index]!;
    if (!decision.contabilizada) return;
    const destinationKey =
      scope.destino === null && !isNoDestination(line.destino) ? normalizePlace(line.destino ?? '') : '';
    // A line per container type counts apart only where the quote's types are known (else the
    // per-type lines would each count every container: the highest stays, as before).
    // (A per-BL amount per type is one charge: its types compete as any two amounts of one fee.)
    const type =
      scope.medidas?.conteineresPorTipo?.length && decision.quantidade?.base === 'conteiner'
        ? containerType(line.equipamento)
        : null;
    const key = [destinationKey, chargeKey(line), decision.moeda, type ? containerLabel(type) : ''].join('|');
    const holder = best.get(key);
    if (holder === undefined) {
      best.set(key, index);
    } else if (decision.total! > decisions[holder]!.total!) {
      decisions[holder] = { ...decisions[holder]!, contabilizada: false, motivo: 'duplicada' };
      best.set(key, index);
    } else {
      decisions[index] = { ...decision, contabilizada: false, motivo: 'duplicada' };
    }
  });
  const porMoeda = noAmounts<Decimal>(ZERO);
  for (const decision of decisions)
    if (decision.contabilizada) porMoeda[decision.moeda!] = add(porMoeda[decision.moeda!], decision.total!);
  return { decisions, porMoeda };
}
