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
  portalLinkSubject: 'Acesso à cotação {codigo}',
  portalLinkTitle: 'Seu link para a cotação {codigo}',
  portalLinkIntro:
    'Use o botão abaixo para consultar o pedido de cotação {codigo} de {empresa} e enviar a sua proposta.',
  portalLinkExpiry:
    'O link vale por {minutes} minutos e fica vinculado ao primeiro navegador em que for aberto.',
  portalLinkIgnore: 'Se você não pediu este link, ignore esta mensagem.',
  portalLinkAction: 'Abrir a cotação',
  resetSubject: 'Código para redefinir sua senha: {code}',
  resetTitle: 'Redefina sua senha',
  resetIntro: 'Use o código abaixo para criar uma nova senha no Sistema de Cotações.',
  resetExpiry: 'O código vale por {minutes} minutos e pode ser usado uma única vez.',
  resetIgnore: 'Se você não pediu para redefinir a senha, ignore esta mensagem: sua senha continua a mesma.',
  resetProviderSubject: 'Sua conta não usa senha',
  resetProviderIntro:
    'Alguém pediu para redefinir a senha da sua conta no Sistema de Cotações, mas ela entra com Google ou Microsoft e não tem senha.',
  resetProviderAction: 'Para entrar, use "Entrar com Google" ou "Entrar com Microsoft" em {url}.',
  resetDoneSubject: 'Sua senha foi redefinida',
  resetDoneIntro:
    'A senha da sua conta no Sistema de Cotações foi redefinida com um código enviado a este e-mail. Todas as sessões abertas foram encerradas.',
  passwordChangedSubject: 'Sua senha foi alterada',
  passwordChangedIntro:
    'A senha da sua conta no Sistema de Cotações foi alterada. As outras sessões foram encerradas.',
  passwordChangedWarning: 'Se não foi você, entre em contato com o suporte imediatamente.',
  loginThrottledSubject: 'Tentativas de acesso à sua conta',
  loginThrottledTitle: 'Estamos protegendo sua conta',
  loginThrottledIntro:
    'Houve {failures} tentativas seguidas de entrar na sua conta do Sistema de Cotações com a senha errada, a partir de dispositivos que você ainda não usou.',
  loginThrottledKnownDevices:
    'Por segurança, novas tentativas desses dispositivos agora precisam esperar um pouco mais a cada erro. Nos computadores e navegadores em que você já entrou, sua senha continua funcionando normalmente.',
  loginThrottledIfYou: 'Se foi você, aguarde alguns instantes e tente de novo.',
  loginThrottledIfNotYou:
    'Se não foi você, ninguém entrou na sua conta, mas recomendamos trocar a senha por uma mais forte.',
  loginThrottledButton: 'Alterar minha senha',
  inviteSubject: 'Convite para a empresa {empresa} no Sistema de Cotações',
  inviteTitle: 'Você foi convidado',
  inviteIntro:
    '{inviter} convidou você para participar da empresa {empresa} no Sistema de Cotações como {role}.',
  inviteAction:
    'Crie sua conta com este e-mail ({email}) e você entra na empresa automaticamente ao concluir o cadastro.',
  inviteButton: 'Criar minha conta',
  inviteIgnore: 'Se você não esperava este convite, ignore esta mensagem.',
  linkedSubject: 'Você foi vinculado à empresa {empresa}',
  linkedIntro: '{inviter} vinculou sua conta à empresa {empresa} no Sistema de Cotações como {role}.',
  linkedButton: 'Acessar o Sistema de Cotações',
  joinRequestedSubject: 'Nova solicitação de acesso à empresa {empresa}',
  joinRequestedIntro: '{name} ({email}) pediu para entrar na empresa {empresa}.',
  joinRequestedAction: 'Aprove ou recuse a solicitação em Gerenciar Acessos.',
  joinRequestedButton: 'Ver solicitações',
  joinApprovedSubject: 'Sua entrada na empresa {empresa} foi aprovada',
  joinApprovedIntro: 'Sua solicitação foi aprovada: você agora faz parte da empresa {empresa} como {role}.',
  joinRejectedSubject: 'Sua solicitação para entrar na empresa {empresa} foi recusada',
  joinRejectedIntro: 'Sua solicitação para entrar na empresa {empresa} não foi aprovada.',
  joinRejectedReason: 'Motivo informado: {motivo}',
  joinRejectedHelp:
    'Se achar que houve um engano, fale com o responsável pela empresa ou crie a sua própria empresa no sistema.',
  roleSupervisor: 'supervisor',
  roleAnalista: 'analista',
  signature: 'Equipe Sistema de Cotações',
  /** The sender's name on a company's messages to its carriers (mailer `companyFrom`). */
  fromOnBehalf: '{empresa} via {sistema}',
} as const;

/**
 * The portal's link e-mail ('Consultar cotação', ADR 0026) in the quote's language: a forwarder that got
 * its request in English gets its link in English. The pt texts are the catalogue's above.
 */
export const portalLinkEmailMessages = {
  pt: {
    subject: emailMessages.portalLinkSubject,
    title: emailMessages.portalLinkTitle,
    intro: emailMessages.portalLinkIntro,
    expiry: emailMessages.portalLinkExpiry,
    ignore: emailMessages.portalLinkIgnore,
    action: emailMessages.portalLinkAction,
    signature: emailMessages.signature,
  },
  en: {
    subject: 'Access to quote request {codigo}',
    title: 'Your link to quote request {codigo}',
    intro: 'Use the button below to view quote request {codigo} from {empresa} and send your offer.',
    expiry: 'The link is valid for {minutes} minutes and is tied to the first browser it is opened in.',
    ignore: 'If you did not ask for this link, please ignore this message.',
    action: 'Open the quote request',
    signature: 'Sistema de Cotações team',
  },
} as const satisfies Record<'pt' | 'en', Record<string, string>>;
