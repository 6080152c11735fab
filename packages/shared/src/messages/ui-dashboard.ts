/**
 * pt-BR texts of the dashboard (spec 000 "Dashboard (/)"), the response-time indicators ("Indicators
 * (/indicadores)") and the guided tour ("Guided tour"). Spread into `ui`: `ui.dashboard`, `ui.indicators`,
 * `ui.tour`. The API builds the activity and deadline descriptions from `dashboard.activity` and
 * `dashboard.deadlines`.
 */
export const uiDashboard = {
  dashboard: {
    title: 'Dashboard',
    greeting: 'Olá, {name}!',
    subtitle: 'Gerencie suas cotações e acompanhe o progresso',
    loading: 'Carregando dashboard...',
    loadError: 'Não foi possível carregar o dashboard.',
    retry: 'Tentar novamente',
    /** When the figures shown were read (ADR 0031: they may be up to a few seconds old). */
    updatedAt: 'Atualizado às {hora}',
    viewQuotes: 'Ver Cotações',
    newQuote: 'Nova Cotação',
    quickActions: 'Ações rápidas',
    statsLabel: 'Resumo',
    stats: {
      transportadores: { label: 'Transportadores', hint: 'Agentes de carga cadastrados' },
      cotacoesAbertas: { label: 'Cotações Abertas', hint: 'Cotações ativas' },
      grupos: { label: 'Grupos', hint: 'Categorias criadas' },
      cotacoesAguardandoResposta: { label: 'Aguardando Resposta', hint: 'Cotações pendentes' },
      cotacoesVencidasAguardandoAprovacao: {
        label: 'Vencidas - Aguardando Aprovação',
        hint: 'Prazo encerrado, com ou sem respostas: decida, prorrogue ou encerre',
      },
    },
    activity: {
      title: 'Atividades Recentes',
      empty: 'Nenhuma atividade recente',
      open: 'Abrir a cotação',
      quoteSent: 'Cotação {codigo} enviada a {n} agente(s) de carga',
      replyReceived: 'Resposta de {transportador} recebida na cotação {codigo}',
      replyRevised: 'Resposta revisada de {transportador} recebida na cotação {codigo}',
      revisionRequested: 'Revisão solicitada na cotação {codigo}',
      revisionRequestedTo: 'Revisão solicitada a {transportador} na cotação {codigo}',
      revisionRequestedMany: 'Revisão solicitada a {n} agentes de carga na cotação {codigo}',
      approved: 'Cotação {codigo} aprovada',
      approvedCarrier: 'Cotação {codigo} aprovada: {transportador}',
      deadlinePassed:
        'Prazo de resposta da cotação {codigo} encerrado ({respondidas} de {total} responderam)',
      /** The quote stays open (ADR 0018): prorrogue, encerre ou cancele na cotação. */
      deadlinePassedNoAnswers: 'Prazo vencido sem respostas na cotação {codigo} (0 de {total} responderam)',
      carrierAdded: 'Agente de carga {nome} cadastrado',
      carriersImported: '{n} agente(s) de carga importado(s) de planilha',
      reminderSent: 'Lembrete enviado a {transportador} na cotação {codigo}',
      remindersSent: 'Lembrete enviado a {n} agentes de carga na cotação {codigo}',
      cancelled: 'Cotação {codigo} cancelada',
      closed: 'Cotação {codigo} encerrada',
    },
    deadlines: {
      title: 'Próximos Vencimentos',
      empty: 'Nenhum vencimento próximo',
      urgent: 'Urgente',
      description: '{referencia} · {respondidas} de {total} responderam',
      /** Not waiting for answers any more: 'Aguardando Aprovação' (every carrier answered) or 'Aguardando Revisão'. */
      descriptionWithStatus: '{referencia} · {respondidas} de {total} responderam · {status}',
      /** Above the list: the open quotes whose deadline passed (the overdue card's count), and where they are. */
      overdueOne: '1 cotação com prazo vencido',
      overdueMany: '{n} cotações com prazo vencido',
      overdueHint:
        'Decida com as respostas recebidas, prorrogue o prazo para cobrar os agentes de carga ou encerre.',
      overdueOpen: 'Ver vencidas',
      due: 'Prazo: {data}',
    },
    tourOffer: {
      title: 'Primeira vez por aqui?',
      text: 'Conheça as principais telas do sistema em um tour guiado de 8 passos.',
      start: 'Iniciar tour',
      dismiss: 'Agora não',
    },
  },

  indicators: {
    title: 'Indicadores de Performance',
    subtitle: 'Quanto tempo cada agente de carga leva para responder às suas cotações',
    /** When the table shown was read (ADR 0031). */
    updatedAt: 'Atualizado às {hora}',
    back: 'Voltar',
    filters: 'Filtros',
    period: 'Período',
    periodStart: 'Início do período',
    periodEnd: 'Fim do período',
    periodSummary: '{inicio} a {fim}',
    days: '{n} dias',
    day: '1 dia',
    months: ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'],
    monthNames: [
      'janeiro',
      'fevereiro',
      'março',
      'abril',
      'maio',
      'junho',
      'julho',
      'agosto',
      'setembro',
      'outubro',
      'novembro',
      'dezembro',
    ],
    year: 'Ano',
    previousYear: 'Ano anterior',
    nextYear: 'Próximo ano',
    carrier: 'Agente de carga',
    allCarriers: 'Todos os agentes de carga',
    apply: 'Aplicar Filtros',
    /** The filters moved but not applied: the table still shows the applied ones (QA pass 41a). */
    notApplied: 'Filtros alterados e ainda não aplicados: a tabela mostra o período e o agente anteriores.',
    clear: 'Limpar',
    tableTitle: 'Tempo de Resposta por Agente de Carga',
    columns: {
      transportadorNome: 'Agente de Carga',
      email: 'E-mail',
      totalRespostas: 'Respostas',
      taxaResposta: 'Taxa de resposta',
      tempoMedioRespostaHoras: 'Tempo Médio',
      tempoMinimoRespostaHoras: 'Mín',
      tempoMaximoRespostaHoras: 'Máx',
      ultimaResposta: 'Última',
    },
    answersOf: '{respostas} de {total}',
    /** Requests within their deadline, not counted yet (the rate leaves them out). */
    waitingOne: '+1 pedido no prazo',
    waitingMany: '+{n} pedidos no prazo',
    waitingHint:
      'Pedidos ainda dentro do prazo e sem resposta: entram na conta quando o agente de carga responde ou o prazo vence.',
    rate: '{taxa}%',
    /**
     * The Respostas column's two notes said on the page, not only in tooltips (QA pass 43a: unreachable by
     * touch and keyboard).
     */
    answersLegend:
      'Após o prazo: respostas que chegaram depois do prazo. Pedidos no prazo: ainda sem resposta.',
    /** Of the answers, those after the quote's deadline (the reply card's "Após o prazo"). */
    lateOne: '1 resposta após o prazo',
    lateMany: '{n} respostas após o prazo',
    lateHint: 'Contam no tempo médio.',
    sortBy: 'Ordenar por {coluna}',
    sortedBy: 'Ordenado por {coluna} ({direcao})',
    sortAsc: 'crescente',
    sortDesc: 'decrescente',
    clearSort: 'Limpar Ordenação',
    empty:
      'Nenhum dado encontrado para os filtros selecionados. Pedidos ainda dentro do prazo e sem resposta só entram quando o agente de carga responde ou o prazo vence.',
    loading: 'Carregando indicadores...',
    loadError: 'Erro ao carregar indicadores',
    noAnswer: 'Sem resposta',
    legend: 'Tempo médio:',
    /**
     * ADR 0019: a quote deleted later still counts (the carrier did answer); one ended (cancelled, closed,
     * approved) before its deadline, or still within it, counts only for the carriers that answered it
     * (migrations 0041, 0043); the mean time is calendar time from the request to the first answer.
     */
    scope:
      'Contam as cotações enviadas no período, inclusive as excluídas depois do envio: o agente de carga recebeu e respondeu mesmo assim. Uma cotação ainda dentro do prazo, ou encerrada (aprovada, fechada ou cancelada) antes dele, conta só para quem já respondeu. O tempo médio vai do envio do pedido à primeira resposta, em horas corridas (noites e fins de semana incluídos).',
    levels: { fast: 'até 24 h', medium: 'até 72 h', slow: 'acima de 72 h' },
    time: {
      underMinute: 'menos de 1 min',
      minutes: '{min} min',
      hours: '{h} h',
      daysHours: '{d} d {h} h',
    },
    chartTitle: 'Média mensal de {nome}',
    chartSummary: 'Tempo médio de resposta por mês: {valores}',
    chartMonth: '{mes}: {valor}',
    chartNone: 'sem respostas',
    exportCsv: 'Exportar CSV',
    exportFile: 'tempo-de-resposta-{inicio}-a-{fim}.csv',
    csvColumns: [
      'Agente de carga',
      'E-mail',
      'Cotações recebidas',
      'Respostas',
      'Taxa de resposta (%)',
      'Tempo médio (h)',
      'Tempo médio (dias)',
      'Tempo mínimo (h)',
      'Tempo máximo (h)',
      'Última resposta',
      'Pedidos no prazo sem resposta',
      'Respostas após o prazo',
    ],
  },

  tour: {
    labels: {
      back: 'Anterior',
      close: 'Fechar',
      last: 'Finalizar',
      next: 'Próximo',
      nextWithProgress: 'Próximo (Passo {step} de {steps})',
      skip: 'Pular',
    },
    progress: 'Passo {step} de {steps}',
    steps: [
      {
        title: 'Bem-vindo ao Sistema de Cotações!',
        content:
          'Em 8 passos, este tour mostra onde ficam as principais funções do sistema. Use "Pular" para sair quando quiser.',
      },
      {
        title: 'Resumo no Dashboard',
        content:
          'Os cartões mostram seus transportadores, cotações abertas, grupos, cotações aguardando resposta e as vencidas. Clique em um cartão para abrir a tela correspondente.',
      },
      {
        title: 'Nova cotação',
        content:
          'Preencha os campos obrigatórios (solicitante, referência do processo, tipo de frete, origem, destino e prazo de resposta) e escolha o formato de envio: Manual (e-mail), PDF ou Excel.',
      },
      {
        title: 'Menu lateral',
        content:
          'Pelo menu lateral você chega a todas as telas. "Nova Cotação", em destaque, abre o formulário de cotação.',
      },
      {
        title: 'Cotações enviadas',
        content:
          'Acompanhe as cotações enviadas e finalizadas, com busca e filtro por status, e abra cada uma para ver as respostas dos agentes de carga.',
      },
      {
        title: 'Agentes de carga e grupos',
        content:
          'Cadastre seus agentes de carga e organize-os em grupos, nas abas "Agentes de Carga" e "Grupos".',
      },
      {
        title: 'Suporte e ajuda',
        content: 'Aqui ficam o contato do suporte, o horário de atendimento e as perguntas frequentes.',
      },
      {
        title: 'Tour concluído!',
        content: 'Para rever este tour, use o botão "Tutorial" na barra superior.',
      },
    ],
  },
} as const;
