/**
 * pt-BR texts of the carrier replies screens: the response cards of the quote detail, 'Registrar
 * resposta', the 'Não identificadas' and 'Com falha' lists and 'Responder como transportador' of the local
 * mailbox.
 * Imported by the screens that use it (`uiReplies`), not through `ui`: kept out of the first load's
 * chunk (P3, the /login bundle).
 */
export const uiReplies = {
  cards: {
    title: 'Respostas dos transportadores',
    progressLabel: 'Respostas recebidas',
    progressValue: '{respondidas} de {total} responderam',
    loadError: 'Erro ao carregar as respostas',
    retry: 'Tentar novamente',
    loading: 'Carregando respostas...',
    empty: 'Nenhum transportador recebeu esta cotação.',
    newResponse: 'Nova resposta de {nome}',
    sendState: 'Envio',
    sentAt: 'Enviado em {data}',
    notSentYet: 'Envio na fila',
    sendFailed: 'O e-mail não foi entregue: {motivo}',
    sendFailedNoReason: 'O e-mail não foi entregue.',
    /** The request bounced, yet the carrier answered (from another address): check the one registered. */
    sendFailedAnswered:
      'O pedido voltou de um endereço ({motivo}), mas o agente de carga respondeu: confira o e-mail cadastrado.',
    sendFailedAnsweredNoReason:
      'O pedido voltou de um endereço, mas o agente de carga respondeu: confira o e-mail cadastrado.',
    answeredIn: 'Respondeu em {tempo}',
    answeredAt: 'Resposta recebida em {data}',
    /** An answer that came after the quote's deadline: it counts, marked. */
    afterDeadline: 'Após o prazo',
    afterDeadlineHint: 'Recebida depois do prazo de resposta ({prazo}); conta na comparação.',
    waiting: 'Aguardando resposta',
    /** The deadline passed and the quote still waits: nothing came, yet an answer still counts. */
    lateNoAnswer: 'Sem resposta no prazo',
    lateNoAnswerLine: 'O prazo de resposta terminou em {prazo}; uma resposta que chegar ainda conta.',
    /**
     * A carrier that never answered a quote that ended (approved, closed, cancelled): nobody is awaited any
     * more. The badge, then the line by the quote's status.
     */
    noAnswer: 'Sem resposta',
    notAnsweredEnded: {
      CANCELADA: 'Não respondeu — cotação cancelada',
      FECHADA: 'Não respondeu — cotação encerrada',
      APROVADA: 'Não respondeu até a aprovação da cotação',
    },
    /** It answered only after the quote ended: kept in the conversation, not counted. */
    lateAnswer: {
      CANCELADA: 'Respondeu em {data}, depois do cancelamento da cotação: a mensagem não conta.',
      FECHADA: 'Respondeu em {data}, depois do encerramento da cotação: a mensagem não conta.',
      APROVADA: 'Respondeu em {data}, depois da aprovação da cotação: a mensagem não conta.',
    },
    lateAnswerBadge: 'Resposta após o fim',
    /** A carrier whose request bounced and that has not answered: nothing is awaited from it. */
    notDelivered: 'Não entregue',
    /** The carrier's latest message set aside instead of counted (ADR 0015 addendum). */
    setAside: {
      automatica:
        'Resposta automática em {data} (fora do escritório ou aviso do sistema): não conta como resposta.',
      confirmacao: 'Confirmação de recebimento em {data}, sem cotação: não conta como resposta.',
      semAnexo:
        'Mensagem de {data} diz que a cotação segue em anexo, mas não trouxe arquivo: não conta como resposta. Peça o anexo ao agente de carga.',
      hint: 'Se a mensagem traz a cotação, conte-a como resposta: os valores serão lidos dela.',
      count: 'Contar como resposta',
      countOf: 'Contar como resposta a mensagem de {nome}',
      counting: 'Contando...',
      countError: 'Não foi possível contar a mensagem como resposta.',
      viewMessage: 'Ver mensagem',
      viewMessageOf: 'Ver a mensagem de {nome} que não contou como resposta',
    },
    duration: {
      underMinute: 'menos de 1 min',
      minutes: '{min} min',
      hours: '{h} h',
      hoursMinutes: '{h} h {min} min',
      days: '{d} d',
      daysHours: '{d} d {h} h',
    },
    statusLabel: 'Situação da resposta',
    statuses: {
      pendente: 'Pendente',
      respondido: 'Respondido',
      aprovado: 'Aprovado',
      reprovado: 'Reprovado',
      cancelado: 'Cancelado',
      em_analise: 'Em análise',
      aguardando_aprovacao: 'Aguardando aprovação',
      aguardando_resposta: 'Aguardando resposta',
      finalizado: 'Finalizado',
      em_revisao: 'Em revisão',
      revisao_solicitada: 'Revisão solicitada',
      pendente_revisao: 'Pendente de revisão',
      aprovado_com_condicoes: 'Aprovado com condições',
      reprovado_com_justificativa: 'Reprovado com justificativa',
      aguardando_documentacao: 'Aguardando documentação',
      documentacao_incompleta: 'Documentação incompleta',
      em_negociacao: 'Em negociação',
      negociacao_finalizada: 'Negociação finalizada',
      contrato_gerado: 'Contrato gerado',
      contrato_assinado: 'Contrato assinado',
      execucao_iniciada: 'Execução iniciada',
      execucao_finalizada: 'Execução finalizada',
      faturado: 'Faturado',
      pago: 'Pago',
    } as Record<string, string>,
    extracting: 'Extração em andamento…',
    extractingHint: 'Os valores aparecem aqui em instantes.',
    extractionFailed: 'Não foi possível extrair os valores desta resposta.',
    extractionFailedHint: 'Abra a mensagem ou registre os valores à mão em "Registrar resposta".',
    readAgain: 'Tentar ler de novo',
    readAgainOf: 'Tentar ler de novo a resposta de {nome}',
    readingAgain: 'Enviando...',
    readAgainError: 'Não foi possível pedir a nova leitura. Tente novamente.',
    /** 'Desfazer atribuição': a message assigned from 'Não identificadas' to the wrong quote or carrier. */
    undoAssignment: 'Desfazer atribuição',
    undoAssignmentOf: 'Desfazer atribuição da resposta de {nome}',
    undoAssignmentTitle: 'Desfazer a atribuição?',
    undoAssignmentBody:
      'A mensagem sai desta cotação e volta para "Não identificadas", de onde pode ser atribuída à cotação e ao agente de carga certos.',
    undoAssignmentPrevious: 'A versão {versao} de {nome} fica como a resposta atual.',
    undoAssignmentNone:
      '{nome} volta a constar sem resposta nesta cotação, que volta a aguardar a resposta dele.',
    undoAssignmentCorrections: 'As correções feitas nesta versão serão descartadas.',
    undoAssignmentSent: 'E-mails já enviados ao agente de carga (um pedido de revisão) não são desfeitos.',
    undoingAssignment: 'Desfazendo...',
    undoAssignmentError: 'Não foi possível desfazer a atribuição. Tente novamente.',
    noValues: 'Nenhum valor identificado nesta resposta.',
    /** The reply had no words of its own (QA pass 40b: an empty message read only 'Nenhum valor identificado'). */
    /** A message answering two quotes at once was read only where it speaks of this one (QA pass 41b). */
    otherQuotes:
      'A mensagem fala também de outra cotação ({codigos}): foram lidos só os valores desta. Confira os valores e registre a outra resposta na cotação dela.',
    noReplyText:
      'A mensagem chegou sem texto de resposta (vazia ou só com a mensagem citada) e sem anexos: não há valores a ler. Peça a proposta de novo à transportadora ou registre os valores à mão.',
    /** '{lista}': "proposta.pdf: não foi possível ler o arquivo (pdf): o arquivo é protegido por senha" */
    unreadable:
      'O que não pôde ser lido: {lista}. Peça o arquivo em outro formato à transportadora ou corrija os valores à mão.',
    /** Several files unread for the same reason, named once (QA pass 40b: 200 lines for 200 scans). */
    unreadableGroup: '{arquivos} e mais {n} arquivo(s)',
    summaryTitle: 'Resumo extraído de {nome}',
    confidence: 'Confiança da extração',
    fields: {
      /** Freight priced per kg, m³, W/M (air, LCL): not per container. */
      frete: 'Frete',
      frete20: "Frete 20'",
      frete40: "Frete 40'",
      taxas: 'Taxas',
      transitTime: 'Transit time',
      freeTime: 'Free time',
      validade: 'Validade',
      pagamento: 'Pagamento',
      observacoes: 'Observações',
    },
    /** '{lista}': "THC R$ 1.450,00/contêiner · BL fee US$ 75,00/BL" (each fee once, as quoted). */
    feesValue: '{lista} (valores unitários; os totais com as quantidades estão na Comparação)',
    feesMore: '{lista} · mais {n}',
    feeItem: '{nome} {valor}{unidade}',
    /** A charge with its minimum: "BAF US$ 12,00/t (mín. US$ 60,00)" (QA pass 24 saw the minimum left out). */
    feeItemMinimum: '{texto} (mín. {minimo})',
    feeUnits: {
      CNTR: '/contêiner',
      CONTAINER: '/contêiner',
      BL: '/BL',
      KG: '/kg',
      M3: '/m³',
      WM: '/W/M',
      TON: '/t',
      VIAGEM: '/viagem',
      // A per-shipment charge (the portal's "por embarque", a handling fee): QA pass 17 saw no basis at all.
      PROCESSO: '/embarque',
    } as Record<string, string>,
    /** An air reply: its document is the air waybill (QA pass 6 saw "AWB fee US$ 35,00/BL"). */
    feeUnitsAir: { BL: '/AWB' } as Record<string, string>,
    noFees: 'Nenhuma taxa',
    /** An all-in price: its charges are in the freight. */
    allInFees: 'Inclusas no frete (all in)',
    /** A freight priced per unit: "US$ 3,85/kg", with its minimum "US$ 3,85/kg (mín. US$ 150,00)". */
    freightPerUnit: '{valor}{unidade}',
    freightMinimum: '{texto} (mín. {minimo})',
    /** An air rate of one weight band: "faixa +500 kg: US$ 3,45/kg (mín. US$ 95,00)". */
    freightBand: 'faixa {faixa}: {texto}',
    freightUnits: {
      KG: '/kg',
      M3: '/m³',
      WM: '/W/M',
      TON: '/t',
      BL: '/BL',
      VIAGEM: '/viagem',
    } as Record<string, string>,
    freightSeparator: ' · ',
    /** A revision saying the rest of its previous offer stands (ADR 0024 addendum). */
    keptTerms: 'A resposta diz: “{trecho}” Na Comparação, o que ela não repete vem da versão anterior.',
    /** A reply offering several options: which one the figures above come from, and why. */
    optionRead: {
      recommended:
        'A resposta traz {n} opções. Valores lidos da opção recomendada pelo agente: “{escolhida}”. Não contada(s): {outras}.',
      first:
        'A resposta traz {n} opções e não recomenda nenhuma. Valores lidos da primeira: “{escolhida}”. Não contada(s): {outras}. Para comparar outra, corrija os valores.',
      /** A reading stored before the extraction said whether the option was recommended. */
      unknown: 'A resposta traz {n} opções. Valores lidos de “{escolhida}”. Não contada(s): {outras}.',
    },
    /** Beside a figure this version does not repeat, kept from an earlier one. */
    fromVersion: '(da versão {versao})',
    days: '{count} dias',
    daysRange: '{min} a {max} dias',
    /** A reply pricing two or more ports: each port's figure ("Santos US$ 2.300,00 · Paranaguá US$ 2.000,00"). */
    perPort: '{porto} {valor}',
    perPortSeparator: ' · ',
    versionOf: 'Versão {versao} de {total}',
    versionSelect: 'Versão da resposta de {nome}',
    versionOption: 'Versão {versao} · {data}',
    versionCurrent: '{label} (atual)',
    olderVersion: 'Você está vendo uma versão anterior. A versão atual é a {versao}.',
    viewMessage: 'Ver mensagem',
    viewMessageOf: 'Ver mensagem de {nome}',
    origins: {
      imap: 'Recebida por e-mail',
      smtp: 'Recebida por e-mail',
      local: 'Caixa local',
      manual: 'Registrada manualmente',
      teste: 'Resposta de teste',
      portal: 'Respondida pelo portal',
    } as Record<string, string>,
    registeredBy: 'Registrada por {nome}',
    assignedBy: 'Atribuída de "Não identificadas" por {nome}',
    /** Flags of a version (the pipeline's keys); a text value is shown after the label. */
    flags: {
      remetenteDesconhecido: 'Remetente não cadastrado',
      /** Over 50 per message or 20 MB each: kept only inside the raw message (parse.ts). */
      anexosIgnorados: 'Anexos não guardados à parte (acima de 50 por mensagem ou de 20 MB cada)',
    } as Record<string, string>,
    flagWithValue: '{label}: {valor}',
    /** A message set aside (`flags.separada`) that a user counted as the answer (QA pass 18: raw 'confirmacao'). */
    countedAsAnswer: 'Contada como resposta ({tipo})',
    setAsideKinds: {
      automatica: 'era resposta automática',
      confirmacao: 'era confirmação de recebimento',
      semAnexo: 'chegou sem o anexo anunciado',
    } as Record<string, string>,
    /** Who really sent it (ADR 0023): a version whose sender could not be verified. */
    sender: {
      unverified: 'Remetente não verificado',
      reasons: {
        autenticacao: 'A verificação do domínio do remetente (DKIM, SPF, DMARC) falhou.',
        codigo: 'Identificada apenas pelo código da cotação no assunto.',
        token_compartilhado: 'Enviada por um endereço que não é o deste agente de carga.',
        outro_dominio: 'Enviada de um domínio que não é o deste agente de carga.',
        sem_remetente: 'Chegou sem remetente (sem o campo “De:”): não se sabe quem a enviou.',
      } as Record<string, string>,
      reasonUnknown: 'Não foi possível confirmar quem enviou esta resposta.',
      held: 'A versão {versao} chegou de um remetente não verificado e aguarda confirmação: a versão {atual} continua valendo.',
      confirm: 'Confirmar remetente',
      confirmOf: 'Confirmar remetente da versão {versao} de {nome}',
      confirmedBy: 'Remetente confirmado por {nome}',
      confirmError: 'Não foi possível confirmar o remetente. Tente novamente.',
    },
  },

  register: {
    open: 'Registrar resposta',
    title: 'Registrar resposta',
    description:
      'Para respostas que chegaram por outro caminho (Outlook, WhatsApp, telefone): elas entram nas respostas da cotação como as recebidas por e-mail.',
    carrier: 'Transportador',
    carrierPlaceholder: 'Selecione o transportador',
    carrierRequired: 'Selecione o transportador que respondeu.',
    modesLabel: 'Como a resposta chegou',
    modes: { arquivo: 'Arquivo', texto: 'Texto', valores: 'Valores' },
    file: {
      label: 'Mensagem salva (.eml ou .msg)',
      drop: 'Arraste aqui o arquivo .eml ou .msg',
      or: 'ou',
      choose: 'Escolher arquivo',
      hint: 'No Outlook, arraste a mensagem para a área de trabalho (gera um .msg); em outros programas, salve como .eml.',
      selected: '{name} ({size})',
      remove: 'Remover arquivo',
      required: 'Selecione o arquivo da mensagem.',
      invalidType: 'Tipo de arquivo inválido. Selecione um arquivo .eml ou .msg.',
    },
    text: {
      label: 'Texto da resposta',
      placeholder: 'Cole aqui a mensagem do transportador (WhatsApp, e-mail, anotação de telefone)…',
      required: 'Cole o texto da resposta ou anexe o arquivo da cotação.',
    },
    /** Files that came with a pasted or typed answer (a PDF or a photo by WhatsApp): the engine reads them. */
    attachments: {
      label: 'Anexos da resposta (opcional)',
      hint: 'PDF, planilha ou foto da cotação que chegou por WhatsApp ou outro meio: os valores também são lidos deles. Até 10 arquivos.',
      choose: 'Escolher arquivos',
      none: 'Nenhum arquivo escolhido.',
      selected: '{name} ({size})',
      remove: 'Remover {name}',
      tooMany: 'Escolha no máximo 10 arquivos.',
    },
    values: {
      fretesTitle: 'Fretes',
      fretesHint:
        'Preencha os tipos que o agente cotou, com o valor de um contêiner (ou por kg, m³, W/M); linhas em branco ficam de fora.',
      freightUnit: 'Tipo do frete {n}',
      freightValue: 'Valor do frete {n}',
      freightCurrency: 'Moeda do frete {n}',
      freightMinimum: 'Mínimo do frete {n}',
      freightPort: 'Destino do frete {n}',
      removeFreight: 'Remover frete {n}',
      addFreight: 'Adicionar frete',
      feePort: 'Destino da taxa {n}',
      allPorts: 'Todos os destinos',
      invalidFreight: 'Informe um valor maior que zero.',
      taxasTitle: 'Taxas',
      noFees: 'Nenhuma taxa adicionada.',
      addFee: 'Adicionar taxa',
      feeName: 'Taxa {n}',
      feeNamePlaceholder: 'Ex.: THC',
      feeValue: 'Valor da taxa {n}',
      feeCurrency: 'Moeda da taxa {n}',
      /** Per container, per BL…: chosen from the name until the analyst picks one. */
      feeUnit: 'Cobrança da taxa {n}',
      /** Only for a charge per kg, m³ or W/M. */
      feeMinimum: 'Mínimo da taxa {n}',
      removeFee: 'Remover taxa {n}',
      transitTime: 'Transit time (dias)',
      freeTime: 'Free time (dias)',
      validade: 'Validade da proposta',
      observacoes: 'Observações',
      empty: 'Informe ao menos um frete ou uma taxa.',
      invalidAmount: 'Informe um valor válido, maior ou igual a zero.',
      invalidDays: 'Informe um número inteiro de dias entre 0 e 365.',
      invalidDate: 'Informe uma data válida.',
      feeNameRequired: 'Informe o nome da taxa.',
      tooLong: 'Texto longo demais.',
    },
    receivedAt: 'Recebida em (opcional)',
    receivedAtHint: 'Quando o agente respondeu, se não foi agora: conta no tempo de resposta dele.',
    submit: 'Registrar',
    submitting: 'Registrando...',
    uploading: 'Enviando {percent}%',
    uploadProgress: 'Envio do arquivo',
    error: 'Erro ao registrar a resposta',
  },

  unmatched: {
    navCount: '{count} não identificada(s)',
    title: 'Respostas não identificadas',
    intro:
      'Mensagens recebidas que o sistema não conseguiu ligar a uma cotação. Atribua cada uma à cotação e ao transportador certos: ela entra nas respostas como se tivesse chegado pelo endereço da cotação.',
    listLabel: 'Mensagens não identificadas',
    total: '{count} mensagem(ns)',
    listSearch: 'Buscar por remetente ou assunto',
    listSearchPlaceholder: 'Remetente ou assunto',
    emptyFiltered: 'Nenhuma mensagem não identificada com esse remetente ou assunto.',
    pagination: 'Páginas das mensagens não identificadas',
    refresh: 'Atualizar',
    loadError: 'Erro ao carregar as mensagens não identificadas',
    empty: 'Nenhuma mensagem não identificada. Todas as respostas recebidas foram ligadas às suas cotações.',
    columns: {
      from: 'Remetente',
      subject: 'Assunto',
      receivedAt: 'Recebida em',
      preview: 'Prévia',
      attachments: 'Anexos',
      reason: 'Motivo',
      actions: 'Ações',
    },
    noSubject: '(sem assunto)',
    /** A message about a quote code another company shares: its content shows once assigned (ADR 0015). */
    restrictedTitle: 'Mensagem sobre a cotação {codigo} (conteúdo visível depois de atribuída)',
    unknownSender: 'Remetente desconhecido',
    attachments: '{count} anexo(s)',
    noAttachments: 'Sem anexos',
    noReason: 'Sem correspondência com cotações',
    sources: {
      imap: 'IMAP',
      smtp: 'SMTP',
      local: 'Caixa local',
      manual: 'Registro manual',
      teste: 'Teste',
      portal: 'Portal',
      gmail: 'Gmail',
      microsoft: 'Microsoft 365',
      mailgun: 'Mailgun',
      sendgrid: 'SendGrid',
      postmark: 'Postmark',
    } as Record<string, string>,
    assign: 'Atribuir',
    assignTo: 'Atribuir mensagem de {remetente}',
    dismiss: 'Dispensar',
    dismissMessage: 'Dispensar mensagem de {remetente}',
    dismissTitle: 'Dispensar mensagem?',
    dismissBody:
      'A mensagem de {remetente} não é resposta de nenhum agente de carga? Ela sai desta lista sem contar como resposta e fica em "Dispensadas", de onde pode ser restaurada.',
    dismissConfirm: 'Dispensar',
    dismissing: 'Dispensando...',
    dismissError: 'Não foi possível dispensar a mensagem. Tente novamente.',
    /** 'A identificar' / 'Dispensadas': the two lists of the page, as tabs. */
    views: 'Mensagens a identificar ou dispensadas',
    viewWaiting: 'A identificar',
    viewDismissed: 'Dispensadas',
    dismissedIntro:
      'Mensagens dispensadas continuam guardadas. Se uma delas for a resposta de um agente de carga, restaure-a para atribuí-la à cotação.',
    dismissedListLabel: 'Mensagens dispensadas',
    dismissedEmpty: 'Nenhuma mensagem dispensada. As mensagens que forem dispensadas ficam aqui.',
    dismissedEmptyFiltered: 'Nenhuma mensagem dispensada com esse remetente ou assunto.',
    dismissedPagination: 'Páginas das mensagens dispensadas',
    dismissedLoadError: 'Erro ao carregar as mensagens dispensadas',
    dismissedBy: 'Dispensada por {nome} em {data}',
    /** The user who dismissed it no longer exists. */
    dismissedAt: 'Dispensada em {data}',
    restore: 'Restaurar',
    restoreMessage: 'Restaurar mensagem de {remetente}',
    restoring: 'Restaurando...',
    restoreError: 'Não foi possível restaurar a mensagem. Tente novamente.',
    dialogTitle: 'Atribuir a uma cotação',
    dialogDescription: 'Escolha a cotação e o transportador que enviou esta mensagem.',
    suggestions: 'Sugestões (o remetente é destinatário destas cotações)',
    suggestion: 'Cotação {codigo}',
    suggestionDescribed: 'Cotação {codigo} — {descricao}',
    search: 'Buscar cotação pelo código',
    searchPlaceholder: 'Ex.: COT-2026-0042',
    searching: 'Buscando...',
    noQuotes: 'Nenhuma cotação encontrada',
    searchError: 'Erro ao buscar cotações',
    quoteOption: '{codigo} · {referencia}',
    chosenQuote: 'Cotação escolhida: {codigo}',
    changeQuote: 'Trocar cotação',
    carrier: 'Transportador',
    carrierPlaceholder: 'Selecione o transportador',
    /** The chosen carrier does not use the sender's address (QA pass 5: an assignment replaced an answer silently). */
    senderNotCarrier:
      'O remetente ({remetente}) não é um endereço cadastrado de {nome}: confira se a proposta é mesmo dele.',
    senderNotCarrierReplaces:
      'O remetente ({remetente}) não é um endereço cadastrado de {nome}, que já respondeu: atribuída, esta mensagem passa a ser a resposta atual dele se chegou depois da que está na comparação (se chegou antes, fica como versão anterior).',
    /** The sender is a registered address of another carrier of the quote (QA pass 36). */
    senderOfOtherCarrier:
      'O remetente ({remetente}) é um endereço cadastrado de {outro}, não de {nome}: confira o transportador antes de atribuir.',
    carriersLoading: 'Carregando transportadores...',
    carriersError: 'Erro ao carregar os transportadores da cotação',
    quoteRequired: 'Escolha a cotação.',
    carrierRequired: 'Selecione o transportador.',
    submit: 'Atribuir',
    submitting: 'Atribuindo...',
    error: 'Erro ao atribuir a mensagem',
  },

  /** The two lists of received messages side by side, for a desenvolvedor. */
  inboxSections: {
    label: 'Mensagens recebidas',
    unmatched: 'Não identificadas',
    failed: 'Com falha',
    withCount: '{label} ({count} mensagem(ns))',
  },

  failed: {
    title: 'Mensagens com falha',
    intro:
      'Mensagens recebidas que o sistema guardou mas não conseguiu processar. Reprocesse depois de corrigir a causa, ou descarte a mensagem: o conteúdo original e os anexos são apagados.',
    listLabel: 'Mensagens com falha',
    total: '{count} mensagem(ns)',
    totalWithPending: '{count} mensagem(ns), {pendentes} aguardando processamento',
    refresh: 'Atualizar',
    loadError: 'Erro ao carregar as mensagens com falha',
    empty: 'Nenhuma mensagem com falha. Toda mensagem recebida foi processada.',
    columns: {
      from: 'Remetente',
      receivedAt: 'Recebida em',
      size: 'Tamanho',
      attempts: 'Tentativas',
      error: 'Erro',
      nextAttempt: 'Próxima tentativa',
    },
    statuses: {
      pendente: 'Aguardando processamento',
      falhou: 'Falhou',
      processada: 'Processada',
      ignorada: 'Descartada',
    },
    noSubject: '(sem assunto)',
    unknownSender: 'Remetente desconhecido',
    noError: 'Nenhum erro registrado',
    nextAttemptAt: 'Nova tentativa em {data}',
    /** The time has passed: the sweeper takes it on its next pass (QA pass 12 saw a past time). */
    nextAttemptDue: 'Nova tentativa em instantes',
    /** 'Reprocessar' starts a fresh series of attempts (InboundPipeline.reprocess). */
    attemptsHint: 'Tentativas desde o último “Reprocessar”',
    noNextAttempt: 'Sem novas tentativas automáticas',
    reprocess: 'Reprocessar',
    reprocessing: 'Reprocessando...',
    reprocessMessage: 'Reprocessar mensagem de {remetente}',
    reprocessError: 'Erro ao reprocessar a mensagem',
    discard: 'Descartar',
    discardMessage: 'Descartar mensagem de {remetente}',
    discardTitle: 'Descartar a mensagem?',
    discardBody:
      'A mensagem original de {remetente} e todos os anexos dela serão apagados agora. Não é possível desfazer: para recebê-la de novo, o remetente precisa reenviá-la.',
    discardConfirm: 'Descartar mensagem',
    discarding: 'Descartando...',
    discardError: 'Erro ao descartar a mensagem',
  },

  mailboxReply: {
    open: 'Responder como transportador',
    title: 'Responder como transportador',
    description:
      'Simula a resposta de um agente de carga: a mensagem vai para o endereço de resposta da cotação e passa pela mesma leitura de um e-mail real.',
    from: 'Responder como',
    text: 'Texto da resposta',
    textRequired: 'Escreva o texto da resposta.',
    attachments: 'Anexos',
    addFiles: 'Adicionar arquivos',
    attachmentsHint: 'PDF, planilhas ou outros arquivos, como o transportador mandaria.',
    removeFile: 'Remover {name}',
    send: 'Enviar resposta',
    sending: 'Enviando {percent}%',
    cancel: 'Cancelar',
    error: 'Erro ao enviar a resposta',
    openQuote: 'Abrir a cotação',
    sent: 'Resposta enviada.',
    sample:
      "Prezados,\n\nSegue nossa cotação para o embarque solicitado:\n\nFrete marítimo 20' DC: USD 1.850,00\nFrete marítimo 40' HC: USD 2.950,00\nTHC: BRL 1.350,00 por contêiner\nTaxa de BL: USD 75,00\nTransit time: 32 dias\nFree time no destino: 14 dias\nValidade da proposta: {validade}\n\nCondições de pagamento: 30 dias após o embarque.\n\nAtenciosamente,\nDepartamento Comercial",
  },
} as const;
