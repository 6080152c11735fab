import { missingFreightOf, missingItemsText } from '@cotacoes/shared/comparison/asked';
import * as decimal from '@cotacoes/shared/comparison/decimal';
import { estimateItemsText } from '@cotacoes/shared/comparison/estimate-text';
import { missingFeesText } from '@cotacoes/shared/comparison/fee-names';
import { rowOfDestination } from '@cotacoes/shared/comparison/names';
import { formatMessage } from '@cotacoes/shared/messages/errors';
import { ui } from '@cotacoes/shared/messages/ui';
import type { ComparisonRow } from '@cotacoes/shared/schemas/comparison';
import { destinationsOf, money } from '@/features/comparison';
import { formatIsoDate } from '@/lib/format';

export type ApprovalCheck =
  | { ok: true; responseId: string; destino: string | undefined }
  | { ok: false; reason: 'response' | 'destination' };

/**
 * Spec 001 §4/§5: a response must be chosen, and a destination when its proposal has several ('Destino
 * Não Selecionado'); with one destination it is sent along, with none it is left out.
 */
export function checkApproval(
  rows: readonly ComparisonRow[],
  respostaId: string | null,
  destino: string | null,
): ApprovalCheck {
  if (!respostaId || !rows.some((row) => row.respostaId === respostaId))
    return { ok: false, reason: 'response' };
  const destinations = destinationsOf(rows, respostaId);
  if (destinations.length > 1) {
    if (!destino || !destinations.includes(destino)) return { ok: false, reason: 'destination' };
    return { ok: true, responseId: respostaId, destino };
  }
  return { ok: true, responseId: respostaId, destino: destinations[0] };
}

/** The comparison row a choice approves: the chosen destination's, or the response's only one. */
export function chosenRow(
  rows: readonly ComparisonRow[],
  respostaId: string | null,
  destino: string | null,
): ComparisonRow | undefined {
  const own = rows.filter((row) => row.respostaId === respostaId);
  return own.length === 1 ? own[0] : rowOfDestination(own, destino);
}

/**
 * Why an approval deserves a second look (issue 30 item 4), as sentences for the confirmation: the chosen
 * row is not the cheapest, revisions asked are still unanswered, or the row has warnings. The server
 * accepts the approval either way; the analyst confirms.
 *
 * "Cheapest" is the row the comparison highlights (`destaque.menorCusto`): the engine decides which rows
 * may be the cheapest one (priced, every size asked; an incomplete one by its estimate, completed at the
 * others' prices: `menorCustoEstimado`), and this follows, saying the estimate where it decides.
 */
export function approvalCautions(
  rows: readonly ComparisonRow[],
  chosen: ComparisonRow | undefined,
): string[] {
  if (!chosen) return [];
  const texts = ui.warnings.confirm;
  const cautions: string[] = [];
  const cheapest = rows.find((row) => row.destaque.menorCusto);
  const ausentes = chosen.taxasAusentes ?? [];
  const brl = (valor: number) => money(valor, 'BRL');
  // An incomplete proposal's total lacks charges (issue 30): it is said so before any comparison of totals,
  // which would flatter it; when it is the cheapest all the same, completed at the others' prices, so is that.
  if (ausentes.length > 0) {
    cautions.push(formatMessage(texts.incomplete, { itens: missingFeesText(chosen) }));
    if (chosen.destaque.menorCusto && chosen.menorCustoEstimado)
      cautions.push(
        formatMessage(texts.incompleteCheapest, {
          itens: estimateItemsText(chosen.menorCustoEstimado, brl),
          total: brl(chosen.menorCustoEstimado.totalBRL),
        }),
      );
  }
  // Its validity is over: the carrier may no longer hold the price (QA pass 37: approved without a word, and
  // the approval e-mail confirmed "Validade da proposta: 30/11/2026").
  if (chosen.validade.expirada && chosen.validade.valor)
    cautions.push(
      formatMessage(texts.expired, {
        validade: formatIsoDate(chosen.validade.valor.slice(0, 10), chosen.validade.valor),
      }),
    );
  const notSummed = chosen.taxasNaoSomadas ?? [];
  if (notSummed.length > 0) cautions.push(formatMessage(texts.notSummed, { itens: notSummed.join(', ') }));
  // A newer version (perhaps cheaper) the comparison cannot show until its sender is confirmed.
  const held = new Set<string>();
  for (const row of rows)
    if (row.versaoAguardandoConfirmacao !== undefined && !held.has(row.respostaId)) {
      held.add(row.respostaId);
      cautions.push(
        formatMessage(texts.heldVersion, {
          versao: row.versaoAguardandoConfirmacao,
          nome: row.transportador.nome,
          atual: row.versao,
        }),
      );
    }
  const freight = missingFreightOf(chosen);
  if (freight.length > 0)
    cautions.push(formatMessage(texts.freightMissing, { itens: missingItemsText(freight) }));
  if (cheapest && !chosen.destaque.menorCusto) {
    const nome = cheapest.destino
      ? `${cheapest.transportador.nome} (${cheapest.destino})`
      : cheapest.transportador.nome;
    // The cheapest by its estimate is compared by that estimate, never by its own (incomplete) total.
    const estimate = cheapest.menorCustoEstimado;
    const cheapestTotal = estimate?.totalBRL ?? cheapest.custoTotalBRL;
    // An incomplete choice is compared completed too (QA pass 26: "R$ 2.454,87" beside a cheapest estimate
    // of R$ 3.203,02 read as if the choice were cheaper).
    const own = ausentes.length > 0 ? chosen.custoEstimado : undefined;
    const ownGap = own
      ? decimal.subtract(decimal.toDecimal(own.totalBRL), decimal.toDecimal(cheapestTotal))
      : null;
    if (own && ownGap !== null && ownGap > decimal.ZERO) {
      cautions.push(
        formatMessage(texts.incompleteEstimated, {
          itens: estimateItemsText(own, brl),
          total: brl(own.totalBRL),
          diferenca: brl(decimal.toMoney(ownGap)),
          menor: nome,
          totalMenor: estimate ? `${brl(estimate.totalBRL)}, estimado` : brl(cheapest.custoTotalBRL),
        }),
      );
    } else {
      const diferenca = chosen.precificada
        ? decimal.subtract(decimal.toDecimal(chosen.custoTotalBRL), decimal.toDecimal(cheapestTotal))
        : null;
      cautions.push(
        diferenca !== null && diferenca > decimal.ZERO
          ? estimate
            ? formatMessage(texts.notCheapestEstimated, {
                menor: nome,
                itens: estimateItemsText(estimate, brl),
                diferenca: brl(decimal.toMoney(diferenca)),
                total: brl(estimate.totalBRL),
              })
            : formatMessage(texts.notCheapest, {
                menor: nome,
                diferenca: brl(decimal.toMoney(diferenca)),
                total: brl(cheapest.custoTotalBRL),
              })
          : ausentes.length > 0
            ? estimate
              ? formatMessage(texts.cheapestEstimated, {
                  menor: nome,
                  itens: estimateItemsText(estimate, brl),
                  total: brl(estimate.totalBRL),
                })
              : formatMessage(texts.cheapestComplete, { menor: nome, total: brl(cheapest.custoTotalBRL) })
            : texts.notCheapestUnknown,
      );
    }
  }
  const awaiting = [
    ...new Set(
      rows.filter((row) => row.status === 'revisao_solicitada').map((row) => row.transportador.nome),
    ),
  ];
  if (awaiting.length > 0)
    cautions.push(formatMessage(texts.pendingRevisions, { lista: awaiting.join(', ') }));
  return cautions;
}
