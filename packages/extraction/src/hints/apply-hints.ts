import type { ChargeCandidate } from '../fields/charge-types.js';
import type {
  ContainerUnit,
  Currency,
  ExtractionHint,
  FeeUnit,
  FreightUnit,
  HintIgnored,
  SourceRef,
} from '../types.js';
import { CONTAINER_UNITS, CURRENCIES, FEE_UNITS, FREIGHT_UNITS, hintLabelKey } from './vocabulary.js';

export interface HintedCharges {
  charges: ChargeCandidate[];
  ignored: HintIgnored[];
}

const alvoOf = (candidate: ChargeCandidate): ExtractionHint['alvo'] =>
  candidate.kind === 'freight' ? 'frete' : 'taxa';

/** A hint the engine can apply: a known kind with a value of the right vocabulary and a label. */
function isUsable(hint: ExtractionHint): boolean {
  if (typeof hint !== 'object' || hint === null || typeof hint.id !== 'string') return false;
  if (typeof hint.rotulo !== 'string' || hintLabelKey(hint.rotulo) === '') return false;
  if (hint.alvo !== 'frete' && hint.alvo !== 'taxa') return false;
  switch (hint.tipo) {
    case 'ignorar':
      return true;
    case 'moeda':
      return (CURRENCIES as readonly string[]).includes(hint.valor ?? '');
    case 'unidade':
      return hint.alvo === 'frete'
        ? (FREIGHT_UNITS as readonly string[]).includes(hint.valor ?? '')
        : (FEE_UNITS as readonly string[]).includes(hint.valor ?? '') && hint.valor !== 'PERCENT';
    default:
      return false;
  }
}

function sourceOf(candidate: ChargeCandidate): SourceRef {
  const source: SourceRef = {
    line: candidate.line.no,
    text: candidate.line.trimmed.slice(0, 200),
    origin: candidate.origin,
  };
  return candidate.cell === undefined ? source : { ...source, cell: candidate.cell };
}

/**
 * What the reply leaves open that a hint may settle. A hint never overrides what the reply states for
 * that value: a freight's equipment or unit, a fee's basis, an amount's currency.
 */
function settle(candidate: ChargeCandidate, hint: ExtractionHint): Partial<ChargeCandidate> | null {
  if (hint.tipo === 'moeda') return candidate.currency === null ? { currency: hint.valor as Currency } : null;
  if (candidate.isPercent) return null;
  if (candidate.kind === 'fee') return candidate.unit === null ? { unit: hint.valor as FeeUnit } : null;
  const stated =
    (candidate.equipment !== null && candidate.equipment.length > 0) ||
    candidate.freightUnit !== null ||
    (candidate.unit !== null && candidate.unit !== 'CNTR');
  if (stated) return null;
  if ((CONTAINER_UNITS as readonly string[]).includes(hint.valor ?? ''))
    return { equipment: [hint.valor as ContainerUnit] };
  // "por contêiner" says the price is per container: a kg or w/m habit does not fit it.
  return candidate.unit === 'CNTR' ? null : { freightUnit: hint.valor as FreightUnit };
}

/**
 * Applies a carrier's correction hints to the charges read from one reply (ADR 0101): a hint matches a
 * charge of its kind (freight or fee) printed with the same label; 'ignorar' leaves the charge out, the
 * others settle the unit, basis or currency the reply left open. Each changed candidate remembers which
 * hints changed what and how it was read, so the result can say so. Without hints, the input is returned.
 */
export function applyHints(
  charges: ChargeCandidate[],
  hints: readonly ExtractionHint[] | undefined,
): HintedCharges {
  const usable = (hints ?? []).filter(isUsable);
  if (usable.length === 0) return { charges, ignored: [] };
  const byKey = new Map<string, ExtractionHint[]>();
  for (const hint of usable) {
    const key = `${hint.alvo}|${hintLabelKey(hint.rotulo)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), hint]);
  }
  const out: ChargeCandidate[] = [];
  const ignored: HintIgnored[] = [];
  for (const candidate of charges) {
    const matching = byKey.get(`${alvoOf(candidate)}|${hintLabelKey(candidate.label)}`) ?? [];
    const ignore = matching.find((hint) => hint.tipo === 'ignorar');
    if (ignore !== undefined) {
      ignored.push({
        id: ignore.id,
        alvo: ignore.alvo,
        rotulo: candidate.label,
        valor: candidate.value,
        moeda: candidate.currency,
        source: sourceOf(candidate),
      });
      continue;
    }
    let changed = candidate;
    const effects: Array<{ id: string; campo: 'unidade' | 'moeda' }> = [];
    for (const hint of matching) {
      const change = settle(changed, hint);
      if (change === null) continue;
      changed = { ...changed, ...change };
      effects.push({ id: hint.id, campo: hint.tipo === 'moeda' ? 'moeda' : 'unidade' });
    }
    out.push(effects.length === 0 ? candidate : { ...changed, hinted: { effects, original: candidate } });
  }
  return { charges: out, ignored };
}
