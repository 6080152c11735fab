import { formatMessage } from '../messages/errors.js';
import { uiComparison } from '../messages/ui-comparison.js';
import type { ComparisonRow } from '../schemas/comparison.js';
import { feeDisplayName } from './fee-names.js';
import { moneyText } from './quantity-text.js';

/*
 * How the cheapest by its estimate says it (ComparisonRow.menorCustoEstimado): 'Estimado em R$ 3.303,61,
 * completando com CFS de Maré Alta (R$ 663,00)'. One text for the screen, the comparative PDF, Excel and
 * e-mail, the deadline summary and the approval confirmation, so they say the same.
 */

export type CheapestEstimate = NonNullable<ComparisonRow['menorCustoEstimado']>;

const t = uiComparison.estimate;
/** An amount in reais; the screen passes its own format (the same figures, its own spaces). */
type Money = (valor: number) => string;
const brl: Money = (valor) => moneyText(valor, 'BRL');

/** 'CFS de Maré Alta (R$ 663,00), BL FEE da versão 1 (R$ 262,28)': each charge added, at whose price. */
export function estimateItemsText(estimate: CheapestEstimate, money: Money = brl): string {
  return estimate.taxas
    .map((taxa) =>
      taxa.versaoAnterior === undefined
        ? formatMessage(t.item, {
            nome: feeDisplayName(taxa.nome),
            transportador: taxa.transportador,
            valor: money(taxa.valorBRL),
          })
        : formatMessage(t.itemPrevious, {
            nome: feeDisplayName(taxa.nome),
            versao: taxa.versaoAnterior,
            valor: money(taxa.valorBRL),
          }),
    )
    .join(t.separator);
}

/** 'Estimado em R$ 3.303,61, completando com CFS de Maré Alta (R$ 663,00)'. */
export function estimateNoteText(estimate: CheapestEstimate, money: Money = brl): string {
  return formatMessage(t.note, {
    total: money(estimate.totalBRL),
    itens: estimateItemsText(estimate, money),
  });
}
