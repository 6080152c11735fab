import type { ComparisonRow } from '../schemas/comparison.js';
import { LANE_FLAG_PERCENT } from '../schemas/lanes.js';
import { containerType } from './containers.js';
import { normalizePlace, placeName } from './names.js';

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

export type LaneRowPoint = LaneId & { unidade: string; freteUsd: number; totalBrl: number };

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

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

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

/**
 * The points of one row at rate `taxa` (BRL per USD): one per counted freight line with a unit, freight
 * per unit in USD (a BRL price divided by the rate) and the row's total in BRL per unit (per container
 * over all counted containers; per kg, m³ or W/M over that line's quantity). First the row's main unit.
 */
export function lanePointsOfRow(row: ComparisonRow, places: LanePlaces, taxa: number): LaneRowPoint[] {
  if (!isCompleteRow(row) || taxa <= 0) return [];
  const id = laneOf({ ...places, destino: row.destino ?? places.destino });
  if (!id) return [];
  const counted = row.fretes.filter(
    (freight) => freight.valor != null && (freight.quantidade ?? 0) > 0 && freight.valorTotal !== undefined,
  );
  const containers = counted
    .filter((freight) => containerType(freight.tipo))
    .reduce((sum, freight) => sum + (freight.quantidade ?? 0), 0);
  const points: LaneRowPoint[] = [];
  for (const freight of counted) {
    const unidade = laneUnit(freight);
    if (!unidade || points.some((point) => point.unidade === unidade)) continue;
    const moeda = freight.moeda?.toUpperCase();
    const valor = freight.valor as number;
    const freteUsd = moeda === 'USD' ? valor : moeda === 'BRL' ? valor / taxa : null;
    if (freteUsd === null) continue;
    const units = containerType(freight.tipo) ? containers : (freight.quantidade as number);
    points.push({
      ...id,
      unidade,
      freteUsd: round(freteUsd, 4),
      totalBrl: round(row.custoTotalBRL / units, 2),
    });
  }
  return points;
}

/** A freight per unit against the lane median: percent (1 decimal) and the flag beyond ±15 %. */
export function laneDelta(freteUsd: number, mediana: number) {
  const deltaPct = mediana > 0 ? round(((freteUsd - mediana) / mediana) * 100, 1) : 0;
  const flag: 'acima' | 'abaixo' | null =
    deltaPct > LANE_FLAG_PERCENT ? 'acima' : deltaPct < -LANE_FLAG_PERCENT ? 'abaixo' : null;
  return { deltaPct, flag };
}
