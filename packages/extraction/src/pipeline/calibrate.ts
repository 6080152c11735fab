import type { FinalData, FreightItem } from '../types.js';

/**
 * Confidence calibration of issue 32: rule paths whose values were wrong on cases the engine had not
 * been tuned on keep their value but lose the green badge (≥ 0.8), so an analyst looks at them.
 *
 * - Two freight values left for the same unit, destination and origin contradict each other: at least one is
 *   not the offer (an "all in" check, a superseded or target price, a misread number) → ≤ 0.6.
 *   Air weight breaks (several KG rates) are not a contradiction.
 * - A container freight below 100 is not a freight per container (a misread "2.3k", a per-kg figure)
 *   → below the review threshold.
 * - A transit range that spans more than twice its minimum and over a week usually swallowed another
 *   field's figure ("tt 45 dias, ft 7 dias") → ≤ 0.7.
 * - A reply in none of the three languages was read only by patterns (amounts, dates): every value
 *   ≤ 0.6.
 */
export function calibrateConfidence(final: FinalData, context: { unknownLanguage: boolean }): void {
  const groups = new Map<string, FreightItem[]>();
  for (const item of final.fretes) {
    if (item.unidade === 'KG') continue;
    // Prices from two origins to one port ("POL Shanghai / POD Santos", "POL Ningbo / POD Santos") are
    // both the offer, not a contradiction.
    const key = `${item.unidade}|${item.destino ?? ''}|${item.origem ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const items of groups.values()) {
    if (new Set(items.map((i) => i.valor)).size < 2) continue;
    for (const item of items) item.confidence = Math.min(item.confidence, 0.6);
  }
  for (const item of final.fretes) {
    if (isContainer(item.unidade) && item.valor < 100) item.confidence = Math.min(item.confidence, 0.45);
  }
  const transit = final.evidence.transit_time_dias;
  const min = final.transit_time_min_dias;
  const max = final.transit_time_max_dias;
  if (transit !== undefined && min !== null && max !== null && max > 2 * min && max - min > 7)
    transit.confidence = Math.min(transit.confidence, 0.7);
  if (context.unknownLanguage) {
    for (const item of [...final.fretes, ...final.taxas.itens])
      item.confidence = Math.min(item.confidence, 0.6);
    for (const evidence of Object.values(final.evidence))
      evidence.confidence = Math.min(evidence.confidence, 0.6);
  }
  const headline = final.fretes[0];
  if (final.evidence.frete !== undefined && headline !== undefined)
    final.evidence.frete.confidence = headline.confidence;
}

function isContainer(unit: string): boolean {
  return /^(20|40|45)[A-Z]{2}$/.test(unit);
}
