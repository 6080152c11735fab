/**
 * Server error codes and their pt-BR messages. The API answers problem+json with `code` and the
 * message below (params interpolated); the web shows `message` as the spec asks.
 */
export const errorMessages = {
  VALIDATION_FAILED: 'Dados inválidos. Verifique os campos destacados.',
  MALFORMED_JSON: 'O corpo da requisição não é um JSON válido.',
  PAYLOAD_TOO_LARGE: 'A requisição excede o tamanho máximo permitido.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  URL_INVALID: 'Endereço inválido: a URL contém caracteres que não puderam ser lidos.',
  MULTIPART_INVALID: 'O formulário enviado está incompleto ou corrompido. Envie-o novamente.',
  JSON_BODY_REQUIRED: 'Envie os dados em JSON (Content-Type: application/json).',
  CSRF_ORIGIN_REFUSED:
    'Requisição recusada: ela não partiu das páginas do Sistema de Cotações. Recarregue a página e tente novamente.',
  NOT_FOUND: 'Recurso não encontrado.',
  ROUTE_NOT_FOUND: 'Rota não encontrada.',
  MESSAGE_NOT_FOUND: 'E-mail não encontrado.',
  ATTACHMENT_NOT_FOUND: 'Anexo não encontrado.',
  METHOD_NOT_ALLOWED: 'Método não permitido.',
  UNAUTHENTICATED: 'Sessão inválida ou expirada. Faça login novamente.',
  FORBIDDEN: 'Você não tem permissão para realizar esta ação.',
  EMPRESA_REQUIRED: 'Usuário precisa estar vinculado a uma empresa para realizar esta ação.',
  RATE_LIMITED: 'Muitas tentativas. Aguarde {espera} e tente novamente.',
  REQUEST_TIMEOUT: 'A requisição demorou demais para ser processada. Tente novamente.',
  INTERNAL: 'Erro interno do servidor. Tente novamente em instantes.',
  CONCURRENT_CHANGE:
    'Outra pessoa fez a mesma ação ao mesmo tempo e ela já foi registrada. Atualize a página para ver o resultado.',
  SERVICE_UNAVAILABLE: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  INVALID_CREDENTIALS: 'E-mail ou senha incorretos.',
  LOGIN_THROTTLED:
    'Muitas tentativas de login nesta conta. Aguarde {espera} e tente novamente, ou entre por um dispositivo em que você já acessou o sistema.',
  EMAIL_INVALID: 'Informe um e-mail válido.',
  EMAIL_REQUIRED: 'O e-mail é obrigatório.',
  EMAIL_ALREADY_REGISTERED: 'Este e-mail já possui cadastro. Faça login para continuar.',
  REGISTRATION_NOT_STARTED: 'Nenhum cadastro em andamento. Informe seu e-mail para recomeçar.',
  RESET_NOT_STARTED:
    'Nenhuma redefinição de senha em andamento neste navegador. Informe seu e-mail para receber um código.',
  REGISTRATION_NOT_VERIFIED: 'Confirme o código enviado ao seu e-mail antes de criar a senha.',
  CODE_INVALID: 'Código inválido. Confira o código enviado ao seu e-mail.',
  CODE_EXPIRED: 'Código expirado. Solicite um novo código.',
  CODE_TOO_MANY_ATTEMPTS: 'Muitas tentativas com código incorreto. Solicite um novo código.',
  CODE_FORMAT: 'O código deve ter exatamente 6 dígitos.',
  NAME_REQUIRED: 'O nome é obrigatório.',
  PASSWORD_MIN_LENGTH: 'A senha deve ter pelo menos 6 caracteres.',
  PASSWORD_LETTER: 'A senha deve conter pelo menos uma letra.',
  PASSWORD_NUMBER: 'A senha deve conter pelo menos um número.',
  PASSWORD_MISMATCH: 'As senhas não coincidem.',
  PASSWORD_TOO_COMMON: 'Esta senha é muito comum. Escolha uma senha mais difícil de adivinhar.',
  PASSWORD_TOO_LONG: 'A senha deve ter no máximo 128 caracteres.',
  PASSWORD_REQUIRED_FIELDS: 'Por favor, preencha todos os campos para continuar.',
  CURRENT_PASSWORD_WRONG: 'Senha atual incorreta.',
  PASSWORD_SAME_AS_CURRENT: 'A nova senha deve ser diferente da senha atual.',
  PASSWORD_NOT_SET: 'Esta conta entra com Google ou Microsoft e não possui senha definida.',
  OAUTH_NOT_CONFIGURED: 'Login com {provider} não está configurado neste servidor.',
  OAUTH_FAILED: 'Não foi possível concluir o login com {provider}. Tente novamente.',
  OAUTH_STATE_INVALID: 'A sessão de login expirou ou é inválida. Tente entrar novamente.',
  OAUTH_EMAIL_UNVERIFIED: 'O e-mail da sua conta {provider} não está verificado.',
  OAUTH_EMAIL_IN_USE: 'Já existe uma conta com este e-mail. Entre com e-mail e senha.',
  MAILBOX_NOT_CONFIGURED: 'A integração com {provider} não está configurada neste servidor.',
  MAILBOX_SECRETS_MISSING:
    'Defina SECRETS_KEY no servidor antes de conectar uma caixa de e-mail: as autorizações são guardadas cifradas.',
  MAILBOX_AUTHORIZATION_EXPIRED: 'O link de autorização expirou ou já foi usado. Gere um novo link.',
  MAILBOX_EXCHANGE_FAILED: 'Erro ao trocar code',
  MAILBOX_EMAIL_MISMATCH: 'A autorização foi concedida para {actual}, não para {email}.',
  MAILBOX_NOT_CONNECTED: 'A caixa {email} não está conectada. Gere o link de autorização e conecte-a.',
  MAILBOX_RECONNECT: 'A autorização de {email} foi revogada ou expirou. Conecte a caixa novamente.',
  MAILBOX_PROVIDER_UNAVAILABLE: '{provider} não respondeu. Tentaremos de novo em instantes.',
  GMAIL_AUTH_URL_FAILED: 'Erro ao obter URL de autorização',
  GMAIL_EMAIL_REQUIRED: 'Informe o seu email do Gmail no campo acima.',
  GMAIL_SYNC_FAILED: 'Erro ao sincronizar',
  // The poller retries a mailbox in 'erro' on its next round (GMAIL_POLL_SECONDS, ADR 0027).
  GMAIL_SYNC_STATUS: 'Erro ao sincronizar: o Gmail respondeu {status}. Tentaremos de novo em instantes.',
  GMAIL_SYNC_UNREACHABLE: 'Erro ao sincronizar: o Gmail não respondeu. Tentaremos de novo em instantes.',
  GMAIL_QUOTA: 'O Gmail limitou o uso da API (cota excedida). Nova tentativa em {espera}.',
  GMAIL_PUSH_UNAUTHORIZED: 'Notificação do Gmail recusada: token de push ausente ou inválido.',
  GMAIL_MESSAGE_NOT_FOUND: 'Mensagem ou anexo não encontrado no Gmail.',
  GMAIL_ATTACHMENT_TOO_LARGE: 'O anexo tem mais de {limite} MB; baixe-o direto no Gmail.',
  GMAIL_QUOTE_NOT_FOUND: 'Cotação não encontrada.',
  GMAIL_ATTACHMENT_KEY_NOT_FOUND: 'Anexo não encontrado.',
  // Microsoft 365 mailbox (issue 34 part 2)
  MAILBOX_EMAIL_CODE_REQUIRED: 'Informe email e code',
  MAILBOX_PROVIDER_THROTTLED: '{provider} pediu uma pausa nas consultas. Nova tentativa em {espera}.',
  MAILBOX_NOTIFICATION_REJECTED: 'Notificação recusada: origem não verificada.',
  CNPJ_LENGTH: 'Informe um CNPJ válido com 14 dígitos',
  CNPJ_CHECK_DIGITS: 'CNPJ inválido: os dígitos verificadores não conferem. Confira o número digitado.',
  CNPJ_NOT_FOUND: 'CNPJ não encontrado',
  CNPJ_LOOKUP_FAILED: 'Falha ao consultar CNPJ',
  CNPJ_ALREADY_REGISTERED: 'Já existe uma empresa cadastrada com este CNPJ.',
  EMPRESA_NOT_FOUND: 'Empresa não encontrada.',
  EMPRESA_NOT_LINKED: 'Usuário não possui empresa vinculada',
  EMPRESA_NOME_REQUIRED: 'O nome da empresa é obrigatório.',
  EMPRESA_CODIGO_REQUIRED: 'O código da empresa é obrigatório.',
  EMPRESA_CODIGO_IN_USE: 'Já existe uma empresa com o código {codigo}.',
  EMPRESA_HAS_DATA:
    'A empresa ainda possui {usuarios} usuário(s) vinculado(s), {convites} convite(s) pendente(s) e {solicitacoes} solicitação(ões) de acesso pendente(s). A exclusão forçada desvincula esses usuários, encerra as sessões deles e apaga convites, solicitações e todos os dados da empresa.',
  LINK_FIELDS_REQUIRED: 'Por favor, preencha todos os campos',
  MEMBER_ROLE_INVALID: 'Papel inválido. Escolha supervisor ou analista.',
  USER_ALREADY_LINKED: 'Você já está vinculado a uma empresa.',
  USER_IN_OTHER_EMPRESA: 'Este usuário já está vinculado a outra empresa.',
  USER_ALREADY_IN_EMPRESA: 'Este usuário já está vinculado a esta empresa com o papel {role}.',
  USER_ALREADY_REGISTERED:
    'Este e-mail já possui cadastro. Use "Vincular usuário" para adicioná-lo à empresa.',
  DEVELOPER_NOT_LINKABLE:
    'Usuários desenvolvedores não são vinculados a empresas: eles escolhem a empresa em que atuam pela visão.',
  CANNOT_CHANGE_OWN_LINK: 'Você não pode alterar nem remover o seu próprio vínculo com a empresa.',
  USER_NOT_FOUND: 'Usuário não encontrado.',
  INVITE_NOT_FOUND: 'Convite não encontrado ou já utilizado.',
  JOIN_CNPJ_MISMATCH: 'O CNPJ informado não corresponde a esta empresa.',
  JOIN_REQUEST_NOT_FOUND: 'Solicitação de acesso não encontrada.',
  JOIN_REQUEST_DECIDED: 'Esta solicitação de acesso já foi {status}.',
  JOIN_REQUESTER_LINKED: 'O solicitante já está vinculado a uma empresa; a solicitação foi encerrada.',
  TRANSPORTADOR_NOT_FOUND: 'Agente de carga não encontrado.',
  HINT_NOT_FOUND: 'Aprendizado não encontrado.',
  TRANSPORTADOR_NOME_REQUIRED: 'O nome do agente de carga é obrigatório.',
  TRANSPORTADOR_EMAIL_REQUIRED: 'Pelo menos um email deve ser fornecido',
  TRANSPORTADOR_EMAIL_INVALID: 'E-mail inválido: {email}',
  TRANSPORTADOR_TOO_MANY_EMAILS: 'Informe no máximo {max} e-mails por agente de carga.',
  TRANSPORTADOR_EMAIL_IN_USE: 'O e-mail {email} já está cadastrado no agente de carga "{nome}".',
  TRANSPORTADOR_NOME_IN_USE:
    'Já existe um agente de carga chamado "{nome}". Para outro contato da mesma empresa, adicione o e-mail a ele.',
  GRUPO_NOT_FOUND: 'Grupo não encontrado.',
  GRUPO_NOME_REQUIRED: 'Nome do grupo é obrigatório',
  GRUPO_NOME_IN_USE: 'Já existe um grupo chamado "{nome}".',
  GRUPO_COR_INVALID: 'Cor inválida. Use o formato hexadecimal, por exemplo #0066CC.',
  IMPORT_FILE_REQUIRED: 'Envie um arquivo CSV ou XLSX.',
  IMPORT_FILE_TYPE: 'Tipo de arquivo inválido. Envie um arquivo CSV ou XLSX.',
  IMPORT_FILE_TOO_LARGE: 'O arquivo excede o tamanho máximo de {max} MB.',
  IMPORT_FILE_UNSAFE: 'Planilha inválida ou corrompida: {reason}.',
  IMPORT_TOO_MANY_ROWS: 'O arquivo tem mais de {max} linhas. Divida-o em arquivos menores.',
  IMPORT_NO_HEADER:
    'Não encontramos as colunas de nome e e-mail. A primeira linha deve ter os títulos "Nome", "E-mails" e, se quiser, "Grupos".',
  IMPORT_EMPTY: 'O arquivo não tem linhas de agentes de carga.',
  IMPORT_NOTHING_VALID: 'Nenhuma linha válida para importar.',
  QUOTE_NOT_FOUND: 'Cotação não encontrada',
  QUOTE_SOLICITANTE_REQUIRED: 'Nome do solicitante é obrigatório',
  QUOTE_REFERENCIA_REQUIRED: 'Referência do processo é obrigatória',
  QUOTE_ORIGEM_REQUIRED: 'Origem é obrigatória',
  QUOTE_DESTINO_REQUIRED: 'Destino é obrigatório',
  QUOTE_TIPO_FRETE_REQUIRED: 'Tipo de frete é obrigatório',
  QUOTE_ARQUIVO_REQUIRED: 'Arquivo é obrigatório',
  QUOTE_PRAZO_INVALID: 'Informe um prazo de resposta válido.',
  QUOTE_PRAZO_PAST: 'O prazo de resposta não pode estar no passado.',
  QUOTE_PRAZO_TOO_FAR: 'O prazo de resposta deve ser de no máximo 1 ano a partir de hoje.',
  QUOTE_PESO_INVALID: 'Informe um peso bruto maior que zero.',
  QUOTE_TRANSITO_INVALID: 'Informe um tempo de trânsito maior que zero.',
  QUOTE_VALOR_INVALID: 'Informe um valor da mercadoria maior que zero.',
  QUOTE_VOLUMES_INVALID: 'Informe uma quantidade de volumes maior que zero em cada item.',
  QUOTE_RECIPIENTS_REQUIRED: 'Selecione pelo menos um agente de carga ou grupo como destinatário.',
  QUOTE_GROUP_EMPTY: 'O grupo "{nome}" não tem agentes de carga ativos.',
  QUOTE_CARRIER_INACTIVE:
    'O agente de carga "{nome}" está inativo: reative-o em Agentes de Carga ou retire-o da cotação.',
  QUOTE_ITEM_REQUIRED: 'Informe pelo menos um item de carga.',
  QUOTE_FILE_TYPE: 'Tipo de arquivo inválido. Por favor, selecione um arquivo PDF/EXCEL.',
  QUOTE_DANGEROUS_FILE_TYPE:
    'Tipo de arquivo inválido para o documento de carga perigosa. Use PDF, DOC, DOCX, JPG ou PNG.',
  QUOTE_FILE_UNREADABLE:
    'O arquivo "{nome}" está corrompido ou incompleto e não pôde ser aberto. Gere o arquivo de novo e envie outra vez.',
  QUOTE_FILE_TOO_LARGE: 'O arquivo excede o tamanho máximo de {max} MB.',
  QUOTE_FIELDS_INVALID: 'Dados da cotação inválidos: {detail}',
  QUOTE_FINAL: 'Esta cotação já foi finalizada ({status}) e não pode ser alterada.',
  QUOTE_NOTICE_NOT_EXTENDED:
    'O aviso por e-mail é só para um prazo prorrogado: para antecipar o prazo, desmarque o aviso e fale com os agentes de carga.',
  QUOTE_UPLOAD_TYPE:
    'Tipo de arquivo inválido. Envie um PDF ou uma planilha Excel (para o documento de carga perigosa: PDF, DOC, DOCX, JPG ou PNG).',
  QUOTE_UPLOAD_NOT_FOUND: 'Arquivo enviado não encontrado ou expirado. Envie o arquivo novamente.',
  INBOUND_MESSAGE_NOT_FOUND: 'Mensagem não encontrada.',
  INBOUND_MESSAGE_PURGED:
    'A mensagem original foi descartada ou apagada pela retenção e não pode mais ser processada.',
  WEBHOOK_UNAUTHORIZED:
    'Requisição recusada: a assinatura ou as credenciais do provedor de e-mail não conferem.',
  WEBHOOK_PAYLOAD_INVALID: 'O provedor de e-mail não enviou uma mensagem legível: {motivo}.',
  WEBHOOK_TOO_LARGE: 'A mensagem excede o limite de {max} MB do webhook de entrada.',
  INBOUND_SOURCE_NOT_FOUND: 'Fonte de e-mail não encontrada.',
  INBOUND_SOURCE_NOT_SYNCABLE: 'Esta fonte não sincroniza sob demanda: as mensagens chegam a ela sozinhas.',
  INBOUND_SOURCE_BUSY:
    'Outro processo do servidor lê esta caixa agora. A sincronização acontece por lá; tente novamente em instantes.',
  INBOUND_SOURCE_SYNC_FAILED: 'A sincronização falhou: {erro}',
  INBOUND_PROCESSING_FAILED:
    'A mensagem foi guardada, mas não pôde ser processada agora: {erro} Uma nova tentativa é feita automaticamente.',
  RESPONSE_FILE_TYPE: 'Envie a mensagem como arquivo .eml ou .msg (Outlook).',
  RESPONSE_FILE_UNREADABLE: 'Não foi possível ler a mensagem do arquivo enviado.',
  RESPONSE_CONTENT_REQUIRED: 'Envie o arquivo da mensagem, cole o texto da resposta ou informe os valores.',
  RESPONSE_QUOTE_FINAL: 'A cotação está {status}: não recebe mais respostas.',
  RESPONSE_DUPLICATE: 'Esta mensagem já foi registrada.',
  RESPONSE_EXTRACTING: 'Os valores desta resposta já estão sendo lidos.',
  RESPONSE_TYPED: 'Esta resposta foi registrada com os valores digitados: não há mensagem para ler de novo.',
  RESPONSE_ATTACHMENTS_WITH_FILE:
    'O arquivo da mensagem já traz os anexos dela. Para enviar outros anexos, cole o texto da resposta ou informe os valores.',
  MAILBOX_MESSAGE_NOT_FOUND: 'Mensagem não encontrada na caixa local.',
  MAILBOX_REPLY_FROM_INVALID: 'Escolha um dos destinatários da mensagem para responder como ele.',
  // Comparison, revision, approval and corrections (issue #14)
  RESPONSE_NOT_FOUND: 'Resposta não encontrada.',
  ASSIGNMENT_UNDO_NOT_ASSIGNED:
    'Esta resposta não foi atribuída a partir de "Não identificadas": não há atribuição para desfazer.',
  ASSIGNMENT_UNDO_NOT_LATEST:
    'O agente de carga já enviou uma versão mais nova depois desta: só a atribuição da versão mais recente pode ser desfeita.',
  ASSIGNMENT_UNDO_QUOTE_FINAL: 'A cotação está {status}: a atribuição não pode mais ser desfeita.',
  CARRIER_NOT_RECIPIENT: 'Este agente de carga não recebeu esta cotação.',
  REVISION_QUOTE_FINAL: 'A cotação está {status}: não é possível solicitar revisão.',
  REVISION_NOTHING_TO_REVISE: 'Nenhum agente de carga respondeu ainda: não há proposta para revisar.',
  REVISION_SCOPE_REQUIRED: 'Escolha um agente de carga ou marque "Revisar Todos".',
  REVISION_NOT_ANSWERED: 'Este agente de carga ainda não respondeu: não há proposta para revisar.',
  REVISION_RESPONSE_DECLINED: '{nome} declinou a cotação: não há proposta para revisar.',
  APPROVAL_QUOTE_FINAL: 'A cotação está {status}: não pode mais ser aprovada.',
  APPROVAL_ALREADY_APPROVED:
    'Esta cotação já foi aprovada por {nome} para {transportador}. Recarregue a página.',
  APPROVAL_FIGURES_CHANGED:
    'Os valores desta proposta mudaram desde que você abriu a confirmação (uma correção, uma nova versão ou o câmbio do dia). O total agora é {total}: confira e confirme de novo. Nada foi enviado.',
  APPROVAL_NO_COMPANY: 'Você precisa estar vinculado a uma empresa para aprovar cotações.',
  APPROVAL_DESTINATION_REQUIRED: 'Por favor, selecione um destino específico para aprovar a cotação.',
  APPROVAL_DESTINATION_INVALID: 'O destino "{destino}" não faz parte desta proposta.',
  APPROVAL_RESPONSE_NOT_ANSWERED: 'Este agente de carga ainda não respondeu: não há proposta para aprovar.',
  APPROVAL_RESPONSE_DECLINED:
    '{nome} declinou a cotação: não há proposta para aprovar. Se o agente de carga enviar uma proposta depois, ela poderá ser aprovada.',
  CORRECTION_FIELD_INVALID: 'Este valor não pode ser corrigido.',
  CORRECTION_FIELD_MISSING: 'O valor "{campo}" não existe nesta resposta.',
  CORRECTION_NOT_CURRENT: 'Só a versão atual da resposta pode ser corrigida.',
  CORRECTION_APPROVED:
    'Esta proposta já foi aprovada e o agente de carga recebeu estes valores no e-mail de aprovação: eles não podem mais ser corrigidos.',
  // Who really sent a reply (issue 29 item 8)
  SENDER_CONFIRMATION_NOT_PENDING: 'O remetente desta resposta não precisa de confirmação.',
  SENDER_CONFIRMATION_QUOTE_FINAL:
    'A cotação está {status}: não é possível trocar a versão atual da resposta.',
  // Reminders and follow-up (issue 35)
  REMINDER_QUOTE_NOT_OPEN:
    'A cotação está {status}: lembretes só são enviados enquanto ela aguarda respostas.',
  REMINDER_DEADLINE_PASSED:
    'O prazo de resposta desta cotação já passou: prorrogue o prazo em "Editar cotação" para lembrar os agentes de carga.',
  REMINDER_NOBODY_PENDING:
    'Todos os agentes de carga já responderam ou tiveram falha na entrega: não há a quem lembrar.',
  REMINDER_CARRIER_ANSWERED: 'Este agente de carga já respondeu: não é preciso lembrá-lo.',
  REMINDER_CARRIER_INACTIVE:
    'Este agente de carga está inativo ou foi excluído: lembretes não são enviados a ele. Reative-o em Agentes de Carga para lembrá-lo.',
  REMINDER_TOO_SOON:
    'Este agente de carga recebeu um lembrete há {minutos} min: aguarde {espera} minutos entre um lembrete e outro.',
  REMINDER_ALL_TOO_SOON:
    'Os agentes de carga que não responderam receberam um lembrete há menos de {espera} minutos: aguarde antes de lembrar de novo.',
  REMINDER_CARRIER_FAILED:
    'A entrega do pedido a este agente de carga falhou: corrija o e-mail dele antes de enviar um lembrete.',
  // Comparative documents (issue #15)
  COMPARATIVE_NO_RESPONSES:
    'Nenhum agente de carga respondeu a esta cotação ainda: não há propostas para gerar o comparativo.',
  // The carrier portal (issue 35)
  PORTAL_LINK_INVALID: 'Este link de acesso não é válido. Peça um novo link em "Consultar cotação".',
  PORTAL_LINK_EXPIRED: 'Este link de acesso expirou (ele vale por 30 minutos). Peça um novo link.',
  PORTAL_LINK_REUSED:
    'Este link já foi aberto em outro navegador. Por segurança, peça um novo link para este navegador.',
  PORTAL_CLOSED_DEADLINE:
    'O prazo desta cotação terminou em {prazo} (horário de Brasília): o portal não recebe mais respostas. Responda ao e-mail do pedido.',
  PORTAL_CLOSED_DECIDED: 'Esta cotação já foi decidida: a resposta não pode mais ser alterada.',
  PORTAL_CLOSED_CANCELLED:
    'Esta cotação foi cancelada pela empresa: o portal não recebe mais respostas para ela.',
  /** 'Consultar cotação' for a quote that no longer takes proposals: no link is sent. */
  PORTAL_ANSWER_REQUIRED: 'Envie os dados da resposta.',
  PORTAL_FILE_TYPE: 'O arquivo "{nome}" não é aceito. Envie PDF, XLSX, DOCX ou imagens (JPG, PNG).',
  PORTAL_FILE_TOO_LARGE: 'Cada arquivo pode ter no máximo {max} MB.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A wait as a person reads it, rounded up: '1 segundo', '45 segundos', '1 minuto', '15 minutos' (up to
 * 119 minutes), '24 horas'.
 */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'segundo', 'segundos');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 120) return plural(minutes, 'minuto', 'minutos');
  return plural(Math.ceil(minutes / 60), 'hora', 'horas');
}

/** The code's message; a numeric `seconds` parameter also fills `{espera}` (waitText). */
export function errorMessage(code: ErrorCode, params?: Record<string, string | number>): string {
  const seconds = params?.seconds;
  return formatMessage(
    errorMessages[code],
    typeof seconds === 'number' ? { ...params, espera: waitText(seconds) } : params,
  );
}
