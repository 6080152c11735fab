/** pt-BR messages the API sends back on success (`{ message }`) and its field-level hints. */
export const successMessages = {
  codeSent: 'Enviamos um código de verificação para o seu e-mail.',
  emailVerified: 'E-mail verificado com sucesso.',
  codeResent: 'Novo código enviado!',
  loggedOut: 'Sessão encerrada.',
  resetCodeSent:
    'Se houver uma conta com este e-mail, enviamos um código para redefinir a senha. Confira sua caixa de entrada.',
  passwordReset: 'Senha redefinida. Entre com a nova senha.',
  portalLinkSent:
    'Se este e-mail recebeu a cotação, enviamos a ele um link de acesso. Confira sua caixa de entrada.',
  // The access link of 'Consultar cotação' lasts 30 minutes: a later change needs the request's link or a new
  // one (QA pass 40a: the page promised the window and the link had expired).
  portalAnswerSent:
    'Resposta enviada. Você pode alterá-la até {prazo} (horário de Brasília) pelo link do pedido ou por um novo link em "Consultar cotação".',
  passwordChanged: 'Senha alterada com sucesso. Faça login novamente nos outros dispositivos.',
  userLinked: 'Usuário vinculado à empresa com sucesso.',
  userRoleChanged: 'Papel do usuário atualizado para {role}.',
  inviteSent: 'Convite enviado para {email}. O usuário será vinculado à empresa ao concluir o cadastro.',
  inviteResent: 'Convite reenviado para {email}.',
  userUnlinked: 'Usuário desvinculado da empresa.',
  inviteRemoved: 'Convite removido.',
  transportadorCreated: 'Agente de carga cadastrado com sucesso!',
  transportadorUpdated: 'Agente de carga atualizado com sucesso!',
  transportadorRemoved: 'Agente de carga removido com sucesso!',
  grupoCreated: 'Grupo cadastrado com sucesso!',
  grupoUpdated: 'Grupo atualizado com sucesso!',
  grupoRemoved: 'Grupo removido com sucesso!',
  memberAdded: 'Agente de carga adicionado ao grupo com sucesso!',
  memberAlready: 'O agente de carga já faz parte do grupo.',
  memberRemoved: 'Agente de carga removido do grupo com sucesso!',
  memberNotIn: 'O agente de carga não fazia parte do grupo.',
  membersAdded: '{n} agente(s) de carga adicionado(s) ao grupo com sucesso!',
  quoteCreated: 'Cotação criada com sucesso!',
  quoteDeleted: 'Cotação excluída com sucesso!',
  responseRegistered: 'Resposta registrada com sucesso!',
  senderConfirmed: 'Remetente confirmado. Esta versão da resposta passa a valer.',
  responseKept: 'Mensagem registrada na conversa da cotação.',
  responseAssigned: 'Mensagem atribuída à cotação com sucesso!',
  assignmentUndone: 'Atribuição desfeita: a mensagem voltou para "Não identificadas".',
  setAsideCounted: 'Mensagem contada como resposta. Os valores estão sendo lidos.',
  inboundDismissed: 'Mensagem dispensada. Ela fica em "Dispensadas", de onde pode ser restaurada.',
  /** A shared quote code's message one company dismissed: it leaves that company's list only (ADR 0015). */
  inboundDismissedForCompany:
    'Mensagem dispensada: ela sai da lista de "Não identificadas" da sua empresa e fica guardada.',
  inboundRestored: 'Mensagem restaurada em Não identificadas.',
  extractionRestarted: 'Lendo a resposta de novo. Os valores aparecem aqui em instantes.',
  inboundReprocessed: 'Mensagem processada com sucesso.',
  inboundReprocessFailed: 'A mensagem falhou de novo: {erro}',
  inboundDiscarded: 'Mensagem descartada. O conteúdo original foi apagado.',
  inboundSourceSynced: 'Sincronização concluída: {fonte}.',
  inboundWebhookStored: 'Mensagem recebida.',
  inboundWebhookDuplicate: 'Mensagem já recebida antes: nada foi gravado de novo.',
  mailboxReplySent: 'Resposta enviada como agente de carga: ela já está na cotação.',
  /** What the pipeline made of a reply sent from the local mailbox, when it is not an answer. */
  mailboxReplyOutcome: {
    nao_identificada:
      'Resposta enviada como agente de carga, mas não foi ligada a uma cotação: ela está em "Não identificadas".',
    auto_resposta:
      'Resposta enviada como agente de carga: guardada como resposta automática, não conta como resposta.',
    tardia:
      'Resposta enviada como agente de carga depois de a cotação ser finalizada: guardada, não conta como resposta.',
    devolucao: 'Mensagem enviada: lida como devolução do pedido.',
    invalida: 'Resposta enviada como agente de carga, mas a mensagem não pôde ser lida.',
  },
  remindersSent: '{n} lembrete(s) enviado(s).',
  importDone:
    'Importação concluída: {criados} agente(s) de carga criado(s), {atualizados} atualizado(s), {ignorados} linha(s) ignorada(s).',
} as const;

export const fieldMessages = {
  laneDateInvalid: 'Informe a data no formato AAAA-MM-DD.',
  laneFilterInvalid: 'Filtro de rotas inválido.',
  laneKeyInvalid: 'Rota inválida.',
  exchangeMarginInvalid: 'A margem de câmbio deve ser um número de 0 a 100, com no máximo uma casa decimal.',
  correctionNumberInvalid: 'Informe um número válido (ex.: 1.250,00).',
  correctionCurrencyInvalid: 'Moeda inválida. Use USD, BRL ou EUR.',
  feeNameRequired: 'Informe o nome da taxa (ex.: THC).',
  feeOriginInvalid: 'Origem inválida: use "versao_anterior" ou "manual".',
  correctionDateInvalid: 'Informe uma data válida.',
  correctionDaysInvalid: 'Informe um número inteiro de dias (0 a 365).',
  revisionMessageMax: 'A mensagem pode ter no máximo {max} caracteres.',
  approvalSubjectMax: 'O assunto pode ter no máximo {max} caracteres.',
  reminderHoursInvalid:
    'Informe um número inteiro de horas de {min} a {max}, ou deixe em branco para desligar este lembrete.',
  followUpFlagInvalid: 'Marque ou desmarque esta opção.',
  extractionFlagInvalid: 'Marque ou desmarque esta opção.',
  extractTextRequired: 'Informe o texto a extrair.',
  extractTextTooLong: 'O texto pode ter no máximo {max} caracteres.',
  identifierInvalid: 'Identificador inválido.',
  maxChars: 'Use no máximo {max} caracteres.',
  searchMaxChars: 'Use no máximo {max} caracteres na busca.',
  pageInvalid: 'Página inválida.',
  pageMax: 'A página deve ser um número de 1 a {max}.',
  numberTooLarge: 'Use um número de no máximo {max}.',
  textNul: 'O texto contém um caractere nulo (\\0), que não é aceito. Remova-o e tente novamente.',
  textSurrogate: 'O texto contém um caractere Unicode incompleto. Digite o texto novamente.',
  limitInvalid: 'Limite inválido.',
  limitMax: 'O limite máximo é {max} por página.',
  groupFilterInvalid: 'Filtro de grupos inválido.',
  selectCarrier: 'Selecione pelo menos um agente de carga.',
  selectCarrierMax: 'Selecione no máximo {max} agentes de carga por vez.',
  exportFormatInvalid: 'Formato inválido. Use csv ou xlsx.',
  quoteFormatInvalid: 'Formato de envio inválido.',
  quoteManualStatusInvalid: 'Status inválido: uma cotação só pode ser encerrada ou cancelada por aqui.',
  nothingToUpdate: 'Nenhuma alteração informada.',
  noticeNeedsChange:
    'Para avisar os agentes de carga, informe um novo prazo de resposta ou encerre ou cancele a cotação (um dos dois).',
  responseDateInvalid: 'Data de recebimento inválida.',
  responseDateFuture: 'A data de recebimento não pode estar no futuro.',
  typedFreightDuplicate: 'Há dois fretes com o mesmo tipo, moeda e destino: deixe um só.',
  typedDestinationInvalid: 'Escolha um dos destinos da cotação.',
  responseDateBeforeRequest: 'A resposta não pode ter chegado antes do envio do pedido ({data}).',
  responseDateWithFile:
    'A mensagem salva já traz a própria data: a data de recebimento vale para texto e valores.',
  quoteLanguageInvalid: 'Idioma inválido.',
  quoteSendModeInvalid: 'Modo de envio inválido.',
  incotermInvalid: 'Incoterm inválido.',
  statusInvalid: 'Status inválido.',
  tabInvalid: 'Aba inválida.',
  flagInvalid: 'Valor inválido: use true ou false.',
  dayInvalid: 'Data inválida. Use o formato AAAA-MM-DD.',
  periodInverted: 'A data final não pode ser anterior à data inicial.',
  periodTooLong: 'O período pode abranger no máximo {max} anos.',
  sortFieldInvalid: 'Coluna de ordenação inválida.',
  sortDirectionInvalid: 'Direção de ordenação inválida. Use asc ou desc.',
  fieldNotAllowed: 'Campo não permitido: {keys}',
  notJsonList: '{field} não é uma lista JSON',
} as const;

/** Why a row of a carrier import file cannot be imported (shown in the preview). */
export const importRowMessages = {
  nameTooLong: 'Nome com mais de {max} caracteres.',
  groupNameTooLong: 'Nome de grupo com mais de {max} caracteres: {nome}',
  emailRepeated: 'O e-mail {email} já aparece na linha {linha}.',
  emailsOfTwoCarriers: 'Os e-mails pertencem a agentes de carga diferentes: {nomes}.',
  carrierAlreadyUpdated: 'O agente de carga "{nome}" já é atualizado pela linha {linha}.',
  /** One carrier per name (as 'Novo agente de carga' refuses it; QA pass 19 imported a second one). */
  nameInUse:
    'Já existe um agente de carga chamado "{nome}". Para atualizá-lo, inclua nesta linha um e-mail dele; para outro contato da mesma empresa, adicione o e-mail a ele.',
  nameRepeated: 'O nome "{nome}" já aparece na linha {linha}.',
  unreadableSpreadsheet: 'não foi possível ler a planilha',
  exportSheetName: 'Agentes de carga',
} as const;
