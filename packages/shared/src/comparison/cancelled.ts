import type { Comparison, ComparisonRow } from '../schemas/comparison.js';

/**
 * A cancelled quote's row as it came, less what marks it as the one to choose ('Menor custo', 'Menor
 * transit time'): nothing is decided on it any more (QA passes 28 and 30: the screen dropped the marks, the
 * comparative files kept them). An estimate stays as the row's own note.
 */
export function withoutChoiceMarks(row: ComparisonRow): ComparisonRow {
  const { menorCustoEstimado, ...rest } = row;
  const estimate = rest.custoEstimado ?? menorCustoEstimado;
  return {
    ...rest,
    destaque: { menorCusto: false, menorPrazo: false },
    ...(estimate ? { custoEstimado: estimate } : {}),
  };
}

/** The comparison of a cancelled quote: every row without its choice marks. */
export function cancelledComparison(comparison: Comparison): Comparison {
  return { ...comparison, linhas: comparison.linhas.map(withoutChoiceMarks) };
}
