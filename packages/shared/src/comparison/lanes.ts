import type { ComparisonRow } from '../schemas/comparison.js';
import { type LANE_EXCLUSION_REASONS, LANE_FLAG_PERCENT } from '../schemas/lanes.js';
import { containerType } from './containers.js';
import {
  add,
  type Decimal,
  divide,
  multiply,
  round as roundDecimal,
  subtract,
  toDecimal,
  toNumber,
  ZERO,
} from './decimal.js';
import { normalizeName, normalizePlace, placeName } from './names.js';

/*
 * Lane points (issue 36, ADR 0030): what one comparison row adds to its lane's history. The figures are
 * the row's own (the comparison's totals and freight lines), never recomputed: a point is counted per
 * freight unit the row prices, only for a priced and complete row.
 */

export type LanePlaces = { modal: string; origem: string | null; destino: string | null };

export type LaneId = {
  /** `${modal}|${origem}|${destino}`, the places normalised as the comparison compares them. */
  lane: string;
  modal: string;
  origem: string;
  destino: string;
  origemNome: string;
  destinoNome: string;
};

export type LaneRowPoint = LaneId & {
  unidade: string;
  freteUsd: number;
  totalBrl: number;
  /** The freight per unit as the carrier quoted it (a R$ 7.950 freight: 'BRL', 7950). */
  moedaOriginal: string;
  valorOriginal: number;
};

/** Why a priced row adds no point (ADR 0030 addendum 2026-12-06): the comparison calls it incomplete. */
export type LaneExclusionReason = (typeof LANE_EXCLUSION_REASONS)[number];

/** A proposal left out of its lane's figures: its freight, and why (the row's first reason, its items). */
export type LaneRowExclusion = Omit<LaneRowPoint, 'totalBrl'> & {
  motivo: LaneExclusionReason;
  detalhe: string;
};

/** Rates of a row's currencies: BRL per USD (the comparison's `taxa`) and, when read, BRL per EUR. */
export type LaneRates = { taxa: number; taxaEur?: number };

/** The lane of a modal and two places; null when a place is missing or reads as nothing. */
export function laneOf(places: LanePlaces): LaneId | null {
  if (!places.origem || !places.destino) return null;
  const origem = normalizePlace(places.origem);
  const destino = normalizePlace(places.destino);
  if (!origem || !destino) return null;
  return {
    lane: `${places.modal}|${origem}|${destino}`,
    modal: places.modal,
    origem,
    destino,
    origemNome: placeName(places.origem),
    destinoNome: placeName(places.destino),
  };
}

/** The unit of a freight line: a container type ('40HC'; a size alone is a dry box, '20DC'), or kg, m3, wm. */
export function laneUnit(freight: { tipo: string; base?: string }): string | null {
  const type = containerType(freight.tipo);
  if (type) return `${type.size}${type.kind ?? 'DC'}`;
  if (freight.base === 'kg' || freight.base === 'pesoTaxado') return 'kg';
  if (freight.base === 'm3') return 'm3';
  if (freight.base === 'wm') return 'wm';
  return null;
}

/**
 * Rounded half away from zero at `places` decimals, on the decimal the number prints as: 4.075 → 4.08
 * and 3.975 → 3.98 (a float multiply gave 4.07 and 3.97). A float result of SQL (a median of 4.05 and
 * 4.1 is 4.074999999999999) is first read to 8 decimals, so that it rounds as the decimal it stands for.
 */
export function laneRound(value: number, places: number): number {
  return toNumber(roundDecimal(toDecimal(value), places));
}

/** A row counts when its extraction is done, a freight price was counted and nothing is missing. */
export function isCompleteRow(row: ComparisonRow): boolean {
  return (
    row.extracao === 'concluida' &&
    row.precificada &&
    !row.taxasAusentes?.length &&
    !row.taxasNaoSomadas?.length &&
    !row.quantidadesDesconhecidas?.length
  );
}

/** An amount in BRL at the row's rates; null for a currency without a rate. */
function inBrl(amount: number, moeda: string | null | undefined, rates: LaneRates): Decimal | null {
  const currency = moeda?.toUpperCase();
  if (currency === 'BRL') return toDecimal(amount);
  if (currency === 'USD') return multiply(toDecimal(amount), toDecimal(rates.taxa));
  if (currency === 'EUR' && rates.taxaEur) return multiply(toDecimal(amount), toDecimal(rates.taxaEur));
  return null;
}

type CountedFreight = ComparisonRow['fretes'][number] & {
  valor: number;
  quantidade: number;
  valorTotal: number;
};

/** The freight lines the row's totals count: a price, a quantity above 0 and an amount. */
function countedFreight(row: ComparisonRow): CountedFreight[] {
  return row.fretes.filter(
    (freight): freight is CountedFreight =>
      freight.valor != null && (freight.quantidade ?? 0) > 0 && freight.valorTotal != null,
  );
}

/** The lane unit a container fee is quoted for: its own type, or the row's only unit of its size ('40'). */
function feeUnit(equipamento: string, units: ReadonlyMap<string, unknown>): string | null {
  const type = containerType(equipamento);
  if (!type) return null;
  if (type.kind) {
    const unit = `${type.size}${type.kind}`;
    return units.has(unit) ? unit : null;
  }
  const sized = [...units.keys()].filter((unit) => unit.startsWith(type.size));
  return sized.length === 1 ? sized[0]! : null;
}

/**
 * The row's total in BRL per container of each type (ADR 0030 addendum 2026-12-06): a type's own freight
 * and its own per-container charges (a fee with `equipamento` of that type) over that type's containers,
 * plus the rest of the total (charges per container of no type, per BL, per shipment, road cost) shared
 * equally by every counted container. Σ containers × figure gives back `custoTotalBRL`.
 */
function totalPerContainer(row: ComparisonRow, counted: CountedFreight[], rates: LaneRates) {
  const units = new Map<string, { containers: Decimal; own: Decimal }>();
  for (const freight of counted) {
    const unit = containerType(freight.tipo) ? laneUnit(freight) : null;
    if (!unit) continue;
    const entry = units.get(unit) ?? { containers: ZERO, own: ZERO };
    entry.containers = add(entry.containers, toDecimal(freight.quantidade));
    entry.own = add(entry.own, inBrl(freight.valorTotal, freight.moeda, rates) ?? ZERO);
    units.set(unit, entry);
  }
  for (const fee of row.taxas) {
    if (!fee.contabilizada || fee.valorTotal == null || fee.base !== 'conteiner' || !fee.equipamento)
      continue;
    const unit = feeUnit(fee.equipamento, units);
    const amount = inBrl(fee.valorTotal, fee.moeda, rates);
    if (!unit || amount === null) continue;
    const entry = units.get(unit)!;
    entry.own = add(entry.own, amount);
  }
  const containers = add(...[...units.values()].map((entry) => entry.containers));
  const own = add(...[...units.values()].map((entry) => entry.own));
  const shared = subtract(toDecimal(row.custoTotalBRL), own);
  const perUnit = new Map<string, number>();
  if (containers === ZERO) return perUnit;
  const sharedPerContainer = divide(shared, containers);
  for (const [unit, entry] of units)
    perUnit.set(
      unit,
      toNumber(roundDecimal(add(divide(entry.own, entry.containers), sharedPerContainer), 2)),
    );
  return perUnit;
}

/**
 * Fuel and security: an air rate is quoted with them inside ("USD 4,50/kg incl. FSC/SSC") or beside it. A
 * surcharge by its name or its label, in the languages forwarders write ("Recargo de
 * seguridad (SSC)" typed by hand, QA pass 39: only Portuguese and English names counted). Not insurance
 * ("seguro").
 */
const AIR_RATE_SURCHARGE =
  /\b(?:FSC|SSC|MYC|FUEL|SECURITY|COMBUSTIVEL|COMBUSTIBLE|SEGURANCA|SEGURIDAD|SURETE|CARBURANT)\b/;

/**
 * The fuel and security surcharges per kg a row counts beside its air freight, in USD (ADR 0030 addendum
 * 2026-12-07): added to the freight per kg, so that "USD 3,20/kg + fuel 0,90 + security 0,15" and "USD 4,25/kg
 * incl. fuel e security" are the same lane figure. Zero when the row quotes none apart; null when one is in a
 * currency without a rate.
 */
function airSurchargesPerKgUsd(row: ComparisonRow, rates: LaneRates): Decimal | null {
  let sum = ZERO;
  for (const fee of row.taxas) {
    if (!fee.contabilizada || fee.valor == null || (fee.base !== 'kg' && fee.base !== 'pesoTaxado')) continue;
    if (!AIR_RATE_SURCHARGE.test(normalizeName(`${fee.nome} ${fee.rotulo ?? ''}`))) continue;
    const moeda = fee.moeda?.toUpperCase();
    if (moeda === 'USD') {
      sum = add(sum, toDecimal(fee.valor));
      continue;
    }
    const reais = inBrl(fee.valor, moeda, rates);
    if (reais === null) return null;
    sum = add(sum, divide(reais, toDecimal(rates.taxa)));
  }
  return sum;
}

/**
 * The figures of one row at `rates` (BRL per USD, or { taxa, taxaEur }): one per counted freight line with
 * a unit, freight per unit in USD (a BRL price divided by the rate) and the row's total in BRL per unit
 * (per container type as `totalPerContainer` shares it; per kg, m³ or W/M over that line's quantity).
 * First the row's main unit. Completeness is not looked at here.
 */
function rowFigures(row: ComparisonRow, places: LanePlaces, rates: LaneRates): LaneRowPoint[] {
  if (rates.taxa <= 0) return [];
  const id = laneOf({ ...places, destino: row.destino ?? places.destino });
  if (!id) return [];
  const counted = countedFreight(row);
  const perContainer = totalPerContainer(row, counted, rates);
  const points: LaneRowPoint[] = [];
  for (const freight of counted) {
    const unidade = laneUnit(freight);
    if (!unidade || points.some((point) => point.unidade === unidade)) continue;
    const moeda = freight.moeda?.toUpperCase();
    const valor = toDecimal(freight.valor);
    // Freight in EUR (a European lane, QA pass 34: such lanes had no point) in USD through BRL, at the
    // comparison's rates.
    const inReais = moeda === 'USD' ? null : inBrl(freight.valor, moeda, rates);
    const ownUsd = moeda === 'USD' ? valor : inReais === null ? null : divide(inReais, toDecimal(rates.taxa));
    // Per kg, the air rate with its fuel and security (quoted inside or beside it).
    const surcharges = unidade === 'kg' ? airSurchargesPerKgUsd(row, rates) : ZERO;
    if (ownUsd === null || surcharges === null) continue;
    const freteUsd = add(ownUsd, surcharges);
    const totalBrl = containerType(freight.tipo)
      ? perContainer.get(unidade)
      : toNumber(roundDecimal(divide(toDecimal(row.custoTotalBRL), toDecimal(freight.quantidade)), 2));
    if (totalBrl === undefined) continue;
    points.push({
      ...id,
      unidade,
      freteUsd: toNumber(roundDecimal(freteUsd, 4)),
      totalBrl,
      moedaOriginal: moeda as string,
      valorOriginal: freight.valor,
    });
  }
  return points;
}

const ratesOf = (taxa: number | LaneRates): LaneRates => (typeof taxa === 'number' ? { taxa } : taxa);

/**
 * The points of one row at rate `taxa` (BRL per USD; with the euro's for charges in EUR): see
 * `rowFigures`. Only a complete row has points (`isCompleteRow`).
 */
export function lanePointsOfRow(
  row: ComparisonRow,
  places: LanePlaces,
  taxa: number | LaneRates,
): LaneRowPoint[] {
  return isCompleteRow(row) && !ownChargesInFreight(row) ? rowFigures(row, places, ratesOf(taxa)) : [];
}

/**
 * An all-in freight that holds charges the lane's freight leaves out: by container or m³ (terminal, BL…). An
 * air rate "all in" per kg is the rate with its fuel and security, the lane's own figure per kg
 * (`airSurchargesPerKgUsd`), and stays.
 */
function ownChargesInFreight(row: ComparisonRow): boolean {
  return Boolean(row.freteAllIn) && !countedFreight(row).every((freight) => laneUnit(freight) === 'kg');
}

/** The reasons the comparison lists items for ('sem THC, ISPS'). */
const INCOMPLETE_REASONS = ['taxasAusentes', 'taxasNaoSomadas', 'quantidadesDesconhecidas'] as const;

/** Why the comparison calls a priced row incomplete, the first reason with its items; null when complete. */
export function incompleteReason(
  row: ComparisonRow,
): { motivo: LaneExclusionReason; detalhe: string } | null {
  for (const motivo of INCOMPLETE_REASONS) {
    const items = row[motivo];
    if (items?.length) return { motivo, detalhe: items.join(', ') };
  }
  return null;
}

/**
 * Why a priced row adds no point: incomplete, else an all-in freight (QA pass 34: its freight per unit, which
 * holds the charges, was the lane's median beside ocean freight alone and flagged 'acima').
 */
function exclusionReason(row: ComparisonRow): { motivo: LaneExclusionReason; detalhe: string } | null {
  return incompleteReason(row) ?? (ownChargesInFreight(row) ? { motivo: 'freteAllIn', detalhe: '' } : null);
}

/**
 * The proposals of a priced row the lane figures leave out because the row is incomplete (ADR 0030 addendum
 * 2026-12-06) or its freight is all in (addendum 2026-12-07): the same units and freight as its points would
 * have, with the reason. Nothing for a complete ocean-freight row, an unfinished extraction or a row without
 * a freight price (no figure to leave out).
 */
export function laneExclusionsOfRow(
  row: ComparisonRow,
  places: LanePlaces,
  taxa: number | LaneRates,
): LaneRowExclusion[] {
  if (row.extracao !== 'concluida' || !row.precificada) return [];
  const reason = exclusionReason(row);
  if (!reason) return [];
  return rowFigures(row, places, ratesOf(taxa)).map(({ totalBrl: _total, ...point }) => ({
    ...point,
    ...reason,
  }));
}

/** A freight per unit against the lane median: percent (1 decimal) and the flag beyond ±15 %. */
export function laneDelta(freteUsd: number, mediana: number) {
  const deltaPct =
    mediana > 0
      ? toNumber(
          roundDecimal(
            multiply(
              divide(subtract(toDecimal(freteUsd), toDecimal(mediana)), toDecimal(mediana)),
              toDecimal(100),
            ),
            1,
          ),
        )
      : 0;
  const flag: 'acima' | 'abaixo' | null =
    deltaPct > LANE_FLAG_PERCENT ? 'acima' : deltaPct < -LANE_FLAG_PERCENT ? 'abaixo' : null;
  return { deltaPct, flag };
}
