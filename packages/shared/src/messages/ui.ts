/** pt-BR texts of the web application (screens, buttons, toasts), grouped by screen. Owned by apps/web. */
export const ui = {
  appName: 'Sistema de Cotações',
  titleSuffix: ' | Sistema de Cotações',

  common: {
    loading: 'Carregando...',
    back: 'Voltar',
    close: 'Fechar',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
    save: 'Salvar',
    saving: 'Salvando...',
    saved: '✓ Salvo!',
    notInformed: 'Não informado',
    invalidDate: 'Data inválida',
    required: 'Obrigatório',
    email: 'E-mail',
    password: 'Senha',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    underConstruction: 'Em construção',
    underConstructionText:
      'Esta tela está sendo construída e chega em uma próxima versão. Enquanto isso, use o menu para navegar.',
    goToDashboard: 'Ir para o Dashboard',
    backToDashboard: 'Voltar ao Dashboard',
    comingSoon: 'Em breve',
  },

  session: {
    corruptUser: 'Erro ao carregar dados do usuário',
  },

  errorPage: {
    title: 'Algo deu errado',
    message: 'Não foi possível abrir esta página. Recarregue para tentar de novo.',
    outdated: 'Uma nova versão do sistema foi publicada. Recarregue a página para continuar.',
    reload: 'Recarregar página',
  },

  accessDenied: {
    title: 'Acesso Negado',
    message: 'Você não tem permissão para acessar esta página.',
    viewMessage: 'Você não tem permissão para visualizar esta página.',
  },

  empresaRequired:
    'Você precisa estar vinculado a uma empresa para realizar esta ação. Entre em contato com o administrador.',

  network: {
    offline: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
  },

  toast: {
    region: 'Notificações',
    dismiss: 'Fechar notificação',
  },

  shell: {
    skipToContent: 'Pular para o conteúdo',
    mainNav: 'Menu principal',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    collapseSidebar: 'Recolher menu lateral',
    expandSidebar: 'Expandir menu lateral',
    scrollToTop: 'Voltar ao topo',
    nav: {
      newQuote: 'Nova Cotação',
      sentQuotes: 'Relatório de Cotações',
      dashboard: 'Dashboard',
      management: 'Agentes de Carga',
      indicators: 'Indicadores',
      companies: 'Empresas',
      settings: 'Configurações',
      changePassword: 'Alterar senha',
      manageAccess: 'Gerenciar Acessos',
      support: 'Suporte',
      logout: 'Sair',
      logoutDetail: ' - Logout do sistema',
      loggingOut: 'Saindo...',
    },
    topBar: {
      ratesLabel: 'Cotações de câmbio em reais',
      rateMissing: '—',
      ratesReference: 'ref.',
      ratesReferenceHint:
        'Valores de referência: a cotação ao vivo está indisponível no momento. Confira antes de fechar negócio.',
      ratesUpdatedAt: 'Atualizado em {time}',
      tutorial: 'Tutorial',
      tutorialHint: 'Iniciar o tour guiado',
      support: 'Suporte',
      themeToDark: 'Ativar tema escuro',
      themeToLight: 'Ativar tema claro',
      settings: 'Configurações',
    },
    footer: {
      rights: '© {year} Sistema de Cotações. Todos os direitos reservados.',
      credit: 'Desenvolvido pela equipe de produto do Sistema de Cotações.',
    },
  },

  roles: {
    desenvolvedor: 'Desenvolvedor',
    supervisor: 'Supervisor',
    analista: 'Analista',
    usuario: 'Usuário',
  },

  authLayout: {
    stepsTitle: 'Como funciona o cadastro',
    steps: [
      'Informe seu e-mail de trabalho.',
      'Digite o código de 6 dígitos que enviamos.',
      'Diga seu nome e crie uma senha.',
      'Vincule sua conta à sua empresa pelo CNPJ.',
    ],
    secure: 'Seus dados ficam protegidos: senhas são guardadas com criptografia forte e nunca em texto.',
  },

  login: {
    title: 'Login',
    heroTitle: 'Cotações de frete sem planilhas e sem caixa de entrada lotada',
    heroSubtitle:
      'Envie pedidos de cotação aos seus agentes de carga, receba as respostas organizadas e aprove a melhor proposta em poucos cliques.',
    heroFeatures: [
      'Cotação automática com IA: as respostas dos agentes são lidas e os valores extraídos para você.',
      'Gestão completa de propostas: compare em BRL e USD, peça revisões e aprove um agente.',
      'Indicadores de tempo de resposta de cada agente de carga.',
    ],
    consultQuote: 'Consultar cotação',
    consultQuoteHint: 'Entre na sua conta para consultar suas cotações.',
    heading: 'Acesse sua conta',
    subheading: 'Entre com seu e-mail e senha para continuar.',
    emailLabel: 'E-mail',
    emailPlaceholder: 'voce@empresa.com.br',
    passwordLabel: 'Senha',
    passwordPlaceholder: 'Sua senha',
    forgotPassword: 'Esqueceu sua senha?',
    forgotPasswordHelp: 'Para redefinir sua senha, escreva para {email}.',
    forgotPasswordNoEmail: 'Para redefinir sua senha, fale com o suporte.',
    submit: 'Acessar conta',
    submitting: 'Acessando...',
    or: 'ou',
    google: 'Entrar com Google',
    microsoft: 'Entrar com Microsoft',
    oauthBusy: 'Entrando...',
    terms:
      'Ao acessar, você concorda com os Termos de Uso e a Política de Privacidade do Sistema de Cotações.',
    noAccount: 'Ainda não tem uma conta?',
    createNow: 'Crie agora',
    errorFallback: 'Erro ao fazer login.',
    microsoftError: 'Erro ao iniciar login Microsoft: {detail}',
    googleError: 'Erro ao iniciar login Google: {detail}',
  },

  register: {
    title: 'Cadastro',
    heading: 'Crie sua conta',
    subheading: 'Informe seu e-mail de trabalho. Vamos enviar um código de verificação de 6 dígitos.',
    emailLabel: 'E-mail',
    emailPlaceholder: 'voce@empresa.com.br',
    submit: 'Continuar',
    submitting: 'Enviando...',
    hasAccount: 'Já tem uma conta?',
    login: 'Faça login',
    errorFallback: 'Erro ao registrar.',
    steps: 'Etapa {step} de 3',
  },

  verifyEmail: {
    title: 'Verificar e-mail',
    heading: 'Verifique seu e-mail',
    subheading: 'Digite o código de 6 dígitos que enviamos para {email}.',
    subheadingNoEmail: 'Digite o código de 6 dígitos que enviamos para o seu e-mail.',
    codeLabel: 'Código de verificação',
    codeHint: 'Somente números, 6 dígitos. O código vale por 10 minutos.',
    submit: 'Verificar código',
    submitting: 'Verificando...',
    resendQuestion: 'Não recebeu o código?',
    resend: 'Reenviar código',
    resending: 'Reenviando...',
    resent: 'Novo código enviado!',
    backToRegister: 'Voltar ao cadastro',
    mailboxNote: 'Ambiente de avaliação: os e-mails não saem deste servidor.',
    mailboxLink: 'Abrir a caixa de e-mails local',
    errorFallback: 'Erro ao verificar código.',
    resendErrorFallback: 'Erro ao reenviar código.',
  },

  createPassword: {
    title: 'Criar senha',
    heading: 'Crie sua senha',
    subheading: 'Último passo: diga seu nome e escolha uma senha para acessar o sistema.',
    nameLabel: 'Nome completo',
    namePlaceholder: 'Como devemos chamar você?',
    passwordLabel: 'Senha',
    confirmLabel: 'Confirmar senha',
    rulesTitle: 'A senha precisa ter:',
    rules: {
      length: 'Pelo menos 6 caracteres',
      letter: 'Pelo menos uma letra',
      number: 'Pelo menos um número',
    },
    submit: 'Criar conta',
    submitting: 'Criando conta...',
    backToVerify: 'Voltar à verificação',
    errorFallback: 'Erro ao criar conta.',
  },

  googleCallback: {
    title: 'Entrando com Google',
    busy: 'Concluindo login com Google...',
    missingCode: 'Código de autorização não recebido',
    providerError: 'Erro do Google: {error}',
    backendError: 'Erro na autenticação com o backend',
  },

  tokenCallback: {
    title: 'Entrando',
    busy: 'Concluindo login...',
    errorTitle: 'Erro na Autenticação',
    incomplete: 'Dados de autenticação incompletos',
    processing: 'Erro ao processar autenticação',
    backToLogin: 'Voltar ao login',
  },

  gmailCallback: {
    title: 'Autorização de e-mail',
    heading: 'Código de autorização recebido',
    intro: 'Copie o código abaixo e cole-o em Configurações, na seção de integração de e-mail.',
    copied: 'Código copiado para a área de transferência.',
    copyFailed: 'Não foi possível copiar automaticamente. Selecione o código e copie manualmente.',
    copy: 'Copiar código',
    missing: 'Nenhum código de autorização foi recebido.',
    back: 'Voltar',
  },

  dashboard: {
    title: 'Dashboard',
    greeting: 'Olá, {name}!',
    subtitle: 'Gerencie suas cotações e acompanhe o progresso',
    placeholder:
      'Os indicadores do painel (transportadores, cotações abertas, grupos e vencimentos) aparecem aqui em breve.',
    viewQuotes: 'Ver Cotações',
    newQuote: 'Nova Cotação',
  },

  onboarding: {
    title: 'Vincular empresa',
    heading: 'Vincule sua conta a uma empresa',
    intro:
      'Para enviar cotações aos agentes de carga, obter relatórios da empresa e colaborar com seus colegas, sua conta precisa estar vinculada a uma empresa.',
    placeholder: 'O cadastro e a busca de empresas por CNPJ chegam em uma próxima versão.',
    support: 'Dúvidas? Escreva para {email}.',
    logout: 'Sair',
  },

  placeholders: {
    management: 'Gerenciamento',
    quotes: 'Nova Cotação',
    sentQuotes: 'Relatório de Cotações',
    quoteDetail: 'Detalhes da Cotação',
    quoteApprove: 'Aprovar Cotação',
    extract: 'Extração de Respostas',
    indicators: 'Indicadores de Performance',
    companies: 'Empresas',
    assignUser: 'Gerenciar Acessos',
    companyUsers: 'Usuários da Empresa',
  },

  settings: {
    title: 'Configurações',
    heading: 'Configurações',
    subtitle: 'Ajuste a aparência e as preferências da sua conta.',
    appearance: 'Aparência',
    appearanceHint: 'O tema é aplicado na hora e fica salvo neste navegador.',
    themeLight: 'Claro',
    themeDark: 'Escuro',
    themeLegend: 'Tema',
    account: 'Conta',
    nameLabel: 'Nome',
    emailLabel: 'E-mail',
    roleLabel: 'Perfil',
    notifications: 'Notificações',
    emailCopy: 'Receber cópia dos e-mails enviados',
    emailCopyHint: 'Você recebe uma cópia de cada pedido de cotação enviado aos agentes de carga.',
    preferenceError: 'Erro ao atualizar preferência',
    security: 'Segurança',
    changePasswordLink: 'Alterar senha',
    changePasswordHint: 'Troque sua senha de acesso. As outras sessões serão encerradas.',
    mailIntegration: 'Integração de e-mail',
    mailIntegrationHint:
      'Conexão da caixa de e-mail que envia os pedidos e recebe as respostas dos agentes de carga (autorização, troca de código e sincronização manual).',
    mailIntegrationSoon: 'Esta seção chega junto com a integração de e-mail.',
  },

  changePassword: {
    title: 'Alterar senha',
    heading: 'Alterar senha',
    subtitle: 'Por segurança, informe a senha atual antes de escolher uma nova.',
    currentLabel: 'Senha atual',
    newLabel: 'Nova senha',
    confirmLabel: 'Confirmar nova senha',
    submit: 'Alterar senha',
    submitting: 'Alterando...',
    requiredTitle: 'Campos obrigatórios',
    invalidTitle: 'Senha inválida',
    mismatchTitle: 'Senhas diferentes',
    errorTitle: 'Erro',
    successTitle: 'Senha alterada',
    success: 'Senha alterada com sucesso! Faça login novamente com a nova senha.',
    redirecting: 'Você será redirecionado para o login em instantes...',
    errorFallback: 'Erro ao alterar senha',
  },

  support: {
    title: 'Suporte',
    heading: 'Suporte',
    subtitle: 'Fale com a gente ou encontre respostas rápidas sobre o Sistema de Cotações.',
    emailChannel: 'E-mail',
    emailChannelHint: 'Respondemos em até um dia útil.',
    hours: 'Horário de atendimento',
    hoursWeek: 'Segunda a sexta, das 8h às 18h',
    hoursSaturday: 'Sábado, das 8h às 12h',
    faqTitle: 'Perguntas frequentes',
    faq: [
      {
        q: 'Como faço meu cadastro?',
        a: 'Na tela de login, clique em "Crie agora" e informe seu e-mail. Enviamos um código de 6 dígitos: digite-o na tela de verificação, depois informe seu nome e crie uma senha com pelo menos 6 caracteres, uma letra e um número. Em seguida vincule sua conta a uma empresa pelo CNPJ: crie a empresa ou entre em uma que já existe.',
      },
      {
        q: 'Como crio uma cotação?',
        a: 'Clique em "Nova Cotação" no menu lateral, preencha os dados da carga (origem, destino, modal, mercadoria, prazo de resposta e os demais campos obrigatórios) e escolha os agentes de carga ou grupos que vão recebê-la. O pedido segue por e-mail, no corpo da mensagem ou como anexo em PDF ou Excel.',
      },
      {
        q: 'Como cadastro agentes de carga e grupos?',
        a: 'Em "Agentes de Carga", na aba "Agentes de Carga", informe o nome e um ou mais e-mails do agente e, se quiser, os grupos dele. Na aba "Grupos", crie grupos (por exemplo, "Marítimo Ásia") com nome, cor e descrição, e adicione vários agentes de uma vez pela barra de seleção.',
      },
      {
        q: 'Como o sistema sabe a qual cotação uma resposta pertence?',
        a: 'Cada pedido enviado leva um endereço de resposta exclusivo por agente de carga e por cotação. Quando o agente responde ao e-mail, a resposta é associada automaticamente à cotação e ao agente certos, sem depender do assunto da mensagem.',
      },
      {
        q: 'Como os valores das respostas são extraídos?',
        a: 'O sistema lê o texto do e-mail e os anexos (PDF e Excel) e identifica frete, taxas, moeda, trânsito e validade da proposta. Confira sempre os valores extraídos: você pode corrigi-los antes de comparar ou aprovar.',
      },
      {
        q: 'Como comparo as propostas?',
        a: 'Abra a cotação em "Relatório de Cotações". As propostas aparecem lado a lado, com os custos convertidos para BRL e USD pela taxa de câmbio do dia. Você pode pedir uma revisão a um agente e exportar o comparativo em Excel ou PDF.',
      },
      {
        q: 'Como aprovo uma proposta?',
        a: 'Na comparação, escolha o agente de carga vencedor e clique em aprovar. A cotação é encerrada e o agente aprovado é avisado por e-mail.',
      },
      {
        q: 'O que mostram os indicadores de tempo de resposta?',
        a: 'Em "Indicadores", cada agente de carga tem o número de respostas e os tempos médio, mínimo e máximo de resposta no período escolhido. Verde indica resposta média em até 24 horas, amarelo até 72 horas e vermelho acima disso.',
      },
      {
        q: 'Quais são os perfis de acesso?',
        a: 'Usuário e analista criam cotações e gerenciam agentes de carga e grupos da empresa. O supervisor também vincula e convida usuários da própria empresa em "Gerenciar Acessos". O desenvolvedor administra todas as empresas e a integração de e-mail.',
      },
      {
        q: 'Esqueci minha senha. O que faço?',
        a: 'Escreva para o e-mail de suporte acima a partir do endereço cadastrado. Se estiver conectado, você pode trocar a senha em Configurações > Alterar senha.',
      },
    ],
  },

  mailbox: {
    title: 'Caixa de e-mails local',
    heading: 'Caixa de e-mails local',
    intro:
      'Mensagens que este servidor enviou em modo local (sem servidor de e-mail). Use-as para ler códigos de verificação e convites.',
    refresh: 'Atualizar',
    empty: 'Nenhuma mensagem enviada até agora.',
    unavailable: 'A caixa de e-mails local não está disponível neste servidor.',
    loadError: 'Erro ao carregar as mensagens.',
    listLabel: 'Mensagens enviadas',
    from: 'De',
    to: 'Para',
    date: 'Data',
    subject: 'Assunto',
    noSubject: '(sem assunto)',
    selectMessage: 'Selecione uma mensagem para ler.',
    textTab: 'Texto',
    htmlTab: 'HTML',
    htmlFrameTitle: 'Versão HTML da mensagem',
    backToLogin: 'Ir para o login',
    backToList: 'Voltar à lista',
  },

  ui: {
    multiSelectPlaceholder: 'Selecione...',
    multiSelectCount: '{count} opções selecionadas',
    multiSelectMore: '+{count} mais',
    multiSelectEmpty: 'Nenhuma opção disponível',
    multiSelectRemove: 'Remover {label}',
    tableEmpty: 'Nenhum registro encontrado.',
  },
} as const;

export type UiMessages = typeof ui;
