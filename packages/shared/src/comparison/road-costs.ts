import { type Decimal, multiply, toDecimal, ZERO } from './decimal.js';
import { normalizeName, normalizePlace } from './names.js';

/**
 * Spec 001 §9: the fixed road-freight (rodoviário) cost per container from a destination port, in BRL.
 * Data, not code: a company's own table replaces this one without touching the rules.
 */
export type RoadCostEntry = {
  /** Destination port, matched without case and accents ('Itajaí' = 'ITAJAI'). */
  porto: string;
  /** BRL per container. */
  custoPorConteiner: number;
  /** Freight types it applies to (quote `tipoFrete`); a row whose type is unknown is charged too. */
  tiposFrete: readonly string[];
};

export const DEFAULT_ROAD_COSTS: readonly RoadCostEntry[] = [
  { porto: 'Itapoá', custoPorConteiner: 2100, tiposFrete: ['FCL'] },
  { porto: 'Navegantes', custoPorConteiner: 1035, tiposFrete: ['FCL'] },
  { porto: 'Itajaí', custoPorConteiner: 1035, tiposFrete: ['FCL'] },
];

/** The entry of a destination port, or undefined when the destination has no road cost. */
export function roadCostEntry(
  destino: string | null | undefined,
  table: readonly RoadCostEntry[] = DEFAULT_ROAD_COSTS,
): RoadCostEntry | undefined {
  if (!destino) return undefined;
  const place = normalizePlace(destino);
  return table.find((entry) => normalizePlace(entry.porto) === place);
}

/**
 * The road cost of a row: the destination's cost per container × the container quantity; 0 when the
 * destination is not in the table or the freight type is one the entry does not apply to.
 */
export function roadCost(
  destino: string | null | undefined,
  quantidade: number,
  tipoFrete: string | null | undefined,
  table: readonly RoadCostEntry[] = DEFAULT_ROAD_COSTS,
): Decimal {
  const entry = roadCostEntry(destino, table);
  if (!entry) return ZERO;
  if (tipoFrete && !entry.tiposFrete.some((tipo) => normalizeName(tipo) === normalizeName(tipoFrete)))
    return ZERO;
  return multiply(toDecimal(entry.custoPorConteiner), toDecimal(quantidade));
}
