/**
 * pt-BR texts of the comparison rules (spec 001 §5, §9): what an answer lacks compared with what the quote
 * asked (`faltando`, pre-filled in the revision modal), why a fee line does not count (`motivo`) and the
 * source of the exchange rate. Wired into `ui.comparison`.
 */
export const uiComparison = {
  /** Labels of `missingItems` keys (ComparisonRow.faltando). */
  missing: {
    frete: 'o valor do frete',
    frete20: "o preço do contêiner de 20'",
    frete40: "o preço do contêiner de 40'",
    prazo: 'o tempo de trânsito (transit time)',
    freeTime: 'o free time no destino',
    validade: 'a validade da proposta',
  },
  /** The revision message pre-filled from what is missing (editable by the analyst). */
  revisionMessage: {
    withMissing:
      'Prezados,\n\nAgradecemos a proposta. Para concluirmos a análise, pedimos que nos informem {itens}.\n\nAtenciosamente,',
    withoutMissing:
      'Prezados,\n\nAgradecemos a proposta. Pedimos que revisem os valores e nos enviem a melhor condição possível.\n\nAtenciosamente,',
    listSeparator: ', ',
    lastSeparator: ' e ',
  },
  /** Why a fee line is left out of the totals (ComparisonFee.motivo). */
  feeExclusion: {
    total: 'Linha de total: não soma',
    iof: 'IOF a partir de 1.000: não soma',
    outroDestino: 'Taxa de outro destino',
    semDestino: 'Sem destino definido numa proposta com vários destinos',
    duplicada: 'Repetida: conta só o maior valor',
    moeda: 'Moeda {moeda}: os totais somam só USD e BRL',
    semValor: 'Sem valor',
  },
  /** Why a freight line is left out of the totals. */
  freightExclusion: {
    naoPedido: 'Tipo de contêiner não pedido na cotação',
    moeda: 'Moeda {moeda}: os totais somam só USD e BRL',
  },
  /**
   * What a row's totals show instead of a figure when it has no price (ComparisonRow.precificada false),
   * by where its extraction stands.
   */
  unpriced: {
    pendente: 'Em extração',
    falhou: 'Extração falhou',
    concluida: 'Frete não informado',
  },
  rate: {
    ptax: 'PTAX de venda de {data} ({ptax}) + margem de {margem}% = {taxa}',
    fallback: 'Cotação PTAX indisponível: usando a taxa de referência {ptax} + margem de {margem}% = {taxa}',
  },
} as const;
