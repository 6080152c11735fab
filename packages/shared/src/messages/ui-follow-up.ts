/**
 * pt-BR texts of follow-up (issue 35, ADR 0026): the company's 'Acompanhamento automático' settings and a
 * quote's 'Lembretes' card. Wired into `ui.followUp`.
 */
export const uiFollowUp = {
  settings: {
    title: 'Acompanhamento automático',
    description:
      'Lembretes aos agentes de carga que ainda não responderam, o portal do agente de carga, o aviso aos não selecionados e o resumo do prazo. Vale para todas as cotações da empresa.',
    loading: 'Carregando as configurações de acompanhamento...',
    loadError: 'Erro ao carregar as configurações de acompanhamento',
    remindersEnabled: 'Lembretes automáticos',
    remindersEnabledHint:
      'Envia um lembrete, na mesma conversa do pedido, a quem ainda não respondeu. Nunca depois da resposta.',
    afterSend: 'Lembrete após o envio',
    afterSendHint: 'Horas depois do envio do pedido (1 a 720). Deixe em branco para não enviar.',
    beforeDeadline: 'Lembrete antes do prazo',
    beforeDeadlineHint: 'Horas antes do prazo de resposta (1 a 720). Deixe em branco para não enviar.',
    hoursSuffix: 'horas',
    portalEnabled: 'Portal do agente de carga',
    portalEnabledHint:
      'Pedidos e lembretes trazem o link "Responder pelo portal", e o agente de carga pode enviar a proposta por um formulário, sem precisar de conta. Desligado, os links já enviados deixam de funcionar.',
    lostBidFeedbackDefault: 'Avisar os não selecionados por padrão',
    lostBidFeedbackDefaultHint:
      'Na aprovação, a opção de avisar os demais agentes de carga já vem marcada (e pode ser desmarcada).',
    deadlineSummaryEnabled: 'Resumo quando o prazo encerrar',
    deadlineSummaryEnabledHint:
      'Quem criou a cotação recebe um e-mail com quantos responderam, o menor custo e o menor transit time.',
    save: 'Salvar',
    saving: 'Salvando...',
    saved: 'Configurações de acompanhamento salvas.',
    saveError: 'Erro ao salvar as configurações de acompanhamento',
    hoursInvalid: 'Informe um número inteiro de horas de 1 a 720, ou deixe em branco.',
  },
  reminders: {
    title: 'Lembretes',
    loading: 'Carregando lembretes...',
    loadError: 'Erro ao carregar os lembretes',
    automatic: 'Lembretes automáticos',
    automaticHint: 'Aos agentes de carga que ainda não responderam.',
    companyOff: 'Os lembretes automáticos estão desligados para a empresa (Configurações).',
    notOpen: 'Lembretes só são enviados enquanto a cotação aguarda respostas.',
    deadlinePassed:
      'O prazo de resposta passou: prorrogue o prazo em "Editar cotação" para voltar a lembrar os agentes de carga.',
    next: 'Próximo lembrete em {data}',
    nextCount: '{data} · {n} agente(s) de carga',
    noNext: 'Nenhum lembrete automático previsto.',
    /** Why none is due (QA pass 42c: the card said only `noNext`). */
    noNextOff: 'Lembretes automáticos desligados nesta cotação.',
    noNextNobody: 'Nenhum lembrete previsto: ninguém aguarda resposta.',
    noNextSchedule:
      'Nenhum lembrete previsto até o prazo: os horários já passaram ou ficariam a menos de {h} h do anterior.',
    sentTitle: 'Lembretes enviados',
    none: 'Nenhum lembrete enviado.',
    sentAuto: '{nome} · {data} · automático',
    sentManual: '{nome} · {data} · por {usuario}',
    sentManualNoUser: '{nome} · {data} · manual',
    remindNow: 'Lembrar agora',
    remindOne: 'Lembrar',
    remindOneLabel: 'Lembrar {nome}',
    nobodyPending: 'Todos os agentes de carga já responderam.',
    /** Beside a carrier reminded less than `MANUAL_REMINDER_MIN_SPACING_MINUTES` ago. */
    justReminded: 'Lembrado agora há pouco',
    allJustReminded: 'Os que não responderam foram lembrados há menos de {espera} minutos.',
    confirmTitle: 'Lembrar agora',
    confirmAll: 'Enviar um lembrete a {n} agente(s) de carga que ainda não responderam?',
    confirmOne: 'Enviar um lembrete a {nome}?',
    confirm: 'Enviar lembrete',
    sending: 'Enviando...',
    sendError: 'Erro ao enviar o lembrete',
    switchError: 'Erro ao alterar os lembretes automáticos',
    switchedOn: 'Lembretes automáticos ligados para esta cotação.',
    switchedOff: 'Lembretes automáticos desligados para esta cotação.',
    pendingTitle: 'Ainda sem resposta',
  },
} as const;
