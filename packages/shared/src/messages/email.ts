/** Texts of the e-mails the product sends (pt-BR). */
export const emailMessages = {
  verificationSubject: 'Seu código de verificação: {code}',
  verificationTitle: 'Confirme seu e-mail',
  verificationIntro: 'Use o código abaixo para confirmar seu e-mail no Sistema de Cotações.',
  verificationExpiry: 'O código vale por {minutes} minutos e pode ser usado uma única vez.',
  verificationIgnore: 'Se você não pediu este cadastro, ignore esta mensagem.',
  alreadyRegisteredSubject: 'Tentativa de cadastro com seu e-mail',
  alreadyRegisteredIntro:
    'Alguém tentou criar uma conta no Sistema de Cotações com este e-mail, que já está cadastrado.',
  alreadyRegisteredAction: 'Se foi você, entre com sua senha em {url}.',
  passwordChangedSubject: 'Sua senha foi alterada',
  passwordChangedIntro:
    'A senha da sua conta no Sistema de Cotações foi alterada. As outras sessões foram encerradas.',
  passwordChangedWarning: 'Se não foi você, entre em contato com o suporte imediatamente.',
  signature: 'Equipe Sistema de Cotações',
} as const;
