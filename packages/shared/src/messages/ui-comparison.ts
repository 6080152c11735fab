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
    // The ask only: the e-mail around it greets, thanks and signs (decision-email.ts).
    withMissing: 'Para concluirmos a análise, pedimos que nos informem {itens}.',
    withoutMissing: 'Pedimos que revisem os valores e nos enviem a melhor condição possível.',
    /** A charge other carriers quote that this answer lacks ('incompleta: sem Lacre'). */
    fee: 'o valor de {nome}',
    listSeparator: ', ',
    lastSeparator: ' e ',
  },
  /** Why a fee line is left out of the totals (ComparisonFee.motivo). */
  feeExclusion: {
    total: 'Linha de total: não soma',
    condicional: 'Condicional ("sujeito a"): não soma; confira com o agente se vale para este embarque',
    iof: 'IOF a partir de 1.000: não soma',
    outroDestino: 'Taxa de outro destino',
    semDestino: 'Sem destino definido numa proposta com vários destinos',
    duplicada: 'Repetida: conta só o maior valor',
    moeda: 'Moeda {moeda}: os totais somam só USD, BRL e EUR',
    semValor: 'Sem valor',
    quantidadeDesconhecida: 'Quantidade desconhecida: não soma',
    outroConteiner: 'Para um tipo de contêiner que a cotação não pede',
  },
  /** Why a freight line is left out of the totals. */
  freightExclusion: {
    naoPedido: 'Tipo de contêiner não pedido na cotação',
    moeda: 'Moeda {moeda}: os totais somam só USD, BRL e EUR',
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
  /**
   * A declined answer (`declinou`): in place of its totals, on its row's badge and in the documents. It
   * counts as the carrier's answer but is no proposal: nothing to approve or revise.
   */
  declined: 'Declinou',
  declinedTitle:
    'O agente de carga declinou a cotação e não enviou proposta; a resposta conta como recebida.',
  /** A freight was quoted but the shipment lacks the measure it is charged by (QA pass 7). */
  unpricedQuantity: 'Total não calculado: {lista}',
  /** Quantities of charges (issue 30): the unit decides how many count. */
  quantity: {
    /** '2 × R$ 1.420,00' */
    times: '{quantidade} × {valor}',
    basis: {
      conteiner: 'contêiner',
      documento: 'por embarque',
      kg: 'kg',
      pesoTaxado: 'kg taxado',
      m3: 'm³',
      wm: 'W/M',
      tonelada: 'tonelada',
      percentual: '% do valor da mercadoria',
      desconhecida: '',
    },
    missing: {
      conteineres: 'quantidade de contêineres não informada',
      peso: 'peso não informado',
      volume: 'cubagem (m³) não informada',
      pesoOuVolume: 'peso e cubagem (m³) necessários para W/M',
      valorMercadoria: 'valor da mercadoria não informado',
    },
    /** One entry of ComparisonRow.quantidadesDesconhecidas. */
    unknown: '{nome}: {falta}',
    minimum: 'mínimo {valor} aplicado',
    /** The same in an English e-mail to a carrier (QA pass 43a: "(mínimo US$ 1,250.00 aplicado)"). */
    minimumEn: 'minimum {valor} applied',
  },
  /** Fee lines the analyst adds: kept from the previous version or typed by hand (issue 30). */
  addFee: {
    previousTitle: 'Taxas da versão {versao} que esta versão não trouxe',
    keep: 'Manter da versão anterior',
    keepLabel: 'Manter {nome} da versão anterior',
    kept: 'versão anterior',
    manual: 'incluída à mão',
    addedBy: 'por {nome} em {data}',
    formTitle: 'Adicionar taxa que falta',
    nome: 'Taxa',
    moeda: 'Moeda',
    valor: 'Valor',
    unidade: 'Base',
    /** Optional, for a fee per kg, m³, t or W/M: the least it costs. */
    minimo: 'Mínimo (opcional)',
    submit: 'Adicionar taxa',
    invalidValue: 'Informe um valor válido (ex.: 1.450,00).',
    invalidMinimum: 'Informe um mínimo válido (ex.: 60,00) ou deixe em branco.',
    error: 'Não foi possível adicionar a taxa. Tente novamente.',
  },
  /** Badges of a row that cannot be taken as the best without saying why (issue 30). */
  /** The engine's canonical fee names written without accents, as shown (`feeDisplayName`). */
  feeNames: {
    DESCONSOLIDACAO: 'Desconsolidação',
    LIBERACAO: 'Liberação',
    PEDAGIO: 'Pedágio',
    ARMAZENAGEM: 'Armazenagem',
    LIMPEZA: 'Limpeza',
    DESPACHO: 'Despacho',
    ENTREGA: 'Entrega',
    SEGURO: 'Seguro',
    TRANSBORDO: 'Transbordo',
    LACRE: 'Lacre',
    DESOVA: 'Desova',
  },
  /** What a revision leaves unsaid, carried from the carrier's previous version (ADR 0024 addendum). */
  revisionTerms: {
    destination: 'destino da versão {versao}',
    destinationTitle:
      'A revisão não cita o porto: vale o destino da versão {versao} (e o custo rodoviário dele).',
    kept: 'Demais condições da versão {versao} (a resposta diz: “{trecho}”)',
    keptTitle:
      'A revisão diz que o restante da proposta não mudou: as taxas, o prazo, o free time e a validade que ela não repete vêm da versão {versao}.',
  },
  /** A freight price's type and the origin of its route line, when the row has prices from two origins. */
  freightOrigin: '{tipo} {origem}',
  /** The origin beside a freight price's type: '(de Ningbo)'. */
  freightOriginOnly: '(de {origem})',
  /** An air rate's weight band, beside its name. */
  weightBand: '(faixa {faixa})',
  /** Counted at a higher band because it is cheaper (the airlines' rule). */
  weightBandRaised: '(faixa {faixa}: {peso} kg cobrados como {cobrado} kg, mais barato)',
  /**
   * 'Menor custo (estimado)' (ComparisonRow.menorCustoEstimado): an incomplete proposal compared as an analyst
   * equalises it, each charge it lacks costed at the highest amount another agent quotes for it. One sentence
   * for the screen, the comparative PDF, Excel and e-mail and the approval confirmation.
   */
  estimate: {
    /** '{itens}': 'CFS de Maré Alta (R$ 663,00)'. */
    note: 'Estimado em {total}, completando com {itens}',
    /** One charge added, at another agent's price. */
    item: '{nome} de {transportador} ({valor})',
    /** One charge added at the carrier's own previous version's price (no other agent quotes it). */
    itemPrevious: '{nome} da versão {versao} ({valor})',
    separator: ', ',
    title:
      'Esta proposta não traz todas as taxas: para compará-la, cada taxa que falta foi somada pelo maior valor que outro agente de carga cotou para ela. O total da proposta não muda.',
  },
  completeness: {
    /** '{itens}': 'THC, BL FEE' */
    incomplete: 'incompleta: sem {itens}',
    incompleteTitle: 'Faltam taxas que esta transportadora (na versão anterior) ou as demais costumam cotar',
    /** '{itens}': 'THC em CNY' */
    notSummed: 'fora do total: {itens}',
    notSummedTitle:
      'Os totais somam só USD, BRL e EUR: estas taxas estão na proposta, mas não no total, que fica menor do que ela. Confira antes de comparar.',
    unknownQuantity: 'quantidade desconhecida',
    unknownQuantityTitle: 'Estas linhas não somam porque falta a quantidade: {lista}',
    changeNotComparable: 'versão incompleta: a variação não é economia',
    /** '{itens}': "o preço do contêiner de 20'" */
    changeEarlierLacked: 'a versão {versao} não trazia {itens}: a variação não é aumento nem economia',
    /** '{itens}': "o preço do contêiner de 20'" */
    freightMissing: 'sem {itens}',
    freightMissingTitle:
      'A proposta não traz o preço de todos os contêineres pedidos: o total não inclui esses contêineres.',
  },
  rate: {
    ptax: 'PTAX de venda de {data} ({ptax}) + margem de {margem}% = {taxa}',
    fallback:
      'Cotação PTAX indisponível: usando a taxa de contingência {ptax} + margem de {margem}% = {taxa}',
  },
} as const;
