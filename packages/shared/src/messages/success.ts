/** pt-BR messages the API sends back on success (`{ message }`) and its field-level hints. */
export const successMessages = {
  codeSent: 'Enviamos um código de verificação para o seu e-mail.',
  emailVerified: 'E-mail verificado com sucesso.',
  codeResent: 'Novo código enviado!',
  loggedOut: 'Sessão encerrada.',
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
  importDone:
    'Importação concluída: {criados} agente(s) de carga criado(s), {atualizados} atualizado(s), {ignorados} linha(s) ignorada(s).',
} as const;

export const fieldMessages = {
  extractTextRequired: 'Informe o texto a extrair.',
  extractTextTooLong: 'O texto pode ter no máximo {max} caracteres.',
} as const;
