/**
 * pt-BR texts of the comparative documents (spec 001 'Gerar Comparativo'): the modal of the quote detail
 * (wired into `ui.comparative`), the Excel and PDF the API renders and the e-mail that carries them.
 */

export const uiComparative = {
  button: 'Gerar Comparativo',
  title: 'Gerar Comparativo',
  description:
    'O comparativo traz as propostas da aba Comparação em Excel e PDF, com os mesmos valores, câmbio e margem.',
  marginLabel: 'Margem de câmbio (%)',
  /** The base is the PTAX of the day, or the contingency rate when the PTAX is unavailable (QA pass 41c). */
  marginHint:
    'Percentual adicional sobre a taxa do dólar (a PTAX do dia ou, se ela não estiver disponível, a taxa de contingência), de 0 a 100.',
  emailsLabel: 'Enviar para',
  emailsPlaceholder: 'nome@empresa.com.br',
  emailsHint: 'Digite um e-mail e tecle Enter; cole vários separados por vírgula, ponto e vírgula ou linha.',
  emailsListLabel: 'E-mails que vão receber o comparativo',
  addEmail: 'Adicionar',
  addMine: 'Adicionar meu e-mail',
  removeEmail: 'Remover {email}',
  emailsRequired: 'Adicione pelo menos um email',
  emailsInvalid: 'Emails inválidos: {list}',
  emailsMax: 'Informe no máximo {max} e-mails.',
  downloadExcel: 'Baixar Excel',
  downloadPdf: 'Baixar PDF',
  send: 'Enviar por e-mail',
  generating: 'Gerando comparativo…',
  sending: 'Enviando comparativo…',
  sent: 'Comparativo (Excel e PDF) enviado por email com sucesso!',
  downloaded: 'Arquivo {arquivo} baixado.',
  error: 'Erro ao gerar comparativo',
  /** The conversation tab's thread of the comparatives sent (they go to the importer's people). */
  thread: 'Comparativos enviados',
} as const;

/** The texts inside the generated Excel, PDF and e-mail. */
export const comparativeDocumentMessages = {
  title: 'Comparativo de fretes',
  heading: 'Comparativo de fretes · {codigo}',
  sheetSummary: 'Comparativo',
  sheetDetail: 'Detalhamento',
  empresa: 'Empresa',
  codigo: 'Cotação',
  rota: 'Rota',
  routeValue: '{origem} x {destino}',
  solicitante: 'Solicitante',
  prazoResposta: 'Prazo de resposta',
  ptax: 'PTAX (venda)',
  ptaxDate: 'Data da PTAX',
  margem: 'Margem de câmbio',
  taxaAplicada: 'Câmbio aplicado',
  taxaAplicadaEur: 'Câmbio aplicado (EUR)',
  fonte: 'Origem do câmbio',
  fontePtax: 'PTAX do Banco Central',
  fonteFallback: 'Taxa de contingência (PTAX indisponível)',
  exchangeLine: 'PTAX {ptax} de {data} + margem {margem}% = {taxa}',
  exchangeFallbackLine: 'Taxa de contingência {ptax} (PTAX indisponível) + margem {margem}% = {taxa}',
  /** The euro's rate, said where a proposal sums a charge quoted in EUR (ADR 0024). */
  taxaEuro: 'Câmbio do euro',
  exchangeEurLine: 'Euro, para as cobranças em EUR: PTAX {ptax} de {data} + margem {margem}% = {taxa}',
  exchangeEurFallbackLine:
    'Euro, para as cobranças em EUR: taxa de contingência {ptax} (PTAX do euro indisponível) + margem {margem}% = {taxa}',
  geradoEm: 'Gerado em',
  generatedAt: 'Gerado em {data} (horário de Brasília)',
  generatedAtValue: '{data} (horário de Brasília)',
  page: 'Página {n} de {total}',
  notInformed: 'Não informado',
  /** A row priced all in with no charge on top: its fee columns say so, not 0,00 (QA pass 11). */
  allInFees: 'all in',
  /** A figure an analyst corrected, in the PDF's calculation lines (the Excel has a column; QA pass 11). */
  corrected: '(corrigido)',
  /** The Excel's number format of such a cell: the number stays 0, the cell reads 'all in'. */
  allInFeesFormat: '#,##0.00;-#,##0.00;"all in"',
  /** A free time of demurrage and detention together ("14 days combined"). */
  freeTimeCombined: '{dias} comb.',
  /** The Excel's number format of such a free time: the number stays a number. */
  freeTimeCombinedFormat: '0" (combinado)"',
  yes: 'Sim',
  no: 'Não',
  days: '{n} dias',
  columns: {
    transportador: 'Agente de carga',
    email: 'E-mail',
    destino: 'Destino',
    frete: 'Frete {tipo}',
    /** The summary's freight price per unit, apart from the counted totals beside it. */
    freteUnitario: 'Frete {tipo} (unitário)',
    freteUSD: 'Frete (USD)',
    freteBRL: 'Frete (BRL)',
    freteEUR: 'Frete (EUR)',
    fretes: 'Frete',
    taxasUSD: 'Taxas (USD)',
    taxasBRL: 'Taxas (BRL)',
    taxasEUR: 'Taxas (EUR)',
    versaoAnterior: 'Da versão anterior',
    alertas: 'Alertas',
    rodoviario: 'Rodoviário (BRL)',
    totalBRL: 'Total (BRL)',
    totalUSD: 'Total (USD)',
    transit: 'Transit time (dias)',
    transitShort: 'Transit',
    freeTime: 'Free time (dias)',
    freeTimeShort: 'Free time',
    validade: 'Validade',
    status: 'Situação',
    versao: 'Versão',
    destaque: 'Destaque',
    faltando: 'Faltando',
    /** A revision's change of total against the carrier's previous version (▼ cheaper, ▲ dearer). */
    variacaoBRL: 'Variação frente à versão anterior (BRL)',
    variacaoUSD: 'Variação frente à versão anterior (USD)',
    laneMedian: 'Mediana da rota 90 dias (USD/unid.)',
    laneDelta: 'Frente à mediana',
  },
  /** Under the freight in the PDF: the lane's 90-day median (issue 36). */
  laneMedianLine: 'Mediana 90 dias: {valor}/{unidade}',
  /**
   * Under a revision's total in the PDF: '-1.573,68 vs v1' (the screen's ▼ change, in the same currency; the
   * PDF's standard fonts have no arrows).
   */
  changeLine: '{sinal}{valor} vs v{versao}',
  /** A change of an incomplete version (issue 30): fees left out, not a saving, as the screen says. */
  changeLineIncomplete: '{sinal}{valor} vs v{versao} (incompleta: não é economia)',
  /** The previous version left out freight this one prices: '+7.579,50 vs v1 (v1 sem frete 20')'. */
  changeLineEarlierLacked: '{sinal}{valor} vs v{versao} (v{versao} sem {itens}: não comparável)',
  /** Under the total of a row that lacks charges others quote, and beside its bar in the chart. */
  incompleteMark: 'incompleta',
  /** Excel number format of an incomplete row's change of total (a drop is charges left out). */
  changeIncompleteFormat: '"▲ "#,##0.00" (incompleta)";"▼ "#,##0.00" (incompleta: não é economia)";0',
  highlight: {
    menorCusto: 'Menor custo',
    /** The cheapest by its estimate (`menorCustoEstimado`): an incomplete proposal completed at others' prices. */
    menorCustoEstimado: 'Menor custo (estimado)',
    menorPrazo: 'Menor prazo',
  },
  legend: 'Em verde: menor custo total (BRL) e menor transit time.',
  /** After the legend when the cheapest is an estimate: how it was made. */
  legendEstimated:
    'Menor custo (estimado): a proposta não traz todas as taxas; comparada somando a cada taxa que falta o maior valor que outro agente de carga cotou para ela. O total dela não muda.',
  /** Under the total of the cheapest by its estimate, in the PDF's table and beside its bar in the chart. */
  estimatedMark: 'Menor custo (estimado): {total}',
  /** After the legend: the carriers consulted that did not answer, by name (the e-mail's line). */
  silent: 'Sem resposta: {nomes}.',
  /** The cheapest by its estimate, in the PDF's calculation lines and the Excel's 'Destaque' column. */
  estimatedLine: 'Menor custo (estimado): {nota}',
  expired: 'vencida',
  detailColumns: {
    transportador: 'Agente de carga',
    destinoLinha: 'Destino da proposta',
    tipo: 'Tipo',
    nome: 'Item',
    destinoTaxa: 'Destino do item',
    valor: 'Valor',
    moeda: 'Moeda',
    contabilizada: 'Contabilizada',
    motivo: 'Motivo',
    corrigido: 'Corrigido',
    confianca: 'Confiança',
    origem: 'Origem',
    linha: 'Linha',
    celula: 'Célula',
    texto: 'Texto de origem',
    quantidade: 'Quantidade',
    valorTotal: 'Valor contabilizado',
    calculo: 'Cálculo',
  },
  /** The PDF's list of each proposal's charge lines with the quantity counted (issue 30). */
  chargesTitle: 'Cálculo por proposta (quantidade × valor)',
  chargesNotCounted: 'não soma: {motivo}',
  incomplete: 'Incompleta: sem {itens}',
  notSummed: 'Fora do total (os totais somam só USD, BRL e EUR): {itens}',
  /** '{itens}': "o preço do contêiner de 20'" (the total leaves those containers out). */
  freightMissing: 'Sem {itens}: o total não inclui esses contêineres',
  /** What a revision did not state and the proposal takes from its previous version (ADR 0024 addendum). */
  carried: 'Mantido da versão {versao} (a revisão não repetiu): {itens}',
  /** The next group when items come from different versions: '…: destino; da versão 1: …'. */
  carriedMore: 'da versão {versao}: {itens}',
  carriedItems: {
    destino: 'destino',
    armador: 'armador',
    frete: 'frete {tipo}',
    prazo: 'transit time',
    freeTime: 'free time',
    validade: 'validade',
    taxas: 'taxas {nomes}',
  },
  unknownQuantity: 'Quantidade desconhecida: {lista}',
  kinds: { frete: 'Frete', taxa: 'Taxa' },
  /** 'Situação' of a row whose sender is not verified (ADR 0023). */
  unverifiedSender: '{status} (remetente não verificado)',
  /** The reason column of an air rate not counted: another weight band is the shipment's. */
  otherWeightBand: 'Outra faixa de peso: conta a faixa do peso taxado',
  missing: {
    frete20: "frete 20'",
    frete40: "frete 40'",
    prazo: 'transit time',
    freeTime: 'free time',
    validade: 'validade',
  } as Record<string, string>,
  /** In the 'Faltando' column: a fee quoted in a currency the totals do not sum ('THC em EUR'). */
  outsideTotal: '{taxa} (fora do total)',
  chartTitle: 'Custo total por agente de carga e destino (BRL)',
  tableTitle: 'Propostas',
  noDestination: 'Não informado',
  quoteDestination: '{destino} (da cotação)',
  mail: {
    subject: 'Comparativo de fretes {codigo} ({rota})',
    intro: 'Segue o comparativo das propostas de frete da cotação {codigo} ({rota}), em Excel e PDF.',
    /** The proposal the quote approved, before the highlights (QA pass 4: the e-mail did not name it). */
    approved: 'Proposta aprovada: {nome}{destino}, {total}.',
    best: 'Menor custo total: {nome}{destino}, {total}.',
    /** The cheapest by its estimate: its own total, what it lacks and how the estimate was made. */
    bestEstimated: 'Menor custo total (estimado): {nome}{destino}, {total} sem {ausentes}. {nota}.',
    fastest: 'Menor transit time: {nome}{destino}, {dias} dias.',
    exchange: 'Valores convertidos com {cambio}.',
    proposals: '{n} proposta(s) de {respondidas} agente(s) que responderam, de {total} consultado(s).',
    /** The same line when some carriers declined (glossary 'declinou'): they answered, without a proposal. */
    proposalsDeclined:
      '{n} proposta(s) de {respondidas} agente(s) que responderam, de {total} consultado(s); {declinaram} declinou(aram) a cotação: {nomes}.',
    sentBy: 'Enviado por {nome} ({email}) pelo Sistema de Cotações.',
  },
} as const;
