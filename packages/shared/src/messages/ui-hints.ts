/**
 * pt-BR texts of learning from corrections (issue #17 item 4, ADR 0101): the 'Aprendizados de correções'
 * list of a carrier, a hint said in plain words, the comparison's 'ajustado por uma correção anterior'
 * marker and the unit/basis correction. Wired into `ui.hints`.
 */
export const uiHints = {
  carrier: {
    title: 'Aprendizados de correções',
    intro:
      'Quando você corrige a unidade, a base ou a moeda de um valor lido de uma resposta deste agente, ou indica que um valor não é cobrança, o sistema aplica a mesma leitura às próximas respostas dele. Vale só para a sua empresa.',
    open: 'Aprendizados de correções de {nome}',
    empty: 'Nenhum aprendizado ainda. Eles surgem das correções feitas na aba Comparação.',
    loading: 'Carregando aprendizados...',
    loadError: 'Erro ao carregar os aprendizados',
    retry: 'Tentar novamente',
    learnt: 'Aprendido de uma correção de {nome} em {data}',
    learntNoName: 'Aprendido de uma correção em {data}',
    fromQuote: 'na cotação {codigo}',
    used: 'Usado em {vezes} resposta(s), a última em {data}',
    usedNever: 'Ainda não usado em nenhuma resposta',
    remove: 'Remover',
    removeLabel: 'Remover o aprendizado: {descricao}',
    confirmTitle: 'Remover aprendizado',
    confirmMessage:
      'As próximas respostas de {nome} deixarão de usar este aprendizado: {descricao}. Respostas já lidas não mudam.',
    confirm: 'Remover',
    cancel: 'Cancelar',
    removed: 'Aprendizado removido.',
    removeError: 'Erro ao remover o aprendizado',
  },
  /** A hint in plain words ({rotulo} is the label as the carrier prints it). */
  describe: {
    freightContainer: '"{rotulo}" é o preço por contêiner {unidade}',
    freightUnit: '"{rotulo}" é o frete {unidade}',
    feeBasis: '"{rotulo}" é cobrada {unidade}',
    currency: 'Valores de "{rotulo}" sem moeda escrita estão em {moeda}',
    ignoreFreight: '"{rotulo}" não é frete desta cotação e é deixado de fora',
    ignoreFee: '"{rotulo}" não é uma cobrança e é deixada de fora',
  },
  /** A basis or unit in words, as in 'cobrada por BL'. */
  units: {
    CNTR: 'por contêiner',
    BL: 'por BL',
    PROCESSO: 'por processo',
    KG: 'por kg',
    TON: 'por tonelada',
    M3: 'por m³',
    WM: 'por W/M (peso ou volume)',
    VIAGEM: 'por viagem',
    PERCENT: 'em percentual',
  } as Record<string, string>,
  /** The comparison: a value a hint set, what hints left out, and the unit/basis correction. */
  comparison: {
    adjusted: 'Ajustado por correção anterior',
    adjustedTitle:
      'Ajustado por uma correção feita antes em respostas deste agente (sem ela: {antes}). Os aprendizados ficam no cadastro do agente, em Gerenciamento.',
    ignored: 'Deixados de fora por correções anteriores: {lista}',
    unitOf: 'Unidade de {campo}',
    basisOf: 'Base de {campo}',
  },
  fields: {
    unitInvalid: 'Unidade inválida.',
  },
};
