/**
 * pt-BR texts of the analyst's decisions on a quote (spec 001 §2 "Quote detail", "Quote approval", §4, §5,
 * §8, §9; issue #14): the 'Comparação' table, inline corrections, where a figure came from, the revision
 * request and the approval screen. Wired into `ui.decisions`.
 */
export const uiDecisions = {
  comparison: {
    title: 'Comparação das propostas',
    caption: 'Propostas dos transportadores, uma linha por destino',
    loading: 'Carregando a comparação...',
    loadError: 'Erro ao carregar a comparação',
    retry: 'Recarregar a comparação',
    refreshing: 'Atualizando...',
    empty: 'Nenhuma proposta para comparar ainda: as respostas aparecem aqui assim que forem lidas.',
    marginLabel: 'Margem de câmbio (%)',
    marginHint: 'Percentual adicional sobre a PTAX, de 0 a 100.',
    /** While the typed margin is invalid, the table keeps the last valid one: said, not silent. */
    marginStale:
      'Os valores abaixo continuam com a margem de {margem}% até que a margem digitada seja válida.',
    rateLine: 'PTAX de {data}: {ptax} + margem {margem} % = {taxa}',
    rateFallbackLine: 'Taxa de contingência: {ptax} + margem {margem} % = {taxa}',
    rateFallbackBadge: 'PTAX indisponível',
    rateFallbackHint:
      'O serviço do Banco Central não respondeu: os totais usam a taxa de contingência de US$ 1 = R$ 5,20 até a PTAX voltar.',
    rateUsedBy: 'Todos os totais usam esta taxa.',
    /** Shown when a row has a charge in EUR: the rate that converts it (ADR 0024). */
    rateEurLine: 'Euro, para as cobranças em EUR: PTAX de {data}: {ptax} + margem {margem} % = {taxa}',
    rateEurFallbackLine:
      'Euro, para as cobranças em EUR: taxa de contingência {ptax} + margem {margem} % = {taxa} (PTAX do euro indisponível)',
    progressLabel: 'Respostas recebidas',
    progressValue: '{respondidas} de {total} responderam',
    reviseAll: 'Revisar Todos',
    pendingTitle: 'Aguardando resposta',
    /** The deadline passed while the quote still waits: the same carriers, said as late. */
    latePendingTitle: 'Sem resposta no prazo',
    latePendingHint:
      'O prazo de resposta terminou em {prazo}; uma resposta que chegar ainda entra na comparação.',
    /** The carriers that never answered a quote that ended: not awaited any more. */
    notAnsweredTitle: 'Sem resposta',
    notAnsweredHint: {
      CANCELADA: 'Não responderam antes do cancelamento da cotação; ninguém é mais aguardado.',
      FECHADA: 'Não responderam antes do encerramento da cotação; ninguém é mais aguardado.',
      APROVADA: 'Não responderam antes da aprovação da cotação; ninguém é mais aguardado.',
    },
    /** Above the table of a cancelled quote: the figures stay, nothing is marked as the best. */
    cancelledNote:
      'Cotação cancelada: as propostas recebidas ficam aqui para consulta, sem destaque de menor custo ou menor transit time.',
    undeliveredTitle: 'Pedido não entregue',
    undeliveredHint:
      'O e-mail do pedido voltou para estes agentes de carga: eles não estão sendo aguardados nem recebem lembretes. Confira o endereço na conversa.',
    undeliveredItem: '{nome}: {motivo}',
    pendingNone: 'Todos os transportadores responderam.',
    sortBy: 'Ordenar por',
    sortNone: 'Ordem de chegada',
    sortAsc: 'crescente',
    sortDesc: 'decrescente',
    sortButton: 'Ordenar por {coluna}',
    columns: {
      transportador: 'Transportador',
      destino: 'Destino',
      frete: 'Frete',
      taxas: 'Taxas',
      taxasUSD: 'Taxas USD',
      taxasBRL: 'Taxas BRL',
      rodoviario: 'Rodoviário',
      custoTotalBRL: 'Total BRL',
      custoTotalUSD: 'Total USD',
      prazo: 'Transit time',
      freeTime: 'Free time',
      validade: 'Validade',
      freeTimeValidade: 'Free time / Validade',
      confianca: 'Confiança',
      variacao: 'Variação',
      status: 'Situação',
      acoes: 'Ações',
    },
    sortLabels: {
      custoTotalBRL: 'Total BRL',
      custoTotalUSD: 'Total USD',
      prazo: 'Transit time',
    },
    /** The answer names no port and the quote names several (spec §3: absent data). */
    noDestination: 'Não informado',
    noDestinationTitle:
      'A resposta não nomeia o porto de destino e a cotação nomeia mais de um: o custo rodoviário não é somado. Corrija o destino ou peça uma revisão.',
    /** The answer names no port; the quote's only port is the row's (QA pass 7). */
    quoteDestination: '(da cotação)',
    quoteDestinationTitle: 'A resposta não nomeia o porto de destino: vale o destino da cotação, {destino}.',
    days: '{count} dias',
    /** "14 days combined": demurrage and detention together (QA pass 11 saw it beside others' port free time). */
    freeTimeCombined: '{count} dias (combinado)',
    freeTimeCombinedTitle: 'Free time combinado: demurrage e detention juntos, não só no porto de destino.',
    version: 'Versão {versao}',
    /** A later version waits for its sender to be confirmed (ADR 0023; QA pass 7). */
    heldVersion: 'versão {versao} aguarda confirmação',
    heldVersionTitle:
      'A versão {versao} desta proposta chegou de um remetente não verificado: confirme o remetente em “Respostas dos transportadores”, abaixo, para compará-la. Esta linha ainda mostra a versão {atual}.',
    /** The latest version could not be read: the row shows an earlier one (QA pass 25). */
    unreadVersion: 'versão {versao} não lida',
    unreadVersionTitle:
      'A versão {versao} desta proposta não pôde ser lida (veja o cartão do agente em “Respostas dos transportadores”, abaixo). Esta linha mostra a versão {atual}, a última lida.',
    cheapest: 'Menor custo',
    /** The cheapest by its estimate: it lacks charges, costed at the others' prices (`menorCustoEstimado`). */
    cheapestEstimated: 'Menor custo (estimado)',
    fastest: 'Menor prazo',
    expired: 'Vencida',
    expiredTitle: 'A validade desta proposta já passou.',
    lowConfidence: 'Verificar',
    lowConfidenceTitle: 'Confiança baixa na leitura deste valor: confira na mensagem.',
    corrected: 'Corrigido',
    /** A value a revision does not state, carried from the carrier's previous version (ADR 0024). */
    carried: 'da versão {versao}',
    carriedTitle:
      'Esta versão não informa este valor: vale o que a versão {versao} desta transportadora informou.',
    correctedTitle: 'Corrigido por {nome} em {data} — valor extraído: {original}',
    correctedTitleShort: 'Valor corrigido pelo analista',
    someone: 'um usuário',
    feesToggle: 'Ver linhas ({count})',
    feesToggleHide: 'Ocultar linhas',
    feesToggleOf: 'Ver linhas ({count}) das taxas de {nome}',
    feesToggleHideOf: 'Ocultar linhas das taxas de {nome}',
    feesOf: 'Linhas de taxa de {nome}',
    feeNotCounted: 'Não somada',
    feeReasonUnknown: 'Deixada de fora pelas regras de taxas',
    noFees: 'Sem taxas',
    allInFees: 'Inclusas no frete (all in)',
    /** A currency of an all-in row's fee totals with nothing apart. */
    allInFeesShort: 'all in',
    roadTitle: 'Custo rodoviário do porto de destino, em reais',
    roadIncluded: '+ rodoviário {valor}',
    variationLower: '▼ {valor}',
    variationHigher: '▲ {valor}',
    variationSame: 'Sem mudança desde a versão {versao}',
    variationLowerLabel: 'Menor que a versão {versao} em {valor}',
    variationHigherLabel: 'Maior que a versão {versao} em {valor}',
    variationDaysLower: '▼ {count} dia(s)',
    variationDaysHigher: '▲ {count} dia(s)',
    variationDaysLowerLabel: 'Transit time {count} dia(s) menor que a versão {versao}',
    variationDaysHigherLabel: 'Transit time {count} dia(s) maior que a versão {versao}',
    revise: 'Revisar',
    reviseOf: 'Revisar proposta de {nome}',
    approve: 'Aprovar',
    approveOf: 'Aprovar proposta de {nome}',
    approveDestinationOf: 'Aprovar proposta de {nome} para {destino}',
    approvedBanner: 'Aprovada: {transportador}{destino}, por {nome} em {data}.',
    approvedDestination: ' ({destino})',
    statuses: {
      respondido: 'Respondido',
      revisao_solicitada: 'Revisão solicitada',
      aprovado: 'Aprovado',
      reprovado: 'Reprovado',
      cancelado: 'Cancelado',
    } as Record<string, string>,
    detailsTitle: 'Detalhes da proposta',
    showDetails: 'Ver detalhes',
    hideDetails: 'Ocultar detalhes',
    otherSections: 'Pedido, destinatários e respostas recebidas',
  },

  /** Where a figure came from (spec: "every figure opens where it came from"). */
  source: {
    open: '{campo}: {valor}. Ver de onde veio',
    title: 'Origem do valor',
    field: 'Campo',
    value: 'Valor',
    origin: 'Lido de',
    line: 'Linha {line}',
    cell: 'Célula {cell}',
    text: 'Trecho lido',
    noSource: 'Este valor não tem trecho de origem registrado (calculado ou informado à mão).',
    confidence: 'Confiança da leitura',
    origins: {
      body: 'Corpo do e-mail',
      quoted: 'Mensagem anterior citada no e-mail',
      subject: 'Assunto do e-mail',
      llm: 'Modelo de linguagem',
      ia: 'IA',
    } as Record<string, string>,
    attachment: 'Anexo {nome}',
    earlierVersion: 'Versão {versao} desta transportadora',
    viewMessage: 'Ver mensagem no histórico',
    correction: 'Corrigido por {nome} em {data}. Valor extraído: {original}.',
  },

  /** Inline correction of an extracted value. */
  correction: {
    edit: 'Corrigir {campo}',
    inputLabel: 'Novo valor de {campo}',
    hint: 'Enter salva, Esc cancela. Deixe vazio para "não informado".',
    save: 'Salvar',
    cancel: 'Cancelar',
    saving: 'Salvando...',
    saved: 'Valor corrigido: {campo}.',
    error: 'Erro ao salvar a correção',
    /** The currency of a freight or fee, corrected from the source dialog. */
    currencyLabel: 'Moeda de {campo}',
    currencySave: 'Corrigir moeda',
    currencySaved: 'Moeda corrigida: {campo} em {moeda}.',
    currencies: { USD: 'USD (US$)', BRL: 'BRL (R$)', EUR: 'EUR (€)' } as Record<string, string>,
    fields: {
      frete: 'Frete {tipo}',
      taxa: 'Taxa {nome}',
      prazo: 'Transit time (dias)',
      freeTime: 'Free time (dias)',
      validade: 'Validade',
    },
  },

  /** 'Revisar' and 'Revisar Todos' (spec 001 §3 "Revision request", §4). */
  revision: {
    titleOne: 'Solicitar revisão a {nome}',
    titleAll: 'Solicitar revisão a todos',
    scopeOne: 'Somente {nome} recebe este pedido de revisão, na mesma conversa da cotação.',
    scopeAll:
      'Todos os transportadores que já responderam ({count}) recebem este pedido, cada um na sua conversa. Nenhum vê os demais.',
    messageLabel: 'Mensagem',
    messageHint: 'Preenchida com o que falta na proposta; edite à vontade.',
    /** Nothing is missing from the proposal: the message is the general request (QA pass 42a). */
    messageHintComplete:
      'A proposta não tem lacunas: a mensagem pede uma revisão geral dos valores; edite à vontade.',
    messageHintAll: 'O mesmo texto vai a todos; edite à vontade.',
    /** The message was cleared: what the e-mail says instead (QA pass 42b: it was not said). */
    messageHintEmpty: 'Sem mensagem, o e-mail pede apenas: "{pedido}"',
    /** The carrier was asked to revise and has not answered since (row status 'revisao_solicitada'). */
    pendingOne:
      'Uma revisão já foi pedida a {nome} e ainda não foi respondida. Enviar outro pedido manda mais um e-mail na mesma conversa.',
    send: 'Enviar pedido de revisão',
    sending: 'Enviando...',
    sent: 'Pedido de revisão enviado a {nomes}.',
    error: 'Erro ao solicitar revisão',
    /** 'Revisar Todos': one text for everyone, in the style of the shared per-carrier message. */
    allMessage:
      'Pedimos que revisem os valores e nos enviem a melhor condição possível, confirmando frete, taxas, transit time, free time e validade da proposta.',
  },

  /** /quotes/{id}/approve (spec 001 §2 "Quote approval", §4 approval flow, §5, §6, §8). */
  approve: {
    title: 'Aprovar Cotação',
    heading: 'Aprovar Cotação {codigo}',
    back: 'Voltar',
    header: {
      solicitante: 'Solicitante',
      tipoFrete: 'Tipo de frete',
      prazoResposta: 'Prazo de resposta',
      status: 'Status',
    },
    responsesTitle: 'Propostas dos transportadores',
    responsesHint: 'Escolha a proposta a aprovar e, quando ela tiver mais de um, o destino.',
    noResponses: 'Nenhuma proposta recebida ainda: não há o que aprovar.',
    loadError: 'Erro ao carregar as propostas',
    destinationsLabel: 'Destino da proposta de {nome}',
    destinationsCount: '{count} destinos',
    total: 'Total {brl} · {usd}',
    transit: 'Transit time {prazo}',
    notAnswered: 'Sem proposta',
    optionsTitle: 'Avisos por e-mail',
    subjectLabel: 'Assunto do e-mail ao transportador aprovado (opcional)',
    subjectHint: 'Vazio: usa o assunto padrão da cotação.',
    notifyOthers: 'Avisar os demais agentes de carga que não foram selecionados',
    priceFeedback: 'Incluir quanto acima ficou o preço (sem revelar o vencedor)',
    submit: 'Aprovar',
    chooseFirst: 'Escolha uma proposta para aprovar.',
    destinationTitle: 'Destino Não Selecionado',
    destinationText: 'Por favor, selecione um destino específico para aprovar a cotação.',
    ok: 'OK',
    confirmTitle: 'Confirmar aprovação',
    confirmText:
      'Aprovar a proposta de {nome}{destino}? A cotação passa a Aprovada e {nome} recebe um e-mail.',
    confirmDestination: ' para {destino}',
    confirmTotal: 'Total aprovado: {brl} ({usd}), com USD 1 = {taxa} (margem de {margem}%).',
    /** The total above holds the importer's road estimate; the carrier's e-mail states its own services. */
    confirmRoad:
      'Inclui a estimativa de frete rodoviário de {rodoviario}; o e-mail ao agente de carga traz o total dos serviços dele: {servicos}.',
    confirmOthers:
      'Os demais agentes que responderam recebem um aviso de que não foram selecionados; os que não responderam, de que a cotação foi encerrada.',
    confirmOthersPrice:
      'O aviso diz quanto acima ficou o preço de cada um, sem revelar o vencedor (quem ofereceu menos que a aprovada não recebe percentual).',
    confirm: 'Aprovar',
    confirming: 'Aprovando...',
    errorTitle: 'Erro ao Aprovar',
    /** The figures changed while the confirmation was open: a second look, not a failure (QA pass 16). */
    figuresChangedTitle: 'Os valores mudaram',
    error: 'Erro ao aprovar transportador',
    successTitle: 'Cotação aprovada',
    successText: '{nome} foi aprovado. Você será levado às cotações enviadas.',
    successNotified: '{count} agente(s) não selecionado(s) avisado(s).',
    alreadyApproved: 'Esta cotação já foi aprovada.',
    alreadyApprovedBy: 'Aprovada para {transportador}{destino} por {nome} em {data}.',
    notOpen: 'A cotação está {status}: não pode mais ser aprovada.',
    backToQuote: 'Voltar à cotação',
    noCompany: 'Você precisa estar vinculado a uma empresa para aprovar cotações.',
  },

  detail: {
    approvedCarrier: 'Transportador aprovado',
    approvedBy: 'por {nome} em {data}',
    approve: 'Aprovar',
  },
} as const;
