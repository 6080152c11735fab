import type { uiComparison } from '../messages/ui-comparison.js';
import { add, type Decimal, toDecimal, ZERO } from './decimal.js';
import { isNoDestination, normalizeName, normalizePlace, samePlace } from './names.js';

/*
 * Spec 001 §5 "Fee calculation rules", one function per rule:
 * - a fee line whose name contains TOTAL counts as 0 (ignored);
 * - the value is read from total, else value, else unit value;
 * - per fee key (destination, name, currency) take the maximum, then sum per currency;
 * - per destination, the fee takes the maximum per name and currency, then sums by currency;
 * - IOF-type fee lines are accepted only if the value is below 1000;
 * - currency '$' or 'USD' means USD; 'R$' or 'BRL' means BRL;
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
};

export type FeeCurrency = 'USD' | 'BRL';
export type FeeExclusion = keyof typeof uiComparison.feeExclusion;

/** Spec: IOF-type lines count only below this value. */
export const IOF_LIMIT = 1000;

/** '$', 'US$' and 'USD' are USD; 'R$' and 'BRL' are BRL; anything else is not summed. */
export function feeCurrency(moeda: string | null | undefined): FeeCurrency | null {
  if (moeda === 'USD' || moeda === 'BRL') return moeda;
  const code = (moeda ?? '').trim().toUpperCase();
  if (code === '$' || code === 'USD' || code === 'US$' || code === 'U$') return 'USD';
  if (code === 'R$' || code === 'BRL') return 'BRL';
  return null;
}

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

export function isIofLine(line: FeeLineInput): boolean {
  return names(line).some((name) => /\bIOF\b/.test(name));
}

/** Which row the fees are summed for: one destination of the proposal, or the whole answer (null). */
export type FeeScope = { destino: string | null; destinos: readonly string[] };

export type FeeDecision = {
  contabilizada: boolean;
  motivo: FeeExclusion | null;
  moeda: FeeCurrency | null;
  valor: number | null;
};

export type FeeEvaluation = { decisions: FeeDecision[]; porMoeda: Record<FeeCurrency, Decimal> };

/** Why a line cannot count at all, before duplicates are compared (null: it may count). */
function exclusionOf(line: FeeLineInput, scope: FeeScope, valor: number | null): FeeExclusion | null {
  if (valor === null) return 'semValor';
  if (isTotalLine(line)) return 'total';
  const destino = line.destino ?? null;
  if (isNoDestination(destino)) {
    if (scope.destinos.length > 1) return 'semDestino';
  } else if (destino !== null && scope.destino !== null && !samePlace(destino, scope.destino)) {
    return 'outroDestino';
  }
  if (feeCurrency(line.moeda) === null) return 'moeda';
  if (isIofLine(line) && valor >= IOF_LIMIT) return 'iof';
  return null;
}

/**
 * Applies the §5 rules to the fee lines of an answer for one row. For a destination row the lines of that
 * destination and those without one compete per (name, currency); for the answer as a whole (no
 * destination) each (destination, name, currency) key keeps its maximum. The first of equal maxima counts.
 */
export function evaluateFees(lines: readonly FeeLineInput[], scope: FeeScope): FeeEvaluation {
  const decisions: FeeDecision[] = lines.map((line) => {
    const valor = feeLineValue(line);
    const motivo = exclusionOf(line, scope, valor);
    return { contabilizada: motivo === null, motivo, moeda: feeCurrency(line.moeda), valor };
  });
  const best = new Map<string, number>();
  lines.forEach((line, index) => {
    const decision = decisions[index]!;
    if (!decision.contabilizada) return;
    const destinationKey =
      scope.destino === null && !isNoDestination(line.destino) ? normalizePlace(line.destino ?? '') : '';
    const key = [destinationKey, normalizeName(line.nome ?? line.rotulo ?? ''), decision.moeda].join('|');
    const holder = best.get(key);
    if (holder === undefined) {
      best.set(key, index);
    } else if (decision.valor! > decisions[holder]!.valor!) {
      decisions[holder] = { ...decisions[holder]!, contabilizada: false, motivo: 'duplicada' };
      best.set(key, index);
    } else {
      decisions[index] = { ...decision, contabilizada: false, motivo: 'duplicada' };
    }
  });
  const porMoeda: Record<FeeCurrency, Decimal> = { USD: ZERO, BRL: ZERO };
  for (const decision of decisions)
    if (decision.contabilizada)
      porMoeda[decision.moeda!] = add(porMoeda[decision.moeda!], toDecimal(decision.valor!));
  return { decisions, porMoeda };
}
