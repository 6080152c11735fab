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
} as const;

export const fieldMessages = {
  extractTextRequired: 'Informe o texto a extrair.',
  extractTextTooLong: 'O texto pode ter no máximo {max} caracteres.',
} as const;
