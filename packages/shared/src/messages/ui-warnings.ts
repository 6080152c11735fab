/**
 * pt-BR texts of the warnings on a proposal (issue 30 item 4): what it breaks of the request, shown on its
 * comparison row, on the approval screen and in the approval confirmation. Wired into `ui.warnings`.
 */
export const uiWarnings = {
  /** ComparisonRow.alertas[].texto, by kind. */
  kinds: {
    evitarRota: 'Rota passa por {trecho}, que o pedido pediu para evitar',
    evitarTransbordo: 'Rota com transbordo ({transbordo}), que o pedido pediu para evitar',
    rotaDireta: 'Rota com transbordo ({transbordo}); o pedido prefere rota direta',
    evitarArmador: 'Armador {armador}, que o pedido pediu para evitar',
    transitTime: 'Trânsito de {prazo} dias, acima dos {pedido} dias pedidos',
    validadePrazo: 'Validade ({validade}) termina antes do prazo de resposta ({prazo})',
    outroDestino: 'Destino {destino}, diferente do pedido ({pedido}): uma alternativa, não o porto pedido',
    /** An origin not asked: an alternative, or a reply about another quote sent in this one's thread. */
    outraOrigem:
      'Origem {origem}, diferente da pedida ({pedido}): uma alternativa ou a resposta de outra cotação; confira com o agente',
    destinoNaoInformado:
      'A resposta não diz para qual porto é ({pedido}): o total não inclui custo rodoviário; confirme o porto com o agente',
    /** A reply offering several options: which one is compared, and which are not. */
    outrasOpcoes: {
      recommended:
        'A resposta traz {n} opções: comparada a recomendada pelo agente (“{escolhida}”); fora da comparação: {outras}',
      first:
        'A resposta traz {n} opções e não recomenda nenhuma: comparada a primeira (“{escolhida}”); fora da comparação: {outras}',
      unknown: 'A resposta traz {n} opções: comparada “{escolhida}”; fora da comparação: {outras}',
    },
    /** A quote asking several origins: the reply's cheapest one is counted (QA pass 27). */
    origemContada:
      'Contada a origem {origem}, a mais barata das cotadas por este agente; fora da conta: {outras}',
    /** The latest version could not be read: the row shows the last one read (QA passes 25, 30). */
    versaoNaoLida: 'A versão {versao} não pôde ser lida: a linha mostra a versão {atual}, a última lida',
    /** A later version without figures: the earlier offer stands (QA pass 28). */
    versaoSemValores: {
      semValores: 'A versão {versao} não traz valores: vale a proposta da versão {atual}',
      recusa: 'A versão {versao} não revisa a proposta: vale a da versão {atual}',
    },
  },
  /** The heading of a row's warnings (screen readers and the approval screen). */
  title: 'Alertas da proposta',
  /** The row's carriage details. */
  armador: 'Armador',
  /** An air proposal's carrier (its rate is per chargeable kg). */
  companhiaAerea: 'Companhia aérea',
  rota: 'Rota',
  /** An end of the route the reply does not name (the engine writes '?'). */
  unknownOrigin: 'origem não informada',
  unknownDestination: 'destino não informado',
  transbordo: 'Transbordo',
  direct: 'Direta',
  /** The approval confirmation when the choice deserves a second look. */
  confirm: {
    notCheapest: 'Esta não é a proposta de menor custo: {menor} custa {diferenca} a menos ({total}).',
    /** The cheapest is so by its estimate (`menorCustoEstimado`): the difference is to that estimate. */
    notCheapestEstimated:
      'Esta não é a proposta de menor custo (estimado): {menor}, completada com {itens}, custa {diferenca} a menos ({total}, estimado).',
    notCheapestUnknown: 'Esta não é a proposta de menor custo.',
    /** The chosen row lacks charges others quote ('incompleta: sem THC'): its own total leaves them out. */
    incomplete: 'Esta proposta está incompleta (sem {itens}): o total dela não inclui essas taxas.',
    /** …and it is the cheapest once completed at the others' prices (`menorCustoEstimado`). */
    incompleteCheapest: 'Completada com {itens}, ela continua a de menor custo ({total}, estimado).',
    /** …and not the cheapest: what it would cost completed, against the cheapest (QA pass 26). */
    incompleteEstimated:
      'Completada com {itens}, ela custaria {total} (estimado): {diferenca} a mais que {menor} ({totalMenor}).',
    /** The chosen row's validity is over (its 'Vencida' badge). */
    expired:
      'A validade desta proposta terminou em {validade}: confirme com o agente de carga se o preço ainda vale antes de aprovar.',
    /** The chosen row has charges in a currency not summed ('THC em EUR'). */
    /** Some carrier has a later version held until its sender is confirmed (ADR 0023; QA pass 7). */
    heldVersion:
      'A versão {versao} de {nome} chegou de um remetente não verificado e aguarda confirmação em “Respostas dos transportadores”: a comparação ainda mostra a versão {atual}.',
    notSummed:
      'O total desta proposta não inclui {itens} (os totais somam só USD, BRL e EUR): confira o valor dessas taxas antes de aprovar.',
    /** The chosen row is incomplete and not the cheapest; the cheapest is complete. */
    cheapestComplete: 'A proposta completa de menor custo é {menor} ({total}).',
    /** The chosen row is incomplete and not the cheapest; the cheapest is so by its estimate. */
    cheapestEstimated: 'A proposta de menor custo (estimado) é {menor}: {total}, completada com {itens}.',
    /** The chosen row has no price for some containers asked: its total leaves them out. */
    freightMissing:
      'Esta proposta não traz {itens}: o total dela não inclui esses contêineres, e o e-mail ao agente de carga também não.',
    pendingRevisions:
      'Há revisões pedidas e ainda não respondidas ({lista}): aprovar agora encerra a cotação sem esperá-las.',
    title: 'Antes de aprovar',
    confirmAnyway: 'Aprovar mesmo assim',
  },
} as const;
