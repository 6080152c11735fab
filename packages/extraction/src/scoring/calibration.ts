import type { CorpusRecord } from '../corpus-format.js';
import { toCorpusFormat } from '../corpus-format.js';
import type { ExtractionResult } from '../types.js';
import { feeTuples, freightTuples, place, SCALAR_FIELDS, scalarMatches } from './score.js';

/** One extracted value with the confidence the engine gave it and whether the ground truth agrees. */
export interface ValueCheck {
  kind: 'scalar' | 'frete' | 'taxa';
  name: string;
  confidence: number;
  right: boolean;
}

/** Evidence key of each scored scalar field (source and language are detection results, not values). */
const EVIDENCE_OF: Partial<Record<(typeof SCALAR_FIELDS)[number], string>> = {
  modal: 'modal',
  transportador: 'transportador',
  armador: 'armador',
  incoterm: 'incoterm',
  porto_origem: 'portoOrigem',
  porto_destino: 'porto_destino',
  porto_transbordo: 'portoTransbordo',
  transit_time_dias: 'transit_time_dias',
  free_time_dias: 'free_time_destino_dias',
  validade: 'validadeProposta',
  condicoes_pagamento: 'condicoesPagamento',
};

/**
 * Every value the engine extracted (scalar fields with a value, each freight and fee item), each
 * checked against the ground truth: a scalar by the scoring rule, an item when its tuple is one of the
 * truth's (one-to-one, after the same destination normalisation the score uses).
 */
export function checkValues(result: ExtractionResult, truth: CorpusRecord): ValueCheck[] {
  const predicted = toCorpusFormat(result);
  const checks: ValueCheck[] = [];
  for (const field of SCALAR_FIELDS) {
    const key = EVIDENCE_OF[field];
    const value = predicted[field];
    if (key === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    const confidence = result.final.evidence[key]?.confidence;
    if (confidence === undefined) continue;
    checks.push({ kind: 'scalar', name: field, confidence, right: scalarMatches(field, predicted, truth) });
  }
  const destinations = truth.porto_destino.map((d) => place(d) ?? d);
  const items = (
    kind: 'frete' | 'taxa',
    predictedTuples: Array<{ key: string; value: number }>,
    truthTuples: Array<{ key: string; value: number }>,
    confidences: number[],
    names: string[],
  ) => {
    const pool = [...truthTuples];
    predictedTuples.forEach((tuple, i) => {
      const at = pool.findIndex((t) => t.key === tuple.key && Math.abs(t.value - tuple.value) < 0.005);
      if (at >= 0) pool.splice(at, 1);
      checks.push({ kind, name: names[i] ?? kind, confidence: confidences[i] ?? 0, right: at >= 0 });
    });
  };
  // Items are compared one by one (no collapse across items) so each keeps its own confidence.
  const freightKeys = predicted.frete.map(
    (f) => freightTuples([f], destinations)[0] ?? { key: '', value: 0 },
  );
  const freightTruth = freightTuples(truth.frete, destinations);
  items(
    'frete',
    freightKeys.map((k, i) => collapsedKey(k, predicted.frete[i]?.destino ?? null, freightTruth)),
    freightTruth,
    result.final.fretes.map((f) => f.confidence),
    result.final.fretes.map((f) => `${f.unidade}${f.destino === null ? '' : ` ${f.destino}`}`),
  );
  const feeKeys = predicted.taxas.map((t) => feeTuples([t], destinations)[0] ?? { key: '', value: 0 });
  const feeTruth = feeTuples(truth.taxas, destinations);
  items(
    'taxa',
    feeKeys.map((k, i) => collapsedKey(k, predicted.taxas[i]?.destino ?? null, feeTruth)),
    feeTruth,
    result.final.taxas.itens.map((t) => t.confidence),
    result.final.taxas.itens.map((t) => t.nome),
  );
  return checks;
}

/** A per-destination item whose value the truth gives once for all destinations matches that entry. */
function collapsedKey(
  tuple: { key: string; value: number },
  destino: string | null,
  truth: Array<{ key: string; value: number }>,
): { key: string; value: number } {
  if (destino === null || truth.some((t) => t.key === tuple.key && Math.abs(t.value - tuple.value) < 0.005))
    return tuple;
  const asNull = { key: tuple.key.replace(/\|[^|]*$/, '|null'), value: tuple.value };
  return truth.some((t) => t.key === asNull.key && Math.abs(t.value - asNull.value) < 0.005) ? asNull : tuple;
}

export interface CalibrationBin {
  label: string;
  from: number;
  to: number;
  count: number;
  right: number;
  accuracy: number | null;
}

export const CALIBRATION_EDGES = [0, 0.5, 0.8, 0.9, 1.0001];

/** Values grouped by confidence (<0.5 review, 0.5–0.8, 0.8–0.9, ≥0.9) with the share that is right. */
export function calibrationTable(checks: ValueCheck[]): CalibrationBin[] {
  const bins: CalibrationBin[] = [];
  for (let i = 0; i + 1 < CALIBRATION_EDGES.length; i++) {
    const from = CALIBRATION_EDGES[i] ?? 0;
    const to = CALIBRATION_EDGES[i + 1] ?? 1;
    const inBin = checks.filter((c) => c.confidence >= from && c.confidence < to);
    const right = inBin.filter((c) => c.right).length;
    bins.push({
      label: `[${from.toFixed(1)}, ${to > 1 ? '1.0]' : `${to.toFixed(1)})`}`,
      from,
      to,
      count: inBin.length,
      right,
      accuracy: inBin.length === 0 ? null : right / inBin.length,
    });
  }
  return bins;
}

/** Accuracy of the values at or above a confidence. */
export function accuracyAtOrAbove(
  checks: ValueCheck[],
  threshold: number,
): { count: number; accuracy: number | null } {
  const high = checks.filter((c) => c.confidence >= threshold);
  return {
    count: high.length,
    accuracy: high.length === 0 ? null : high.filter((c) => c.right).length / high.length,
  };
}

/** The three buckets of the badge: review (< 0.5), amber (0.5–0.8), green (≥ 0.8). */
export const RELIABILITY_BUCKETS = [
  { label: '[0-0.5)', from: 0, to: 0.5 },
  { label: '[0.5-0.8)', from: 0.5, to: 0.8 },
  { label: '[0.8-1]', from: 0.8, to: 1.0001 },
] as const;

export interface ReliabilityRow {
  /** A scored scalar field, `frete`, `taxa`, or `overall`. */
  field: string;
  buckets: Array<{ label: string; count: number; right: number; accuracy: number | null }>;
}

/** Per field and overall: how many values fall in each badge bucket and the share of them that is right. */
export function reliabilityTable(checks: ValueCheck[]): ReliabilityRow[] {
  const fieldOf = (c: ValueCheck) => (c.kind === 'scalar' ? c.name : c.kind);
  const fields = [...new Set(checks.map(fieldOf))];
  const row = (field: string, values: ValueCheck[]): ReliabilityRow => ({
    field,
    buckets: RELIABILITY_BUCKETS.map(({ label, from, to }) => {
      const inBucket = values.filter((c) => c.confidence >= from && c.confidence < to);
      const right = inBucket.filter((c) => c.right).length;
      return {
        label,
        count: inBucket.length,
        right,
        accuracy: inBucket.length === 0 ? null : right / inBucket.length,
      };
    }),
  });
  return [
    ...fields.map((f) =>
      row(
        f,
        checks.filter((c) => fieldOf(c) === f),
      ),
    ),
    row('overall', checks),
  ];
}
